import { expandBundles, setItemCost } from '../catalog';
import { sql } from 'kysely';
import { HttpError } from '../../platform/http';
import type { LedgerDocument, LedgerKind } from './tables';
import { isPostgres, type Db } from './common';
import { chunks } from '../../platform/db/chunks';

/*
 * The stock ledger: the one writer of stock. Every document that changes stock (a sale or refund
 * from a register, a receipt of goods, a transfer, an adjustment, a count, a production order)
 * calls postLedger once, inside the document's own transaction, so a document is applied whole or
 * not at all. It
 *   1. locks the items whose average cost moves (PostgreSQL: FOR NO KEY UPDATE, in id order) and
 *      moves it: new average = (on hand x average + received x cost) / (on hand + received), the
 *      cost itself when nothing (or less than nothing) was on hand;
 *   2. adds the quantities to the kept totals (stock_levels) with one atomic
 *      INSERT ... ON CONFLICT DO UPDATE SET on_hand = on_hand + excluded ... RETURNING, rows in
 *      (item, warehouse) order so two documents never deadlock; PostgreSQL queues concurrent
 *      writers on the row, SQLite runs one transaction at a time: no update is ever lost;
 *   3. refuses (409 insufficient_stock with every shortage) when a document that takes stock out
 *      would leave a warehouse below zero, unless the company allows negative stock. Sales at the
 *      register are never refused (the goods have left the shop already);
 *   4. writes one ledger row per entry.
 * stock_levels.on_hand is always the sum of the ledger (test: inventory.test.ts recomputes it).
 */

/** The length of a stock_ledger_days day: UTC days, the same wherever the warehouse is. */
export const LEDGER_DAY_MS = 86_400_000;

export interface LedgerEntry {
  itemId: number;
  warehouseId: number;
  kind: LedgerKind;
  /** Signed: positive into the warehouse, negative out of it. */
  quantity: number;
  /** The cost of this movement; the item's average cost when left out. */
  unitCostCents?: number;
  /** Goods bought or made at `unitCostCents`: the item's average cost moves (receipts, production output). */
  updatesAverage?: boolean;
  reason?: string;
  /** Another document of the same type than the post's (a batch of register receipts in one post). */
  documentId?: number;
  /** When it happened, if not `now` (a receipt's sale time). */
  at?: number;
}

export interface LedgerPost {
  companyId: number;
  documentType: LedgerDocument;
  documentId: number;
  userId: number | null;
  now: number;
  entries: LedgerEntry[];
  /** Refuse a result below zero where stock goes out (unless the company allows negative stock). */
  refuseShortage: boolean;
}

export interface Shortage {
  itemId: number;
  warehouseId: number;
  /** On hand before the document. */
  onHand: number;
  /** What the document takes out. */
  needed: number;
}

export function shortageError(shortages: Shortage[]): HttpError {
  return new HttpError(409, {
    error: 'insufficient_stock',
    message: `Not enough stock: ${shortages.length} item(s) would go below zero.`,
    shortages,
  });
}

export async function allowsNegativeStock(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('inventory_settings')
    .select('allow_negative_stock')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(row?.allow_negative_stock ?? 0) === 1;
}

