import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import {
  itemInputSchema,
  itemListQuerySchema,
  LIMITS,
  type CategoryOption,
  type Item,
  type ItemOptions,
  type ItemInput,
  type ItemSort,
  type ListQuery,
  type ListResponse,
} from '@hive/shared/schemas/backoffice';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { isForeignKeyViolation } from '../../platform/db/connection';
import { HttpError, parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  cents,
  containsPattern,
  idParam,
  ilike,
  money,
  noStore,
  notFound,
  refused,
  sendCsv,
  exportSetting,
  csvDelimiterOf,
  toCsv,
  type CsvColumn,
  type CsvLanguage,
} from '../merchant';
import { checkTaxIds, ratesForNewItems, setItemTaxes, taxesOfItems } from '../settings';
import { loadImportContext } from './itemImport';
import { handlesStock, mountItemImport, taken } from './itemImportRoute';
import { itemHeader, stockHeader, yesNo } from './itemsCsv';

const PAGE = '/items';

const SORT_COLUMNS: Record<ItemSort, string> = {
  name: 'lower(items.name)',
  sku: 'lower(items.sku)',
  category: "lower(coalesce(categories.name, ''))",
  price: 'items.price_cents',
  cost: 'items.cost_cents',
  trackStock: 'items.track_stock',
  // Untracked items (no quantity) after every tracked one, in either direction.
  onHand: '(case when items.track_stock = 1 then 0 else 1 end), on_hand',
  active: 'items.active',
};

function baseQuery(db: Kysely<Database>, companyId: number, search: string) {
  let query = db
    .selectFrom('items')
    .leftJoin('categories', 'categories.id', 'items.category_id')
    .where('items.company_id', '=', companyId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where(sql<boolean>`(${ilike('items.name', pattern)} or ${ilike('items.sku', pattern)})`);
  }
  return query;
}

