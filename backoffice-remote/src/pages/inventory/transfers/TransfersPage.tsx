import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Transfer } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { StatusBadge, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { TransferForm } from './TransferForm';

// 'newest' (no column): the latest document first.
type Sort = 'newest' | 'number' | 'from' | 'to' | 'status' | 'units';

function useTransferColumns(): ColumnDef<Transfer, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<Transfer, unknown>[]>(
    () => [
      {
        id: 'number',
        accessorKey: 'number',
        header: t('columns.number'),
        cell: ({ row }) => `#${row.original.number}`,
      },
      { id: 'from', accessorKey: 'fromWarehouseName', header: t('transfers.fields.from') },
      { id: 'to', accessorKey: 'toWarehouseName', header: t('transfers.fields.to') },
      {
        id: 'status',
        accessorKey: 'status',
        header: t('transfers.fields.status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      {
        id: 'units',
        header: t('transfers.columns.units'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.lines.reduce((sum, l) => sum + l.quantity, 0)),
      },
    ],
    [t, format],
  );
}

const SORT_VALUE: Record<Sort, (tr: Transfer) => string | number> = {
  newest: (tr) => -tr.number,
  number: (tr) => tr.number,
  from: (tr) => tr.fromWarehouseName,
  to: (tr) => tr.toWarehouseName,
  status: (tr) => tr.status,
  units: (tr) => tr.lines.reduce((sum, l) => sum + l.quantity, 0),
};

const config: ResourceConfig<Transfer, Sort> = {
  path: '/transfers',
  endpoint: INVENTORY_ENDPOINT.transfers,
  prefix: 'inventory:transfers',
  sorts: ['newest', 'number', 'from', 'to', 'status', 'units'],
  defaultSort: 'newest',
  useColumns: useTransferColumns,
  rowName: (tr) => `#${tr.number}`,
  Form: TransferForm,
  exportable: false,
  described: true,
  canDelete: () => false,
  readOnly: (tr) => tr.status !== 'draft',
  local: {
    text: (tr) => `${tr.number} ${tr.fromWarehouseName} ${tr.toWarehouseName} ${tr.note}`,
    value: (tr, sort) => SORT_VALUE[sort](tr),
  },
};

function TransfersPage() {
  const { t } = useAreaT('inventory');
  return <ResourcePage config={{ ...config, recordTitle: (tr) => t('transfers.title', { number: tr.number }) }} />;
}

export default withAreaTexts('inventory', TransfersPage);
