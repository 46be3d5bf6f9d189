import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  REPORT_LIMITS,
  type DayRange,
  type StockDocumentType,
  type StockMovementKind,
  type StockMovementRow,
  type StockMovementsQuery,
  type StockMovementsReport,
  type StockSummaryRow,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { fieldProblem } from '../merchant';
import { inWindow, n, reportMeta, timeWindow, zoneOf, type ReportContext, type TimeWindow } from './frame';
import { localStamp } from '../../platform/time';
// stock_ledger_days counts UTC days of this length (inventory's ledger.ts writes them).
const LEDGER_DAY_MS = 86_400_000;

/*
 * /stock_movement: every change of stock of the stock-tracked items, read from the stock ledger
 * (inventory/ledger.ts): register sales and refunds, receipts of goods, transfers out and in,
 * adjustments (with their reason), production consumption and output, counts. Per item and
 * warehouse; a warehouse's place is its location (none for a warehouse of no location), so the
 * frame's location filter and the time zone of a day are the location's. The running balance
 * starts from what was on hand at the warehouse when the period began (every earlier ledger row),
 * so it is the stock on hand after each movement. With an employee filter only that employee's
 * register sales and refunds are shown and the balance adds them up from the start of the period.
 */

interface Scope {
  itemId: number | null;
  warehouseId: number | null;
}

type Time = 'in' | 'before';

/** `time` before the window's start for the record's place (`location`). */
function beforeWindow(window: TimeWindow, time: string, location: string): RawBuilder<SqlBool> {
  const t = sql.ref(time);
  const l = sql.ref(location);
  const parts = window.parts.map((p) => {
    const real = p.locationIds.filter((id): id is number => id !== null);
    const places = [
      ...(real.length > 0 ? [sql`${l} in (${sql.join(real)})`] : []),
      ...(p.locationIds.includes(null) ? [sql`${l} is null`] : []),
    ];
    return sql<SqlBool>`(${t} < ${p.start} and (${sql.join(places, sql` or `)}))`;
  });
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

function ledger(db: Kysely<Database>, ctx: ReportContext, range: DayRange, time: Time, scope: Scope) {
  const window = timeWindow(ctx, range);
  return ledgerWhere(
    db,
    ctx,
    scope,
    time === 'in'
      ? inWindow(window, 'l.created_at', 'w.location_id')
      : beforeWindow(window, 'l.created_at', 'w.location_id'),
  );
}

function ledgerWhere(db: Kysely<Database>, ctx: ReportContext, scope: Scope, time: RawBuilder<SqlBool>) {
  let q = db
    .selectFrom('stock_ledger as l')
    .innerJoin('warehouses as w', 'w.id', 'l.warehouse_id')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .where('l.company_id', '=', ctx.companyId)
    .where('i.track_stock', '=', 1)
    .where(time);
  if (scope.itemId !== null) q = q.where('l.item_id', '=', scope.itemId);
  if (scope.warehouseId !== null) q = q.where('l.warehouse_id', '=', scope.warehouseId);
  if (ctx.employeeId !== null) {
    const employeeId = ctx.employeeId;
    q = q
      .where('l.document_type', '=', 'receipt')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('receipts as r')
            .select('r.id')
            .whereRef('r.id', '=', 'l.document_id')
            .where('r.employee_id', '=', employeeId),
        ),
      );
  }
  return q;
}

/** In and out per item, warehouse and kind, summed from ledger rows (grouped by those three). */
const LEDGER_SUMS = [
  'l.item_id',
  'l.warehouse_id',
  'l.kind',
  sql<number | string>`coalesce(sum(case when l.quantity > 0 then l.quantity else 0 end), 0)`.as('incoming'),
  sql<number | string>`coalesce(sum(case when l.quantity < 0 then -l.quantity else 0 end), 0)`.as('outgoing'),
] as const;

const key = (itemId: number, warehouseId: number) => `${itemId}|${warehouseId}`;

