import express, { type Router } from 'express';
import { sql } from 'kysely';
import { promotionInputSchema, type Promotion, type PromotionInput } from '@hive/shared/schemas/backoffice/offers';
import { type PromotionRule } from '@hive/register-sdk/money';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { sendExport, merchantOf, requirePage, idParam, noStore, notFound, type ExportColumn, type Db } from '../merchant';
import { checkTargets, loadTargets, writeTargets } from './targets';

const PAGE = '/promotions';
const DAY_MS = 86_400_000;

const maskOf = (days: readonly number[]) => days.reduce((mask, d) => mask | (1 << d), 0);
const daysOf = (mask: number) => [0, 1, 2, 3, 4, 5, 6].filter((d) => (mask & (1 << d)) !== 0);

/** The company's promotions (all, or the active ones, or `ids`) as the evaluator takes them. */
export async function loadPromotions(
  db: Db,
  companyId: number,
  options: { activeOnly?: boolean; ids?: number[] } = {},
): Promise<(PromotionRule & { active: boolean; updatedAt: number })[]> {
  if (options.ids && options.ids.length === 0) return [];
  let query = db.selectFrom('promotions').selectAll().where('company_id', '=', companyId);
  if (options.activeOnly) query = query.where('active', '=', 1);
  if (options.ids) query = query.where('id', 'in', options.ids);
  const rows = await query.orderBy('priority').orderBy('id').execute();
  if (rows.length === 0) return [];
  const targets = await loadTargets(
    db,
    'promotion',
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const own = targets.get(r.id)!;
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      priority: Number(r.priority),
      stackable: Number(r.stackable) === 1,
      active: Number(r.active) === 1,
      itemIds: own.itemIds,
      categoryIds: own.categoryIds,
      buyQuantity: Number(r.buy_quantity),
      getQuantity: Number(r.get_quantity),
      getPercentBp: Number(r.get_percent_bp),
      percentBp: Number(r.percent_bp),
      thresholdCents: Number(r.threshold_cents),
      amountCents: Number(r.amount_cents),
      days: daysOf(Number(r.days_mask)),
      startTime: r.start_time,
      endTime: r.end_time,
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      updatedAt: Number(r.updated_at),
    };
  });
}

const columns = (input: PromotionInput) => ({
  name: input.name,
  kind: input.kind,
  priority: input.priority,
  stackable: input.stackable ? 1 : 0,
  active: input.active ? 1 : 0,
  buy_quantity: input.buyQuantity,
  get_quantity: input.getQuantity,
  get_percent_bp: input.getPercentBp,
  percent_bp: input.percentBp,
  threshold_cents: input.thresholdCents,
  amount_cents: input.amountCents,
  days_mask: maskOf(input.days),
  start_time: input.startTime,
  end_time: input.endTime,
  starts_on: input.startsOn,
  ends_on: input.endsOn,
});

/** `/api/backoffice/promotions`: the automatic rules, with their use over 30 days. */
const decimal = (hundredths: number) => (hundredths / 100).toFixed(2);
const CSV_COLUMNS: ExportColumn<Promotion>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'kind', value: (r) => r.kind },
  { header: 'priority', value: (r) => r.priority },
  { header: 'stackable', value: (r) => (r.stackable ? 'yes' : 'no') },
  { header: 'active', value: (r) => (r.active ? 'yes' : 'no') },
  { header: 'buy_quantity', value: (r) => r.buyQuantity },
  { header: 'get_quantity', value: (r) => r.getQuantity },
  { header: 'get_percent', value: (r) => decimal(r.getPercentBp), decimal: true },
  { header: 'percent', value: (r) => decimal(r.percentBp), decimal: true },
  { header: 'threshold', value: (r) => decimal(r.thresholdCents), decimal: true },
  { header: 'amount', value: (r) => decimal(r.amountCents), decimal: true },
  // Days of the week as numbers, 0 = Sunday (as the rule stores them); empty = every day.
  { header: 'days', value: (r) => r.days.join(' ') },
  { header: 'start_time', value: (r) => r.startTime },
  { header: 'end_time', value: (r) => r.endTime },
  { header: 'starts_on', value: (r) => r.startsOn ?? '' },
  { header: 'ends_on', value: (r) => r.endsOn ?? '' },
  { header: 'uses_30d', value: (r) => r.uses30d },
  { header: 'amount_30d', value: (r) => decimal(r.amount30dCents), decimal: true },
];

export function promotionsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const list = async (companyId: number, ids?: number[]): Promise<Promotion[]> => {
    const [rules, used] = await Promise.all([
      loadPromotions(db, companyId, { ids }),
      sql<{ promotion_id: number; uses: number; cents: number }>`
        select d.promotion_id, count(distinct d.receipt_id) as uses, sum(d.amount_cents) as cents
          from receipt_discounts d join receipts r on r.id = d.receipt_id
         where d.company_id = ${companyId} and d.promotion_id is not null and r.kind = 'sale'
           and r.created_at >= ${ctx.now() - 30 * DAY_MS}
         group by d.promotion_id`.execute(db),
    ]);
    const byId = new Map(used.rows.map((u) => [u.promotion_id, u]));
    return rules.map(({ updatedAt, ...rule }) => ({
      ...rule,
      itemIds: [...rule.itemIds],
      categoryIds: [...rule.categoryIds],
      days: [...rule.days],
      uses30d: Number(byId.get(rule.id)?.uses ?? 0),
      amount30dCents: Number(byId.get(rule.id)?.cents ?? 0),
      updatedAt,
    }));
  };
  const one = async (companyId: number, id: number) => {
    const [found] = await list(companyId, [id]);
    if (!found) throw notFound('promotion');
    return found;
  };

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await list(merchantOf(res).companyId) });
  });

  router.get('/export', async (req, res) => {
    const rows = await list(merchantOf(res).companyId);
    await sendExport(ctx.db, req, res, { name: 'promotions', now: ctx.now() }, CSV_COLUMNS, rows);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await one(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(promotionInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkTargets(db, companyId, input);
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('promotions')
        .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeTargets(trx, 'promotion', companyId, row.id, input);
      return row.id;
    });
    noStore(res)
      .status(201)
      .json(await one(companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(promotionInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await one(companyId, id);
    await checkTargets(db, companyId, input);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('promotions')
        .set({ ...columns(input), updated_at: ctx.now() })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await writeTargets(trx, 'promotion', companyId, id, input);
    });
    noStore(res).json(await one(companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const result = await db
      .deleteFrom('promotions')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('promotion');
    res.status(204).end();
  });

  return router;
}
