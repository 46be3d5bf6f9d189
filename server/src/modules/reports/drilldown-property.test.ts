import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { shiftReceiptsQuery, type ClosingRow } from '@hive/shared/schemas/backoffice/reports';
import { device } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';
import {
  categoryRows,
  employeeRows,
  figures,
  groupBy,
  itemRows,
  orderTypeRows,
  paymentRows,
  shiftRows,
  taxRows,
} from '../../../test/reconciliation/expected';
import { cents, Differences, get } from '../../../test/reconciliation/differences';
import { CATALOG, freshCompany, type Fixture } from '../../../test/reconciliation/fixture';
import { ringUp, type Ledger, type Outgoing } from '../../../test/reconciliation/generator';
import { localDay } from '../../../test/reconciliation/model';
import { dayPlan } from '../../../test/reconciliation/plan';

/*
 * Every figure opens its receipts, as a property: random receipts (sales, refunds, several lines,
 * split payments, added and included taxes, employees, order types, two locations in far-apart
 * zones, days around New York's clock changes) rung up through the device API; then, for every
 * figure a report or the overview shows, the transactions list asked with the filters that
 * figure's link carries must show the same figure (and as many receipts) as the report, and both
 * must equal the reference model (reconciliation/expected.ts, written from docs/behaviour.md 12,
 * not from the server's code). DRILL_RUNS runs longer; DRILL_SEED replays a failure.
 */

const RUNS = Number(process.env.DRILL_RUNS ?? 10);
const SEED = process.env.DRILL_SEED === undefined ? (Math.random() * 2 ** 31) | 0 : Number(process.env.DRILL_SEED);

/** Trading windows (UTC): New York's spring and autumn changes, and a plain week. */
const WINDOWS = [
  ['2026-03-06T12:00', '2026-03-09T20:00', '2026-03-09T20:15', '2026-03-04', '2026-03-12'],
  ['2026-10-30T12:00', '2026-11-02T20:00', '2026-11-02T20:15', '2026-10-28', '2026-11-05'],
  ['2026-06-10T00:00', '2026-06-13T20:00', '2026-06-13T20:15', '2026-06-08', '2026-06-16'],
].map(([start, latest, now, from, to]) => ({
  start: Date.parse(`${start}:00Z`),
  latest: Date.parse(`${latest}:00Z`),
  now: Date.parse(`${now}:00Z`),
  from: from!,
  to: to!,
}));

/** The events of a run, a batch per run of one till's events (the register's way). */
async function send(server: TestServer, tokens: string[], outgoing: Outgoing[], label: string) {
  const batches: Outgoing[][] = [];
  for (const o of outgoing) {
    const last = batches.at(-1);
    if (last && last[0]!.terminal === o.terminal && last.length < 20) last.push(o);
    else batches.push([o]);
  }
  for (const batch of batches) {
    const reply = await device(server.url, tokens[batch[0]!.terminal]!, 'POST', '/events', {
      events: batch.map((o) => o.event),
    });
    // The generator also rings up sales a register must have refused (change off a card): a
    // batch of those alone is answered 422, and each is rejected on its field.
    const allRefused = batch.every((o) => o.refusedOn !== undefined);
    assert.equal(reply.status, allRefused ? 422 : 200, `${label}: ${JSON.stringify(reply.body)}`);
    batch.forEach((o, i) => {
      const result = reply.body.results[i];
      if (o.refusedOn !== undefined) {
        assert.equal(result.status, 'rejected', `${label}: ${JSON.stringify(result)}`);
        return;
      }
      assert.equal(result.status, 'stored', `${label}: ${JSON.stringify(result)}`);
      if (o.receipt) o.receipt.number = result.receiptNumber;
      if (o.shift) o.shift.number = result.shiftNumber;
    });
  }
}

/**
 * One figure's drill-down: the list with `filters` must show `shown` (what the report or overview
 * showed), which must be `model`; `receipts`, when given, is how many sales receipts it counts.
 */
