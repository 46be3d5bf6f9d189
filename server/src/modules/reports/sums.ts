import { sql, type Kysely } from 'kysely';
import { EMPTY_SUMS, type DayRange, type SalesSums } from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { n, rollupScope, sumOf, type ReportContext } from './frame';

/** The SalesSums columns of rollup_sales, by their SalesSums name. */
const SALES_COLUMNS: Record<keyof SalesSums, string> = {
  sales: 'sales',
  refundReceipts: 'refunds',
  grossCents: 'gross_cents',
  discountCents: 'discount_cents',
  refundCents: 'refund_cents',
  taxCents: 'tax_cents',
  refundTaxCents: 'refund_tax_cents',
  tipCents: 'tip_cents',
  costCents: 'cost_cents',
  refundCostCents: 'refund_cost_cents',
};

/** The rollup_sales columns every sales metric follows from. */
export const SUM_COLUMNS = Object.values(SALES_COLUMNS);

export function toSums(row: Record<string, unknown> | undefined): SalesSums {
  if (!row) return { ...EMPTY_SUMS };
  const out = { ...EMPTY_SUMS };
  for (const key of Object.keys(SALES_COLUMNS) as (keyof SalesSums)[]) out[key] = n(row[SALES_COLUMNS[key]]);
  return out;
}

export type SalesGroupColumn = 'day' | 'hour' | 'employee_id' | 'order_type_id' | 'location_id';

/**
 * rollup_sales summed over the range and the frame's filters, grouped by `by` (none: one row).
 * Every sales metric follows from these sums (figuresOf).
 */
export async function salesSums(
  db: Kysely<Database>,
  ctx: ReportContext,
  range: DayRange,
  by: readonly SalesGroupColumn[] = [],
): Promise<{ key: Record<SalesGroupColumn, number>; sums: SalesSums }[]> {
  let q = db
    .selectFrom('rollup_sales')
    .select(Object.values(SALES_COLUMNS).map((c) => sumOf(c).as(c)))
    .where(rollupScope(ctx, range));
  for (const column of by) q = q.select(sql.ref(column).as(column)).groupBy(column);
  const rows = (await q.execute()) as Record<string, unknown>[];
  return rows.map((row) => ({
    key: Object.fromEntries(by.map((c) => [c, n(row[c])])) as Record<SalesGroupColumn, number>,
    sums: toSums(row),
  }));
}

export async function totalSums(db: Kysely<Database>, ctx: ReportContext, range: DayRange): Promise<SalesSums> {
  const [row] = await salesSums(db, ctx, range);
  return row?.sums ?? { ...EMPTY_SUMS };
}
