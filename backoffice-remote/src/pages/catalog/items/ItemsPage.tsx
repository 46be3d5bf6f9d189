import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ITEM_SORTS, type Item, type ItemSort } from '@hive/shared/schemas/backoffice';
import { useCompany } from '../../../api';
import { useFormat, useT, withAreaTexts } from '../../../i18n';
import { formStyles as styles, ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { ItemForm } from './ItemForm';
import { ItemImport } from './ItemImport';
import { CATALOG_ENDPOINT } from '../api';

function YesNo({ value }: { value: boolean }) {
  const { t } = useT();
  return (
    <span className={`${styles.badge} ${value ? styles.badgeOn : styles.badgeOff}`}>
      {value ? t('common.yes') : t('common.no')}
    </span>
  );
}

function useItemColumns(): ColumnDef<Item, unknown>[] {
  const { t } = useT();
  const company = useCompany();
  const format = useFormat(company?.currency);
  return useMemo<ColumnDef<Item, unknown>[]>(
    () => [
      { id: 'name', accessorKey: 'name', header: t('items.fields.name') },
      {
        id: 'sku',
        accessorKey: 'sku',
        header: t('items.fields.sku'),
        cell: ({ row }) =>
          row.original.sku ? (
            <span className={styles.nowrap}>{row.original.sku}</span>
          ) : (
            <span className={styles.muted}>—</span>
          ),
      },
      {
        id: 'category',
        accessorKey: 'categoryName',
        header: t('items.fields.category'),
        cell: ({ row }) => row.original.categoryName ?? <span className={styles.muted}>{t('items.noCategory')}</span>,
      },
      {
        id: 'price',
        accessorKey: 'price',
        header: t('items.fields.price'),
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.price),
      },
      {
        id: 'cost',
        accessorKey: 'cost',
        header: t('items.fields.cost'),
        meta: { align: 'right' },
        cell: ({ row }) => format.money(row.original.cost),
      },
      {
        id: 'taxes',
        header: t('items.columns.tax'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.taxes.length > 0 ? (
            row.original.taxes
              .map((tax) => `${format.tax(tax.name, tax.rate)}${tax.archived ? ` (${t('items.archived')})` : ''}`)
              .join(', ')
          ) : (
            <span className={styles.muted}>{t('items.noTax')}</span>
          ),
      },
      {
        // What a shopkeeper looks for (how many are left), not whether stock is tracked: "—" when not.
        id: 'onHand',
        accessorKey: 'onHand',
        header: t('items.columns.onHand'),
        meta: { align: 'right' },
        cell: ({ row }) =>
          row.original.onHand === null ? (
            <span className={styles.muted} title={t('items.notTracked')}>
              —<span className={styles.srOnly}> {t('items.notTracked')}</span>
            </span>
          ) : (
            format.integer(row.original.onHand)
          ),
      },
      {
        id: 'active',
        accessorKey: 'active',
        header: t('items.columns.active'),
        cell: ({ row }) => <YesNo value={row.original.active} />,
      },
    ],
    [t, format],
  );
}

const config: ResourceConfig<Item, ItemSort> = {
  path: '/items',
  endpoint: CATALOG_ENDPOINT.items,
  prefix: 'items',
  sorts: ITEM_SORTS,
  defaultSort: 'name',
  useColumns: useItemColumns,
  rowName: (item) => item.name,
  Form: ItemForm,
  PageActions: ItemImport,
};

function ItemsPage() {
  return <ResourcePage config={config} />;
}

// The import's texts are the catalog area's.
export default withAreaTexts('catalog', ItemsPage);
