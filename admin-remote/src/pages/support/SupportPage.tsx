import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { TICKET_STATUSES, type AdminTicket, type Page } from '@hive/shared/schemas/admin';
import { PageFrame } from '@hive/shared/ui';
import { useAdminList, useCan } from '../../api';
import { SUPPORT_URL } from './api';
import { ListTable, ReadOnlyNote, StatusBadge, formatDateTime } from '../../components';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminTicket>();

export function SupportPage() {
  const { t, i18n } = useTranslation('login');
  const list = useAdminList<Page<AdminTicket>, 'status'>(SUPPORT_URL.tickets, ['status']);
  const canReadOutbox = useCan('support.outbox');

  const columns = useMemo(
    () => [
      column.accessor('ref', {
        header: t('support.ref'),
        cell: (info) => (
          <Link to={`/admin/support/${info.row.original.id}`} className={styles.nowrap}>
            {info.getValue()}
          </Link>
        ),
      }),
      column.accessor('subject', {
        header: t('support.subject'),
        cell: (info) => <Link to={`/admin/support/${info.row.original.id}`}>{info.getValue()}</Link>,
      }),
      column.accessor('company', {
        header: t('support.company'),
        cell: (info) => <Link to={`/admin/companies/${info.getValue().id}`}>{info.getValue().name}</Link>,
      }),
      column.accessor('status', {
        header: t('common.status'),
        cell: (info) => <StatusBadge status={info.getValue()} />,
      }),
      column.accessor('messages', { header: t('support.messages'), meta: { align: 'right' } }),
      column.accessor('updatedAt', {
        header: t('support.updated'),
        cell: (info) => <span className={styles.nowrap}>{formatDateTime(info.getValue(), i18n.language)}</span>,
      }),
    ],
    [t, i18n.language],
  );

  return (
    <PageFrame
      title={t('support.title')}
      description={t('support.description')}
      documentTitleSuffix={t('layout.documentTitle')}
      actions={canReadOutbox ? <Link to="/admin/support/outbox">{t('outbox.title')}</Link> : undefined}
    >
      <ReadOnlyNote actions={['support.write']} />
      <ListTable
        list={list}
        caption={t('support.title')}
        columns={columns}
        searchLabel={t('support.search')}
        filters={[
          {
            name: 'status',
            label: t('common.status'),
            options: TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
      />
    </PageFrame>
  );
}
