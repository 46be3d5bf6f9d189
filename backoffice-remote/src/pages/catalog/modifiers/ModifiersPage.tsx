import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ModifierGroup } from '@hive/shared/schemas/backoffice/catalog';
import { useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { ModifierGroupForm } from './ModifierGroupForm';
import { useChoiceRuleText } from './useChoiceRuleText';
import { CATALOG_ENDPOINT } from '../api';

type Sort = 'name' | 'items' | 'sold';

function useModifierColumns(): ColumnDef<ModifierGroup, unknown>[] {
  const { t } = useAreaT('catalog');
  const format = useCentsFormat();
  const rule = useChoiceRuleText();
  return useMemo<ColumnDef<ModifierGroup, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('modifiers.fields.name') },
      {
        id: 'choices',
        header: t('modifiers.columns.choices'),
        enableSorting: false,
        cell: ({ row }) => rule(row.original),
      },
      {
        id: 'modifiers',
        header: t('modifiers.columns.modifiers'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.modifiers
            .map((m) => (m.price > 0 ? `${m.name} (+${format.money(m.price)})` : m.name))
            .join(', '),
      },
      {
        id: 'items',
        header: t('modifiers.columns.items'),
        cell: ({ row }) =>
          row.original.items.length === 0
            ? t('modifiers.noItems')
            : row.original.items.length <= 3
              ? row.original.items.map((i) => i.name).join(', ')
              : t('modifiers.itemCount', { count: row.original.items.length }),
      },
      {
        id: 'sold',
        header: t('modifiers.columns.sold'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.soldLast30Days),
      },
    ],
    [t, format, rule],
  );
}

const config: ResourceConfig<ModifierGroup, Sort> = {
  path: '/modifiers',
  endpoint: CATALOG_ENDPOINT.modifierGroups,
  prefix: 'catalog:modifiers',
  sorts: ['name', 'items', 'sold'],
  defaultSort: 'name',
  useColumns: useModifierColumns,
  rowName: (g) => g.name,
  Form: ModifierGroupForm,
  exportable: false,
  described: true,
  local: {
    text: (g) => `${g.name} ${g.modifiers.map((m) => m.name).join(' ')} ${g.items.map((i) => i.name).join(' ')}`,
    value: (g, sort) =>
      sort === 'name' ? g.name.toLocaleLowerCase() : sort === 'items' ? g.items.length : g.soldLast30Days,
  },
};

function ModifiersPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('catalog', ModifiersPage);
