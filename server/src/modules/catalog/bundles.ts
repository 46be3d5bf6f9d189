import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  bundleInputSchema,
  type Bundle,
  type BundleInput,
  type BundleOptions,
} from '@hive/shared/schemas/backoffice/catalog';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  cents,
  conflictOr,
  fieldProblem,
  idParam,
  money,
  noStore,
  notFound,
  type Db,
} from '../merchant';
import { chunks } from '../../platform/db/chunks';
import { checkTaxIds, setItemTaxes } from '../settings';
import { deleteCatalogItem } from './items';

const PAGE = '/bundles';
const SKU_TAKEN = 'another item already has this SKU';

/**
 * Receipt lines with every bundle replaced by its components (quantity x each component's), for
 * the stock ledger: selling a bundle moves its components' stock, a refund of it puts them back.
 * Takes the lines of a whole batch of receipts (one list per receipt) and reads the components of
 * all of them at once, so that a batch costs one query whatever its size.
 */
export async function expandBundles<L extends { itemId: number | null; quantity: number }>(
  db: Db,
  companyId: number,
  receipts: readonly (readonly L[])[],
): Promise<{ itemId: number | null; quantity: number }[][]> {
  const ids = [...new Set(receipts.flatMap((lines) => lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId]))))];
  const own = new Map<number, { component_item_id: number; quantity: number }[]>();
  for (const part of chunks(ids, 500)) {
    const components = await db
      .selectFrom('bundle_components')
      .select(['bundle_item_id', 'component_item_id', 'quantity'])
      .where('company_id', '=', companyId)
      .where('bundle_item_id', 'in', part)
      .execute();
    for (const c of components) own.set(c.bundle_item_id, [...(own.get(c.bundle_item_id) ?? []), c]);
  }
  return receipts.map((lines) =>
    lines.flatMap((l) => {
      const parts = l.itemId === null ? undefined : own.get(l.itemId);
      if (!parts) return [{ itemId: l.itemId, quantity: l.quantity }];
      return parts.map((c) => ({ itemId: c.component_item_id, quantity: l.quantity * Number(c.quantity) }));
    }),
  );
}

async function loadBundles(db: Db, companyId: number, only?: number): Promise<Bundle[]> {
  let query = db
    .selectFrom('items as i')
    .leftJoin('categories as c', 'c.id', 'i.category_id')
    .select([
      'i.id',
      'i.name',
      'i.sku',
      'i.category_id',
      'c.name as category_name',
      'i.price_cents',
      'i.active',
      'i.updated_at',
    ])
    .where('i.company_id', '=', companyId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('bundle_components as b').select('b.bundle_item_id').whereRef('b.bundle_item_id', '=', 'i.id')),
    );
  if (only !== undefined) query = query.where('i.id', '=', only);
  const rows = await query.orderBy(sql`lower(i.name)`).execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [components, taxes] = await Promise.all([
    db
      .selectFrom('bundle_components as b')
      .innerJoin('items as i', 'i.id', 'b.component_item_id')
      .select(['b.bundle_item_id', 'b.component_item_id', 'b.quantity', 'i.name', 'i.cost_cents', 'i.track_stock'])
      .where('b.company_id', '=', companyId)
      .where('b.bundle_item_id', 'in', ids)
      .orderBy('b.position')
      .execute(),
    db
      .selectFrom('item_taxes')
      .select(['item_id', 'tax_rate_id'])
      .where('company_id', '=', companyId)
      .where('item_id', 'in', ids)
      .execute(),
  ]);
  return rows.map((r) => {
    const own = components
      .filter((c) => c.bundle_item_id === r.id)
      .map((c) => ({
        itemId: c.component_item_id,
        name: c.name,
        quantity: Number(c.quantity),
        cost: money(c.cost_cents),
        trackStock: Number(c.track_stock) === 1,
      }));
    const costCents = components
      .filter((c) => c.bundle_item_id === r.id)
      .reduce((s, c) => s + Number(c.quantity) * Number(c.cost_cents), 0);
    return {
      id: r.id,
      name: r.name,
      sku: r.sku,
      categoryId: r.category_id,
      categoryName: r.category_name,
      price: money(r.price_cents),
      taxIds: taxes.filter((t) => t.item_id === r.id).map((t) => t.tax_rate_id),
      active: Number(r.active) === 1,
      components: own,
      cost: money(costCents),
      margin: money(Number(r.price_cents) - costCents),
      updatedAt: Number(r.updated_at),
    };
  });
}

