import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  productionOrderInputSchema,
  productionTemplateInputSchema,
  type ProductionOrder,
  type ProductionTemplate,
  type ProductionTemplateInput,
} from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { nextNumber } from '../../platform/db/counters';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, conflictOr, fieldProblem, idParam, money, noStore, notFound } from '../merchant';
import { postLedger } from './ledger';
import { checkItems, checkWarehouse, costOf, inventoryOptions, userNames, type Db } from './common';

const TEMPLATES_PAGE = '/production_templates';
const ORDERS_PAGE = '/production_orders';
const NAME_TAKEN = 'another recipe already has this name';

async function loadTemplates(db: Db, companyId: number, only?: number): Promise<ProductionTemplate[]> {
  let query = db
    .selectFrom('production_templates as t')
    .innerJoin('items as o', 'o.id', 't.output_item_id')
    .selectAll('t')
    .select('o.name as output_name')
    .where('t.company_id', '=', companyId);
  if (only !== undefined) query = query.where('t.id', '=', only);
  const rows = await query
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  if (rows.length === 0) return [];
  const ingredients = await db
    .selectFrom('production_template_ingredients as g')
    .innerJoin('items as i', 'i.id', 'g.item_id')
    .select(['g.template_id', 'g.item_id', 'i.name', 'g.quantity', 'i.cost_cents'])
    .where('g.company_id', '=', companyId)
    .where(
      'g.template_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('g.position')
    .execute();
  return rows.map((r) => {
    const own = ingredients.filter((g) => g.template_id === r.id);
    const batchCents = own.reduce((s, g) => s + Number(g.quantity) * Number(g.cost_cents), 0);
    return {
      id: r.id,
      name: r.name,
      outputItemId: r.output_item_id,
      outputItemName: r.output_name,
      outputQuantity: Number(r.output_quantity),
      note: r.note,
      active: Number(r.active) === 1,
      ingredients: own.map((g) => ({
        itemId: g.item_id,
        itemName: g.name,
        quantity: Number(g.quantity),
        unitCost: costOf(g.cost_cents),
      })),
      batchCost: money(batchCents),
      unitCost: money(Math.round(batchCents / Number(r.output_quantity))),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  });
}

async function loadTemplate(db: Db, companyId: number, id: number): Promise<ProductionTemplate> {
  const [template] = await loadTemplates(db, companyId, id);
  if (!template) throw notFound('production template');
  return template;
}

async function writeIngredients(trx: Db, companyId: number, templateId: number, input: ProductionTemplateInput) {
  await trx
    .deleteFrom('production_template_ingredients')
    .where('company_id', '=', companyId)
    .where('template_id', '=', templateId)
    .execute();
  await trx
    .insertInto('production_template_ingredients')
    .values(
      input.ingredients.map((g, position) => ({
        company_id: companyId,
        template_id: templateId,
        item_id: g.itemId,
        position,
        quantity: g.quantity,
      })),
    )
    .execute();
}

async function checkTemplate(db: Db, companyId: number, input: ProductionTemplateInput) {
  await checkItems(db, companyId, [input.outputItemId], 'outputItemId');
  await checkItems(
    db,
    companyId,
    input.ingredients.map((g) => g.itemId),
    'ingredients',
  );
}

/** `/api/backoffice/inventory/production_templates`: recipes (output item and quantity from ingredients). */
export function productionTemplatesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, TEMPLATES_PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadTemplates(db, merchantOf(res).companyId) });
  });
  router.get('/options', async (_req, res) => {
    noStore(res).json(await inventoryOptions(db, merchantOf(res).companyId));
  });
  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadTemplate(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(productionTemplateInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await checkTemplate(db, companyId, input);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('production_templates')
          .values({
            company_id: companyId,
            name: input.name,
            output_item_id: input.outputItemId,
            output_quantity: input.outputQuantity,
            note: input.note,
            active: input.active ? 1 : 0,
            created_by: userId,
            created_at: now,
            updated_by: userId,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeIngredients(trx, companyId, row.id, input);
        return row.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadTemplate(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(productionTemplateInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await loadTemplate(db, companyId, id);
    await checkTemplate(db, companyId, input);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('production_templates')
          .set({
            name: input.name,
            output_item_id: input.outputItemId,
            output_quantity: input.outputQuantity,
            note: input.note,
            active: input.active ? 1 : 0,
            updated_by: userId,
            updated_at: ctx.now(),
          })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        await writeIngredients(trx, companyId, id, input);
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadTemplate(db, companyId, id));
  });

  // Orders made from it keep what they made (their template becomes none).
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await loadTemplate(db, companyId, id);
    await db.deleteFrom('production_templates').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  return router;
}

async function loadOrders(db: Db, companyId: number, only?: number): Promise<ProductionOrder[]> {
  let query = db
    .selectFrom('production_orders as p')
    .innerJoin('warehouses as w', 'w.id', 'p.warehouse_id')
    .innerJoin('items as o', 'o.id', 'p.output_item_id')
    .leftJoin('production_templates as t', 't.id', 'p.template_id')
    .selectAll('p')
    .select(['w.name as warehouse_name', 'o.name as output_name', 't.name as template_name'])
    .where('p.company_id', '=', companyId);
  if (only !== undefined) query = query.where('p.id', '=', only);
  const rows = await query.orderBy('p.number', 'desc').limit(1000).execute();
  const names = await userNames(
    db,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    templateId: r.template_id,
    templateName: r.template_name ?? null,
    warehouseId: r.warehouse_id,
    warehouseName: r.warehouse_name,
    batches: Number(r.batches),
    outputItemId: r.output_item_id,
    outputItemName: r.output_name,
    outputQuantity: Number(r.output_quantity),
    outputUnitCost: costOf(r.output_unit_cost_cents),
    note: r.note,
    createdBy: r.created_by === null ? null : (names.get(r.created_by) ?? null),
    createdAt: Number(r.created_at),
  }));
}

