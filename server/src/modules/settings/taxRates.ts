import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import { z } from 'zod';
import type { ItemTax, ListResponse } from '@hive/shared/schemas/backoffice';
import {
  taxRateInputSchema,
  taxRateListQuerySchema,
  type AppliedTax,
  type TaxRate,
  type TaxRateSort,
  type TaxType,
} from '@hive/shared/schemas/backoffice/settings';
import type { AuthContext } from '../auth';
import { isForeignKeyViolation } from '../../platform/db';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  conflictOr,
  containsPattern,
  fieldProblem,
  idParam,
  ilike,
  noStore,
  notFound,
  orderBy,
  percentFromBp,
  refused,
} from '../merchant';

const PAGE = '/taxes';
const NAME_TAKEN = 'another tax rate already has this name';

type Db = Kysely<Database> | Transaction<Database>;

const SORT_COLUMNS: Record<TaxRateSort, string> = {
  name: 'lower(tax_rates.name)',
  rate: 'tax_rates.rate_bp',
  type: 'tax_rates.type',
  itemCount: 'item_count',
};

const toBp = (percent: number) => Math.round(percent * 100);
const taxType = (value: string): TaxType => (value === 'included' ? 'included' : 'added');

function baseQuery(db: Db, companyId: number, search: string) {
  let query = db.selectFrom('tax_rates').where('tax_rates.company_id', '=', companyId);
  if (search) query = query.where(ilike('tax_rates.name', containsPattern(search)));
  return query;
}

function selectRates(db: Db, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select((eb) => [
    'tax_rates.id',
    'tax_rates.name',
    'tax_rates.rate_bp',
    'tax_rates.type',
    'tax_rates.applies_to_new_items',
    'tax_rates.archived_at',
    'tax_rates.updated_at',
    eb
      .selectFrom('item_taxes')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('item_taxes.tax_rate_id', '=', 'tax_rates.id')
      .as('item_count'),
  ]);
}

type RateRow = Awaited<ReturnType<ReturnType<typeof selectRates>['executeTakeFirstOrThrow']>>;

function toTaxRate(row: RateRow): TaxRate {
  return {
    id: row.id,
    name: row.name,
    rate: percentFromBp(row.rate_bp),
    type: taxType(row.type),
    appliesToNewItems: Number(row.applies_to_new_items) === 1,
    archived: row.archived_at !== null,
    itemCount: Number(row.item_count ?? 0),
    updatedAt: Number(row.updated_at),
  };
}

async function loadRate(db: Db, companyId: number, id: number): Promise<TaxRate> {
  const row = await selectRates(db, companyId, '').where('tax_rates.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('tax rate');
  return toTaxRate(row);
}

// ---------------------------------------------------------------------------------------------
// Items and their tax rates (used by the catalog, the storefront and, later, the registers)

/** Each item's tax rates (archived ones included, flagged), by item id. */
export async function taxesOfItems(db: Db, companyId: number, itemIds: number[]): Promise<Map<number, ItemTax[]>> {
  const out = new Map<number, ItemTax[]>();
  if (itemIds.length === 0) return out;
  const rows = await db
    .selectFrom('item_taxes')
    .innerJoin('tax_rates', 'tax_rates.id', 'item_taxes.tax_rate_id')
    .select([
      'item_taxes.item_id',
      'tax_rates.id',
      'tax_rates.name',
      'tax_rates.rate_bp',
      'tax_rates.type',
      'tax_rates.archived_at',
    ])
    .where('item_taxes.company_id', '=', companyId)
    .where('item_taxes.item_id', 'in', itemIds)
    .orderBy('tax_rates.name')
    .orderBy('tax_rates.id')
    .execute();
  for (const row of rows) {
    const list = out.get(row.item_id) ?? [];
    list.push({
      id: row.id,
      name: row.name,
      rate: percentFromBp(row.rate_bp),
      type: taxType(row.type),
      archived: row.archived_at !== null,
    });
    out.set(row.item_id, list);
  }
  return out;
}

/** The taxes charged on each item: its rates that are not archived. */
export async function chargedTaxes(db: Db, companyId: number, itemIds: number[]): Promise<Map<number, AppliedTax[]>> {
  const taxes = await taxesOfItems(db, companyId, itemIds);
  return new Map(
    [...taxes].map(([itemId, list]) => [
      itemId,
      list.filter((t) => !t.archived).map((t) => ({ rateBp: toBp(t.rate), type: t.type })),
    ]),
  );
}

/**
 * `taxIds` must be this company's rates, and not archived unless the item already has them (an
 * item keeps an archived rate until someone removes it). Another company's id reads as "choose one".
 */
export async function checkTaxIds(db: Db, companyId: number, taxIds: number[], itemId: number | null): Promise<void> {
  if (taxIds.length === 0) return;
  const rows = await db
    .selectFrom('tax_rates')
    .leftJoin('item_taxes', (join) =>
      join.onRef('item_taxes.tax_rate_id', '=', 'tax_rates.id').on('item_taxes.item_id', '=', itemId ?? -1),
    )
    .select(['tax_rates.id', 'tax_rates.archived_at', 'item_taxes.item_id'])
    .where('tax_rates.company_id', '=', companyId)
    .where('tax_rates.id', 'in', taxIds)
    .execute();
  const usable = new Set(rows.filter((r) => r.archived_at === null || r.item_id !== null).map((r) => r.id));
  if (taxIds.some((id) => !usable.has(id))) throw fieldProblem('taxIds', 'choose tax rates from your list');
}

/** Replaces an item's tax rates (inside the item's transaction). */
export async function setItemTaxes(trx: Db, companyId: number, itemId: number, taxIds: number[]): Promise<void> {
  await trx.deleteFrom('item_taxes').where('item_id', '=', itemId).where('company_id', '=', companyId).execute();
  if (taxIds.length === 0) return;
  await trx
    .insertInto('item_taxes')
    .values(taxIds.map((taxRateId) => ({ item_id: itemId, tax_rate_id: taxRateId, company_id: companyId })))
    .execute();
}

/** The rates a new item starts with (the item form preselects them). */
export async function ratesForNewItems(db: Db, companyId: number) {
  return db
    .selectFrom('tax_rates')
    .select(['id', 'name', 'rate_bp', 'type', 'applies_to_new_items'])
    .where('company_id', '=', companyId)
    .where('archived_at', 'is', null)
    .orderBy('name')
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((row) => ({
        id: row.id,
        name: row.name,
        rate: percentFromBp(row.rate_bp),
        type: taxType(row.type),
        archived: false,
        appliesToNewItems: Number(row.applies_to_new_items) === 1,
      })),
    );
}

