import express, { type Router } from 'express';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import {
  customerInputSchema,
  customerListQuerySchema,
  LIMITS,
  type Customer,
  type CustomerSort,
  type ListQuery,
  type ListResponse,
} from '@hive/shared/schemas/backoffice';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  merchantOf,
  requirePage,
  containsPattern,
  idParam,
  ilike,
  money,
  noStore,
  notFound,
  type ExportColumn,
} from '../merchant';

const PAGE = '/customer';

const SORT_COLUMNS: Record<CustomerSort, string> = {
  name: 'lower(customers.name)',
  email: 'lower(customers.email)',
  phone: 'customers.phone',
  points: 'customers.points',
  totalSpent: 'total_spent_cents',
};

function baseQuery(db: Kysely<Database>, companyId: number, search: string) {
  let query = db.selectFrom('customers').where('customers.company_id', '=', companyId);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where(
      sql<boolean>`(${ilike('customers.name', pattern)} or ${ilike('customers.email', pattern)} or ${ilike('customers.phone', pattern)})`,
    );
  }
  return query;
}

/** Total spent = sales minus refunds of the customer's receipts (computed, never stored). */
function selectCustomers(db: Kysely<Database>, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select((eb) => [
    'customers.id',
    'customers.name',
    'customers.email',
    'customers.phone',
    'customers.notes',
    'customers.points',
    'customers.updated_at',
    eb
      .selectFrom('receipts')
      .select(
        sql<number>`coalesce(sum(case when receipts.kind = 'refund' then -receipts.total_cents else receipts.total_cents end), 0)`.as(
          'v',
        ),
      )
      .whereRef('receipts.customer_id', '=', 'customers.id')
      .as('total_spent_cents'),
  ]);
}

type CustomerRow = Awaited<ReturnType<ReturnType<typeof selectCustomers>['executeTakeFirstOrThrow']>>;

function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    points: Number(row.points),
    totalSpent: money(row.total_spent_cents),
    updatedAt: Number(row.updated_at),
  };
}

async function listCustomers(
  db: Kysely<Database>,
  companyId: number,
  q: ListQuery<CustomerSort>,
  limit: number,
  offset: number,
) {
  const direction = q.dir === 'desc' ? sql`desc` : sql`asc`;
  return selectCustomers(db, companyId, q.search)
    .orderBy(sql`${sql.raw(SORT_COLUMNS[q.sort])} ${direction}`)
    .orderBy('customers.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

const CSV_COLUMNS: ExportColumn<Customer>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'notes', value: (r) => r.notes },
  { header: 'points', value: (r) => r.points },
  { header: 'total_spent', value: (r) => r.totalSpent.toFixed(2), decimal: true },
];

export function customersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(customerListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      listCustomers(db, companyId, q, q.pageSize, (q.page - 1) * q.pageSize),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<Customer> = {
      rows: rows.map(toCustomer),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/export', async (req, res) => {
    const q = parseOrThrow(customerListQuerySchema, req.query);
    const rows = await listCustomers(db, merchantOf(res).companyId, q, LIMITS.exportMax, 0);
    await sendExport(ctx.db, req, res, { name: 'customers', now: ctx.now() }, CSV_COLUMNS, rows.map(toCustomer));
  });

  router.get('/:id', async (req, res) => {
    const row = await selectCustomers(db, merchantOf(res).companyId, '')
      .where('customers.id', '=', idParam(req.params.id))
      .executeTakeFirst();
    if (!row) throw notFound('customer');
    noStore(res).json(toCustomer(row));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(customerInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const created = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('customers')
        .values({ ...input, company_id: companyId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Points given by hand are the first entry of the loyalty ledger.
      await ctx.reactions.pointsEdited(trx, companyId, {
        customerId: row.id,
        before: 0,
        after: input.points,
        at: now,
        userId: merchantOf(res).userId,
      });
      return row;
    });
    const row = await selectCustomers(db, companyId, '')
      .where('customers.id', '=', created.id)
      .executeTakeFirstOrThrow();
    noStore(res).status(201).json(toCustomer(row));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(customerInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      const lock = trx.getExecutor().adapter instanceof PostgresAdapter ? sql` for update` : sql``;
      const before = (
        await sql<{
          points: number;
        }>`select points from customers where id = ${id} and company_id = ${companyId}${lock}`.execute(trx)
      ).rows[0];
      if (!before) throw notFound('customer');
      await trx
        .updateTable('customers')
        .set({ ...input, updated_at: ctx.now() })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      // A balance changed by hand is an adjustment in the loyalty ledger.
      await ctx.reactions.pointsEdited(trx, companyId, {
        customerId: id,
        before: Number(before.points),
        after: input.points,
        at: ctx.now(),
        userId: merchantOf(res).userId,
      });
    });
    const row = await selectCustomers(db, companyId, '').where('customers.id', '=', id).executeTakeFirstOrThrow();
    noStore(res).json(toCustomer(row));
  });

  // Past receipts keep their amounts; they simply lose the link (ON DELETE SET NULL).
  router.delete('/:id', async (req, res) => {
    const result = await db
      .deleteFrom('customers')
      .where('id', '=', idParam(req.params.id))
      .where('company_id', '=', merchantOf(res).companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('customer');
    res.status(204).end();
  });

  return router;
}
