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
import {
  EMPTY_SUMS,
  addSums,
  changeOf,
  figuresOf,
  isoDay,
  type SalesSums,
} from '@hive/shared/schemas/backoffice/reports';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, money, noStore, requirePage } from '../merchant';
import { sumOf } from './frame';
import { SUM_COLUMNS, toSums } from './sums';
import { localTime } from '../../platform/time';
import { companyLocale } from '../settings';

const PERIOD_DAYS: Record<OverviewPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
const CHART_DAYS = 30;

function kpi(value: number, previous: number): KpiValue {
  return { value, previous, change: changeOf(value, previous) };
}

function kpis(current: SalesSums, previous: SalesSums): OverviewKpis {
  const now = figuresOf(current);
  const before = figuresOf(previous);
  return {
    netSales: kpi(money(now.netSalesCents), money(before.netSalesCents)),
    receipts: kpi(now.receipts, before.receipts),
    averageTicket: kpi(money(now.averageSaleCents), money(before.averageSaleCents)),
    refunds: kpi(money(now.refundsCents), money(before.refundsCents)),
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
 * The figures of the overview page, by the definitions of the reports and from the same roll-ups
 * (days and hours local to each location; "today" is the business's). A period runs from the start
 * of today, 6 or 29 days back, to now; it is compared with the same span just before it, to the
 * hour (today until this hour against yesterday until the same hour).
 */
export async function computeOverview(db: Kysely<Database>, companyId: number, now: number): Promise<Overview> {
  // Read first: the figures include at least every receipt up to this version.
  const version = await receiptVersion(db, companyId);
  const locale = await companyLocale(db, companyId);
  const { day: today, hour } = localTime(now, locale.timezone);
  const earliest = today - (2 * CHART_DAYS - 1);
  const rows = await db
    .selectFrom('rollup_sales')
    .select([
      'day',
      sql<number>`case when hour <= ${sql.lit(hour)} then 1 else 0 end`.as('early'),
      ...SUM_COLUMNS.map((c) => sumOf(c).as(c)),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', earliest)
    .where('day', '<=', today)
    .groupBy(['day', sql`case when hour <= ${sql.lit(hour)} then 1 else 0 end`])
    .execute();
  const sumDays = (from: number, to: number, lastDayUntilNow: boolean) => {
    let sums: SalesSums = { ...EMPTY_SUMS };
    for (const row of rows) {
      const day = Number(row.day);
      if (day < from || day > to) continue;
      if (lastDayUntilNow && day === to && Number(row.early) === 0) continue;
      sums = addSums(sums, toSums(row as Record<string, unknown>));
    }
    return sums;
  };

  const periods = {} as Record<OverviewPeriod, OverviewKpis>;
  for (const period of OVERVIEW_PERIODS) {
    const days = PERIOD_DAYS[period];
    const from = today - (days - 1);
    periods[period] = kpis(sumDays(from, today, false), sumDays(from - days, today - days, true));
  }

  const chartStart = today - (CHART_DAYS - 1);
  const salesPerDay = Array.from({ length: CHART_DAYS }, (_, k) => {
    const f = figuresOf(sumDays(chartStart + k, chartStart + k, false));
    return { date: isoDay(chartStart + k), netSales: money(f.netSalesCents), receipts: f.receipts };
  });

  const top = await db
    .selectFrom('rollup_items')
    .select([
      'item_id',
      sql<string>`max(name)`.as('name'),
      sql<number>`sum(sold_qty) - sum(refunded_qty)`.as('quantity'),
      sql<number>`sum(net_cents) - sum(refund_cents)`.as('revenue'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', chartStart)
    .where('day', '<=', today)
    // A catalog item by its id; a line typed in at the register by its name.
    .groupBy(['item_id', sql`case when item_id = 0 then name else '' end`])
    .orderBy(sql`sum(net_cents) - sum(refund_cents)`, 'desc')
    .orderBy(sql`max(name)`)
    .limit(5)
    .execute();
  const names = new Map(
    (
      await db
        .selectFrom('items')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .where('id', 'in', [0, ...top.map((t) => Number(t.item_id))])
        .execute()
    ).map((i) => [i.id, i.name]),
  );

  return {
    version,
    currency: locale.currency,
    periods,
    salesPerDay,
    topItems: top.map((t) => ({
      name: names.get(Number(t.item_id)) ?? t.name,
      quantity: Number(t.quantity),
      revenue: money(t.revenue),
    })),
  };
}

/**
 * The figures are shared by every user of a company for up to this long, as long as no receipt was
 * stored meanwhile: a shop watched live by many tabs computes them once per new receipt (at most
 * once a second when nothing moves), not once per tab, and a page that was told of a new receipt
 * never gets the figures from before it. The answer's `version` tells a page whether it already
 * includes the latest receipt.
 */
export const OVERVIEW_SHARE_MS = 1_000;

export function overviewRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const shared = new Map<string, { at: number; version: string; value: Promise<Overview> }>();
  router.get('/', requirePage(ctx, '/overview'), async (req, res) => {
    parseOrThrow(overviewQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const key = String(companyId);
    // One primary-key read: figures shared from before the latest receipt are not shared.
    const version = await receiptVersion(ctx.db, companyId);
    let entry = shared.get(key);
    if (!entry || entry.version !== version || now - entry.at >= OVERVIEW_SHARE_MS || now < entry.at) {
      entry = { at: now, version, value: computeOverview(ctx.db, companyId, now) };
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
