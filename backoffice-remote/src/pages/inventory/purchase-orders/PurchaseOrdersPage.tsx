import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { PurchaseOrder } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { StatusBadge, inventoryStyles as styles, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { PurchaseOrderForm } from './PurchaseOrderForm';

// 'newest' (no column): the latest document first.
type Sort = 'newest' | 'number' | 'vendor' | 'warehouse' | 'status' | 'expectedAt' | 'total';

function usePurchaseOrderColumns(): ColumnDef<PurchaseOrder, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<PurchaseOrder, unknown>[]>(
    () => [
      {
        id: 'number',
        accessorKey: 'number',
        header: t('columns.number'),
        cell: ({ row }) => `#${row.original.number}`,
      },
      { id: 'vendor', accessorKey: 'vendorName', header: t('purchaseOrders.fields.vendor') },
      { id: 'warehouse', accessorKey: 'warehouseName', header: t('purchaseOrders.fields.warehouse') },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('purchaseOrders.fields.status'),
        cell: ({ row }) => (
          <StatusBadge status={row.original.status} closedShort={row.original.closedShort.at !== null} />
        ),
      },
      {
        id: 'expectedAt',
        accessorKey: 'expectedAt',
        header: t('purchaseOrders.fields.expectedAt'),
        cell: ({ row }) => <span className={styles.nowrap}>{format.calendarDay(row.original.expectedAt)}</span>,
      },
      {
        id: 'total',
        accessorKey: 'total',
        header: t('purchaseOrders.columns.total'),
        meta: { align: 'right' },
        cell: ({ row }) => {
          const po = row.original;
          // Closed short: what arrived, beside what was ordered.
          return po.closedShort.at !== null ? (
            <span className={styles.nowrap}>
              {t('purchaseOrders.receivedOfOrdered', {
                received: format.money(po.receivedTotal),
                ordered: format.money(po.total),
              })}
            </span>
          ) : (
            <span className={styles.nowrap}>{format.money(po.total)}</span>
          );
        },
      },
    ],
    [t, format],
  );
}

const SORT_VALUE: Record<Sort, (po: PurchaseOrder) => string | number> = {
  newest: (po) => -po.number,
  number: (po) => po.number,
  vendor: (po) => po.vendorName,
  warehouse: (po) => po.warehouseName,
  status: (po) => po.status,
  expectedAt: (po) => po.expectedAt ?? 0,
  total: (po) => po.total,
};

const config: ResourceConfig<PurchaseOrder, Sort> = {
  path: '/purchase_orders',
  endpoint: INVENTORY_ENDPOINT.purchaseOrders,
  prefix: 'inventory:purchaseOrders',
  sorts: ['newest', 'number', 'vendor', 'warehouse', 'status', 'expectedAt', 'total'],
  defaultSort: 'newest',
  useColumns: usePurchaseOrderColumns,
  rowName: (po) => `#${po.number}`,
  Form: PurchaseOrderForm,
  exportable: false,
  described: true,
  // Documents are cancelled, never deleted; only a draft is edited.
  canDelete: () => false,
  readOnly: (po) => po.status !== 'draft',
  local: {
    text: (po) => `${po.number} ${po.vendorName} ${po.warehouseName} ${po.note}`,
    value: (po, sort) => SORT_VALUE[sort](po),
  },
};

function PurchaseOrdersPage() {
  const { t } = useAreaT('inventory');
  return <ResourcePage config={{ ...config, recordTitle: (po) => t('purchaseOrders.title', { number: po.number }) }} />;
}

export default withAreaTexts('inventory', PurchaseOrdersPage);