/**
 * `/api/backoffice/inventory/production_orders`: produce N batches of a recipe in a warehouse:
 * the ingredients are consumed at their average cost and the output added at their sum (its
 * average cost moves), in one transaction. Short ingredients: 409 insufficient_stock with the
 * shortages, unless the company allows negative stock.
 */
export function productionOrdersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, ORDERS_PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadOrders(db, merchantOf(res).companyId) });
  });
  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    noStore(res).json({
      ...(await inventoryOptions(db, companyId)),
      templates: (await loadTemplates(db, companyId)).filter((t) => t.active),
    });
  });
  router.get('/:id', async (req, res) => {
    const [row] = await loadOrders(db, merchantOf(res).companyId, idParam(req.params.id));
    if (!row) throw notFound('production order');
    noStore(res).json(row);
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(productionOrderInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await checkWarehouse(db, companyId, input.warehouseId);
    const exists = await db
      .selectFrom('production_templates')
      .select('active')
      .where('id', '=', input.templateId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!exists || Number(exists.active) !== 1) throw fieldProblem('templateId', 'choose one of the options');
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const template = (await loadTemplates(trx, companyId, input.templateId))[0]!;
      const costs = new Map(
        (
          await trx
            .selectFrom('items')
            .select(['id', 'cost_cents'])
            .where('company_id', '=', companyId)
            .where(
              'id',
              'in',
              template.ingredients.map((g) => g.itemId),
            )
            .execute()
        ).map((i) => [i.id, Number(i.cost_cents)]),
      );
      const batchCents = template.ingredients.reduce((s, g) => s + g.quantity * (costs.get(g.itemId) ?? 0), 0);
      const unitCents = Math.round(batchCents / template.outputQuantity);
      const outputQuantity = template.outputQuantity * input.batches;
      const number = await nextNumber(trx, companyId, 'production_order');
      const row = await trx
        .insertInto('production_orders')
        .values({
          company_id: companyId,
          number,
          template_id: template.id,
          warehouse_id: input.warehouseId,
          batches: input.batches,
          output_item_id: template.outputItemId,
          output_quantity: outputQuantity,
          output_unit_cost_cents: unitCents,
          note: input.note,
          created_by: userId,
          created_at: now,
          updated_by: userId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await postLedger(trx, {
        companyId,
        documentType: 'production_order',
        documentId: row.id,
        userId,
        now,
        refuseShortage: true,
        entries: [
          ...template.ingredients.map((g) => ({
            itemId: g.itemId,
            warehouseId: input.warehouseId,
            kind: 'production_consumption' as const,
            quantity: -g.quantity * input.batches,
            unitCostCents: costs.get(g.itemId) ?? 0,
          })),
          {
            itemId: template.outputItemId,
            warehouseId: input.warehouseId,
            kind: 'production_output' as const,
            quantity: outputQuantity,
            unitCostCents: unitCents,
            updatesAverage: true,
          },
        ],
      });
      return row.id;
    });
    const [created] = await loadOrders(db, companyId, id);
    noStore(res).status(201).json(created);
  });

  return router;
}
