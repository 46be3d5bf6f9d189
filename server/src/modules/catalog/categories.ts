import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import {
  categoryInputSchema,
  categoryListQuerySchema,
  LIMITS,
  type Category,
  type CategorySort,
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
  conflictOr,
  containsPattern,
  idParam,
  ilike,
  noStore,
  notFound,
  type ExportColumn,
} from '../merchant';

const PAGE = '/categories';
const NAME_TAKEN = 'another category already has this name';

const SORT_COLUMNS: Record<CategorySort, string> = {
  position: 'categories.position',
  name: 'lower(categories.name)',
  color: 'lower(categories.color)',
  itemCount: 'item_count',
};

function baseQuery(db: Kysely<Database>, companyId: number, search: string) {
  let query = db.selectFrom('categories').where('categories.company_id', '=', companyId);
  if (search) query = query.where(ilike('categories.name', containsPattern(search)));
  return query;
}

function selectCategories(db: Kysely<Database>, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select((eb) => [
    'categories.id',
    'categories.name',
    'categories.color',
    'categories.position',
    'categories.updated_at',
    eb
      .selectFrom('items')
      .select((sub) => sub.fn.countAll<number>().as('n'))
      .whereRef('items.category_id', '=', 'categories.id')
      .as('item_count'),
  ]);
}

type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    position: Number(row.position),
    itemCount: Number(row.item_count ?? 0),
    updatedAt: Number(row.updated_at),
  };
}

async function listCategories(
  db: Kysely<Database>,
  companyId: number,
  q: ListQuery<CategorySort>,
  limit: number,
  offset: number,
) {
  const direction = q.dir === 'desc' ? sql`desc` : sql`asc`;
  return selectCategories(db, companyId, q.search)
    .orderBy(sql`${sql.raw(SORT_COLUMNS[q.sort])} ${direction}`)
    .orderBy('categories.id', 'asc')
    .limit(limit)
    .offset(offset)
    .execute();
}

const CSV_COLUMNS: ExportColumn<Category>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'color', value: (r) => r.color },
  { header: 'position', value: (r) => r.position },
  { header: 'item_count', value: (r) => r.itemCount },
];

export function categoriesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(categoryListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      listCategories(db, companyId, q, q.pageSize, (q.page - 1) * q.pageSize),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<Category> = {
      rows: rows.map(toCategory),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/export', async (req, res) => {
    const q = parseOrThrow(categoryListQuerySchema, req.query);
    const rows = await listCategories(db, merchantOf(res).companyId, q, LIMITS.exportMax, 0);
    await sendExport(ctx.db, req, res, { name: 'categories', now: ctx.now() }, CSV_COLUMNS, rows.map(toCategory));
  });

  router.get('/:id', async (req, res) => {
    const row = await selectCategories(db, merchantOf(res).companyId, '')
      .where('categories.id', '=', idParam(req.params.id))
      .executeTakeFirst();
    if (!row) throw notFound('category');
    noStore(res).json(toCategory(row));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(categoryInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const created = await db
      .insertInto('categories')
      .values({ ...input, company_id: companyId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    const row = await selectCategories(db, companyId, '')
      .where('categories.id', '=', created.id)
      .executeTakeFirstOrThrow();
    noStore(res).status(201).json(toCategory(row));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(categoryInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const result = await db
      .updateTable('categories')
      .set({ ...input, updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    if (Number(result.numUpdatedRows) === 0) throw notFound('category');
    const row = await selectCategories(db, companyId, '').where('categories.id', '=', id).executeTakeFirstOrThrow();
    noStore(res).json(toCategory(row));
  });

  // Items of a deleted category stay, without a category (ON DELETE SET NULL).
  // So do the lines of receipts (category_id set null), and the report roll-ups with them.
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('categories')
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound('category');
      await ctx.reactions.catalogDeleted(trx, companyId, 'category', id);
    });
    res.status(204).end();
  });

  return router;
}
