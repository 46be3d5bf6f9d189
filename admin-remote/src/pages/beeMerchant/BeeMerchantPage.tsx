import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { MERCHANT_ACCOUNT_STATUSES, type AdminMerchantAccount, type Page } from '@hive/shared/schemas/admin';
import { Button, ConfirmDialog, PageFrame } from '@hive/shared/ui';
import { useAdminList } from '../../api';
import { BEE_MERCHANT_URL, useBeeMerchantApi } from './api';
import { ListTable, ReadOnlyNote, StatusBadge, formatDate, useRowDialog } from '../../components';
import { RejectDialog } from './RejectDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminMerchantAccount>();
type Dialog = { kind: 'approve' | 'reject'; account: AdminMerchantAccount };

/** "Bee merchant": companies' payment-processing accounts waiting for review, approved or rejected. */
export function BeeMerchantPage() {
  const { t, i18n } = useTranslation('login');
  const api = useBeeMerchantApi();
  const list = useAdminList<Page<AdminMerchantAccount>, 'status'>(BEE_MERCHANT_URL.accounts, ['status']);
  const { dialog, setDialog, close, done, busy, run } = useRowDialog<Dialog>(list.query.reload);

  const columns = useMemo(
    () => [
      column.accessor('company', {
        header: t('beeMerchant.company'),
        cell: (info) => <Link to={`/admin/companies/${info.getValue().id}`}>{info.getValue().name}</Link>,
      }),
      column.accessor('legalName', { header: t('beeMerchant.legalName') }),
      column.accessor('payoutAccount', {
        header: t('beeMerchant.payout'),
        cell: (info) => <span className={styles.nowrap}>{info.getValue()}</span>,
      }),
      column.accessor('status', {
        header: t('common.status'),
        cell: ({ row }) => (
          <span className={styles.inlineGroup}>
            <StatusBadge status={row.original.status} />
            {row.original.rejectionReason && <span className={styles.muted}>{row.original.rejectionReason}</span>}
          </span>
        ),
      }),
      column.accessor('submittedAt', {
        header: t('beeMerchant.submitted'),
        cell: (info) => <span className={styles.nowrap}>{formatDate(info.getValue(), i18n.language)}</span>,
      }),
      column.accessor('decidedBy', {
        header: t('beeMerchant.decided'),
        cell: ({ row }) =>
          row.original.decidedAt ? (
            <span>
              {formatDate(row.original.decidedAt, i18n.language)}{' '}
              <span className={styles.muted}>{row.original.decidedBy}</span>
            </span>
          ) : (
            '—'
          ),
      }),
      column.display({
        id: 'actions',
        header: t('common.actions'),
        cell: ({ row }) => {
          const account = row.original;
          return (
            <span className={styles.rowActions}>
              {account.status !== 'active' && (
                <Button size="small" onClick={() => setDialog({ kind: 'approve', account })}>
                  {t('beeMerchant.approve')}
                </Button>
              )}
              {account.status !== 'rejected' && (
                <Button size="small" variant="ghost" onClick={() => setDialog({ kind: 'reject', account })}>
                  {t('beeMerchant.reject')}
                </Button>
              )}
            </span>
          );
        },
      }),
    ],
    [t, i18n.language, setDialog],
  );

  const approve = (account: AdminMerchantAccount) =>
    run(async () => {
      await api.approve(account.id);
      return t('beeMerchant.approved', { name: account.company.name });
    });

  return (
    <PageFrame
      title={t('beeMerchant.title')}
      description={t('beeMerchant.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['bee_merchant.write']} />
      <ListTable
        list={list}
        caption={t('beeMerchant.title')}
        columns={columns}
        searchLabel={t('beeMerchant.search')}
        filters={[
          {
            name: 'status',
            label: t('common.status'),
            options: MERCHANT_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          },
        ]}
      />
      <ConfirmDialog
        open={dialog?.kind === 'approve'}
        title={dialog ? t('beeMerchant.approveTitle', { name: dialog.account.company.name }) : ''}
        message={dialog ? t('beeMerchant.approveMessage', { legal: dialog.account.legalName }) : ''}
        confirmLabel={t('beeMerchant.approve')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => dialog && void approve(dialog.account)}
        onCancel={close}
      />
      {dialog?.kind === 'reject' && <RejectDialog account={dialog.account} onClose={close} onSaved={done} />}
    </PageFrame>
  );
}
