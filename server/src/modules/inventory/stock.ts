import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  countInputSchema,
  inventorySettingsInputSchema,
  stockQuerySchema,
  thresholdInputSchema,
  type StockCount,
  type StockCountSummary,
  type StockList,
  type StockQuery,
  type StockRow,
} from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { nextNumber } from '../../platform/db/counters';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  type ExportColumn,
  merchantOf,
  requirePage,
  containsPattern,
  idParam,
  ilike,
  money,
  noStore,
  notFound,
} from '../merchant';
import { allowsNegativeStock, postLedger } from './ledger';
import { checkItems, checkWarehouse, inventoryOptions, isPostgres, userNames, type Db } from './common';

const PAGE = '/stock';

/** Every stock-tracked item in every active warehouse (or one), with on hand, threshold and value. */
export async function stockRows(db: Db, companyId: number, q: StockQuery): Promise<StockRow[]> {
  let query = db
    .selectFrom('items as i')
    .innerJoin('warehouses as w', (join) => join.on('w.company_id', '=', companyId).on('w.active', '=', 1))
    .leftJoin('stock_levels as s', (join) => join.onRef('s.item_id', '=', 'i.id').onRef('s.warehouse_id', '=', 'w.id'))
    .select([
      'i.id as item_id',
      'i.name as item_name',
      'i.sku',
      'i.cost_cents',
      'w.id as warehouse_id',
      'w.name as warehouse_name',
      's.on_hand',
      's.low_stock',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.track_stock', '=', 1);
  if (q.warehouseId !== undefined) query = query.where('w.id', '=', q.warehouseId);
  if (q.search) query = query.where(ilike('i.name', containsPattern(q.search)));
  if (q.low === 'true') {
    query = query.where('s.low_stock', 'is not', null).whereRef('s.on_hand', '<=', 's.low_stock');
  }
  const rows = await query
    .orderBy(sql`lower(i.name)`)
    .orderBy('i.id')
    .orderBy(sql`lower(w.name)`)
    .execute();
  return rows.map((r) => {
    const onHand = Number(r.on_hand ?? 0);
    const lowStock = r.low_stock === null || r.low_stock === undefined ? null : Number(r.low_stock);
    const cost = Number(r.cost_cents);
    return {
      itemId: r.item_id,
      itemName: r.item_name,
      sku: r.sku,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      onHand,
      lowStock,
      low: lowStock !== null && onHand <= lowStock,
      averageCost: money(cost),
      value: onHand > 0 ? money(onHand * cost) : 0,
    };
  });
}

const CSV_COLUMNS: ExportColumn<StockRow>[] = [
  { header: 'item', value: (r) => r.itemName },
  { header: 'sku', value: (r) => r.sku },
  { header: 'warehouse', value: (r) => r.warehouseName },
  { header: 'on_hand', value: (r) => r.onHand },
  { header: 'low_stock_at', value: (r) => r.lowStock ?? '' },
  { header: 'average_cost', value: (r) => r.averageCost.toFixed(2), decimal: true },
  { header: 'value', value: (r) => r.value.toFixed(2), decimal: true },
];

/** `/api/backoffice/inventory/stock`: on hand per item and warehouse, thresholds, value, CSV. */
export function stockRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(stockQuerySchema, req.query);
    const rows = await stockRows(db, merchantOf(res).companyId, q);
    const body: StockList = {
      rows,
      totals: {
        units: rows.reduce((s, r) => s + r.onHand, 0),
        value: money(rows.reduce((s, r) => s + Math.round(r.value * 100), 0)),
        lowCount: rows.filter((r) => r.low).length,
      },
    };
    noStore(res).json(body);
  });

  router.get('/export', async (req, res) => {
    const q = parseOrThrow(stockQuerySchema, req.query);
    const rows = await stockRows(db, merchantOf(res).companyId, q);
    await sendExport(ctx.db, req, res, { name: 'stock', now: ctx.now() }, CSV_COLUMNS, rows);
  });

  router.get('/options', async (_req, res) => {
    noStore(res).json(await inventoryOptions(db, merchantOf(res).companyId));
  });

  router.put('/threshold', async (req, res) => {
    const input = parseOrThrow(thresholdInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkWarehouse(db, companyId, input.warehouseId);
    await checkItems(db, companyId, [input.itemId], 'itemId');
    const now = ctx.now();
    await db
      .insertInto('stock_levels')
      .values({
        company_id: companyId,
        item_id: input.itemId,
        warehouse_id: input.warehouseId,
        on_hand: 0,
        low_stock: input.lowStock,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['item_id', 'warehouse_id']).doUpdateSet({ low_stock: input.lowStock, updated_at: now }),
      )
      .execute();
    const [row] = await stockRows(db, companyId, { warehouseId: input.warehouseId }).then((rows) =>
      rows.filter((r) => r.itemId === input.itemId),
    );
    noStore(res).json(row);
  });

  return router;
}

