import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { shiftReceiptsQuery } from '@hive/shared/schemas/backoffice/reports';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Every figure opens its receipts: on the demo's 90 days of sales, each kind of report figure (a
 * day, an item, a category, a payment type, an order type, an employee, a tax rate, a closing) is
 * asked of the transactions list with the filters its link carries, and the list's figure must be
 * the report's to the cent. Then the bad filters: a 400 naming the field.
 */

const API = '/api/backoffice';
const PERIOD = 'period=last_30_days';

async function get(client: Client, path: string): Promise<{ status: number; body: Json }> {
  const response = await client.request(`${API}${path}`);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

for (const target of databaseTargets()) {
  describe(`drill-down from report figures to receipts [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;

    before(async () => {
      server = await startTestServer(target, { seedDemoSales: true });
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
    });
    after(async () => {
      await server?.close();
    });

    const list = async (filters: string) => {
      const { status, body } = await get(owner, `/reports/transactions?pageSize=1&${filters}`);
      assert.equal(status, 200, JSON.stringify(body));
      return body as Any;
    };

    it('a day of sales per day, and the whole period', async () => {
      const report = (await get(owner, `/reports/sales_per_day?${PERIOD}&group=day`)).body as Any;
      const days = (report.rows as Any[]).filter((r) => r.netSalesCents !== 0).slice(0, 5);
      assert.ok(days.length > 0, 'the demo has sales');
      for (const day of days) {
        const found = await list(`period=custom&from=${day.date}&to=${day.date}`);
        assert.equal(found.figure.kind, 'net_sales');
        assert.equal(found.figure.cents, day.netSalesCents, day.date);
      }
      // Search forces the list's own sums (no roll-ups): the same figure by another path.
      const whole = await list(PERIOD);
      assert.equal(whole.figure.cents, report.totals.current.netSalesCents);
    });

    it('items and categories of item sales', async () => {
      const report = (await get(owner, `/reports/item_sales?${PERIOD}`)).body as Any;
      const items = (report.items as Any[]).filter((r) => r.itemId !== null).slice(0, 6);
      assert.ok(items.length > 0);
      const all = (await list(PERIOD)).total;
      for (const item of items) {
        const found = await list(`${PERIOD}&item=${item.itemId}`);
        assert.equal(found.figure.kind, 'item');
        assert.equal(found.figure.cents, item.netSalesCents, item.name);
        assert.equal(found.names.item, item.name);
        // Only the receipts with that item: no demo item is on every receipt.
        assert.ok(found.total > 0 && found.total < all, item.name);
      }
      for (const category of (report.categories as Any[]).filter((c) => c.key !== 'none')) {
        const found = await list(`${PERIOD}&category=${category.key}`);
        assert.equal(found.figure.cents, category.netSalesCents, category.name);
      }
    });

    it('payment types, order types and employees of the sales summary', async () => {
      const report = (await get(owner, `/reports/sales?${PERIOD}`)).body as Any;
      assert.ok(report.payments.length > 0);
      for (const payment of report.payments as Any[]) {
        const found = await list(`${PERIOD}&paymentType=${encodeURIComponent(payment.name)}`);
        assert.equal(found.figure.kind, 'payment');
        assert.equal(found.figure.cents, payment.netCents, payment.name);
      }
      for (const type of (report.orderTypes as Any[]).filter((o) => o.key !== 'none')) {
        const found = await list(`${PERIOD}&orderType=${type.key}`);
        assert.equal(found.figure.cents, type.netSalesCents, type.name);
      }
      for (const employee of (report.employees as Any[]).filter((e) => e.key !== 'none')) {
        const found = await list(`${PERIOD}&employee=${employee.key}`);
        assert.equal(found.figure.cents, employee.netSalesCents, employee.name);
        assert.equal(found.names.employee, employee.name);
      }
    });

    it('tax rates of the tax report', async () => {
      const report = (await get(owner, `/reports/taxes?${PERIOD}`)).body as Any;
      assert.ok(report.rows.length > 0);
      for (const tax of report.rows as Any[]) {
        const found = await list(`${PERIOD}&taxRate=${tax.rateBp}&tax=${encodeURIComponent(tax.name)}`);
        assert.equal(found.figure.kind, 'tax');
        assert.equal(found.figure.cents, tax.netTaxCents, tax.name);
      }
    });

    it('closings: the receipts of a shift', async () => {
      const report = (await get(owner, `/reports/closings?${PERIOD}&pageSize=5`)).body as Any;
      const shifts = (report.rows as Any[]).filter((s) => s.receipts > 0);
      assert.ok(shifts.length > 0);
      for (const shift of shifts) {
        // The link spans the shift's days (a shift may cross midnight or the period's start).
        const found = await list(new URLSearchParams(shiftReceiptsQuery(shift)).toString());
        assert.equal(found.sums.current.sales, shift.receipts, `shift ${shift.number}`);
        assert.equal(found.figure.cents, shift.netSalesCents, `shift ${shift.number}`);
        assert.equal(found.names.shift, shift.number);
      }
    });

    it("closings read by employee: a shift row's link opens the whole shift its figures count", async () => {
      // The employee filter picks the shifts they opened or closed; each row counts its whole
      // shift, so its link must not keep the filter (it would list that employee's receipts only).
      const employees = ((await get(owner, `/reports/closings?${PERIOD}&pageSize=1`)).body as Any).filters
        .employees as Any[];
      let rows = 0;
      let shared = 0;
      for (const employee of employees) {
        const report = (await get(owner, `/reports/closings?${PERIOD}&employee=${employee.id}&all=1`)).body as Any;
        for (const shift of report.rows as Any[]) {
          rows += 1;
          const link = new URLSearchParams(shiftReceiptsQuery(shift));
          assert.equal(link.get('employee'), null);
          const found = await list(`${link}&all=1`);
          const what = `shift #${shift.number} read for ${employee.name}`;
          assert.equal(found.sums.current.sales, shift.receipts, what);
          assert.equal(found.figure.cents, shift.netSalesCents, what);
          assert.equal(found.total, found.rows.length, what);
          if ((found.rows as Any[]).some((r) => r.employee !== employee.name)) shared += 1;
        }
      }
      // The demo's shifts take receipts from several employees: the case is exercised.
      assert.ok(rows > 0 && shared > 0, `${rows} rows, ${shared} with others' receipts`);
    });

    it("each receipt's part of the figure, in every kind, adds up to the figure over the whole list", async () => {
      const summary = (await get(owner, `/reports/sales?${PERIOD}`)).body as Any;
      const items = (await get(owner, `/reports/item_sales?${PERIOD}`)).body as Any;
      const taxes = (await get(owner, `/reports/taxes?${PERIOD}`)).body as Any;
      const item = (items.items as Any[]).find((i) => i.itemId !== null);
      const figures: [string, number][] = [
        ...(summary.payments as Any[]).map((p): [string, number] => [
          `paymentType=${encodeURIComponent(p.name)}`,
          p.netCents,
        ]),
        [`item=${item.itemId}`, item.netSalesCents],
        ...(taxes.rows as Any[]).map((t): [string, number] => [
          `taxRate=${t.rateBp}&tax=${encodeURIComponent(t.name)}`,
          t.netTaxCents,
        ]),
        ['', summary.totals.current.netSalesCents],
        ['kind=refund', summary.totals.current.refundsCents],
      ];
      let split = 0;
      for (const [filters, figure] of figures) {
        const whole = await list(`${PERIOD}&${filters}&all=1`);
        assert.equal(whole.rows.length, whole.total, filters);
        const parts = (whole.rows as Any[]).reduce((sum, r) => sum + r.figureCents, 0);
        assert.equal(parts, figure, `the parts of ${filters || 'net sales'}`);
        assert.equal(whole.figure.cents, figure, filters);
        // A page carries the figure of the whole list, and its rows their own parts.
        const page = (await get(owner, `/reports/transactions?${PERIOD}&${filters}&pageSize=5&page=2`)).body as Any;
        assert.equal(page.figure.cents, figure, `page 2 of ${filters}`);
        const byId = new Map((whole.rows as Any[]).map((r) => [r.id, r.figureCents]));
        for (const r of page.rows as Any[]) assert.equal(r.figureCents, byId.get(r.id), `#${r.number} ${filters}`);
        if (filters.startsWith('paymentType')) {
          split += (whole.rows as Any[]).filter(
            (r) => r.kind === 'sale' && r.figureCents !== r.totalCents + r.tipCents,
          ).length;
        }
      }
      // Split and change-giving receipts are there: a whole total would not add up.
      assert.ok(split > 0, 'receipts whose part differs from their total');
    });

    it('bad filters: a 400 naming the field', async () => {
      for (const [query, field] of [
        ['from=2026-13-01&to=2026-12-01', 'from'],
        ['period=custom&from=yesterday&to=2026-12-01', 'from'],
        ['item=abc', 'item'],
        ['taxRate=8.25', 'taxRate'],
        ['shift=-1', 'shift'],
        ['paymentType=', 'paymentType'],
      ] as const) {
        const { status, body } = await get(owner, `/reports/transactions?${query}`);
        assert.equal(status, 400, query);
        assert.match(JSON.stringify(body), new RegExp(field), query);
      }
    });
  });
}
