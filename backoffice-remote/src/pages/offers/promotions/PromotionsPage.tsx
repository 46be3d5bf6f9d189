import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { Promotion } from '@hive/shared/schemas/backoffice/offers';
import { Badge, useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { PromotionForm } from './PromotionForm';

type Sort = 'priority' | 'name' | 'uses' | 'amount';

/** "Buy 2, get 1 free", "20 % off", "30.00 spent: 5.00 off" and when: "Mon-Fri 17:00-19:00". */
export function usePromotionSummary() {
  const { t } = useAreaT('offers');
  const format = useCentsFormat();
  return (p: Promotion) => {
    const pct = (bp: number) => `${format.decimal(bp / 100)} %`;
    const what =
      p.kind === 'buy_get'
        ? t('promotions.summary.buyGet', {
            buy: p.buyQuantity,
            get: p.getQuantity,
            off: p.getPercentBp >= 10_000 ? t('promotions.summary.free') : pct(p.getPercentBp),
          })
        : p.kind === 'percent_off'
          ? t('promotions.summary.percentOff', { percent: pct(p.percentBp) })
          : t('promotions.summary.spendGet', {
              threshold: format.cents(p.thresholdCents),
              off: p.amountCents > 0 ? format.cents(p.amountCents) : pct(p.percentBp),
            });
    const days =
      p.days.length === 0 || p.days.length === 7
        ? t('promotions.summary.everyDay')
        : p.days.map((d) => t(`promotions.days.${d}`)).join(', ');
    const hours = p.startTime ? ` ${p.startTime}–${p.endTime}` : '';
    return `${what} · ${days}${hours}`;
  };
}

function usePromotionColumns(): ColumnDef<Promotion, unknown>[] {
  const { t } = useAreaT('offers');
  const format = useCentsFormat();
  const summary = usePromotionSummary();
  return useMemo<ColumnDef<Promotion, unknown>[]>(
    () => [
      {
        id: 'priority',
        header: t('promotions.fields.priority'),
        meta: { align: 'right' },
        cell: ({ row }) => row.original.priority,
      },
      { id: 'name', accessorKey: 'name', header: t('promotions.fields.name') },
      {
        id: 'rule',
        header: t('promotions.columns.rule'),
        enableSorting: false,
        cell: ({ row }) => summary(row.original),
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
        cell: ({ row }) => (
          <span>
            {row.original.active ? (
              <Badge kind="on">{t('promotions.statuses.active')}</Badge>
            ) : (
              <Badge kind="off">{t('promotions.statuses.inactive')}</Badge>
            )}{' '}
            {!row.original.stackable && <Badge kind="info">{t('promotions.exclusive')}</Badge>}
          </span>
        ),
      },
    ],
    [t, format, summary],
  );
}

const config: ResourceConfig<Promotion, Sort> = {
  path: '/promotions',
  endpoint: 'promotions',
  prefix: 'offers:promotions',
  sorts: ['priority', 'name', 'uses', 'amount'],
  defaultSort: 'priority',
  useColumns: usePromotionColumns,
  rowName: (p) => p.name,
  Form: PromotionForm,
  described: true,
  local: {
    text: (p) => p.name,
    value: (p, sort) =>
      sort === 'name'
        ? p.name.toLocaleLowerCase()
        : sort === 'uses'
          ? p.uses30d
          : sort === 'amount'
            ? p.amount30dCents
            : p.priority,
  },
};

function PromotionsPage() {
  return <ResourcePage config={config} />;
}

export default withAreaTexts('offers', PromotionsPage);