/** `/api/backoffice/inventory/settings`: allow negative stock (page /stock). */
export function inventorySettingsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));
  router.get('/', async (_req, res) => {
    noStore(res).json({ allowNegativeStock: await allowsNegativeStock(db, merchantOf(res).companyId) });
  });
  router.put('/', async (req, res) => {
    const input = parseOrThrow(inventorySettingsInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const flag = input.allowNegativeStock ? 1 : 0;
    const now = ctx.now();
    await db
      .insertInto('inventory_settings')
      .values({ company_id: companyId, allow_negative_stock: flag, updated_at: now })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ allow_negative_stock: flag, updated_at: now }))
      .execute();
    noStore(res).json({ allowNegativeStock: input.allowNegativeStock });
  });
  return router;
}

/** Per count: items counted, the units' difference and its value (the ledger rows, at their cost). */
async function countTotals(
  db: Db,
  companyId: number,
  ids: number[],
): Promise<Map<number, { itemCount: number; unitsDifference: number; valueCents: number }>> {
  const totals = new Map<number, { itemCount: number; unitsDifference: number; valueCents: number }>();
  if (ids.length === 0) return totals;
  const lines = await db
    .selectFrom('stock_count_lines')
    .select([
      'count_id',
      sql<number>`count(*)`.as('items'),
      sql<number>`coalesce(sum(counted - expected), 0)`.as('units'),
    ])
    .where('company_id', '=', companyId)
    .where('count_id', 'in', ids)
    .groupBy('count_id')
    .execute();
  for (const l of lines) {
    totals.set(l.count_id, { itemCount: Number(l.items), unitsDifference: Number(l.units), valueCents: 0 });
  }
  const values = await db
    .selectFrom('stock_ledger')
    .select(['document_id', sql<number>`coalesce(sum(quantity * unit_cost_cents), 0)`.as('cents')])
    .where('company_id', '=', companyId)
    .where('document_type', '=', 'count')
    .where('document_id', 'in', ids)
    .groupBy('document_id')
    .execute();
  for (const v of values) {
    const total = totals.get(v.document_id);
    if (total) total.valueCents = Number(v.cents);
  }
  return totals;
}

