import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { TICKET_STATUSES, type AdminTicket, type Page } from '@hive/shared/schemas/admin';
import { Alert, EmptyState, PageFrame } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useCan, useListParams } from '../../api';
import { ListToolbar, ReadOnlyNote, StatusBadge, formatDateTime, useTableLabels } from '../../components';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminTicket>();

export function SupportPage() {
  const { t, i18n } = useTranslation('login');
  const labels = useTableLabels();
  const list = useListParams(['status'] as const);
  const query = useAdminQuery<Page<AdminTicket>>('/api/admin/support', list.query);
  const canReadOutbox = useCan('support.outbox');

  const columns = useMemo(
    () =>
      [
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
      ].map((c) => ({ ...c, enableSorting: false })),
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
      <DataTable
        caption={t('support.title')}
        columns={columns}
        data={query.data?.items ?? []}
        total={query.data?.total ?? 0}
        page={list.page}
        pageSize={list.pageSize}
        sort={null}
        onSortChange={() => undefined}
        onPageChange={list.setPage}
        onPageSizeChange={list.setPageSize}
        getRowId={(row) => String(row.id)}
        loading={query.loading}
        labels={labels}
        error={query.error ? <Alert kind="error">{describeProblem(t, query.error)}</Alert> : undefined}
        empty={<EmptyState plain title={t('common.noResults')} />}
        toolbar={
          <ListToolbar
            searchLabel={t('support.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[
              {
                name: 'status',
                label: t('common.status'),
                value: list.filters.status,
                options: TICKET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                onChange: (v) => list.setFilter('status', v),
              },
            ]}
          />
        }
      />
    </PageFrame>
  );
}
