import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { api, db, device, pairRegister, parseCsv, signedIn } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Change comes out of the cash, whatever the order of the payments: receipts of 20.00 sent through
 * the device API, paid in cash with change and by card (card after cash, card before cash) and by
 * two cash payments, count Cash and Card the same in Sales summary › by payment type, the closing
 * (cash sales, expected cash), its Z report and the QuickBooks register sales journal.
 */

const B = '/api/backoffice';
// A day long before the demo's history, at noon UTC: the same local day for the demo's zones.
const DAY = '2025-06-11';
const NOON = Date.parse(`${DAY}T12:00:00Z`);
const PERIOD = `period=custom&from=${DAY}&to=${DAY}`;

for (const target of databaseTargets()) {
  describe(`tender: change comes out of the cash [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@greenleaf.test: Retail + Invoicing (QuickBooks)
    let token: string;
    let cash: number;
    let card: number;
    const shiftId = randomUUID();

    const send = async (events: unknown[]) => {
      const reply = await device(server.url, token, 'POST', '/events', { events });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual(
        reply.body.results.map((r: Json) => r.status),
        events.map(() => 'stored'),
        JSON.stringify(reply.body),
      );
      return reply.body.results as Json[];
    };
    const sale = (at: number, payments: [number, number][], changeCents: number) => ({
      id: randomUUID(),
      type: 'receipt',
      at,
      shiftId,
      lines: [{ itemId: null, name: 'Hamper', quantity: 1, unitPriceCents: 2000, taxRateIds: [] }],
      payments: payments.map(([paymentTypeId, amountCents]) => ({ paymentTypeId, amountCents })),
      changeCents,
      totals: { subtotalCents: 2000, discountCents: 0, taxCents: 0, totalCents: 2000 },
    });

    before(async () => {
      server = await startTestServer(target);
      owner = await signedIn(server, 'owner@greenleaf.test');
      token = await pairRegister(server, owner, 'green-leaf-grocers');
      const config = (await device(server.url, token, 'GET', '/config')).body;
      cash = config.paymentTypes.find((p: Json) => p.builtin === 'cash').id;
      card = config.paymentTypes.find((p: Json) => p.builtin === 'card').id;
      await send([
        { id: shiftId, type: 'shift_open', at: NOON - 3_600_000, openingFloatCents: 10_000 },
        // 20.00: 20.00 cash tendered, 5.00 change, then 5.00 by card.
        sale(
          NOON,
          [
            [cash, 2000],
            [card, 500],
          ],
          500,
        ),
        // 20.00: 5.00 by card, then 20.00 cash tendered, 5.00 change.
        sale(
          NOON + 60_000,
          [
            [card, 500],
            [cash, 2000],
          ],
          500,
        ),
        // 20.00 in two cash payments, 25.00 tendered, 5.00 change.
        sale(
          NOON + 120_000,
          [
            [cash, 1000],
            [cash, 1500],
          ],
          500,
        ),
        { id: randomUUID(), type: 'shift_close', at: NOON + 3_600_000, shiftId, countedCashCents: 15_000 },
      ]);
    });
    after(async () => {
      await server?.close();
    });

    it('the shift closes with 50.00 of cash sales: 100.00 float + 50.00 expected, no difference', async () => {
      const closed = await db(server)
        .selectFrom('shifts')
        .select(['expected_cash_cents', 'counted_cash_cents'])
        .where('client_id', '=', shiftId)
        .executeTakeFirstOrThrow();
      assert.deepEqual([Number(closed.expected_cash_cents), Number(closed.counted_cash_cents)], [15_000, 15_000]);
    });

    it('Sales summary › by payment type: Cash 50.00, Card 10.00', async () => {
      const summary = await api(owner, 'GET', `${B}/reports/sales?${PERIOD}`);
      assert.equal(summary.status, 200, JSON.stringify(summary.body));
      assert.deepEqual(
        summary.body.payments.map((p: Json) => [p.name, p.payments, p.amountCents, p.netCents]),
        [
          ['Cash', 4, 5000, 5000],
          ['Card', 2, 1000, 1000],
        ],
      );
    });

    it('the closings list and the Z report: cash sales 50.00, expected cash 150.00; Cash 50.00, Card 10.00', async () => {
      const closings = await api(owner, 'GET', `${B}/reports/closings?${PERIOD}`);
      assert.equal(closings.status, 200, JSON.stringify(closings.body));
      assert.equal(closings.body.rows.length, 1);
      const [row] = closings.body.rows;
      assert.deepEqual(
        [row.openingFloatCents, row.cashSalesCents, row.expectedCashCents, row.countedCashCents, row.differenceCents],
        [10_000, 5000, 15_000, 15_000, 0],
      );
      const z = await api(owner, 'GET', `${B}/reports/closings/${row.id}`);
      assert.equal(z.status, 200, JSON.stringify(z.body));
      assert.deepEqual(
        z.body.payments.map((p: Json) => [p.name, p.netCents]),
        [
          ['Cash', 5000],
          ['Card', 1000],
        ],
      );
    });

    it('the QuickBooks register sales journal: Cash Drawer 50.00 and Card Clearing 10.00 against 60.00 of sales', async () => {
      const mapped = await api(owner, 'PUT', `${B}/quickbooks/settings`, {
        income: 'Sales',
        taxPayable: 'Sales Tax Payable',
        tipsPayable: 'Tips Payable',
        receivable: 'Accounts Receivable',
        paymentAccounts: { [String(cash)]: 'Cash Drawer', [String(card)]: 'Card Clearing' },
        otherPayments: 'Undeposited Funds',
      });
      assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
      const response = await owner.request(`${B}/quickbooks/export?kind=sales&format=csv&from=${DAY}&to=${DAY}`);
      assert.equal(response.status, 200);
      const [, ...rows] = parseCsv(await response.text());
      const cents = (value: string) => (value === '' ? 0 : Math.round(Number(value) * 100));
      const balance = (account: string) =>
        rows.filter((r) => r[2] === account).reduce((sum, r) => sum + cents(r[3]!) - cents(r[4]!), 0);
      assert.deepEqual(
        [balance('Cash Drawer'), balance('Card Clearing'), balance('Undeposited Funds'), balance('Sales')],
        [5000, 1000, 0, -6000],
      );
    });
  });
}
