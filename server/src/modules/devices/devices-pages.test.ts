import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * What the Devices pages need beyond the API of devices-backoffice.test.ts: whether a terminal has
 * history (the page offers Delete only for one that never sold) and the terminal log's own list of
 * terminals for its filter (/terminal_log may be granted without /terminal).
 */

const API = '/api/backoffice';

async function call(client: Client, method: string, path: string, json?: unknown) {
  const response = await client.request(`${API}${path}`, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

for (const target of databaseTargets()) {
  describe(`devices pages API [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // Corner Market
    let bistro: Client; // Blue Door Bistro
    let locationId: number;

    before(async () => {
      server = await startTestServer(target);
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      bistro = new Client(server.url);
      await bistro.signIn('owner@bluedoor.test');
      locationId = (await call(owner, 'GET', '/terminals/options')).body.locations[0].id;
    });
    after(async () => {
      await server?.close();
    });

    it('a terminal has history once it rang up a sale or opened a shift; only one without history is deleted', async () => {
      const db = server.running.database.db;
      const company = await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'corner-market')
        .executeTakeFirstOrThrow();
      const add = async (name: string) =>
        (await call(owner, 'POST', '/terminals', { name, locationId })).body.terminal as Json;
      const fresh = await add('History none');
      const sold = await add('History sale');
      const shifted = await add('History shift');
      assert.equal(fresh.hasHistory, false);

      await db
        .insertInto('shifts')
        .values({
          company_id: company.id,
          client_id: randomUUID(),
          number: 9001,
          terminal_id: shifted.id,
          location_id: locationId,
          status: 'closed',
          opened_at: Date.now() - 3_600_000,
          opened_by: null,
          opening_float_cents: 0,
          closed_at: Date.now(),
          closed_by: null,
          expected_cash_cents: 0,
          counted_cash_cents: 0,
          difference_cents: 0,
        })
        .execute();
      // A sale rung up on it (the device API writes them for real; a bare row is enough here).
      await db
        .insertInto('receipts')
        .values({
          company_id: company.id,
          number: 900_001,
          kind: 'sale',
          customer_id: null,
          refund_of: null,
          net_cents: 100,
          tax_cents: 0,
          total_cents: 100,
          created_at: Date.now() - 60_000,
          location_id: locationId,
          order_type_id: null,
          terminal_id: sold.id,
        })
        .execute();

      const rows = (await call(owner, 'GET', '/terminals')).body.rows as Json[];
      const byName = (name: string) => rows.find((t) => t.name === name);
      assert.equal(byName('History none').hasHistory, false);
      assert.equal(byName('History sale').hasHistory, true);
      assert.equal(byName('History shift').hasHistory, true);
      assert.equal((await call(owner, 'GET', `/terminals/${sold.id}`)).body.hasHistory, true);

      // The flag agrees with what DELETE allows.
      assert.equal((await call(owner, 'DELETE', `/terminals/${sold.id}`)).status, 409);
      assert.equal((await call(owner, 'DELETE', `/terminals/${shifted.id}`)).status, 409);
      assert.equal((await call(owner, 'DELETE', `/terminals/${fresh.id}`)).status, 204);
    });

    it('the terminal log lists the company’s terminals for its filter, by name, and only to its page', async () => {
      const { status, body } = await call(owner, 'GET', '/terminal_log/options');
      assert.equal(status, 200);
      const names = body.terminals.map((t: Json) => t.name);
      assert.deepEqual(
        names.filter((n: string) => ['Kiosk till', 'Till 1', 'Till 2'].includes(n)),
        ['Kiosk till', 'Till 1', 'Till 2'],
      );
      assert.deepEqual(
        names,
        [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
      );
      const till = body.terminals.find((t: Json) => t.name === 'Till 1');
      assert.equal(till.locationName, 'Main Street');
      assert.deepEqual(Object.keys(till).sort(), ['id', 'locationName', 'name']);

      const theirs = (await call(bistro, 'GET', '/terminal_log/options')).body.terminals.map((t: Json) => t.name);
      assert.deepEqual(theirs, ['Bar', 'Floor']);

      const clerk = new Client(server.url);
      await clerk.signIn('clerk@cornermarket.test');
      assert.equal((await call(clerk, 'GET', '/terminal_log/options')).status, 403);
    });
  });
}
