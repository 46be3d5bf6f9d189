import type { Kysely } from 'kysely';
import {
  EMPTY_SUMS,
  addSums,
  figuresOf,
  isoDay,
  weekdayOf,
  type DayRange,
  type Grouping,
  type SalesPerDayReport,
  type SalesPerDayRow,
  type SalesSums,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { reportMeta, type ReportContext } from './frame';
import { salesSums } from './sums';

/*
 * /salesperday: receipts, gross, discounts, refunds, net, taxes, tips and the average sale per
 * hour, day, week or month of the period (every bucket listed, empty ones with zeros), from
 * rollup_sales.
 */

export const SALES_PER_DAY_GROUPINGS = ['day', 'hour', 'week', 'month'] as const;
const DAY_MS = 86_400_000;

/** The first day of the bucket `day` falls in (weeks start on Monday; buckets never start before the range). */
function bucketStart(day: number, group: Grouping, range: DayRange): number {
  let start = day;
  if (group === 'week') start = day - weekdayOf(day);
  if (group === 'month') {
    const d = new Date(day * DAY_MS);
    start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
  }
  return Math.max(start, range.from);
}

export async function salesPerDayRows(
  db: Kysely<Database>,
  ctx: ReportContext,
  range: DayRange,
  group: Grouping,
): Promise<{ rows: SalesPerDayRow[]; total: SalesSums }> {
  const rows = await salesSums(db, ctx, range, group === 'hour' ? ['day', 'hour'] : ['day']);
  const buckets = new Map<string, { date: number; hour: number | null; sums: SalesSums }>();
  // Every bucket of the range, in order, so that gaps show as zeros.
  for (let day = range.from; day <= range.to; day += 1) {
    if (group === 'hour') {
      for (let hour = 0; hour < 24; hour += 1) {
        buckets.set(`${day}|${hour}`, { date: day, hour, sums: { ...EMPTY_SUMS } });
      }
    } else {
      const start = bucketStart(day, group, range);
      if (!buckets.has(`${start}`)) buckets.set(`${start}`, { date: start, hour: null, sums: { ...EMPTY_SUMS } });
    }
  }
  let total: SalesSums = { ...EMPTY_SUMS };
  for (const row of rows) {
    total = addSums(total, row.sums);
    const key = group === 'hour' ? `${row.key.day}|${row.key.hour}` : `${bucketStart(row.key.day, group, range)}`;
    const bucket = buckets.get(key);
    if (bucket) bucket.sums = addSums(bucket.sums, row.sums);
  }
  return {
    rows: [...buckets.values()].map((b) => ({ date: isoDay(b.date), hour: b.hour, ...figuresOf(b.sums) })),
    total,
  };
}

export async function salesPerDayReport(db: Kysely<Database>, ctx: ReportContext): Promise<SalesPerDayReport> {
  const group = ctx.group ?? 'day';
  const current = await salesPerDayRows(db, ctx, ctx.range, group);
  const previous = ctx.previous ? await salesPerDayRows(db, ctx, ctx.previous, group) : null;
  return {
    ...reportMeta(ctx),
    rows: current.rows,
    previousRows: previous?.rows ?? null,
    totals: { current: figuresOf(current.total), previous: previous ? figuresOf(previous.total) : null },
  };
}
