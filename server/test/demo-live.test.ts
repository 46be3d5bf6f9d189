import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { WeekHours } from '@hive/shared/schemas/ordering';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from './helpers';

/*
 * The demo's live registers (DEMO_LIVE) against a real server: they pair the demo terminals
 * through the device API, stay online, and post receipts (and kitchen tickets) while the shop is
 * open; closed, they only keep in touch. Off under NODE_ENV=test unless asked, with DEMO_LIVE=false
 * and in production.
 */

const ALWAYS: WeekHours = Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:59' }));
const NEVER: WeekHours = Array.from({ length: 7 }, () => null);

async function liveReceipts(server: TestServer): Promise<number> {
  const db = server.running.database.db;
  const row = await db
    .selectFrom('receipts as r')
    .innerJoin('terminals as t', 't.id', 'r.terminal_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('t.app_version', '=', 'demo-live-1.0')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ten rounds, the server's clock half a minute further each time. */
async function playMinutes(server: TestServer, rounds = 10) {
  for (let k = 0; k < rounds; k += 1) {
    await server.running.demoLive!.tick();
    server.clock.advance(30_000);
  }
}

for (const target of databaseTargets()) {
  describe(`demo live registers (${target.name})`, () => {
    describe('open for business', () => {
      let server: TestServer;
      before(async () => {
        server = await startTestServer(target, { demoLive: true, demoLiveTickMs: 0, demoLiveHours: () => ALWAYS });
      });
      after(() => server.close());

      it('pairs the demo terminals through the device API, shows them online and posts receipts', async () => {
        const before = await liveReceipts(server);
        await playMinutes(server);
        assert.ok(server.running.demoLive!.playing >= 5, `playing ${server.running.demoLive!.playing}`);
        const owner = new Client(server.url);
        await owner.signIn('owner@bluedoor.test');
        const list = (await (await owner.request('/api/backoffice/terminals')).json()) as Json;
        const online = list.rows.filter((t: Json) => t.status === 'paired' && t.online);
        assert.ok(online.length >= 1, JSON.stringify(list.rows.map((t: Json) => [t.name, t.status, t.online])));
        const after = await liveReceipts(server);
        // 1.5 sales a minute on each of the demo's registers for five minutes: dozens.
        assert.ok(after - before >= 10, `receipts ${before} -> ${after}`);
        // The bistro's kitchen tickets reach the print queue (acknowledged a poll later).
        const db = server.running.database.db;
        const jobs = await db
          .selectFrom('print_jobs as j')
          .innerJoin('companies as c', 'c.id', 'j.company_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('c.slug', '=', 'blue-door-bistro')
          .executeTakeFirstOrThrow();
        assert.ok(Number(jobs.n) > 0, 'kitchen tickets queued');
      });
    });

    describe('closed', () => {
      let server: TestServer;
      before(async () => {
        server = await startTestServer(target, { demoLive: true, demoLiveTickMs: 0, demoLiveHours: () => NEVER });
      });
      after(() => server.close());

      it('keeps the registers paired but sells nothing outside opening hours', async () => {
        const before = await liveReceipts(server);
        await playMinutes(server, 4);
        assert.ok(server.running.demoLive!.playing >= 5);
        assert.equal(await liveReceipts(server), before);
      });
    });

    it('runs none under NODE_ENV=test unless asked, with DEMO_LIVE=false, or in production', async () => {
      for (const overrides of [{}, { demoLive: false }, { nodeEnv: 'production', demoLive: true }]) {
        const server = await startTestServer(target, { demoLiveTickMs: 0, ...overrides });
        try {
          assert.equal(server.running.demoLive, undefined, JSON.stringify(overrides));
        } finally {
          await server.close();
        }
      }
    });
  });
}
