import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { api, companyId, db, device, pairRegister, paymentTypeId, signedIn } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * The receipt page (Reports › Transactions › a receipt, and its reprint): it prints what the
 * receipt preview of Settings › General information shows at its top (issue 43: the address and
 * tax id were missing), from the business's own settings.
 */

const B = '/api/backoffice';

for (const target of databaseTargets()) {
  describe(`the receipt page's header [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it("carries the business's address, phone, tax id and header lines", async () => {
      const owner = await signedIn(server, 'owner@cornermarket.test');
      const business = (await api(owner, 'GET', `${B}/business`)).body;
      await api(owner, 'PUT', `${B}/business`, {
        ...business,
        taxId: 'US-47-1234567',
        receiptHeader: 'Fresh every day\nOpen 7 am to 11 pm',
      });
      // A sale of 5.00 in cash, rung up now.
      const token = await pairRegister(server, owner, 'corner-market');
      const cash = await paymentTypeId(db(server), await companyId(server, 'corner-market'), 'cash');
      const sold = await device(server.url, token, 'POST', '/events', {
        events: [
          {
            id: randomUUID(),
            type: 'receipt',
            at: server.clock.now(),
            lines: [
              {
                itemId: null,
                name: 'Header check',
                quantity: 1,
                unitPriceCents: 500,
                modifiers: [],
                discountCents: 0,
                taxRateIds: [],
              },
            ],
            payments: [{ paymentTypeId: cash, amountCents: 500 }],
            totals: { subtotalCents: 500, discountCents: 0, taxCents: 0, totalCents: 500 },
          },
        ],
      });
      assert.equal(sold.body.results[0].status, 'stored', JSON.stringify(sold.body));
      const list = await api(
        owner,
        'GET',
        `${B}/reports/transactions?period=custom&from=2024-01-01&to=2027-12-31&pageSize=1`,
      );
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.ok(list.body.rows.length > 0, 'the demo has receipts');
      const receipt = (await api(owner, 'GET', `${B}/reports/transactions/${list.body.rows[0].id}`)).body;
      assert.deepEqual(receipt.business, {
        name: business.tradingName,
        address: business.address,
        phone: business.phone,
        taxId: 'US-47-1234567',
        header: 'Fresh every day\nOpen 7 am to 11 pm',
        footer: business.receiptFooter,
      });
    });
  });
}
