import express, { type Router } from 'express';
import type { Kysely, Transaction } from 'kysely';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import {
  priceLevelInputSchema,
  priceLevelListQuerySchema,
  type LocationOption,
  type PriceLevel,
  type PriceLevelInput,
  type PriceLevelSort,
} from '@hive/shared/schemas/backoffice/settings';
import type { AuthContext } from '../auth';
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
} from '../merchant';

const PAGE = '/price_hives';
const NAME_TAKEN = 'another price level already has this name';

type Db = Kysely<Database> | Transaction<Database>;

const SORT_COLUMNS: Record<PriceLevelSort, string> = {
  name: 'lower(price_levels.name)',
  active: 'price_levels.active',
  itemPriceCount: 'item_price_count',
};

const daysFromMask = (mask: number) => [0, 1, 2, 3, 4, 5, 6].filter((day) => (mask & (1 << day)) !== 0);
const maskFromDays = (days: number[]) => days.reduce((mask, day) => mask | (1 << day), 0);

function baseQuery(db: Db, companyId: number, search: string) {
  let query = db.selectFrom('price_levels').where('price_levels.company_id', '=', companyId);
  if (search) query = query.where(ilike('price_levels.name', containsPattern(search)));
  return query;
}

function selectLevels(db: Db, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select((eb) => [
    'price_levels.id',
    'price_levels.name',
    'price_levels.active',
    'price_levels.days_mask',
    'price_levels.start_time',
    'price_levels.end_time',
    'price_levels.all_locations',
    'price_levels.updated_at',
    eb
      .selectFrom('item_level_prices')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('item_level_prices.price_level_id', '=', 'price_levels.id')
      .as('item_price_count'),
  ]);
}

type LevelRow = Awaited<ReturnType<ReturnType<typeof selectLevels>['executeTakeFirstOrThrow']>>;

async function toLevels(db: Db, companyId: number, rows: LevelRow[]): Promise<PriceLevel[]> {
  const ids = rows.map((r) => r.id);
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('price_level_locations')
          .innerJoin('locations', 'locations.id', 'price_level_locations.location_id')
          .select(['price_level_locations.price_level_id', 'locations.id', 'locations.name'])
          .where('price_level_locations.company_id', '=', companyId)
          .where('price_level_locations.price_level_id', 'in', ids)
          .orderBy('locations.name')
          .execute();
  return rows.map((row) => {
    const mine = links.filter((l) => l.price_level_id === row.id);
    const days = daysFromMask(Number(row.days_mask));
    return {
      id: row.id,
      name: row.name,
      active: Number(row.active) === 1,
      scheduled: days.length > 0,
      days,
      startTime: row.start_time,
      endTime: row.end_time,
      allLocations: Number(row.all_locations) === 1,
      locationIds: mine.map((l) => l.id),
      locationNames: mine.map((l) => l.name),
      itemPriceCount: Number(row.item_price_count ?? 0),
      updatedAt: Number(row.updated_at),
    };
  });
}

async function loadLevel(db: Db, companyId: number, id: number): Promise<PriceLevel> {
  const row = await selectLevels(db, companyId, '').where('price_levels.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('price level');
  return (await toLevels(db, companyId, [row]))[0]!;
}

/** The locations must be this company's (another company's id reads as "choose one"). */
async function checkLocations(db: Db, companyId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .selectFrom('locations')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  if (found.length !== ids.length) throw fieldProblem('locationIds', 'choose locations from your list');
}

const columns = (input: PriceLevelInput) => ({
  name: input.name,
  active: input.active ? 1 : 0,
  days_mask: maskFromDays(input.days),
  start_time: input.startTime,
  end_time: input.endTime,
  all_locations: input.allLocations ? 1 : 0,
});

async function setLocations(trx: Db, companyId: number, levelId: number, ids: number[]): Promise<void> {
  await trx
    .deleteFrom('price_level_locations')
    .where('price_level_id', '=', levelId)
    .where('company_id', '=', companyId)
    .execute();
  if (ids.length === 0) return;
  await trx
    .insertInto('price_level_locations')
    .values(ids.map((locationId) => ({ price_level_id: levelId, location_id: locationId, company_id: companyId })))
    .execute();
}

/**
 * `/api/backoffice/price_levels`: named price levels (Happy hour, Wholesale) with an optional
 * weekly schedule and the locations they apply at. Items' prices per level are set on the price
 * lists page; deleting a level drops them with it.
 */
export function priceLevelsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(priceLevelListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      selectLevels(db, companyId, q.search)
        .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
        .orderBy('price_levels.id', 'asc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<PriceLevel> = {
      rows: await toLevels(db, companyId, rows),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  /** What the form offers: the company's locations. */
  router.get('/options', async (_req, res) => {
    const locations: LocationOption[] = (
      await db
        .selectFrom('locations')
        .select(['id', 'name', 'active'])
        .where('company_id', '=', merchantOf(res).companyId)
        .orderBy('name')
        .orderBy('id')
        .execute()
    ).map((l) => ({ id: l.id, name: l.name, active: l.active === 1 }));
    noStore(res).json({ locations });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadLevel(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(priceLevelInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkLocations(db, companyId, input.locationIds);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto('price_levels')
          .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setLocations(trx, companyId, created.id, input.locationIds);
        return created.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadLevel(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(priceLevelInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkLocations(db, companyId, input.locationIds);
    await db
      .transaction()
      .execute(async (trx) => {
        const result = await trx
          .updateTable('price_levels')
          .set({ ...columns(input), updated_at: ctx.now() })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('price level');
        await setLocations(trx, companyId, id, input.locationIds);
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadLevel(db, companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    const result = await db
      .deleteFrom('price_levels')
      .where('id', '=', idParam(req.params.id))
      .where('company_id', '=', merchantOf(res).companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('price level');
    res.status(204).end();
  });

  return router;
}