/** Writes the entries of one document (see above). Returns the on-hand totals after it, per `item:warehouse`. */
export async function postLedger(trx: Db, post: LedgerPost): Promise<Map<string, number>> {
  const { companyId, now } = post;
  const entries = post.entries.filter((e) => e.quantity !== 0);
  const after = new Map<string, number>();
  if (entries.length === 0) return after;
  const itemIds = [...new Set(entries.map((e) => e.itemId))].sort((a, b) => a - b);

  // 1. Average cost, under the items' locks.
  const costed = [...new Set(entries.filter((e) => e.updatesAverage && e.quantity > 0).map((e) => e.itemId))].sort(
    (a, b) => a - b,
  );
  if (costed.length > 0 && isPostgres(trx)) {
    await sql`select id from items where company_id = ${companyId} and id in (${sql.join(costed)}) order by id for no key update`.execute(
      trx,
    );
  }
  const costs = new Map<number, number>();
  for (const part of chunks(itemIds, 500)) {
    const rows = await trx
      .selectFrom('items')
      .select(['id', 'cost_cents'])
      .where('company_id', '=', companyId)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) costs.set(r.id, Number(r.cost_cents));
  }
  if (costed.length > 0) {
    const totals = await trx
      .selectFrom('stock_levels')
      .select(['item_id', sql<number>`coalesce(sum(on_hand), 0)`.as('n')])
      .where('company_id', '=', companyId)
      .where('item_id', 'in', costed)
      .groupBy('item_id')
      .execute();
    const onHand = new Map(totals.map((t) => [t.item_id, Number(t.n)]));
    for (const itemId of costed) {
      let quantity = onHand.get(itemId) ?? 0;
      let average = costs.get(itemId) ?? 0;
      for (const e of entries) {
        if (e.itemId !== itemId || !e.updatesAverage || e.quantity <= 0) continue;
        const cost = e.unitCostCents ?? average;
        average = quantity <= 0 ? cost : Math.round((quantity * average + e.quantity * cost) / (quantity + e.quantity));
        quantity += e.quantity;
      }
      if (average !== costs.get(itemId)) {
        await setItemCost(trx, companyId, itemId, average, now);
      }
      costs.set(itemId, average);
    }
  }

  // 2. The kept totals, one atomic upsert, rows in a fixed order.
  const sums = new Map<string, { itemId: number; warehouseId: number; quantity: number; out: number }>();
  for (const e of entries) {
    const key = `${e.itemId}:${e.warehouseId}`;
    const sum = sums.get(key) ?? { itemId: e.itemId, warehouseId: e.warehouseId, quantity: 0, out: 0 };
    sum.quantity += e.quantity;
    if (e.quantity < 0) sum.out -= e.quantity;
    sums.set(key, sum);
  }
  const ordered = [...sums.values()].sort((a, b) => a.itemId - b.itemId || a.warehouseId - b.warehouseId);
  for (const part of chunks(ordered, 500)) {
    const rows = await trx
      .insertInto('stock_levels')
      .values(
        part.map((s) => ({
          company_id: companyId,
          item_id: s.itemId,
          warehouse_id: s.warehouseId,
          on_hand: s.quantity,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['item_id', 'warehouse_id']).doUpdateSet((eb) => ({
          on_hand: eb('stock_levels.on_hand', '+', eb.ref('excluded.on_hand')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning(['item_id', 'warehouse_id', 'on_hand'])
      .execute();
    for (const r of rows) after.set(`${r.item_id}:${r.warehouse_id}`, Number(r.on_hand));
  }

  // 3. Shortages.
  if (post.refuseShortage && !(await allowsNegativeStock(trx, companyId))) {
    const shortages: Shortage[] = [];
    for (const s of ordered) {
      const onHand = after.get(`${s.itemId}:${s.warehouseId}`) ?? 0;
      if (s.out > 0 && onHand < 0) {
        shortages.push({ itemId: s.itemId, warehouseId: s.warehouseId, onHand: onHand - s.quantity, needed: s.out });
      }
    }
    if (shortages.length > 0) throw shortageError(shortages);
  }

  // 4. The ledger rows.
  const rows = entries.map((e) => ({
    company_id: companyId,
    item_id: e.itemId,
    warehouse_id: e.warehouseId,
    kind: e.kind,
    quantity: e.quantity,
    unit_cost_cents: e.unitCostCents ?? costs.get(e.itemId) ?? 0,
    reason: e.reason ?? '',
    document_type: post.documentType,
    document_id: e.documentId ?? post.documentId,
    user_id: post.userId,
    created_at: e.at ?? now,
  }));
  for (const part of chunks(rows, 500)) await trx.insertInto('stock_ledger').values(part).execute();

  // 5. Their sums per UTC day (the stock movements report reads whole days from them), added to the
  // stored ones in key order like the totals above.
  const days = new Map<
    string,
    { day: number; item_id: number; warehouse_id: number; kind: LedgerKind; incoming: number; outgoing: number }
  >();
  for (const r of rows) {
    const day = Math.floor(r.created_at / LEDGER_DAY_MS);
    const key = `${day}:${r.item_id}:${r.warehouse_id}:${r.kind}`;
    const sum = days.get(key) ?? {
      day,
      item_id: r.item_id,
      warehouse_id: r.warehouse_id,
      kind: r.kind,
      incoming: 0,
      outgoing: 0,
    };
    if (r.quantity > 0) sum.incoming += r.quantity;
    else sum.outgoing -= r.quantity;
    days.set(key, sum);
  }
  const dayRows = [...days.values()].sort(
    (a, b) => a.day - b.day || a.item_id - b.item_id || a.warehouse_id - b.warehouse_id || a.kind.localeCompare(b.kind),
  );
  for (const part of chunks(dayRows, 500)) {
    await trx
      .insertInto('stock_ledger_days')
      .values(part.map((d) => ({ company_id: companyId, ...d })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'item_id', 'warehouse_id', 'kind']).doUpdateSet((eb) => ({
          incoming: eb('stock_ledger_days.incoming', '+', eb.ref('excluded.incoming')),
          outgoing: eb('stock_ledger_days.outgoing', '+', eb.ref('excluded.outgoing')),
        })),
      )
      .execute();
  }
  return after;
}

/**
 * Ledger entries of register sales and refunds: stock-tracked items leave (or come back to) the
 * default warehouse of the terminal's location, at the item's average cost. Called by the ingest
 * in the batch's transaction; a receipt without a location moves no stock.
 */
export async function postReceiptStock(
  trx: Db,
  receipt: {
    companyId: number;
    locationId: number | null;
    now: number;
    receipts: {
      id: number;
      kind: 'sale' | 'refund';
      at: number;
      lines: { itemId: number | null; quantity: number }[];
    }[];
  },
): Promise<void> {
  if (receipt.locationId === null) return;
  // A bundle sold moves its components' stock (Products catalog › Bundles).
  const expanded = await expandBundles(
    trx,
    receipt.companyId,
    receipt.receipts.map((r) => r.lines),
  );
  receipt = { ...receipt, receipts: receipt.receipts.map((r, k) => ({ ...r, lines: expanded[k]! })) };
  const itemIds = [
    ...new Set(receipt.receipts.flatMap((r) => r.lines.map((l) => l.itemId).filter((id): id is number => id !== null))),
  ];
  if (itemIds.length === 0) return;
  const warehouse = await trx
    .selectFrom('warehouses')
    .select('id')
    .where('company_id', '=', receipt.companyId)
    .where('location_id', '=', receipt.locationId)
    .where('is_default', '=', 1)
    .executeTakeFirst();
  if (!warehouse) return;
  const tracked = new Set<number>();
  for (const part of chunks(itemIds, 500)) {
    const rows = await trx
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', receipt.companyId)
      .where('track_stock', '=', 1)
      .where('id', 'in', part)
      .execute();
    for (const r of rows) tracked.add(r.id);
  }
  if (tracked.size === 0) return;
  // One post for the batch (one upsert, one insert); each ledger row points at its receipt.
  const entries: LedgerEntry[] = receipt.receipts.flatMap((r) =>
    r.lines
      .filter((l) => l.itemId !== null && tracked.has(l.itemId))
      .map((l) => ({
        itemId: l.itemId!,
        warehouseId: warehouse.id,
        kind: r.kind,
        quantity: r.kind === 'sale' ? -l.quantity : l.quantity,
        documentId: r.id,
        at: r.at,
      })),
  );
  if (entries.length === 0) return;
  await postLedger(trx, {
    companyId: receipt.companyId,
    documentType: 'receipt',
    documentId: entries[0]!.documentId!,
    userId: null,
    now: receipt.now,
    entries,
    refuseShortage: false,
  });
}
