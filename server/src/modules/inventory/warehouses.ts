import express, { type Router } from 'express';
import { sql } from 'kysely';
import { warehouseInputSchema, type Warehouse } from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  merchantOf,
  requirePage,
  conflictOr,
  fieldProblem,
  idParam,
  money,
  noStore,
  notFound,
  refused,
  type ExportColumn,
} from '../merchant';
import { locationOptions } from '../devices';
import type { Db } from './common';

const PAGE = '/warehouses';
const NAME_TAKEN = 'another warehouse already has this name';

async function loadWarehouses(db: Db, companyId: number, only?: number): Promise<Warehouse[]> {
  let query = db
    .selectFrom('warehouses as w')
    .leftJoin('locations as l', 'l.id', 'w.location_id')
    .where('w.company_id', '=', companyId)
    .select([
      'w.id',
      'w.name',
      'w.location_id',
      'l.name as location_name',
      'w.is_default',
      'w.active',
      'w.created_at',
      'w.updated_at',
    ]);
  if (only !== undefined) query = query.where('w.id', '=', only);
  const rows = await query
    .orderBy(sql`lower(w.name)`)
    .orderBy('w.id')
    .execute();
  if (rows.length === 0) return [];
  const sums = await db
    .selectFrom('stock_levels as s')
    .innerJoin('items as i', 'i.id', 's.item_id')
    .select([
      's.warehouse_id',
      sql<number>`coalesce(sum(s.on_hand), 0)`.as('units'),
      sql<number>`coalesce(sum(case when s.on_hand > 0 then s.on_hand * i.cost_cents else 0 end), 0)`.as('value'),
    ])
    .where('s.company_id', '=', companyId)
    .where(
      's.warehouse_id',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('s.warehouse_id')
    .execute();
  const byId = new Map(sums.map((s) => [s.warehouse_id, s]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    locationId: r.location_id,
    locationName: r.location_name ?? null,
    isDefault: Number(r.is_default) === 1,
    active: Number(r.active) === 1,
    units: Number(byId.get(r.id)?.units ?? 0),
    value: money(Number(byId.get(r.id)?.value ?? 0)),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

async function loadWarehouse(db: Db, companyId: number, id: number): Promise<Warehouse> {
  const [warehouse] = await loadWarehouses(db, companyId, id);
  if (!warehouse) throw notFound('warehouse');
  return warehouse;
}

async function checkLocationId(db: Db, companyId: number, locationId: number | null): Promise<void> {
  if (locationId === null) return;
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw fieldProblem('locationId', 'choose one of the options');
}

/** `/api/backoffice/inventory/warehouses`: each location's own warehouse and extra ones (a back room). */
const CSV_COLUMNS: ExportColumn<Warehouse>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'location', value: (r) => r.locationName ?? '' },
  { header: 'default', value: (r) => (r.isDefault ? 'yes' : 'no') },
  { header: 'units', value: (r) => r.units },
  { header: 'value', value: (r) => r.value.toFixed(2), decimal: true },
  { header: 'active', value: (r) => (r.active ? 'yes' : 'no') },
];

export function warehousesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadWarehouses(db, merchantOf(res).companyId) });
  });

  router.get('/export', async (req, res) => {
    const rows = await loadWarehouses(db, merchantOf(res).companyId);
    await sendExport(ctx.db, req, res, { name: 'warehouses', now: ctx.now() }, CSV_COLUMNS, rows);
  });

  router.get('/options', async (_req, res) => {
    noStore(res).json({ locations: await locationOptions(db, merchantOf(res).companyId) });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadWarehouse(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(warehouseInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkLocationId(db, companyId, input.locationId);
    const now = ctx.now();
    const row = await db
      .insertInto('warehouses')
      .values({
        company_id: companyId,
        name: input.name,
        location_id: input.locationId,
        is_default: 0,
        active: input.active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadWarehouse(db, companyId, row.id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(warehouseInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const current = await loadWarehouse(db, companyId, id);
    await checkLocationId(db, companyId, input.locationId);
    if (current.isDefault && (input.locationId !== current.locationId || !input.active)) {
      throw refused(
        'default_warehouse',
        'A location’s own warehouse stays with its location and active (its register sales move its stock).',
      );
    }
    await db
      .updateTable('warehouses')
      .set({ name: input.name, location_id: input.locationId, active: input.active ? 1 : 0, updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadWarehouse(db, companyId, id));
  });

  // Only an extra warehouse that never held stock; otherwise deactivate it (its history stays).
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const current = await loadWarehouse(db, companyId, id);
    if (current.isDefault) throw refused('default_warehouse', 'A location’s own warehouse goes with its location.');
    const used = await db
      .selectFrom('stock_ledger')
      .select('id')
      .where('company_id', '=', companyId)
      .where('warehouse_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    const documents = await Promise.all(
      (
        [
          ['purchase_orders', 'warehouse_id'],
          ['transfers', 'from_warehouse_id'],
          ['transfers', 'to_warehouse_id'],
          ['adjustments', 'warehouse_id'],
          ['stock_counts', 'warehouse_id'],
          ['production_orders', 'warehouse_id'],
        ] as const
      ).map(([table, column]) =>
        sql<{
          id: number;
        }>`select id from ${sql.table(table)} where company_id = ${companyId} and ${sql.ref(column)} = ${id} limit 1`
          .execute(db)
          .then((r) => r.rows.length > 0),
      ),
    );
    if (used || documents.some(Boolean)) {
      throw refused('warehouse_in_use', 'This warehouse has stock history or documents: deactivate it instead.');
    }
    await db.deleteFrom('stock_levels').where('company_id', '=', companyId).where('warehouse_id', '=', id).execute();
    await db.deleteFrom('warehouses').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  return router;
}
