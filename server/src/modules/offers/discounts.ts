import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  discountInputSchema,
  type Discount,
  type DiscountInput,
  type DiscountOptions,
  type DiscountScope,
  type DiscountType,
} from '@hive/shared/schemas/backoffice/offers';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  merchantOf,
  requirePage,
  conflictOr,
  idParam,
  noStore,
  notFound,
  type ExportColumn,
  type Db,
} from '../merchant';
import { companyLocale } from '../settings';
import { checkTargets, loadTargets, writeTargets } from './targets';

const PAGE = '/discounts';
const NAME_TAKEN = 'another discount already has this name';
const DAY_MS = 86_400_000;

/** A discount as the registers and the receipts check need it. */
export interface DiscountDefinition {
  id: number;
  name: string;
  type: DiscountType;
  percentBp: number | null;
  amountCents: number | null;
  scope: DiscountScope;
  itemIds: number[];
  categoryIds: number[];
  restricted: boolean;
  active: boolean;
}

/** The company's discounts (all, or `ids`) with their targets. */
export async function loadDiscounts(db: Db, companyId: number, ids?: number[]): Promise<DiscountDefinition[]> {
  if (ids && ids.length === 0) return [];
  let query = db.selectFrom('discounts').selectAll().where('company_id', '=', companyId);
  if (ids) query = query.where('id', 'in', ids);
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const targets = await loadTargets(
    db,
    'discount',
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = targets.get(r.id)!;
    return {
      id: r.id,
      name: r.name,
      type: r.type,
      percentBp: r.percent_bp === null ? null : Number(r.percent_bp),
      amountCents: r.amount_cents === null ? null : Number(r.amount_cents),
      scope: r.scope,
      itemIds: own.itemIds,
      categoryIds: own.categoryIds,
      restricted: Number(r.restricted) === 1,
      active: Number(r.active) === 1,
    };
  });
}

/** Receipts of the last 30 days that applied each discount, and the amount it took off them. */
async function usage(db: Db, companyId: number, since: number): Promise<Map<number, { uses: number; cents: number }>> {
  const rows = await sql<{ discount_id: number; receipt_id: number; cents: number }>`
    select d.discount_id, d.receipt_id, d.amount_cents as cents
      from receipt_discounts d join receipts r on r.id = d.receipt_id
     where d.company_id = ${companyId} and d.discount_id is not null and r.kind = 'sale' and r.created_at >= ${since}
    union all
    select l.discount_id, l.receipt_id, l.line_discount_cents as cents
      from receipt_lines l join receipts r on r.id = l.receipt_id
     where l.company_id = ${companyId} and l.discount_id is not null and r.kind = 'sale' and r.created_at >= ${since}`.execute(
    db,
  );
  const receipts = new Map<number, Set<number>>();
  const out = new Map<number, { uses: number; cents: number }>();
  for (const r of rows.rows) {
    const seen = receipts.get(r.discount_id) ?? new Set<number>();
    seen.add(r.receipt_id);
    receipts.set(r.discount_id, seen);
    const entry = out.get(r.discount_id) ?? { uses: 0, cents: 0 };
    entry.cents += Number(r.cents);
    entry.uses = seen.size;
    out.set(r.discount_id, entry);
  }
  return out;
}

const columns = (input: DiscountInput) => ({
  name: input.name,
  type: input.type,
  percent_bp: input.percentBp,
  amount_cents: input.amountCents,
  scope: input.scope,
  restricted: input.restricted ? 1 : 0,
  active: input.active ? 1 : 0,
});

/**
 * `/api/backoffice/discounts`: the discounts the registers offer (device config `discounts`), with
 * the use of each over the last 30 days from the receipts that named it.
 */
const CSV_COLUMNS: ExportColumn<Discount>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'type', value: (r) => r.type },
  { header: 'percent', value: (r) => (r.percentBp === null ? '' : (r.percentBp / 100).toFixed(2)), decimal: true },
  { header: 'amount', value: (r) => (r.amountCents === null ? '' : (r.amountCents / 100).toFixed(2)), decimal: true },
  { header: 'scope', value: (r) => r.scope },
  { header: 'restricted', value: (r) => (r.restricted ? 'yes' : 'no') },
  { header: 'active', value: (r) => (r.active ? 'yes' : 'no') },
  { header: 'uses_30d', value: (r) => r.uses30d },
  { header: 'amount_30d', value: (r) => (r.amount30dCents / 100).toFixed(2), decimal: true },
];

export function discountsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const load = async (companyId: number, id?: number): Promise<Discount[]> => {
    const [list, used, updated] = await Promise.all([
      loadDiscounts(db, companyId, id === undefined ? undefined : [id]),
      usage(db, companyId, ctx.now() - 30 * DAY_MS),
      db.selectFrom('discounts').select(['id', 'updated_at']).where('company_id', '=', companyId).execute(),
    ]);
    const at = new Map(updated.map((u) => [u.id, Number(u.updated_at)]));
    return list.map(({ id: discountId, ...rest }) => ({
      id: discountId,
      ...rest,
      uses30d: used.get(discountId)?.uses ?? 0,
      amount30dCents: used.get(discountId)?.cents ?? 0,
      updatedAt: at.get(discountId) ?? 0,
    }));
  };
  const one = async (companyId: number, id: number) => {
    const [found] = await load(companyId, id);
    if (!found) throw notFound('discount');
    return found;
  };

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await load(merchantOf(res).companyId) });
  });

  router.get('/export', async (req, res) => {
    const rows = await load(merchantOf(res).companyId);
    await sendExport(ctx.db, req, res, { name: 'discounts', now: ctx.now() }, CSV_COLUMNS, rows);
  });

  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const [items, categories, locale] = await Promise.all([
      db
        .selectFrom('items')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy(sql`lower(name)`)
        .limit(5000)
        .execute(),
      db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      companyLocale(db, companyId),
    ]);
    const body: DiscountOptions = { items, categories, currency: locale.currency };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await one(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(discountInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkTargets(db, companyId, input);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('discounts')
          .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeTargets(trx, 'discount', companyId, row.id, input);
        return row.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await one(companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(discountInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkTargets(db, companyId, input);
    await db
      .transaction()
      .execute(async (trx) => {
        const result = await trx
          .updateTable('discounts')
          .set({ ...columns(input), updated_at: ctx.now() })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('discount');
        await writeTargets(trx, 'discount', companyId, id, input);
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await one(companyId, id));
  });

  // Receipts keep the discount's name and amount; their link to it is cleared (set null).
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const result = await db
      .deleteFrom('discounts')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('discount');
    res.status(204).end();
  });

  return router;
}
