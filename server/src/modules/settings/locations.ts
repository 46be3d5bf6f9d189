import express, { type Router } from 'express';
import type { Kysely, Transaction } from 'kysely';
import {
  locationInputSchema,
  locationListQuerySchema,
  type Location,
  type LocationInput,
  type LocationSort,
} from '@hive/shared/schemas/backoffice/settings';
import { LIMITS, type ListResponse } from '@hive/shared/schemas/backoffice';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  merchantOf,
  requirePage,
  conflictOr,
  containsPattern,
  idParam,
  ilike,
  noStore,
  notFound,
  orderBy,
  lockCompanyRows,
  refused,
  type ExportColumn,
} from '../merchant';
import { ADDRESS_COLUMNS, addressColumns, addressOf } from './address';

const PAGE = '/location';
const NAME_TAKEN = 'another location already has this name';

const SORT_COLUMNS: Record<LocationSort, string> = {
  name: 'lower(locations.name)',
  city: 'lower(locations.city)',
  timezone: 'locations.timezone',
  active: 'locations.active',
};

type Db = Kysely<Database> | Transaction<Database>;

function baseQuery(db: Db, companyId: number, search: string) {
  let query = db.selectFrom('locations').where('locations.company_id', '=', companyId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([ilike('locations.name', pattern), ilike('locations.city', pattern)]));
  }
  return query;
}

function selectLocations(db: Db, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select([
    'locations.id',
    'locations.name',
    ...ADDRESS_COLUMNS.map((c) => `locations.${c}` as const),
    'locations.timezone',
    'locations.phone',
    'locations.active',
    'locations.updated_at',
  ]);
}

type LocationRow = Awaited<ReturnType<ReturnType<typeof selectLocations>['executeTakeFirstOrThrow']>>;

export function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    address: addressOf(row),
    timezone: row.timezone,
    phone: row.phone,
    active: Number(row.active) === 1,
    updatedAt: Number(row.updated_at),
  };
}

const columns = (input: LocationInput) => ({
  name: input.name,
  ...addressColumns(input.address),
  timezone: input.timezone,
  phone: input.phone,
  active: input.active ? 1 : 0,
});

/** Active locations of the company other than `exceptId`. */
async function otherActive(db: Db, companyId: number, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('locations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const LAST_ACTIVE = 'A company needs at least one active location: add or activate another one first.';

const CSV_COLUMNS: ExportColumn<Location>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'address_line1', value: (r) => r.address.line1 },
  { header: 'address_line2', value: (r) => r.address.line2 },
  { header: 'city', value: (r) => r.address.city },
  { header: 'region', value: (r) => r.address.region },
  { header: 'postal_code', value: (r) => r.address.postalCode },
  { header: 'country', value: (r) => r.address.country },
  { header: 'time_zone', value: (r) => r.timezone },
  { header: 'phone', value: (r) => r.phone },
  { header: 'active', value: (r) => (r.active ? 'yes' : 'no') },
];

/** `/api/backoffice/locations`: the company's shops, at least one of them active at all times. */
export function locationsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const list = (
    companyId: number,
    q: ReturnType<typeof locationListQuerySchema.parse>,
    limit: number,
    offset: number,
  ) =>
    selectLocations(db, companyId, q.search)
      .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
      .orderBy('locations.id', 'asc')
      .limit(limit)
      .offset(offset)
      .execute();

  router.get('/', async (req, res) => {
    const q = parseOrThrow(locationListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      list(companyId, q, q.pageSize, (q.page - 1) * q.pageSize),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<Location> = {
      rows: rows.map(toLocation),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/export', async (req, res) => {
    const q = parseOrThrow(locationListQuerySchema, req.query);
    const rows = await list(merchantOf(res).companyId, q, LIMITS.exportMax, 0);
    await sendExport(ctx.db, req, res, { name: 'locations', now: ctx.now() }, CSV_COLUMNS, rows.map(toLocation));
  });

  router.get('/:id', async (req, res) => {
    const row = await selectLocations(db, merchantOf(res).companyId, '')
      .where('locations.id', '=', idParam(req.params.id))
      .executeTakeFirst();
    if (!row) throw notFound('location');
    noStore(res).json(toLocation(row));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(locationInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const created = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('locations')
          .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Its default warehouse (inventory) comes with it.
        await ctx.reactions.locationsAdded(trx, companyId, now);
        return row;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    const row = await selectLocations(db, companyId, '')
      .where('locations.id', '=', created.id)
      .executeTakeFirstOrThrow();
    noStore(res).status(201).json(toLocation(row));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(locationInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await db
      .transaction()
      .execute(async (trx) => {
        await lockCompanyRows(trx, 'locations', companyId);
        const current = await trx
          .selectFrom('locations')
          .select(['active', 'timezone'])
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        if (!current) throw notFound('location');
        if (!input.active && current.active === 1 && (await otherActive(trx, companyId, id)) === 0) {
          throw refused('last_active_location', LAST_ACTIVE);
        }
        await trx
          .updateTable('locations')
          .set({ ...columns(input), updated_at: ctx.now() })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        // Its receipts' days are cut in its time zone: the report roll-ups follow a new one.
        if (current.timezone !== input.timezone) await ctx.reactions.zoneChanged(trx, companyId, { locationIds: [id] });
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    const row = await selectLocations(db, companyId, '').where('locations.id', '=', id).executeTakeFirstOrThrow();
    noStore(res).json(toLocation(row));
  });

  // Price levels that named it forget it; receipts keep their amounts (location_id set null).
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      await lockCompanyRows(trx, 'locations', companyId);
      const current = await trx
        .selectFrom('locations')
        .select('active')
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!current) throw notFound('location');
      if (current.active === 1 && (await otherActive(trx, companyId, id)) === 0) {
        throw refused('last_active_location', LAST_ACTIVE);
      }
      await trx.deleteFrom('locations').where('id', '=', id).where('company_id', '=', companyId).execute();
      // Its receipts now have no location (their days follow the business's time zone).
      await ctx.reactions.zoneChanged(trx, companyId, { locationIds: [id], withoutLocation: true });
    });
    res.status(204).end();
  });

  return router;
}
