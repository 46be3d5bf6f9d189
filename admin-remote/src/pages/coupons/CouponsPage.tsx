import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { AdminCoupon, Page } from '@hive/shared/schemas/admin';
import { useHttp } from '@hive/shared/shell-contract';
import { Alert, Button, ConfirmDialog, EmptyState, PageFrame, useToast } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import { describeProblem, useAdminQuery, useListParams } from '../../api';
import { ListToolbar, ReadOnlyNote, StatusBadge, formatDate, formatMoney, useTableLabels } from '../../components';
import { CouponDialog } from './CouponDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminCoupon>();
type Dialog = { kind: 'edit'; coupon: AdminCoupon | null } | { kind: 'deactivate'; coupon: AdminCoupon } | null;

export function CouponsPage() {
  const { t, i18n } = useTranslation('login');
  const http = useHttp();
  const toast = useToast();
  const labels = useTableLabels();
  const list = useListParams(['active'] as const);
  const query = useAdminQuery<Page<AdminCoupon>>('/api/admin/coupons', list.query);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);

  const columns = useMemo(
    () =>
      [
        column.accessor('code', { header: t('coupons.code'), cell: (info) => <strong>{info.getValue()}</strong> }),
        column.display({
          id: 'discount',
          header: t('coupons.discount'),
          cell: ({ row }) =>
            row.original.kind === 'percent'
              ? `${row.original.value} %`
              : formatMoney(row.original.value, i18n.language),
        }),
        column.display({
          id: 'validity',
          header: t('coupons.valid'),
          cell: ({ row }) => (
            <span className={styles.nowrap}>
              {formatDate(row.original.validFrom, i18n.language)} – {formatDate(row.original.validTo, i18n.language)}
            </span>
          ),
        }),
        column.display({
          id: 'redemptions',
          header: t('coupons.redemptions'),
          meta: { align: 'right' },
          cell: ({ row }) => `${row.original.redemptions} / ${row.original.maxRedemptions ?? '∞'}`,
        }),
        column.accessor('licenses', { header: t('coupons.licenses'), cell: (info) => info.getValue().join(', ') }),
        column.accessor('active', {
          header: t('common.status'),
          cell: (info) => <StatusBadge status={info.getValue() ? 'active' : 'inactive'} />,
        }),
        column.display({
          id: 'actions',
          header: t('common.actions'),
          cell: ({ row }) => (
            <span className={styles.rowActions}>
              <Button size="small" onClick={() => setDialog({ kind: 'edit', coupon: row.original })}>
                {t('common.edit')}
              </Button>
              {row.original.active && (
                <Button
                  size="small"
                  variant="ghost"
                  onClick={() => setDialog({ kind: 'deactivate', coupon: row.original })}
                >
                  {t('coupons.deactivate')}
                </Button>
              )}
            </span>
          ),
        }),
      ].map((c) => ({ ...c, enableSorting: false })),
    [t, i18n.language],
  );

  async function deactivate(coupon: AdminCoupon) {
    setBusy(true);
    try {
      await http.post(`/api/admin/coupons/${coupon.id}/deactivate`, {});
      toast.success(t('coupons.deactivated', { code: coupon.code }));
      setDialog(null);
      query.reload();
    } catch (error) {
      toast.error(describeProblem(t, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PageFrame
      title={t('coupons.title')}
      description={t('coupons.description')}
      documentTitleSuffix={t('layout.documentTitle')}
      actions={
        <Button
          variant="primary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setDialog({ kind: 'edit', coupon: null })}
        >
          {t('coupons.new')}
        </Button>
      }
    >
      <ReadOnlyNote actions={['coupons.write']} />
      <DataTable
        caption={t('coupons.title')}
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
            searchLabel={t('coupons.search')}
            searchText={list.searchText}
            onSearch={list.setSearchText}
            filters={[
              {
                name: 'active',
                label: t('common.status'),
                value: list.filters.active,
                options: [
                  { value: 'true', label: t('status.active') },
                  { value: 'false', label: t('status.inactive') },
                ],
                onChange: (v) => list.setFilter('active', v),
              },
            ]}
          />
        }
      />
      {dialog?.kind === 'edit' && (
        <CouponDialog
          coupon={dialog.coupon}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            query.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title={dialog?.kind === 'deactivate' ? t('coupons.deactivateTitle', { code: dialog.coupon.code }) : ''}
        message={t('coupons.deactivateMessage')}
        confirmLabel={t('coupons.deactivate')}
        cancelLabel={t('common.cancel')}
        danger
        busy={busy}
        onConfirm={() => dialog?.kind === 'deactivate' && void deactivate(dialog.coupon)}
        onCancel={() => setDialog(null)}
      />
    </PageFrame>
  );
}
