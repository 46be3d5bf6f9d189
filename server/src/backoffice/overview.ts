import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import {
  OVERVIEW_PERIODS,
  overviewQuerySchema,
  type KpiValue,
  type Overview,
  type OverviewKpis,
  type OverviewPeriod,
  type OverviewVersion,
} from '@hive/shared/schemas/backoffice';
import type { AuthContext } from '../auth';
import type { Database } from '../db';
import { parseOrThrow } from '../http';
import { merchantOf, requirePage } from './access';
import { money, noStore } from './query';
import { companyLocale } from './settings';

const DAY_MS = 86_400_000;
const PERIOD_DAYS: Record<OverviewPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
const CHART_DAYS = 30;

interface Totals {
  salesCents: number;
  refundCents: number;
  receipts: number;
}

function kpi(value: number, previous: number): KpiValue {
  return { value, previous, change: previous === 0 ? null : (value - previous) / previous };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function kpis(current: Totals, previous: Totals): OverviewKpis {
  const ticket = (t: Totals) => (t.receipts === 0 ? 0 : round2(t.salesCents / t.receipts / 100));
  return {
    netSales: kpi(money(current.salesCents - current.refundCents), money(previous.salesCents - previous.refundCents)),
    receipts: kpi(current.receipts, previous.receipts),
    averageTicket: kpi(ticket(current), ticket(previous)),
    refunds: kpi(money(current.refundCents), money(previous.refundCents)),
  };
}

/** The company's receipt counter: it moves with every receipt or refund stored. */
async function receiptVersion(db: Kysely<Database>, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('document_counters')
    .select('value')
    .where('company_id', '=', companyId)
    .where('kind', '=', 'receipt')
    .executeTakeFirst();
  return String(row?.value ?? 0);
}

/**
 * The figures of the overview page. Local days come from the browser's offset (`tzOffset`
 * minutes east of UTC). A period runs from local midnight (today, 6 or 29 days back) to now; it is
 * compared with the same span just before it (e.g. today until now vs yesterday until the same time).
 */
export async function computeOverview(
  db: Kysely<Database>,
  companyId: number,
  now: number,
  tzOffsetMinutes: number,
): Promise<Overview> {
  // Read first: the figures include at least every receipt up to this version.
  const version = await receiptVersion(db, companyId);
  const offset = tzOffsetMinutes * 60_000;
  const todayStart = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
  const earliest = todayStart - (2 * 30 - 1) * DAY_MS;

  // Sums per local day, in the database (not a row per receipt): the overview is polled live.
  const dayExpr = sql<number>`cast((created_at + ${sql.lit(offset)}) / ${sql.lit(DAY_MS)} as integer)`;
  const rows = await db
    .selectFrom('receipts')
    .select([dayExpr.as('day'), 'kind', sql<number>`sum(total_cents)`.as('cents'), sql<number>`count(*)`.as('n')])
    .where('company_id', '=', companyId)
    .where('created_at', '>=', earliest)
    .where('created_at', '<=', now)
    .groupBy([dayExpr, 'kind'])
    .execute();
  const days = new Map<number, Totals>();
  const add = (into: Totals, kind: string, cents: number, n: number) => {
    if (kind === 'sale') {
      into.salesCents += cents;
      into.receipts += n;
    } else {
      into.refundCents += cents;
    }
  };
  for (const r of rows) {
    const day = Number(r.day);
    const totals = days.get(day) ?? { salesCents: 0, refundCents: 0, receipts: 0 };
    add(totals, r.kind, Number(r.cents), Number(r.n));
    days.set(day, totals);
  }
  const dayOf = (t: number) => Math.floor((t + offset) / DAY_MS);
  /** Whole local days `first` to `last`, both included. */
  const inDays = (first: number, last: number): Totals => {
    const out: Totals = { salesCents: 0, refundCents: 0, receipts: 0 };
    for (let d = first; d <= last; d += 1) {
      const t = days.get(d);
      if (t) {
        out.salesCents += t.salesCents;
        out.refundCents += t.refundCents;
        out.receipts += t.receipts;
      }
    }
    return out;
  };
  /** From `from` to `to` (both included) within one day: a query of its own. */
  const between = async (from: number, to: number): Promise<Totals> => {
    const out: Totals = { salesCents: 0, refundCents: 0, receipts: 0 };
    const part = await db
      .selectFrom('receipts')
      .select(['kind', sql<number>`sum(total_cents)`.as('cents'), sql<number>`count(*)`.as('n')])
      .where('company_id', '=', companyId)
      .where('created_at', '>=', from)
      .where('created_at', '<=', to)
      .groupBy('kind')
      .execute();
    for (const r of part) add(out, r.kind, Number(r.cents), Number(r.n));
    return out;
  };
  const plus = (a: Totals, b: Totals): Totals => ({
    salesCents: a.salesCents + b.salesCents,
    refundCents: a.refundCents + b.refundCents,
    receipts: a.receipts + b.receipts,
  });

  const periods = {} as Record<OverviewPeriod, OverviewKpis>;
  const today = dayOf(todayStart);
  for (const period of OVERVIEW_PERIODS) {
    const count = PERIOD_DAYS[period];
    const from = todayStart - (count - 1) * DAY_MS;
    const span = count * DAY_MS;
    // The previous span ends at the same time of day as now: whole days, then part of one.
    const previous = plus(inDays(dayOf(from - span), today - count - 1), await between(todayStart - span, now - span));
    periods[period] = kpis(inDays(dayOf(from), today), previous);
  }

  const chartStart = todayStart - (CHART_DAYS - 1) * DAY_MS;
  const perDay = Array.from({ length: CHART_DAYS }, (_, day) => {
    const t = days.get(dayOf(chartStart) + day);
    return {
      date: new Date(chartStart + day * DAY_MS + offset).toISOString().slice(0, 10),
      cents: t ? t.salesCents - t.refundCents : 0,
      receipts: t?.receipts ?? 0,
    };
  });

  const top = await db
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select([
      'receipt_lines.name',
      sql<number>`sum(receipt_lines.quantity)`.as('quantity'),
      sql<number>`sum(receipt_lines.total_cents)`.as('revenue'),
    ])
    .where('receipts.company_id', '=', companyId)
    .where('receipts.kind', '=', 'sale')
    .where('receipts.created_at', '>=', chartStart)
    .where('receipts.created_at', '<=', now)
    .groupBy('receipt_lines.name')
    .orderBy(sql`sum(receipt_lines.total_cents)`, 'desc')
    .orderBy('receipt_lines.name')
    .limit(5)
    .execute();

  return {
    version,
    currency: (await companyLocale(db, companyId)).currency,
    periods,
    salesPerDay: perDay.map((d) => ({ date: d.date, netSales: money(d.cents), receipts: d.receipts })),
    topItems: top.map((t) => ({ name: t.name, quantity: Number(t.quantity), revenue: money(t.revenue) })),
  };
}

/**
 * The figures are shared by every user of a company (and browser time zone) for up to this long:
 * a shop watched live by many tabs while its registers sell computes them about once a second, not
 * once per tab. The answer's `version` tells a page whether it already includes the latest receipt.
 */
export const OVERVIEW_SHARE_MS = 1_000;

export function overviewRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const shared = new Map<string, { at: number; value: Promise<Overview> }>();
  router.get('/', requirePage(ctx, '/overview'), async (req, res) => {
    const { tzOffset } = parseOrThrow(overviewQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const key = `${companyId}:${tzOffset}`;
    let entry = shared.get(key);
    if (!entry || now - entry.at >= OVERVIEW_SHARE_MS || now < entry.at) {
      entry = { at: now, value: computeOverview(ctx.db, companyId, now, tzOffset) };
      shared.set(key, entry);
      entry.value.catch(() => shared.delete(key));
      if (shared.size > 1_000) shared.delete(shared.keys().next().value!);
    }
    noStore(res).json(await entry.value);
  });
  // Polled by the live overview: one primary-key read, so a wall of open tabs costs nothing.
  router.get('/version', requirePage(ctx, '/overview'), async (_req, res) => {
    const body: OverviewVersion = {
      version: await receiptVersion(ctx.db, merchantOf(res).companyId),
      serverTime: ctx.now(),
    };
    noStore(res).json(body);
  });
  return router;
}
