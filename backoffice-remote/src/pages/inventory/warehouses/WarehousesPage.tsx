import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Warehouse } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { Badge, inventoryStyles as styles, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { WarehouseForm } from './WarehouseForm';

type Sort = 'name' | 'location' | 'units' | 'value';

function useWarehouseColumns(): ColumnDef<Warehouse, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<Warehouse, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('warehouses.fields.name'),
        cell: ({ row }) => (
          <span className={styles.row}>
            {row.original.name}
            {row.original.isDefault && <Badge kind="info">{t('warehouses.default')}</Badge>}
          </span>
        ),
      },
      {
        id: 'location',
        accessorKey: 'locationName',
        header: t('warehouses.fields.location'),
        cell: ({ row }) => row.original.locationName ?? t('warehouses.noLocation'),
      },
      {
        id: 'units',
        accessorKey: 'units',
        header: t('warehouses.columns.units'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.units),
      },
      {
        id: 'value',
        accessorKey: 'value',
        header: t('warehouses.columns.value'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.money(row.original.value)}</span>,
      },
      {
        id: 'status',
        header: t('warehouses.columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? <Badge kind="on">{t('active')}</Badge> : <Badge kind="off">{t('inactive')}</Badge>,
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Warehouse, Sort> = {
  path: '/warehouses',
  endpoint: INVENTORY_ENDPOINT.warehouses,
  prefix: 'inventory:warehouses',
  sorts: ['name', 'location', 'units', 'value'],
  defaultSort: 'name',
  useColumns: useWarehouseColumns,
  rowName: (w) => w.name,
  Form: WarehouseForm,
  described: true,
  // A location's own warehouse goes with its location; the server refuses one with history.
  canDelete: (w) => !w.isDefault,
  local: {
    text: (w) => `${w.name} ${w.locationName ?? ''}`,
    value: (w, sort) => (sort === 'location' ? (w.locationName ?? '') : sort === 'name' ? w.name : w[sort]),
  },
};

function WarehousesPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('inventory', WarehousesPage);
