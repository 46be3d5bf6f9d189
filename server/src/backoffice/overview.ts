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

interface ReceiptFact {
  at: number;
  kind: 'sale' | 'refund';
  cents: number;
}

interface Totals {
  salesCents: number;
  refundCents: number;
  receipts: number;
}

function totalsIn(facts: ReceiptFact[], from: number, to: number): Totals {
  const totals: Totals = { salesCents: 0, refundCents: 0, receipts: 0 };
  for (const f of facts) {
    if (f.at < from || f.at > to) continue;
    if (f.kind === 'sale') {
      totals.salesCents += f.cents;
      totals.receipts += 1;
    } else {
      totals.refundCents += f.cents;
    }
  }
  return totals;
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
  const offset = tzOffsetMinutes * 60_000;
  const todayStart = Math.floor((now + offset) / DAY_MS) * DAY_MS - offset;
  const earliest = todayStart - (2 * 30 - 1) * DAY_MS;

  const facts: ReceiptFact[] = (
    await db
      .selectFrom('receipts')
      .select(['created_at', 'kind', 'total_cents'])
      .where('company_id', '=', companyId)
      .where('created_at', '>=', earliest)
      .where('created_at', '<=', now)
      .execute()
  ).map((r) => ({ at: Number(r.created_at), kind: r.kind, cents: Number(r.total_cents) }));

  const periods = {} as Record<OverviewPeriod, OverviewKpis>;
  for (const period of OVERVIEW_PERIODS) {
    const days = PERIOD_DAYS[period];
    const from = todayStart - (days - 1) * DAY_MS;
    const span = days * DAY_MS;
    periods[period] = kpis(totalsIn(facts, from, now), totalsIn(facts, from - span, now - span));
  }

  const chartStart = todayStart - (CHART_DAYS - 1) * DAY_MS;
  const perDay = Array.from({ length: CHART_DAYS }, (_, day) => ({
    date: new Date(chartStart + day * DAY_MS + offset).toISOString().slice(0, 10),
    cents: 0,
    receipts: 0,
  }));
  for (const f of facts) {
    if (f.at < chartStart) continue;
    const bucket = perDay[Math.floor((f.at - chartStart) / DAY_MS)];
    if (!bucket) continue;
    if (f.kind === 'sale') {
      bucket.cents += f.cents;
      bucket.receipts += 1;
    } else {
      bucket.cents -= f.cents;
    }
  }

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
    currency: (await companyLocale(db, companyId)).currency,
    periods,
    salesPerDay: perDay.map((d) => ({ date: d.date, netSales: money(d.cents), receipts: d.receipts })),
    topItems: top.map((t) => ({ name: t.name, quantity: Number(t.quantity), revenue: money(t.revenue) })),
  };
}

export function overviewRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.get('/', requirePage(ctx, '/overview'), async (req, res) => {
    const { tzOffset } = parseOrThrow(overviewQuerySchema, req.query);
    noStore(res).json(await computeOverview(ctx.db, merchantOf(res).companyId, ctx.now(), tzOffset));
  });
  // Polled by the live overview: one primary-key read, so a wall of open tabs costs nothing.
  router.get('/version', requirePage(ctx, '/overview'), async (_req, res) => {
    const row = await ctx.db
      .selectFrom('document_counters')
      .select('value')
      .where('company_id', '=', merchantOf(res).companyId)
      .where('kind', '=', 'receipt')
      .executeTakeFirst();
    const body: OverviewVersion = { version: String(row?.value ?? 0), serverTime: ctx.now() };
    noStore(res).json(body);
  });
  return router;
}
