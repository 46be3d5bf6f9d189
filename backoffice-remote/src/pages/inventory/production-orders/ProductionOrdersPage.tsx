import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ProductionOrder } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { inventoryStyles as styles, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { ProductionOrderForm } from './ProductionOrderForm';

// 'newest' (no column): the latest document first.
type Sort = 'newest' | 'number' | 'createdAt' | 'template' | 'warehouse';

function useProductionColumns(): ColumnDef<ProductionOrder, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<ProductionOrder, unknown>[]>(
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
      {
        id: 'template',
        header: t('productionOrders.fields.template'),
        cell: ({ row }) => row.original.templateName ?? t('productionOrders.templateGone'),
      },
      { id: 'warehouse', accessorKey: 'warehouseName', header: t('fields.warehouse') },
      {
        id: 'made',
        header: t('productionOrders.columns.made'),
        enableSorting: false,
        cell: ({ row }) =>
          t('templates.makes', {
            quantity: format.integer(row.original.outputQuantity),
            item: row.original.outputItemName,
          }),
      },
    ],
    [t, format],
  );
}

const SORT_VALUE: Record<Sort, (o: ProductionOrder) => string | number> = {
  newest: (o) => -o.number,
  number: (o) => o.number,
  createdAt: (o) => o.createdAt,
  template: (o) => o.templateName ?? '',
  warehouse: (o) => o.warehouseName,
};

const config: ResourceConfig<ProductionOrder, Sort> = {
  path: '/production_orders',
  endpoint: INVENTORY_ENDPOINT.productionOrders,
  prefix: 'inventory:productionOrders',
  sorts: ['newest', 'number', 'createdAt', 'template', 'warehouse'],
  defaultSort: 'newest',
  useColumns: useProductionColumns,
  rowName: (o) => `#${o.number}`,
  Form: ProductionOrderForm,
  exportable: false,
  described: true,
  canDelete: () => false,
  readOnly: () => true,
  local: {
    text: (o) => `${o.number} ${o.templateName ?? ''} ${o.outputItemName} ${o.warehouseName} ${o.note}`,
    value: (o, sort) => SORT_VALUE[sort](o),
  },
};

function ProductionOrdersPage() {
  const { t } = useAreaT('inventory');
  return <ResourcePage config={{ ...config, recordTitle: (o) => t('productionOrders.title', { number: o.number }) }} />;
}

export default withAreaTexts('inventory', ProductionOrdersPage);
