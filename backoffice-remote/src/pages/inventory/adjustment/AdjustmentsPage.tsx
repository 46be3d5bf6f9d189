import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Adjustment } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { inventoryStyles as styles, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { AdjustmentForm } from './AdjustmentForm';

// 'newest' (no column): the latest document first.
type Sort = 'newest' | 'number' | 'createdAt' | 'warehouse' | 'reason';

function useAdjustmentColumns(): ColumnDef<Adjustment, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<Adjustment, unknown>[]>(
    () => [
      {
        id: 'number',
        accessorKey: 'number',
        header: t('columns.number'),
        cell: ({ row }) => `#${row.original.number}`,
      },
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: t('columns.date'),
        cell: ({ row }) => <span className={styles.nowrap}>{format.date(row.original.createdAt)}</span>,
      },
      { id: 'warehouse', accessorKey: 'warehouseName', header: t('fields.warehouse') },
      {
        id: 'reason',
        accessorKey: 'reason',
        header: t('adjustments.fields.reason'),
        cell: ({ row }) => t(`adjustments.reasons.${row.original.reason}`),
      },
      {
        id: 'change',
        header: t('adjustments.columns.change'),
        enableSorting: false,
        meta: { align: 'right' },
        cell: ({ row }) => format.signed(row.original.lines.reduce((sum, l) => sum + l.quantity, 0)),
      },
      { id: 'note', accessorKey: 'note', header: t('fields.note'), enableSorting: false },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Adjustment, Sort> = {
  path: '/adjustment',
  endpoint: INVENTORY_ENDPOINT.adjustments,
  prefix: 'inventory:adjustments',
  sorts: ['newest', 'number', 'createdAt', 'warehouse', 'reason'],
  defaultSort: 'newest',
  useColumns: useAdjustmentColumns,
  rowName: (a) => `#${a.number}`,
  Form: AdjustmentForm,
  exportable: false,
  described: true,
  // Applied when saved: shown, never edited or deleted (a correction is another adjustment).
  canDelete: () => false,
  readOnly: () => true,
  local: {
    text: (a) => `${a.number} ${a.warehouseName} ${a.note} ${a.lines.map((l) => l.itemName).join(' ')}`,
    value: (a, sort) => (sort === 'newest' ? -a.number : sort === 'warehouse' ? a.warehouseName : a[sort]),
  },
};

function AdjustmentsPage() {
  const { t } = useAreaT('inventory');
  return <ResourcePage config={{ ...config, recordTitle: (a) => t('adjustments.title', { number: a.number }) }} />;
}

export default withAreaTexts('inventory', AdjustmentsPage);
