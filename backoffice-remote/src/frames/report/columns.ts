import { useMemo } from 'react';
import { changeOf, type SalesFigures } from '@hive/shared/schemas/backoffice/reports';
import { useAreaT } from '../../i18n';
import type { CellKind, ReportColumn } from './table';

/** "Change" against the previous period: (now - before) / before, or nothing to compare with. */
export function changeColumn<T>(
  header: string,
  now: (row: T) => number,
  before: (row: T) => number | null,
): ReportColumn<T> {
  return {
    id: 'change',
    header,
    kind: 'change',
    value: (row) => {
      const previous = before(row);
      return previous === null ? null : changeOf(now(row), previous);
    },
  };
}

export type FigureKey = Exclude<keyof SalesFigures, 'refundReceipts'>;

export const KINDS: Record<FigureKey, CellKind> = {
  receipts: 'int',
  grossSalesCents: 'money',
  discountsCents: 'money',
  refundsCents: 'money',
  netSalesCents: 'money',
  taxesCents: 'money',
  tipsCents: 'money',
  totalCollectedCents: 'money',
  costOfGoodsCents: 'money',
  grossProfitCents: 'money',
  margin: 'percent',
  averageSaleCents: 'money',
};

/** The metric of each figure (its name and definition in the 'reports' texts). */
export const METRIC_OF: Record<FigureKey, string> = {
  receipts: 'receipts',
  grossSalesCents: 'grossSales',
  discountsCents: 'discounts',
  refundsCents: 'refunds',
  netSalesCents: 'netSales',
  taxesCents: 'taxes',
  tipsCents: 'tips',
  totalCollectedCents: 'totalCollected',
  costOfGoodsCents: 'costOfGoods',
  grossProfitCents: 'grossProfit',
  margin: 'margin',
  averageSaleCents: 'averageSale',
};

/** Columns of sales figures, headed by the metrics' names. */
export function useMetricColumns() {
  const { t } = useAreaT('reports');
  return useMemo(
    () =>
      <T extends SalesFigures>(keys: FigureKey[]): ReportColumn<T>[] =>
        keys.map((key) => ({
          id: key,
          header: t(`metrics.${METRIC_OF[key]}`),
          kind: KINDS[key],
          value: (row: T) => row[key],
        })),
    [t],
  );
}
