import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { runSampleRegister } from '../../docs/examples/register-client';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from './helpers';

/*
 * The example register of docs/examples (built on @hive/register-sdk) against a freshly seeded
 * server: it pairs with a code typed the way the back-office shows it, sells a split cash + card sale
 * with change, a sale with modifiers and a discounted sale, refunds part of the first, closes its
 * shift with the drawer it computed, and sends everything again. Every figure it computed with the
 * SDK's money rules is the server's, or an event would have been rejected.
 */

for (const target of databaseTargets()) {
  describe(`the example register [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('pairs, sells the three kinds of sale, refunds, closes its shift and resends, against the demo data', async () => {
      const owner = new Client(server.url);
      await owner.signIn('owner@bluedoor.test');
      const options = (await (await owner.request('/api/backoffice/terminals/options')).json()) as Json;
      const created = (await owner.post('/api/backoffice/terminals', {
        name: 'Sample register',
        locationId: options.locations[0].id,
      })) as { response: Response; body: Json };
      assert.equal(created.response.status, 201, JSON.stringify(created.body));
      const code: string = created.body.pairingCode;
      // As docs/device-api.md shows it: "K7QF-M2XD".
      const typed = `${code.slice(0, 4)}-${code.slice(4)}`;
      const lines: string[] = [];
      const run = await runSampleRegister({
        baseUrl: server.url,
        pairingCode: typed,
        now: server.clock.now,
        log: (line) => lines.push(line),
      });
      assert.equal(run.terminal, 'Sample register');
      // Three sales and the refund, numbered by the server.
      assert.equal(run.receiptNumbers.length, 4, lines.join('\n'));
      assert.equal(new Set(run.receiptNumbers).size, 4);
      // The drawer the register computed is the server's (shift_close answers the difference).
      assert.equal(run.differenceCents, 0);
      // shift_open, 3 sales, the refund, shift_close: all duplicates the second time.
      assert.deepEqual(run.resent, { duplicate: 6, stored: 0, rejected: 0 });
    });
  });
}
