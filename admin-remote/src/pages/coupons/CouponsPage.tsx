import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper } from '@tanstack/react-table';
import { Plus } from 'lucide-react';
import type { AdminCoupon, Page } from '@hive/shared/schemas/admin';
import { Button, ConfirmDialog, PageFrame } from '@hive/shared/ui';
import { useAdminList } from '../../api';
import { COUPONS_URL, useCouponsApi } from './api';
import { ListTable, ReadOnlyNote, StatusBadge, formatDate, formatMoney, useRowDialog } from '../../components';
import { CouponDialog } from './CouponDialog';
import styles from '../pages.module.css';

const column = createColumnHelper<AdminCoupon>();
type Dialog = { kind: 'edit'; coupon: AdminCoupon | null } | { kind: 'deactivate'; coupon: AdminCoupon };

export function CouponsPage() {
  const { t, i18n } = useTranslation('login');
  const api = useCouponsApi();
  const list = useAdminList<Page<AdminCoupon>, 'active'>(COUPONS_URL.coupons, ['active']);
  const { dialog, setDialog, close, done, busy, run } = useRowDialog<Dialog>(list.query.reload);

  const columns = useMemo(
    () => [
      column.accessor('code', { header: t('coupons.code'), cell: (info) => <strong>{info.getValue()}</strong> }),
      column.display({
        id: 'discount',
        header: t('coupons.discount'),
        cell: ({ row }) =>
          row.original.kind === 'percent' ? `${row.original.value} %` : formatMoney(row.original.value, i18n.language),
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
    ],
    [t, i18n.language, setDialog],
  );

  const deactivate = (coupon: AdminCoupon) =>
    run(async () => {
      await api.deactivate(coupon.id);
      return t('coupons.deactivated', { code: coupon.code });
    });

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
      <ListTable
        list={list}
        caption={t('coupons.title')}
        columns={columns}
        searchLabel={t('coupons.search')}
        filters={[
          {
            name: 'active',
            label: t('common.status'),
            options: [
              { value: 'true', label: t('status.active') },
              { value: 'false', label: t('status.inactive') },
            ],
          },
        ]}
      />
      {dialog?.kind === 'edit' && <CouponDialog coupon={dialog.coupon} onClose={close} onSaved={done} />}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title={dialog?.kind === 'deactivate' ? t('coupons.deactivateTitle', { code: dialog.coupon.code }) : ''}
        message={t('coupons.deactivateMessage')}
        confirmLabel={t('coupons.deactivate')}
        cancelLabel={t('common.cancel')}
        danger
        busy={busy}
        onConfirm={() => dialog?.kind === 'deactivate' && void deactivate(dialog.coupon)}
        onCancel={close}
      />
    </PageFrame>
  );
}