/** Components must be the company's items and not bundles themselves (nor the bundle). */
async function checkComponents(
  db: Db,
  companyId: number,
  input: BundleInput,
  bundleId: number | null,
): Promise<number> {
  const ids = input.components.map((c) => c.itemId);
  const rows = await db
    .selectFrom('items')
    .select(['id', 'cost_cents'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  const known = new Map(rows.map((r) => [r.id, Number(r.cost_cents)]));
  const nested = await db
    .selectFrom('bundle_components')
    .select('bundle_item_id')
    .where('bundle_item_id', 'in', ids)
    .execute();
  const bundles = new Set(nested.map((n) => n.bundle_item_id));
  input.components.forEach((c, i) => {
    if (!known.has(c.itemId) || c.itemId === bundleId) {
      throw fieldProblem(`components.${i}.itemId`, 'choose one of the options');
    }
    if (bundles.has(c.itemId))
      throw fieldProblem(`components.${i}.itemId`, 'a bundle cannot be part of another bundle');
  });
  if (input.categoryId !== null) {
    const category = await db
      .selectFrom('categories')
      .select('id')
      .where('id', '=', input.categoryId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!category) throw fieldProblem('categoryId', 'choose one of your categories');
  }
  return input.components.reduce((s, c) => s + c.quantity * known.get(c.itemId)!, 0);
}

async function writeComponents(trx: Db, companyId: number, bundleId: number, input: BundleInput) {
  await trx.deleteFrom('bundle_components').where('bundle_item_id', '=', bundleId).execute();
  await trx
    .insertInto('bundle_components')
    .values(
      input.components.map((c, position) => ({
        company_id: companyId,
        bundle_item_id: bundleId,
        component_item_id: c.itemId,
        quantity: c.quantity,
        position,
      })),
    )
    .execute();
}

/**
 * `/api/backoffice/bundles`: bundle items (an item of the catalog with its price and taxes, sold at
 * the registers and online like any item) and their components. A bundle's own stock is never
 * tracked: the ledger moves its components' (inventory/ledger.ts).
 */
export function bundlesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const one = async (companyId: number, id: number) => {
    const [found] = await loadBundles(db, companyId, id);
    if (!found) throw notFound('bundle');
    return found;
  };

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadBundles(db, merchantOf(res).companyId) });
  });

  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const [items, categories, taxRates, bundles] = await Promise.all([
      db
        .selectFrom('items')
        .select(['id', 'name', 'sku', 'cost_cents', 'track_stock'])
        .where('company_id', '=', companyId)
        .orderBy(sql`lower(name)`)
        .limit(5000)
        .execute(),
      db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('tax_rates')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('archived_at', 'is', null)
        .orderBy('name')
        .execute(),
      db
        .selectFrom('bundle_components')
        .select('bundle_item_id')
        .where('company_id', '=', companyId)
        .distinct()
        .execute(),
    ]);
    const isBundle = new Set(bundles.map((b) => b.bundle_item_id));
    const body: BundleOptions = {
      items: items
        .filter((i) => !isBundle.has(i.id))
        .map((i) => ({
          id: i.id,
          name: i.name,
          sku: i.sku,
          cost: money(i.cost_cents),
          trackStock: Number(i.track_stock) === 1,
        })),
      categories,
      taxRates,
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await one(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(bundleInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const costCents = await checkComponents(db, companyId, input, null);
    await checkTaxIds(db, companyId, input.taxIds, null);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const item = await trx
          .insertInto('items')
          .values({
            company_id: companyId,
            name: input.name,
            sku: input.sku,
            category_id: input.categoryId,
            price_cents: cents(input.price),
            cost_cents: costCents,
            track_stock: 0,
            active: input.active ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setItemTaxes(trx, companyId, item.id, input.taxIds);
        await writeComponents(trx, companyId, item.id, input);
        return item.id;
      })
      .catch((error: unknown) => conflictOr(error, 'sku', SKU_TAKEN));
    noStore(res)
      .status(201)
      .json(await one(companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(bundleInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await one(companyId, id);
    const costCents = await checkComponents(db, companyId, input, id);
    await checkTaxIds(db, companyId, input.taxIds, id);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('items')
          .set({
            name: input.name,
            sku: input.sku,
            category_id: input.categoryId,
            price_cents: cents(input.price),
            cost_cents: costCents,
            track_stock: 0,
            active: input.active ? 1 : 0,
            updated_at: ctx.now(),
          })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        await setItemTaxes(trx, companyId, id, input.taxIds);
        await writeComponents(trx, companyId, id, input);
      })
      .catch((error: unknown) => conflictOr(error, 'sku', SKU_TAKEN));
    noStore(res).json(await one(companyId, id));
  });

  // The same rule as deleting the item on the Items page (a bundle is an item); only bundles here.
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await one(companyId, id);
    await deleteCatalogItem(ctx, companyId, id);
    res.status(204).end();
  });

  return router;
}
