import type { Kysely } from 'kysely';
import {
  REPORT_LIMITS,
  type DayRange,
  type StockMovementRow,
  type StockMovementsQuery,
  type StockMovementsReport,
  type StockSummaryRow,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../db/schema';
import { fieldProblem } from '../query';
import { inWindow, n, reportMeta, rollupScope, sumOf, timeWindow, zoneOf, type ReportContext } from './frame';
import { localStamp } from './time';

/*
 * /stock_movement: every change of stock of the stock-tracked items, per item and location. Until
 * the inventory ledger exists (receipts of goods, transfers, adjustments, production) the changes
 * are the sales (out) and refunds (back in); the running balance adds them up from the start of
 * the period, per location.
 */

async function summary(
  db: Kysely<Database>,
  ctx: ReportContext,
  range: DayRange,
  itemIds: number[],
): Promise<Map<string, { itemId: number; locationId: number | null; sold: number; refunded: number }>> {
  const out = new Map<string, { itemId: number; locationId: number | null; sold: number; refunded: number }>();
  if (itemIds.length === 0) return out;
  let rows: { item_id: number | null; location_id: number | null; sold: unknown; refunded: unknown }[];
  if (ctx.employeeId === null) {
    rows = (
      await db
        .selectFrom('rollup_items')
        .select(['item_id', 'location_id', sumOf('sold_qty').as('sold'), sumOf('refunded_qty').as('refunded')])
        .where(rollupScope(ctx, range, { employee: false }))
        .where('item_id', 'in', itemIds)
        .groupBy(['item_id', 'location_id'])
        .execute()
    ).map((r) => ({ ...r, location_id: r.location_id === 0 ? null : r.location_id }));
  } else {
    rows = await db
      .selectFrom('receipt_lines as l')
      .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
      .select((eb) => [
        'l.item_id',
        'r.location_id',
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('r.kind', '=', 'sale').then(eb.ref('l.quantity')).else(0).end()),
            eb.lit(0),
          )
          .as('sold'),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(eb.case().when('r.kind', '=', 'refund').then(eb.ref('l.quantity')).else(0).end()),
            eb.lit(0),
          )
          .as('refunded'),
      ])
      .where('r.company_id', '=', ctx.companyId)
      .where('r.employee_id', '=', ctx.employeeId)
      .where(inWindow(timeWindow(ctx, range), 'r.created_at', 'r.location_id'))
      .where('l.item_id', 'in', itemIds)
      .groupBy(['l.item_id', 'r.location_id'])
      .execute();
  }
  for (const r of rows) {
    out.set(`${r.item_id}|${r.location_id}`, {
      itemId: r.item_id!,
      locationId: r.location_id,
      sold: n(r.sold),
      refunded: n(r.refunded),
    });
  }
  return out;
}

export async function stockMovementsReport(
  db: Kysely<Database>,
  ctx: ReportContext,
  q: StockMovementsQuery,
): Promise<StockMovementsReport> {
  const items = await db
    .selectFrom('items')
    .select(['id', 'name'])
    .where('company_id', '=', ctx.companyId)
    .where('track_stock', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const item = q.item === undefined ? null : (items.find((i) => i.id === q.item) ?? null);
  if (q.item !== undefined && !item) throw fieldProblem('item', 'no such stock-tracked item');
  const ids = item ? [item.id] : items.map((i) => i.id);
  const locationName = new Map(ctx.locations.map((l) => [l.id, l.name]));
  const itemName = new Map(items.map((i) => [i.id, i.name]));

  const current = await summary(db, ctx, ctx.range, ids);
  const previous = ctx.previous ? await summary(db, ctx, ctx.previous, ids) : null;
  const total = (m: typeof current) => {
    const t = { sold: 0, refunded: 0, change: 0 };
    for (const r of m.values()) {
      t.sold += r.sold;
      t.refunded += r.refunded;
    }
    t.change = t.refunded - t.sold;
    return t;
  };
  const summaryRows: StockSummaryRow[] = [...current.values()]
    .map((r) => ({
      itemId: r.itemId,
      name: itemName.get(r.itemId) ?? '',
      locationId: r.locationId,
      location: r.locationId === null ? null : (locationName.get(r.locationId) ?? null),
      sold: r.sold,
      refunded: r.refunded,
      change: r.refunded - r.sold,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || (a.location ?? '').localeCompare(b.location ?? ''));

  let rows: StockMovementRow[] = [];
  let count = 0;
  const pageSize = q.all ? REPORT_LIMITS.exportMax : q.pageSize;
  const page = q.all ? 1 : q.page;
  if (item) {
    // One item's movements in the period: few enough to add up the running balance here.
    let query = db
      .selectFrom('receipt_lines as l')
      .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
      .select(['l.id', 'l.quantity', 'r.id as receipt_id', 'r.number', 'r.kind', 'r.created_at', 'r.location_id'])
      .where('l.item_id', '=', item.id)
      .where('r.company_id', '=', ctx.companyId)
      .where(inWindow(timeWindow(ctx, ctx.range), 'r.created_at', 'r.location_id'));
    if (ctx.employeeId !== null) query = query.where('r.employee_id', '=', ctx.employeeId);
    const all = await query.orderBy('r.created_at').orderBy('l.id').execute();
    const balance = new Map<number | null, number>();
    const moves = all.map((m) => {
      const quantity = m.kind === 'sale' ? -n(m.quantity) : n(m.quantity);
      const now = (balance.get(m.location_id) ?? 0) + quantity;
      balance.set(m.location_id, now);
      return {
        id: m.id,
        at: n(m.created_at),
        localTime: localStamp(n(m.created_at), zoneOf(ctx, m.location_id)),
        kind: m.kind,
        receiptId: m.receipt_id,
        receiptNumber: n(m.number),
        location: m.location_id === null ? null : (locationName.get(m.location_id) ?? null),
        quantity,
        balance: now,
      };
    });
    count = moves.length;
    rows = moves.slice((page - 1) * pageSize, page * pageSize);
  }
  return {
    ...reportMeta(ctx),
    items,
    summary: summaryRows,
    item,
    rows,
    total: count,
    page,
    pageSize,
    totals: { current: total(current), previous: previous ? total(previous) : null },
  };
}