/** Places: `location` is one of `ids` (null: no location). */
function placeIn(location: string, ids: (number | null)[]): RawBuilder<SqlBool> {
  const l = sql.ref(location);
  const real = ids.filter((id): id is number => id !== null);
  const places = [
    ...(real.length > 0 ? [sql`${l} in (${sql.join(real)})`] : []),
    ...(ids.includes(null) ? [sql`${l} is null`] : []),
  ];
  return sql<SqlBool>`(${sql.join(places, sql` or `)})`;
}

/** A stretch of time at some places: [start, end) in epoch ms, start null = since the beginning. */
interface Stretch {
  locationIds: (number | null)[];
  start: number | null;
  end: number;
}

interface KindSum {
  item_id: number;
  warehouse_id: number;
  kind: StockMovementKind;
  incoming: number;
  outgoing: number;
}

/**
 * The ledger's sums per item, warehouse and kind over stretches of time, without an employee
 * filter: the whole UTC days inside each stretch from stock_ledger_days, the hours at its edges
 * (less than a day each) from the ledger itself. What a stretch costs grows with its days, not
 * with the receipts in it.
 */
async function stretchSums(db: Kysely<Database>, ctx: ReportContext, scope: Scope, stretches: Stretch[]) {
  const days: RawBuilder<SqlBool>[] = [];
  const edges: RawBuilder<SqlBool>[] = [];
  const t = sql.ref('l.created_at');
  const d = sql.ref('d.day');
  for (const s of stretches) {
    const from = s.start === null ? null : Math.ceil(s.start / LEDGER_DAY_MS);
    const to = Math.floor(s.end / LEDGER_DAY_MS);
    if (from === null || from < to) {
      days.push(
        sql<SqlBool>`(${from === null ? sql`${d} < ${to}` : sql`${d} >= ${from} and ${d} < ${to}`} and ${placeIn('w.location_id', s.locationIds)})`,
      );
      if (s.start !== null && s.start < from! * LEDGER_DAY_MS) {
        edges.push(
          sql<SqlBool>`(${t} >= ${s.start} and ${t} < ${from! * LEDGER_DAY_MS} and ${placeIn('w.location_id', s.locationIds)})`,
        );
      }
      if (to * LEDGER_DAY_MS < s.end) {
        edges.push(
          sql<SqlBool>`(${t} >= ${to * LEDGER_DAY_MS} and ${t} < ${s.end} and ${placeIn('w.location_id', s.locationIds)})`,
        );
      }
    } else {
      edges.push(sql<SqlBool>`(${t} >= ${s.start} and ${t} < ${s.end} and ${placeIn('w.location_id', s.locationIds)})`);
    }
  }
  const out: KindSum[] = [];
  if (days.length > 0) {
    let q = db
      .selectFrom('stock_ledger_days as d')
      .innerJoin('warehouses as w', 'w.id', 'd.warehouse_id')
      .innerJoin('items as i', 'i.id', 'd.item_id')
      .where('d.company_id', '=', ctx.companyId)
      .where('i.track_stock', '=', 1)
      .where(sql<SqlBool>`(${sql.join(days, sql` or `)})`);
    if (scope.itemId !== null) q = q.where('d.item_id', '=', scope.itemId);
    if (scope.warehouseId !== null) q = q.where('d.warehouse_id', '=', scope.warehouseId);
    const rows = await q
      .select([
        'd.item_id',
        'd.warehouse_id',
        'd.kind',
        sql<number | string>`coalesce(sum(d.incoming), 0)`.as('incoming'),
        sql<number | string>`coalesce(sum(d.outgoing), 0)`.as('outgoing'),
      ])
      .groupBy(['d.item_id', 'd.warehouse_id', 'd.kind'])
      .execute();
    for (const r of rows) out.push({ ...r, incoming: n(r.incoming), outgoing: n(r.outgoing) });
  }
  // One query per edge: each is a short range of the time index.
  for (const edge of edges) {
    const rows = await ledgerWhere(db, ctx, scope, edge)
      .select(LEDGER_SUMS)
      .groupBy(['l.item_id', 'l.warehouse_id', 'l.kind'])
      .execute();
    for (const r of rows) out.push({ ...r, incoming: n(r.incoming), outgoing: n(r.outgoing) });
  }
  return out;
}