async function drill(
  d: Differences,
  fixture: Fixture,
  name: string,
  filters: string,
  figure: { shown: number; model: number; kind: string; receipts?: number },
) {
  const list = await get(fixture, `/reports/transactions?all=1&${filters}`);
  d.eq(`${name}: the report's figure`, figure.shown, figure.model);
  d.eq(`${name}: the list's figure (${filters})`, list.figure.cents, figure.model);
  // Each row shows its receipt's part of the figure: together, the figure.
  const parts = (list.rows as Json[]).reduce((sum, r) => sum + r.figureCents, 0);
  d.eq(`${name}: the rows' parts (${filters})`, parts, figure.model);
  d.eq(`${name}: the list's figure kind`, list.figure.kind, figure.kind);
  if (figure.receipts !== undefined) d.eq(`${name}: sales receipts listed`, list.sums.current.sales, figure.receipts);
  return list;
}

async function checkDrilldowns(fixture: Fixture, ledger: Ledger, window: (typeof WINDOWS)[number], label: string) {
  const d = new Differences(label);
  const period = `period=custom&from=${window.from}&to=${window.to}`;
  const receipts = ledger.receipts;
  const ranged = (from: string, to: string) => `period=custom&from=${from}&to=${to}`;

  // A day of sales per day: the list of that one day (each receipt on its location's day).
  const byDay = groupBy(receipts, (r) => r.day);
  const perDay = await get(fixture, `/reports/sales_per_day?${period}&group=day`);
  for (const row of perDay.rows as Json[]) {
    const want = figures(byDay.get(row.date) ?? []);
    const f = { shown: row.netSalesCents, model: want.netSalesCents, kind: 'net_sales', receipts: want.receipts };
    await drill(d, fixture, `day ${row.date}`, ranged(row.date, row.date), f);
  }

  // The sales summary: payment types, order types, employees.
  const summary = await get(fixture, `/reports/sales?${period}`);
  const payments = paymentRows(receipts);
  for (const row of summary.payments as Json[]) {
    const f = { shown: row.netCents, model: payments.get(row.name)?.netCents ?? 0, kind: 'payment' };
    await drill(d, fixture, `payment ${row.name}`, `${period}&paymentType=${encodeURIComponent(row.name)}`, f);
  }
  const orderTypes = orderTypeRows(receipts);
  for (const row of (summary.orderTypes as Json[]).filter((o) => o.key !== 'none')) {
    const want = orderTypes.get(String(row.key));
    const f = { shown: row.netSalesCents, model: want?.netSalesCents ?? 0, kind: 'net_sales', receipts: want?.count };
    await drill(d, fixture, `order type ${row.name}`, `${period}&orderType=${row.key}`, f);
  }
  const employees = employeeRows(receipts);
  for (const row of (summary.employees as Json[]).filter((e) => e.key !== 'none')) {
    const want = employees.get(String(row.key));
    const f = {
      shown: row.netSalesCents,
      model: want?.netSalesCents ?? 0,
      kind: 'net_sales',
      receipts: want?.receipts,
    };
    await drill(d, fixture, `employee ${row.name}`, `${period}&employee=${row.key}`, f);
  }

  // Item sales: catalog items (a typed-in line has no id to filter by) and categories.
  const itemSales = await get(fixture, `/reports/item_sales?${period}`);
  const items = itemRows(receipts);
  for (const row of (itemSales.items as Json[]).filter((i) => i.itemId !== null)) {
    const f = { shown: row.netSalesCents, model: items.get(`item:${row.itemId}`)?.netSalesCents ?? 0, kind: 'item' };
    await drill(d, fixture, `item ${row.name}`, `${period}&item=${row.itemId}`, f);
  }
  const categories = categoryRows(receipts);
  for (const row of (itemSales.categories as Json[]).filter((c) => c.key !== 'none')) {
    const f = {
      shown: row.netSalesCents,
      model: categories.get(String(row.key))?.netSalesCents ?? 0,
      kind: 'category',
    };
    await drill(d, fixture, `category ${row.name}`, `${period}&category=${row.key}`, f);
  }

  // The tax report: a tax as charged, by its rate and name.
  const taxes = await get(fixture, `/reports/taxes?${period}`);
  const byTax = taxRows(receipts);
  for (const row of taxes.rows as Json[]) {
    const f = { shown: row.netTaxCents, model: byTax.get(row.name)?.netTaxCents ?? 0, kind: 'tax' };
    await drill(
      d,
      fixture,
      `tax ${row.name}`,
      `${period}&taxRate=${row.rateBp}&tax=${encodeURIComponent(row.name)}`,
      f,
    );
  }

  // Closings: a shift's receipts over the days it was open, as its link asks.
  const closings = await get(fixture, `/reports/closings?${period}&all=1&pageSize=100`);
  const shifts = new Map(shiftRows(ledger).map((s) => [s.number, s]));
  for (const row of closings.rows as Json[]) {
    const want = shifts.get(row.number);
    const days = new URLSearchParams(shiftReceiptsQuery(row as ClosingRow)).toString();
    const f = {
      shown: row.netSalesCents,
      model: want?.netSalesCents ?? 0,
      kind: 'net_sales',
      receipts: want?.receipts,
    };
    await drill(d, fixture, `closing #${row.number}`, days, f);
  }

  // The overview: its tiles open the preset of the same days, its chart days one day each.
  const business = await get(fixture, '/business');
  const today = localDay(window.now, business.timezone);
  const daysBack = (k: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - k * 86_400_000).toISOString().slice(0, 10);
  const overview = await get(fixture, '/overview');
  for (const [key, preset, days] of [
    ['today', 'today', 1],
    ['7d', 'last_7_days', 7],
    ['30d', 'last_30_days', 30],
  ] as const) {
    const want = figures(receipts.filter((r) => r.day >= daysBack(days - 1) && r.day <= today));
    const kpis = overview.periods[key];
    const name = `overview ${key}`;
    await drill(d, fixture, `${name} net sales`, `period=${preset}`, {
      shown: cents(kpis.netSales.value),
      model: want.netSalesCents,
      kind: 'net_sales',
    });
    // The receipts tile counts sales: its link lists the sales alone.
    const sales = await get(fixture, `/reports/transactions?pageSize=1&period=${preset}&kind=sale`);
    d.eq(`${name} receipts tile`, kpis.receipts.value, want.receipts);
    d.eq(`${name} receipts: the list's count`, sales.total, want.receipts);
    // The average tile opens the same list: its figure (the sales before tax) over its count.
    d.eq(`${name} average tile`, cents(kpis.averageTicket.value), want.averageSaleCents);
    d.eq(
      `${name} average: the list's figure / count`,
      sales.total ? Math.round(sales.figure.cents / sales.total) : 0,
      want.averageSaleCents,
    );
    // The refunds tile: the refunds' net amounts (before tax), what its list shows as its figure.
    await drill(d, fixture, `${name} refunds`, `period=${preset}&kind=refund`, {
      shown: cents(kpis.refunds.value),
      model: want.refundsCents,
      kind: 'refunds',
    });
  }
  for (const point of overview.salesPerDay as Json[]) {
    // A day nobody traded on: the reconciliation test already holds the chart's zeros.
    if (point.netSales === 0 && point.receipts === 0 && !byDay.has(point.date)) continue;
    const want = figures(byDay.get(point.date) ?? []);
    const f = { shown: cents(point.netSales), model: want.netSalesCents, kind: 'net_sales', receipts: want.receipts };
    await drill(d, fixture, `overview chart ${point.date}`, ranged(point.date, point.date), f);
  }
  d.throwIfAny();
}

for (const target of databaseTargets()) {
  describe(`every figure opens its receipts, random receipts [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it(
      'the filtered list shows each figure of the reports and the overview, to the cent',
      { timeout: 300_000 },
      async () => {
        let run = 0;
        await fc.assert(
          fc.asyncProperty(dayPlan(CATALOG.items, CATALOG.taxSets, WINDOWS.length), async (plan) => {
            run += 1;
            const window = WINDOWS[plan.window]!;
            server.clock.offsetMs = window.now - Date.now();
            const fixture = await freshCompany(server);
            const { outgoing, ledger } = ringUp(plan, fixture.catalog, window.start, window.latest);
            const label = `${target.name} run ${run} (DRILL_SEED=${SEED})`;
            await send(
              server,
              fixture.terminals.map((t) => t.token),
              outgoing,
              label,
            );
            await checkDrilldowns(fixture, ledger, window, label);
          }),
          // Shrinking signs up a company per attempt: bounded, so a failure reports within the timeout.
          {
            numRuns: RUNS,
            seed: SEED,
            includeErrorInReport: true,
            interruptAfterTimeLimit: 200_000,
            markInterruptAsFailure: false,
          },
        );
      },
    );
  });
}
