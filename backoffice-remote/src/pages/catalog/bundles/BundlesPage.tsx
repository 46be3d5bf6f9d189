import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Bundle } from '@hive/shared/schemas/backoffice/catalog';
import { Badge, useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { BundleForm } from './BundleForm';
import { CATALOG_ENDPOINT } from '../api';

type Sort = 'name' | 'price' | 'cost' | 'margin';

function useBundleColumns(): ColumnDef<Bundle, unknown>[] {
  const { t } = useAreaT('catalog');
  const format = useCentsFormat();
  return useMemo<ColumnDef<Bundle, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('bundles.fields.name') },
      {
        id: 'components',
        header: t('bundles.columns.components'),
        enableSorting: false,
        cell: ({ row }) => row.original.components.map((c) => `${c.quantity} × ${c.name}`).join(', '),
      },
      {
        id: 'price',
        header: t('bundles.fields.price'),
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.price),
      },
      {
        id: 'cost',
        header: t('bundles.columns.cost'),
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.cost),
      },
      {
        id: 'margin',
        header: t('bundles.columns.margin'),
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.margin),
      },
      {
        id: 'status',
        header: t('bundles.columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? (
            <Badge kind="on">{t('bundles.statuses.active')}</Badge>
          ) : (
            <Badge kind="off">{t('bundles.statuses.inactive')}</Badge>
          ),
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Bundle, Sort> = {
  path: '/bundles',
  endpoint: CATALOG_ENDPOINT.bundles,
  prefix: 'catalog:bundles',
  sorts: ['name', 'price', 'cost', 'margin'],
  defaultSort: 'name',
  useColumns: useBundleColumns,
  rowName: (b) => b.name,
  Form: BundleForm,
  exportable: false,
  described: true,
  local: {
    text: (b) => `${b.name} ${b.sku} ${b.components.map((c) => c.name).join(' ')}`,
    value: (b, sort) => (sort === 'name' ? b.name.toLocaleLowerCase() : b[sort]),
  },
};

function BundlesPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('catalog', BundlesPage);