/** On hand per item and warehouse when the period starts (0 with an employee filter). */
async function openings(db: Kysely<Database>, ctx: ReportContext, scope: Scope): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (ctx.employeeId !== null) return out;
  const window = timeWindow(ctx, ctx.range);
  const stretches = window.parts.map((p) => ({ locationIds: p.locationIds, start: null, end: p.start }));
  for (const r of await stretchSums(db, ctx, scope, stretches)) {
    const k = key(r.item_id, r.warehouse_id);
    out.set(k, (out.get(k) ?? 0) + r.incoming - r.outgoing);
  }
  return out;
}

interface Sums {
  itemId: number;
  warehouseId: number;
  in: number;
  out: number;
  byKind: Partial<Record<StockMovementKind, number>>;
}

async function sums(db: Kysely<Database>, ctx: ReportContext, range: DayRange, scope: Scope) {
  const rows =
    ctx.employeeId === null
      ? await stretchSums(
          db,
          ctx,
          scope,
          timeWindow(ctx, range).parts.map((p) => ({ locationIds: p.locationIds, start: p.start, end: p.end })),
        )
      : await ledger(db, ctx, range, 'in', scope)
          .select(LEDGER_SUMS)
          .groupBy(['l.item_id', 'l.warehouse_id', 'l.kind'])
          .execute();
  const out = new Map<string, Sums>();
  for (const r of rows) {
    const k = key(r.item_id, r.warehouse_id);
    const s = out.get(k) ?? { itemId: r.item_id, warehouseId: r.warehouse_id, in: 0, out: 0, byKind: {} };
    s.in += n(r.incoming);
    s.out += n(r.outgoing);
    s.byKind[r.kind] = (s.byKind[r.kind] ?? 0) + n(r.incoming) - n(r.outgoing);
    out.set(k, s);
  }
  return out;
}

function totalOf(m: Map<string, Sums>) {
  const t = { sold: 0, refunded: 0, in: 0, out: 0, change: 0 };
  for (const s of m.values()) {
    t.sold -= s.byKind.sale ?? 0;
    t.refunded += s.byKind.refund ?? 0;
    t.in += s.in;
    t.out += s.out;
  }
  t.change = t.in - t.out;
  return t;
}

const DOCUMENT_TABLES = {
  receipt: 'receipts',
  purchase_order: 'purchase_orders',
  transfer: 'transfers',
  adjustment: 'adjustments',
  count: 'stock_counts',
  production_order: 'production_orders',
} as const satisfies Record<StockDocumentType, keyof Database>;

