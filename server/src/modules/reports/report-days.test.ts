import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ingestEvents, saleEvent } from '../receipts';
import { addTerminal, api, companyId, db, paymentTypeId, signedIn } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Days are cut in the location's time zone, and a day is not always 24 hours: in America/Chicago
 * 2026-03-08 has 23 (clocks go forward) and 2026-11-01 has 25 (back). A list whose last day was cut
 * as 24 hours from its start missed 23:30 on the 25-hour day and took in 00:30 of the day after the
 * 23-hour one, while the day's figures (the roll-ups, by local day) said otherwise. A figure and the
 * list it opens must describe the same receipts.
 */

const CHICAGO = 'America/Chicago';

for (const target of databaseTargets()) {
  describe(`report days on clock-change days [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    const sales: Record<string, { id: string; totalCents: number }> = {};

    before(async () => {
      server = await startTestServer(target);
      owner = await signedIn(server, 'owner@cornermarket.test');
      const company = await companyId(server, 'corner-market');
      const location = await db(server)
        .selectFrom('locations')
        .select(['id', 'timezone'])
        .where('company_id', '=', company)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      assert.equal(location.timezone, CHICAGO, 'the demo grocer is in Chicago');
      const terminalId = await addTerminal(db(server), company, location.id, 'DST');
      const device = { companyId: company, terminalId, locationId: location.id };
      const cash = await paymentTypeId(db(server), company, 'cash');
      const sell = async (name: string, at: number, cents: number) => {
        const sale = saleEvent({
          at,
          lines: [{ itemId: null, name, quantity: 1, unitPriceCents: cents, taxes: [] }],
          payments: [{ paymentTypeId: cash, amountCents: cents }],
        });
        const result = await ingestEvents(db(server), device, [sale], { now: at + 60_000 });
        assert.equal(result.stored, 1, JSON.stringify(result));
        sales[name] = { id: sale.id, totalCents: cents };
      };
      // 23:30 on the 25-hour day: 24.5 hours after its midnight (05:30 UTC the next day, CST).
      await sell('late on 1 November', Date.parse('2026-11-02T05:30:00Z'), 1234);
      // 00:30 on the day after the 23-hour day (05:30 UTC, CDT), and 23:30 on that short day.
      await sell('just after midnight, 9 March', Date.parse('2026-03-09T05:30:00Z'), 777);
      await sell('late on 8 March', Date.parse('2026-03-09T04:30:00Z'), 555);
    });
    after(async () => {
      await server?.close();
    });

    const day = async (iso: string) => {
      const reply = await api(owner, 'GET', `/api/backoffice/reports/transactions?period=custom&from=${iso}&to=${iso}`);
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      return reply.body as Json;
    };
    const listed = (body: Json) => (body.rows as Json[]).filter((r) => r.kind === 'sale').map((r) => r.localTime);

    it('lists 23:30 on the 25-hour day on that day, with the day’s figure', async () => {
      const body = await day('2026-11-01');
      assert.deepEqual(listed(body), ['2026-11-01 23:30']);
      assert.equal(body.sums.current.salesCents, sales['late on 1 November']!.totalCents);
      assert.deepEqual(listed(await day('2026-11-02')), []);
    });

    it('lists 00:30 after the 23-hour day on the next day, not on the short one', async () => {
      const short = await day('2026-03-08');
      assert.deepEqual(listed(short), ['2026-03-08 23:30']);
      assert.equal(short.sums.current.salesCents, sales['late on 8 March']!.totalCents);
      const next = await day('2026-03-09');
      assert.deepEqual(listed(next), ['2026-03-09 00:30']);
      assert.equal(next.sums.current.salesCents, sales['just after midnight, 9 March']!.totalCents);
    });
  });
}
