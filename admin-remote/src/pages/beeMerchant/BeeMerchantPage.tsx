import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { MERCHANT_ACCOUNT_STATUSES, type AdminMerchantAccount, type Page } from '@hive/shared/schemas/admin';
import { useHttp } from '@hive/shared/shell-contract';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useListParams } from '../../api';
import { ListToolbar, ReadOnlyNote, StatusBadge, formatDate, useTableLabels } from '../../components';
import { RejectDialog } from './RejectDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminMerchantAccount>();
type Dialog = { kind: 'approve' | 'reject'; account: AdminMerchantAccount } | null;

/** "Bee merchant": companies' payment-processing accounts waiting for review, approved or rejected. */
export function BeeMerchantPage() {
  const { t, i18n } = useTranslation('login');
  const http = useHttp();
  const toast = useToast();
  const labels = useTableLabels();
  const list = useListParams(['status'] as const);
  const query = useAdminQuery<Page<AdminMerchantAccount>>('/api/admin/bee_merchant', list.query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo(
    () =>
      [
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
      ].map((c) => ({ ...c, enableSorting: false })),
    [t, i18n.language],
  );

  async function approve(account: AdminMerchantAccount) {
    setBusy(true);
    try {
      await http.post(`/api/admin/bee_merchant/${account.id}/approve`, {});
      toast.success(t('beeMerchant.approved', { name: account.company.name }));
      setDialog(null);
      query.reload();
    } catch (error) {
      toast.error(describeProblem(t, error));
    } finally {
      setBusy(false);
    }
  }

  const done = () => {
    setDialog(null);
    query.reload();
  };

  return (
    <PageFrame
      title={t('beeMerchant.title')}
      description={t('beeMerchant.description')}
      documentTitleSuffix={t('layout.documentTitle')}
    >
      <ReadOnlyNote actions={['bee_merchant.write']} />
      <DataTable
        caption={t('beeMerchant.title')}
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
            searchLabel={t('beeMerchant.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[
              {
                name: 'status',
                label: t('common.status'),
                value: list.filters.status,
                options: MERCHANT_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
                onChange: (v) => list.setFilter('status', v),
              },
            ]}
          />
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'approve'}
        title={dialog ? t('beeMerchant.approveTitle', { name: dialog.account.company.name }) : ''}
        message={dialog ? t('beeMerchant.approveMessage', { legal: dialog.account.legalName }) : ''}
        confirmLabel={t('beeMerchant.approve')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        onConfirm={() => dialog && void approve(dialog.account)}
        onCancel={() => setDialog(null)}
      />
      {dialog?.kind === 'reject' && (
        <RejectDialog account={dialog.account} onClose={() => setDialog(null)} onSaved={done} />
      )}
    </PageFrame>
  );
}
