import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ProductionTemplate } from '@hive/shared/schemas/backoffice/inventory';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { Badge, inventoryStyles as styles, useInventoryFormat } from '../shared';
import { INVENTORY_ENDPOINT } from '../api';
import { TemplateForm } from './TemplateForm';

type Sort = 'name' | 'output' | 'unitCost';

function useTemplateColumns(): ColumnDef<ProductionTemplate, unknown>[] {
  const { t } = useAreaT('inventory');
  const format = useInventoryFormat();
  return useMemo<ColumnDef<ProductionTemplate, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('templates.fields.name') },
      {
        id: 'output',
        header: t('templates.columns.makes'),
        cell: ({ row }) =>
          t('templates.makes', {
            quantity: format.integer(row.original.outputQuantity),
            item: row.original.outputItemName,
          }),
      },
      {
        id: 'ingredients',
        header: t('templates.columns.ingredients'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.ingredients.map((i) => `${format.integer(i.quantity)} × ${i.itemName}`).join(', '),
      },
      {
        id: 'unitCost',
        header: t('templates.columns.unitCost'),
        meta: { align: 'right' },
        cell: ({ row }) => <span className={styles.nowrap}>{format.money(row.original.unitCost)}</span>,
      },
      {
        id: 'status',
        header: t('templates.columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? <Badge kind="on">{t('active')}</Badge> : <Badge kind="off">{t('inactive')}</Badge>,
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<ProductionTemplate, Sort> = {
  path: '/production_templates',
  endpoint: INVENTORY_ENDPOINT.productionTemplates,
  prefix: 'inventory:templates',
  sorts: ['name', 'output', 'unitCost'],
  defaultSort: 'name',
  useColumns: useTemplateColumns,
  rowName: (tpl) => tpl.name,
  Form: TemplateForm,
  exportable: false,
  described: true,
  local: {
    text: (tpl) => `${tpl.name} ${tpl.outputItemName} ${tpl.ingredients.map((i) => i.itemName).join(' ')}`,
    value: (tpl, sort) => (sort === 'output' ? tpl.outputItemName : sort === 'unitCost' ? tpl.unitCost : tpl.name),
  },
};

function TemplatesPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('inventory', TemplatesPage);