/** The numbers of the documents behind a page of movements. */
async function documentNumbers(
  db: Kysely<Database>,
  companyId: number,
  documents: { type: StockDocumentType; id: number }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const byType = new Map<StockDocumentType, Set<number>>();
  for (const d of documents) byType.set(d.type, (byType.get(d.type) ?? new Set()).add(d.id));
  for (const [type, ids] of byType) {
    const table = DOCUMENT_TABLES[type] as 'transfers';
    const rows = await db
      .selectFrom(table)
      .select(['id', 'number'])
      .where('company_id', '=', companyId)
      .where('id', 'in', [...ids])
      .execute();
    for (const r of rows) out.set(`${type}|${r.id}`, n(r.number));
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
  const warehouses = (
    await db
      .selectFrom('warehouses')
      .select(['id', 'name', 'location_id'])
      .where('company_id', '=', ctx.companyId)
      .orderBy('name')
      .orderBy('id')
      .execute()
  ).map((w) => ({ id: w.id, name: w.name, locationId: w.location_id }));
  const item = q.item === undefined ? null : (items.find((i) => i.id === q.item) ?? null);
  if (q.item !== undefined && !item) throw fieldProblem('item', 'no such stock-tracked item');
  const warehouse = q.warehouse === undefined ? null : (warehouses.find((w) => w.id === q.warehouse) ?? null);
  if (q.warehouse !== undefined && !warehouse) throw fieldProblem('warehouse', 'no such warehouse');
  const scope: Scope = { itemId: item?.id ?? null, warehouseId: warehouse?.id ?? null };
  const locationName = new Map(ctx.locations.map((l) => [l.id, l.name]));
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  const warehouseOf = new Map(warehouses.map((w) => [w.id, w]));
  const placeOf = (warehouseId: number) => {
    const locationId = warehouseOf.get(warehouseId)?.locationId ?? null;
    return { locationId, location: locationId === null ? null : (locationName.get(locationId) ?? null) };
  };

  const opening = await openings(db, ctx, scope);
  const current = await sums(db, ctx, ctx.range, scope);
  const previous = ctx.previous ? await sums(db, ctx, ctx.previous, scope) : null;
  const summary: StockSummaryRow[] = [...current.values()]
    .map((s) => {
      const before = opening.get(key(s.itemId, s.warehouseId)) ?? 0;
      const change = s.in - s.out;
      return {
        itemId: s.itemId,
        name: itemName.get(s.itemId) ?? '',
        warehouseId: s.warehouseId,
        warehouse: warehouseOf.get(s.warehouseId)?.name ?? '',
        ...placeOf(s.warehouseId),
        opening: before,
        in: s.in,
        out: s.out,
        byKind: s.byKind,
        sold: -(s.byKind.sale ?? 0),
        refunded: s.byKind.refund ?? 0,
        change,
        closing: before + change,
      };
    })
    .sort(
      (a, b) =>
        a.name.localeCompare(b.name) ||
        (a.location ?? '').localeCompare(b.location ?? '') ||
        a.warehouse.localeCompare(b.warehouse) ||
        a.warehouseId - b.warehouseId,
    );

  let rows: StockMovementRow[] = [];
  let count = 0;
  const pageSize = q.all ? REPORT_LIMITS.exportMax : q.pageSize;
  const page = q.all ? 1 : q.page;
  if (item) {
    // One item's movements in the period: few enough to add up the running balance here.
    const all = await ledger(db, ctx, ctx.range, 'in', scope)
      .select([
        'l.id',
        'l.kind',
        'l.quantity',
        'l.reason',
        'l.document_type',
        'l.document_id',
        'l.warehouse_id',
        'l.created_at',
      ])
      .orderBy('l.created_at')
      .orderBy('l.id')
      .execute();
    const balance = new Map<number, number>();
    const moves = all.map((m) => {
      const quantity = n(m.quantity);
      const now = (balance.get(m.warehouse_id) ?? opening.get(key(item.id, m.warehouse_id)) ?? 0) + quantity;
      balance.set(m.warehouse_id, now);
      return { ...m, quantity, balance: now };
    });
    count = moves.length;
    // Newest first, as every list of events (the balances above run from the oldest).
    moves.reverse();
    const slice = moves.slice((page - 1) * pageSize, page * pageSize);
    const numbers = await documentNumbers(
      db,
      ctx.companyId,
      slice.map((m) => ({ type: m.document_type, id: m.document_id })),
    );
    rows = slice.map((m) => {
      const place = placeOf(m.warehouse_id);
      const number = numbers.get(`${m.document_type}|${m.document_id}`) ?? null;
      const isReceipt = m.document_type === 'receipt';
      return {
        id: m.id,
        at: n(m.created_at),
        localTime: localStamp(n(m.created_at), zoneOf(ctx, place.locationId)),
        kind: m.kind,
        document: { type: m.document_type, id: m.document_id, number },
        receiptId: isReceipt ? m.document_id : null,
        receiptNumber: isReceipt ? number : null,
        warehouseId: m.warehouse_id,
        warehouse: warehouseOf.get(m.warehouse_id)?.name ?? '',
        ...place,
        quantity: m.quantity,
        reason: m.reason,
        balance: m.balance,
      };
    });
  }
  return {
    ...reportMeta(ctx),
    items,
    warehouses,
    summary,
    item,
    warehouse: warehouse ? { id: warehouse.id, name: warehouse.name } : null,
    rows,
    total: count,
    page,
    pageSize,
    totals: { current: totalOf(current), previous: previous ? totalOf(previous) : null },
  };
}
