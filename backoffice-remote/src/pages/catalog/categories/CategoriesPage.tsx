import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { CATEGORY_SORTS, type Category, type CategorySort } from '@hive/shared/schemas/backoffice';
import { useFormat, useT } from '../../../i18n';
import { formStyles as styles, ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { CategoryForm } from './CategoryForm';
import { CATALOG_ENDPOINT } from '../api';

function useCategoryColumns(): ColumnDef<Category, unknown>[] {
  const { t } = useT();
  const format = useFormat();
  return useMemo<ColumnDef<Category, unknown>[]>(
    () => [
      { id: 'position', accessorKey: 'position', header: t('categories.fields.position'), meta: { align: 'right' } },
      { id: 'name', accessorKey: 'name', header: t('categories.fields.name') },
      {
        id: 'color',
        accessorKey: 'color',
        header: t('categories.fields.color'),
        cell: ({ row }) => (
          <span className={styles.nowrap}>
            <span className={styles.swatch} style={{ background: row.original.color }} aria-hidden="true" />
            {row.original.color}
          </span>
        ),
      },
      {
        id: 'itemCount',
        accessorKey: 'itemCount',
        header: t('categories.columns.itemCount'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.itemCount),
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Category, CategorySort> = {
  path: '/categories',
  endpoint: CATALOG_ENDPOINT.categories,
  prefix: 'categories',
  sorts: CATEGORY_SORTS,
  defaultSort: 'position',
  useColumns: useCategoryColumns,
  rowName: (category) => category.name,
  Form: CategoryForm,
};

export default function CategoriesPage() {
  return <ResourcePage config={config} />;
}