async function loadCount(db: Db, companyId: number, id: number): Promise<StockCount> {
  const row = await db
    .selectFrom('stock_counts as c')
    .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
    .select([
      'c.id',
      'c.number',
      'c.warehouse_id',
      'w.name as warehouse_name',
      'c.note',
      'c.created_by',
      'c.created_at',
    ])
    .where('c.company_id', '=', companyId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('count');
  const lines = await db
    .selectFrom('stock_count_lines as l')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .select(['l.item_id', 'i.name', 'l.expected', 'l.counted'])
    .where('l.company_id', '=', companyId)
    .where('l.count_id', '=', id)
    .orderBy('l.position')
    .execute();
  const names = await userNames(db, [row.created_by]);
  const totals = await countTotals(db, companyId, [id]);
  return {
    id: row.id,
    number: Number(row.number),
    warehouseId: row.warehouse_id,
    warehouseName: row.warehouse_name,
    note: row.note,
    lines: lines.map((l) => ({
      itemId: l.item_id,
      itemName: l.name,
      expected: Number(l.expected),
      counted: Number(l.counted),
      difference: Number(l.counted) - Number(l.expected),
    })),
    valueDifference: money(totals.get(id)?.valueCents ?? 0),
    createdBy: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    createdAt: Number(row.created_at),
  };
}

/**
 * `/api/backoffice/inventory/counts` (page /stock): an inventory count sets what was counted as
 * on hand; each line's difference is one `count` row of the ledger. Applied when it is created.
 */
export function countsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const rows = await db
      .selectFrom('stock_counts as c')
      .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
      .select([
        'c.id',
        'c.number',
        'c.warehouse_id',
        'w.name as warehouse_name',
        'c.note',
        'c.created_by',
        'c.created_at',
      ])
      .where('c.company_id', '=', companyId)
      .orderBy('c.number', 'desc')
      .limit(500)
      .execute();
    const ids = rows.map((r) => r.id);
    const [names, totals] = await Promise.all([
      userNames(
        db,
        rows.map((r) => r.created_by),
      ),
      countTotals(db, companyId, ids),
    ]);
    const list: StockCountSummary[] = rows.map((r) => {
      const total = totals.get(r.id);
      return {
        id: r.id,
        number: Number(r.number),
        warehouseId: r.warehouse_id,
        warehouseName: r.warehouse_name,
        note: r.note,
        itemCount: total?.itemCount ?? 0,
        unitsDifference: total?.unitsDifference ?? 0,
        valueDifference: money(total?.valueCents ?? 0),
        createdBy: r.created_by === null ? null : (names.get(r.created_by) ?? null),
        createdAt: Number(r.created_at),
      };
    });
    noStore(res).json({ rows: list });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadCount(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(countInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await checkWarehouse(db, companyId, input.warehouseId);
    await checkItems(
      db,
      companyId,
      input.lines.map((l) => l.itemId),
    );
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const itemIds = input.lines.map((l) => l.itemId).sort((a, b) => a - b);
      // The expected quantities must not move under the count: lock the levels (or create them).
      await trx
        .insertInto('stock_levels')
        .values(
          itemIds.map((itemId) => ({
            company_id: companyId,
            item_id: itemId,
            warehouse_id: input.warehouseId,
            on_hand: 0,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['item_id', 'warehouse_id']).doNothing())
        .execute();
      const lock = isPostgres(trx) ? sql` for update` : sql``;
      const levels = await sql<{
        item_id: number;
        on_hand: number;
      }>`select item_id, on_hand from stock_levels where warehouse_id = ${input.warehouseId} and item_id in (${sql.join(itemIds)}) order by item_id${lock}`.execute(
        trx,
      );
      const onHand = new Map(levels.rows.map((r) => [Number(r.item_id), Number(r.on_hand)]));
      const number = await nextNumber(trx, companyId, 'stock_count');
      const count = await trx
        .insertInto('stock_counts')
        .values({
          company_id: companyId,
          number,
          warehouse_id: input.warehouseId,
          note: input.note,
          created_by: userId,
          created_at: now,
          updated_by: userId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('stock_count_lines')
        .values(
          input.lines.map((l, position) => ({
            company_id: companyId,
            count_id: count.id,
            item_id: l.itemId,
            position,
            expected: onHand.get(l.itemId) ?? 0,
            counted: l.counted,
          })),
        )
        .execute();
      await postLedger(trx, {
        companyId,
        documentType: 'count',
        documentId: count.id,
        userId,
        now,
        refuseShortage: false,
        entries: input.lines.map((l) => ({
          itemId: l.itemId,
          warehouseId: input.warehouseId,
          kind: 'count' as const,
          quantity: l.counted - (onHand.get(l.itemId) ?? 0),
        })),
      });
      return count.id;
    });
    noStore(res)
      .status(201)
      .json(await loadCount(db, companyId, id));
  });

  return router;
}