function selectItems(db: Kysely<Database>, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select([
    'items.id',
    'items.name',
    'items.sku',
    'items.barcode',
    'items.category_id',
    'categories.name as category_name',
    'items.price_cents',
    'items.cost_cents',
    'items.track_stock',
    'items.active',
    'items.updated_at',
    // The quantity on hand over all warehouses. stock_levels is inventory's table (a module after
    // this one): read here as data only, one indexed sum per listed row, no import of the module.
    sql<number>`(select coalesce(sum(s.on_hand), 0) from stock_levels s where s.company_id = items.company_id and s.item_id = items.id)`.as(
      'on_hand',
    ),
  ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>['executeTakeFirstOrThrow']>>;

type ItemTaxes = Awaited<ReturnType<typeof taxesOfItems>>;

function toItem(row: ItemRow, taxes: ItemTaxes): Item {
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    barcode: row.barcode,
    categoryId: row.category_id,
    categoryName: row.category_name ?? null,
    price: money(row.price_cents),
    cost: money(row.cost_cents),
    taxes: taxes.get(row.id) ?? [],
    trackStock: Number(row.track_stock) === 1,
    onHand: Number(row.track_stock) === 1 ? Number(row.on_hand) : null,
    active: Number(row.active) === 1,
    updatedAt: Number(row.updated_at),
  };
}

async function listItems(
  db: Kysely<Database>,
  companyId: number,
  q: ListQuery<ItemSort>,
  limit: number,
  offset: number,
) {
  const direction = q.dir === 'desc' ? sql`desc` : sql`asc`;
  return selectItems(db, companyId, q.search)
    .orderBy(sql`${sql.raw(SORT_COLUMNS[q.sort])} ${direction}`)
    .orderBy('items.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The category must be one of this company's (another company's id reads as "choose one"). */
async function checkCategory(db: Kysely<Database>, companyId: number, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const found = await db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', categoryId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!found) {
    const problem = 'choose one of your categories';
    throw new HttpError(400, {
      error: 'validation_error',
      message: `categoryId: ${problem}`,
      fields: { categoryId: problem },
    });
  }
}

function columns(input: ItemInput) {
  return {
    name: input.name,
    sku: input.sku,
    ...(input.barcode !== undefined && { barcode: input.barcode }),
    category_id: input.categoryId,
    price_cents: cents(input.price),
    cost_cents: cents(input.cost),
    track_stock: input.trackStock ? 1 : 0,
    active: input.active ? 1 : 0,
  };
}

/**
 * The export's columns: the import's (itemsCsv.ts), in the reader's language, and the quantity
 * on hand in each active warehouse where the user has inventory, so an exported file imports back.
 */
function csvColumns(lang: CsvLanguage, warehouses: { id: number; name: string }[] | null, stock: Map<string, number>) {
  const columns: CsvColumn<Item>[] = [
    { header: itemHeader('name', lang), value: (r) => r.name },
    { header: itemHeader('sku', lang), value: (r) => r.sku },
    { header: itemHeader('category', lang), value: (r) => r.categoryName ?? '' },
    { header: itemHeader('price', lang), value: (r) => r.price.toFixed(2), decimal: true },
    { header: itemHeader('cost', lang), value: (r) => r.cost.toFixed(2), decimal: true },
    // Names only (the import finds rates by name); archived ones too, as the item keeps them.
    { header: itemHeader('taxes', lang), value: (r) => r.taxes.map((t) => t.name).join('; ') },
    { header: itemHeader('barcode', lang), value: (r) => r.barcode },
    { header: itemHeader('trackStock', lang), value: (r) => yesNo(r.trackStock, lang) },
    { header: itemHeader('active', lang), value: (r) => yesNo(r.active, lang) },
  ];
  for (const w of warehouses ?? []) {
    columns.push({
      header: stockHeader(w.name, lang),
      value: (r) => (r.trackStock ? (stock.get(`${r.id}:${w.id}`) ?? 0) : ''),
    });
  }
  return columns;
}

export function itemsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const loadItem = async (companyId: number, id: number) => {
    const row = await selectItems(db, companyId, '').where('items.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('item');
    return toItem(row, await taxesOfItems(db, companyId, [id]));
  };

  router.get('/', async (req, res) => {
    const q = parseOrThrow(itemListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      listItems(db, companyId, q, q.pageSize, (q.page - 1) * q.pageSize),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const taxes = await taxesOfItems(
      db,
      companyId,
      rows.map((r) => r.id),
    );
    const body: ListResponse<Item> = {
      rows: rows.map((row) => toItem(row, taxes)),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/export', async (req, res) => {
    const q = parseOrThrow(itemListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const rows = await listItems(db, companyId, q, LIMITS.exportMax, 0);
    const taxes = await taxesOfItems(
      db,
      companyId,
      rows.map((r) => r.id),
    );
    const merchant = merchantOf(res);
    const { lang, timeZone } = await exportSetting(db, req, res);
    const context = handlesStock(merchant) ? await loadImportContext(db, companyId, true) : null;
    sendCsv(
      res,
      'items',
      toCsv(
        csvColumns(lang, context?.warehouses ?? null, context?.stock ?? new Map()),
        rows.map((row) => toItem(row, taxes)),
        csvDelimiterOf(req),
      ),
      ctx.now(),
      timeZone,
    );
  });

  mountItemImport(router, ctx);

  /** What the item form needs to offer (readable with the items permission alone). */
  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const categories: CategoryOption[] = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .orderBy('name')
      .execute();
    const body: ItemOptions = { categories, taxes: await ratesForNewItems(db, companyId) };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadItem(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(itemInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkCategory(db, companyId, input.categoryId);
    await checkTaxIds(db, companyId, input.taxIds, null);
    const now = ctx.now();
    // The item and its tax rates, or nothing.
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto('items')
          .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setItemTaxes(trx, companyId, created.id, input.taxIds);
        return created.id;
      })
      .catch(taken);
    noStore(res)
      .status(201)
      .json(await loadItem(companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(itemInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkCategory(db, companyId, input.categoryId);
    await checkTaxIds(db, companyId, input.taxIds, id);
    await db
      .transaction()
      .execute(async (trx) => {
        const result = await trx
          .updateTable('items')
          .set({ ...columns(input), updated_at: ctx.now() })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('item');
        await setItemTaxes(trx, companyId, id, input.taxIds);
      })
      .catch(taken);
    noStore(res).json(await loadItem(companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    await deleteCatalogItem(ctx, merchantOf(res).companyId, idParam(req.params.id));
    res.status(204).end();
  });

  return router;
}

/**
 * Deletes an item of the catalog (a bundle is one: its components' rows cascade). One rule for the
 * Items and the Bundles pages: receipts keep their lines (item_id set null), the report roll-ups
 * follow in the same transaction, and an item that inventory documents name is refused (409
 * `item_in_use`) so their history stays whole.
 */
export async function deleteCatalogItem(ctx: AuthContext, companyId: number, id: number): Promise<void> {
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      const result = await trx
        .deleteFrom('items')
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('item');
      await ctx.reactions.catalogDeleted(trx, companyId, 'item', id);
    })
    .catch((error: unknown) => {
      // Inventory documents (purchase orders, transfers, recipes ...) keep the items they name.
      if (isForeignKeyViolation(error)) {
        throw refused('item_in_use', 'Inventory documents name this item: make it inactive instead.');
      }
      throw error;
    });
}
