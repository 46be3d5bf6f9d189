import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { type DiscountOptions, type Promotion } from '@hive/shared/schemas/backoffice/offers';
import { promotionStatus, type PromotionStatus } from '@hive/register-sdk/money';
import { useApi, useCompany } from '../../../api';
import { Badge, useCentsFormat } from '../../../components';
import { useAreaT, withAreaTexts } from '../../../i18n';
import { ResourcePage, type ResourceConfig } from '../../../frames/resource';
import { PromotionForm } from './PromotionForm';
import { OFFERS_ENDPOINT, OFFERS_URL } from '../api';

type Sort = 'priority' | 'name' | 'uses' | 'amount';

/**
 * "Buy 2, get 1 free", "20 % off", "30.00 spent: 5.00 off", when ("Mon-Fri 17:00-19:00", "from
 * Dec 4") and on what ("on Drinks, Tiramisu", with the names when `options` are given).
 */
export function usePromotionSummary(options?: DiscountOptions) {
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
    const dates =
      p.startsOn && p.endsOn
        ? t('promotions.summary.between', { from: format.day(p.startsOn), to: format.day(p.endsOn) })
        : p.startsOn
          ? t('promotions.summary.from', { date: format.day(p.startsOn) })
          : p.endsOn
            ? t('promotions.summary.until', { date: format.day(p.endsOn) })
            : '';
    const named = <T extends { id: number; name: string }>(ids: readonly number[], rows: readonly T[] = []) =>
      ids.map((id) => rows.find((r) => r.id === id)?.name).filter((n): n is string => n !== undefined);
    const targets = [...named(p.categoryIds, options?.categories), ...named(p.itemIds, options?.items)];
    const on =
      p.kind === 'spend_get'
        ? ''
        : targets.length > 0
          ? t('promotions.summary.on', { names: targets.join(', ') })
          : p.itemIds.length + p.categoryIds.length === 0
            ? t('promotions.summary.everyItem')
            : '';
    return [what, `${days}${hours}`, dates, on].filter(Boolean).join(' · ');
  };
}

const STATUS_BADGE: Record<PromotionStatus, 'on' | 'off' | 'info' | 'warn'> = {
  running: 'on',
  waiting: 'warn',
  scheduled: 'info',
  ended: 'off',
  off: 'off',
};

/** Whether it runs now, in the business's zone: a promotion dated next week is not "On". */
function PromotionStatusBadge({ promotion }: { promotion: Promotion }) {
  const { t } = useAreaT('offers');
  const format = useCentsFormat();
  const zone = useCompany()?.timezone;
  if (!zone) return null;
  const status = promotionStatus(promotion, Date.now(), zone);
  return (
    <Badge kind={STATUS_BADGE[status]}>
      {t(`promotions.statuses.${status}`, { date: promotion.startsOn ? format.day(promotion.startsOn) : '' })}
    </Badge>
  );
}

function usePromotionColumns(): ColumnDef<Promotion, unknown>[] {
  const { t } = useAreaT('offers');
  const format = useCentsFormat();
  // The names of the categories and items a rule concerns (the form's options, cached by useApi).
  const options = useApi<DiscountOptions>(OFFERS_URL.discountOptions).data ?? undefined;
  const summary = usePromotionSummary(options);
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
            <PromotionStatusBadge promotion={row.original} />{' '}
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
  endpoint: OFFERS_ENDPOINT.promotions,
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
