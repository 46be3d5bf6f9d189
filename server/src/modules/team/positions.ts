import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  positionInputSchema,
  positionListQuerySchema,
  type Position,
  type PositionInput,
  type PositionOption,
  type PositionSort,
} from '@hive/shared/schemas/backoffice/team';
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
  refused,
  type ExportColumn,
} from '../merchant';

const PAGE = '/positions';
const NAME_TAKEN = 'another position already has this name';

type Db = Kysely<Database> | Transaction<Database>;

const employeeCount = sql<number>`(select count(*) from employees e where e.position_id = job_positions.id)`;

const SORT_COLUMNS: Record<PositionSort, string> = {
  name: 'lower(job_positions.name)',
  hourlyRate: 'job_positions.hourly_rate_cents',
  employeeCount: 'employee_count',
};

function baseQuery(db: Db, companyId: number, search: string) {
  let query = db.selectFrom('job_positions').where('job_positions.company_id', '=', companyId);
  if (search) query = query.where(ilike('job_positions.name', containsPattern(search)));
  return query;
}

function selectPositions(db: Db, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select([
    'job_positions.id',
    'job_positions.name',
    'job_positions.hourly_rate_cents',
    'job_positions.color',
    'job_positions.updated_at',
    employeeCount.as('employee_count'),
  ]);
}

type PositionRow = Awaited<ReturnType<ReturnType<typeof selectPositions>['executeTakeFirstOrThrow']>>;

const toPosition = (row: PositionRow): Position => ({
  id: row.id,
  name: row.name,
  hourlyRateCents: Number(row.hourly_rate_cents),
  color: row.color,
  employeeCount: Number(row.employee_count),
  updatedAt: Number(row.updated_at),
});

const columns = (input: PositionInput) => ({
  name: input.name,
  hourly_rate_cents: input.hourlyRateCents,
  color: input.color,
});

/** The company's positions for a picker (the employee form). */
export async function positionOptions(db: Db, companyId: number): Promise<PositionOption[]> {
  const rows = await db
    .selectFrom('job_positions')
    .select(['id', 'name', 'color', 'hourly_rate_cents'])
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, color: r.color, hourlyRateCents: Number(r.hourly_rate_cents) }));
}

const CSV_COLUMNS: ExportColumn<Position>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'hourly_rate', value: (r) => (r.hourlyRateCents / 100).toFixed(2), decimal: true },
  { header: 'color', value: (r) => r.color },
  { header: 'employees', value: (r) => r.employeeCount },
];

/** `/api/backoffice/team/positions`: job positions (cashier, cook ...) with a default hourly rate and a colour. */
export function positionsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const one = (companyId: number, id: number) =>
    selectPositions(db, companyId, '').where('job_positions.id', '=', id).executeTakeFirst();

  router.get('/', async (req, res) => {
    const q = parseOrThrow(positionListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      selectPositions(db, companyId, q.search)
        .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
        .orderBy('job_positions.id', 'asc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<Position> = {
      rows: rows.map(toPosition),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  // Every position the search finds, in the list's order (no pages).
  router.get('/export', async (req, res) => {
    const q = parseOrThrow(positionListQuerySchema, req.query);
    const rows = await selectPositions(db, merchantOf(res).companyId, q.search)
      .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
      .orderBy('job_positions.id', 'asc')
      .limit(LIMITS.exportMax)
      .execute();
    await sendExport(ctx.db, req, res, { name: 'positions', now: ctx.now() }, CSV_COLUMNS, rows.map(toPosition));
  });

  router.get('/:id', async (req, res) => {
    const row = await one(merchantOf(res).companyId, idParam(req.params.id));
    if (!row) throw notFound('position');
    noStore(res).json(toPosition(row));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(positionInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const created = await db
      .insertInto('job_positions')
      .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(toPosition((await one(companyId, created.id))!));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(positionInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const result = await db
      .updateTable('job_positions')
      .set({ ...columns(input), updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    if (Number(result.numUpdatedRows) === 0) throw notFound('position');
    noStore(res).json(toPosition((await one(companyId, id))!));
  });

  // A position employees hold stays (move them first): deleting it would leave them without one silently.
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      const row = await selectPositions(trx, companyId, '').where('job_positions.id', '=', id).executeTakeFirst();
      if (!row) throw notFound('position');
      const count = Number(row.employee_count);
      if (count > 0) {
        throw refused('position_in_use', `${count} employee(s) hold this position: give them another one first.`, {
          count,
        });
      }
      await trx.deleteFrom('job_positions').where('id', '=', id).where('company_id', '=', companyId).execute();
    });
    res.status(204).end();
  });

  return router;
}
