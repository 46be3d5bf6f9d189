import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Discount } from '@hive/shared/schemas/backoffice/offers';
import { Badge, useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { DiscountForm } from './DiscountForm';
import { OFFERS_ENDPOINT } from '../api';

type Sort = 'name' | 'value' | 'uses' | 'amount';

/** "10 %" or "$5.00". */
export function useDiscountValue() {
  const format = useCentsFormat();
  return (d: Pick<Discount, 'type' | 'percentBp' | 'amountCents'>) =>
    d.type === 'percent' ? `${format.decimal((d.percentBp ?? 0) / 100)} %` : format.cents(d.amountCents ?? 0);
}

function useDiscountColumns(): ColumnDef<Discount, unknown>[] {
  const { t } = useAreaT('offers');
  const format = useCentsFormat();
  const value = useDiscountValue();
  return useMemo<ColumnDef<Discount, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t('discounts.fields.name'),
        cell: ({ row }) => (
          <span>
            {row.original.name}
            {row.original.restricted && (
              <>
                {' '}
                <Badge kind="info">{t('discounts.restrictedBadge')}</Badge>
              </>
            )}
          </span>
        ),
      },
      {
        id: 'value',
        header: t('discounts.columns.value'),
        meta: { align: 'right' },
        cell: ({ row }) => value(row.original),
      },
      {
        id: 'scope',
        header: t('discounts.columns.appliesTo'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.scope === 'receipt'
            ? t('discounts.scopes.receipt')
            : t('discounts.columns.targets', {
                items: row.original.itemIds.length,
                categories: row.original.categoryIds.length,
              }),
      },
      {
        id: 'uses',
        header: t('discounts.columns.uses'),
        meta: { align: 'right' },
        cell: ({ row }) => format.integer(row.original.uses30d),
      },
      {
        id: 'amount',
        header: t('discounts.columns.amount'),
        meta: { align: 'right' },
        cell: ({ row }) => format.cents(row.original.amount30dCents),
      },
      {
        id: 'status',
        header: t('discounts.columns.status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.active ? (
            <Badge kind="on">{t('discounts.statuses.active')}</Badge>
          ) : (
            <Badge kind="off">{t('discounts.statuses.inactive')}</Badge>
          ),
      },
    ],
    [t, format, value],
  );
}

const config: ResourceConfig<Discount, Sort> = {
  path: '/discounts',
  endpoint: OFFERS_ENDPOINT.discounts,
  prefix: 'offers:discounts',
  sorts: ['name', 'value', 'uses', 'amount'],
  defaultSort: 'name',
  useColumns: useDiscountColumns,
  rowName: (d) => d.name,
  Form: DiscountForm,
  described: true,
  local: {
    text: (d) => d.name,
    value: (d, sort) => {
      switch (sort) {
        case 'name':
          return d.name.toLocaleLowerCase();
        case 'value':
          return d.type === 'percent' ? (d.percentBp ?? 0) : (d.amountCents ?? 0);
        case 'uses':
          return d.uses30d;
        case 'amount':
          return d.amount30dCents;
      }
    },
  },
};

function DiscountsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('offers', DiscountsPage);