// ---------------------------------------------------------------------------------------------
// Routes

const emptyBody = z.object({}).strict();

/** `/api/backoffice/tax_rates`: the company's tax rates; a rate items use is archived, not deleted. */
export function taxRatesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(taxRateListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      selectRates(db, companyId, q.search)
        // Archived rates last, whatever the sort.
        .orderBy(sql`case when tax_rates.archived_at is null then 0 else 1 end`)
        .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
        .orderBy('tax_rates.id', 'asc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<TaxRate> = {
      rows: rows.map(toTaxRate),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadRate(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(taxRateInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto('tax_rates')
          .values({
            company_id: companyId,
            name: input.name,
            rate_bp: toBp(input.rate),
            type: input.type,
            applies_to_new_items: input.appliesToNewItems ? 1 : 0,
            archived_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (input.applyToAllItems) {
          await trx
            .insertInto('item_taxes')
            .columns(['item_id', 'tax_rate_id', 'company_id'])
            .expression((eb) =>
              eb
                .selectFrom('items')
                .select((_eb) => ['items.id', sql.lit(created.id).as('tax_rate_id'), 'items.company_id'])
                .where('items.company_id', '=', companyId),
            )
            .execute();
        }
        return created.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadRate(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(taxRateInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const result = await db
      .updateTable('tax_rates')
      .set({
        name: input.name,
        rate_bp: toBp(input.rate),
        type: input.type,
        applies_to_new_items: input.appliesToNewItems ? 1 : 0,
        updated_at: ctx.now(),
      })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    if (Number(result.numUpdatedRows) === 0) throw notFound('tax rate');
    noStore(res).json(await loadRate(db, companyId, id));
  });

  const setArchived = (archive: boolean) =>
    (async (req, res) => {
      const id = idParam(req.params.id);
      parseOrThrow(emptyBody, req.body ?? {});
      const { companyId } = merchantOf(res);
      const current = await loadRate(db, companyId, id);
      if (current.archived === archive) {
        throw archive
          ? refused('already_archived', 'This tax rate is archived already.')
          : refused('not_archived', 'This tax rate is not archived.');
      }
      await db
        .updateTable('tax_rates')
        // An archived rate is offered to no new item.
        .set(
          archive
            ? { archived_at: ctx.now(), applies_to_new_items: 0, updated_at: ctx.now() }
            : { archived_at: null, updated_at: ctx.now() },
        )
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      noStore(res).json(await loadRate(db, companyId, id));
    }) satisfies express.RequestHandler;

  router.post('/:id/archive', setArchived(true));
  router.post('/:id/restore', setArchived(false));

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const current = await loadRate(db, companyId, id);
    if (current.itemCount > 0) {
      throw refused(
        'tax_rate_in_use',
        `${current.itemCount} item${current.itemCount === 1 ? '' : 's'} use this tax rate: archive it instead, or remove it from ${current.itemCount === 1 ? 'that item' : 'those items'} first.`,
        { count: current.itemCount },
      );
    }
    await db
      .deleteFrom('tax_rates')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute()
      .catch((error: unknown) => {
        // An item took the rate between the count and the delete: the foreign key refused it.
        if (isForeignKeyViolation(error)) {
          throw refused('tax_rate_in_use', 'Items use this tax rate: archive it instead.', { count: 1 });
        }
        throw error;
      });
    res.status(204).end();
  });

  return router;
}
