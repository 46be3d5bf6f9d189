import express, { type Router } from 'express';
import { adjustmentInputSchema, type Adjustment } from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { nextNumber } from '../../platform/db/counters';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, cents, idParam, noStore, notFound } from '../merchant';
import { postLedger } from './ledger';
import { checkItems, checkWarehouse, costOf, inventoryOptions, userNames, type Db } from './common';

const PAGE = '/adjustment';

async function loadAdjustments(db: Db, companyId: number, only?: number): Promise<Adjustment[]> {
  let query = db
    .selectFrom('adjustments as a')
    .innerJoin('warehouses as w', 'w.id', 'a.warehouse_id')
    .selectAll('a')
    .select('w.name as warehouse_name')
    .where('a.company_id', '=', companyId);
  if (only !== undefined) query = query.where('a.id', '=', only);
  const rows = await query.orderBy('a.number', 'desc').limit(1000).execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('adjustment_lines as l')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .select(['l.adjustment_id', 'l.item_id', 'i.name', 'l.quantity', 'l.unit_cost_cents'])
    .where('l.company_id', '=', companyId)
    .where(
      'l.adjustment_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('l.position')
    .execute();
  const names = await userNames(
    db,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    warehouseId: r.warehouse_id,
    warehouseName: r.warehouse_name,
    reason: r.reason,
    note: r.note,
    lines: lines
      .filter((l) => l.adjustment_id === r.id)
      .map((l) => ({
        itemId: l.item_id,
        itemName: l.name,
        quantity: Number(l.quantity),
        unitCost: costOf(l.unit_cost_cents),
      })),
    createdBy: r.created_by === null ? null : (names.get(r.created_by) ?? null),
    createdAt: Number(r.created_at),
  }));
}

/**
 * `/api/backoffice/inventory/adjustments`: stock in or out with a reason (damage, loss, theft,
 * received without a PO, correction) and a note, applied when created. Goods received without a
 * PO move the average cost at the cost given; taking out more than is there is a 409 unless the
 * company allows negative stock.
 */
export function adjustmentsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadAdjustments(db, merchantOf(res).companyId) });
  });

  router.get('/options', async (_req, res) => {
    noStore(res).json(await inventoryOptions(db, merchantOf(res).companyId));
  });

  router.get('/:id', async (req, res) => {
    const [row] = await loadAdjustments(db, merchantOf(res).companyId, idParam(req.params.id));
    if (!row) throw notFound('adjustment');
    noStore(res).json(row);
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(adjustmentInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await checkWarehouse(db, companyId, input.warehouseId);
    await checkItems(
      db,
      companyId,
      input.lines.map((l) => l.itemId),
    );
    const now = ctx.now();
    const received = input.reason === 'received_without_po';
    const id = await db.transaction().execute(async (trx) => {
      const number = await nextNumber(trx, companyId, 'adjustment');
      const row = await trx
        .insertInto('adjustments')
        .values({
          company_id: companyId,
          number,
          warehouse_id: input.warehouseId,
          reason: input.reason,
          note: input.note,
          created_by: userId,
          created_at: now,
          updated_by: userId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const costs = new Map(
        (
          await trx
            .selectFrom('items')
            .select(['id', 'cost_cents'])
            .where('company_id', '=', companyId)
            .where(
              'id',
              'in',
              input.lines.map((l) => l.itemId),
            )
            .execute()
        ).map((i) => [i.id, Number(i.cost_cents)]),
      );
      const unitCost = (l: (typeof input.lines)[number]) =>
        received && l.quantity > 0 && l.cost !== null && l.cost !== undefined ? cents(l.cost) : costs.get(l.itemId)!;
      await trx
        .insertInto('adjustment_lines')
        .values(
          input.lines.map((l, position) => ({
            company_id: companyId,
            adjustment_id: row.id,
            item_id: l.itemId,
            position,
            quantity: l.quantity,
            unit_cost_cents: unitCost(l),
          })),
        )
        .execute();
      await postLedger(trx, {
        companyId,
        documentType: 'adjustment',
        documentId: row.id,
        userId,
        now,
        refuseShortage: true,
        entries: input.lines.map((l) => ({
          itemId: l.itemId,
          warehouseId: input.warehouseId,
          kind: 'adjustment' as const,
          quantity: l.quantity,
          unitCostCents: unitCost(l),
          updatesAverage: received && l.quantity > 0,
          reason: input.reason,
        })),
      });
      return row.id;
    });
    const [created] = await loadAdjustments(db, companyId, id);
    noStore(res).status(201).json(created);
  });

  return router;
}
