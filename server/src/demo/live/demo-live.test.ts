import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { WeekHours } from '@hive/shared/schemas/ordering';
import { DEVICE_API_BASE } from '@hive/shared/schemas/device';
import { DeviceClient } from '@hive/shared/simulation/deviceClient';
import { DEMO_DEVICES } from '../../modules/devices';
import { startLiveRegisters } from './';
import { Client, databaseTargets, nextAddress, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * The demo's live registers (DEMO_LIVE) against a real server: they pair the demo terminals
 * through the device API, stay online, and post receipts (and kitchen tickets) while the shop is
 * open; closed, they only keep in touch. Off under NODE_ENV=test unless asked, with DEMO_LIVE=false
 * and in production. They drive the demo's own terminals only: a merchant's registers in a demo
 * company keep working, and the public pairing limit is left to people typing codes.
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

/** POST /pair from `address` (X-Forwarded-For; none: the loopback address the demo's calls come from). */
async function pairFrom(server: TestServer, code: string, address?: string) {
  const response = await fetch(`http://127.0.0.1:${server.running.port}${DEVICE_API_BASE}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(address ? { 'x-forwarded-for': address } : {}) },
    body: JSON.stringify({ code, appVersion: '4.1.0', deviceModel: 'Merchant test register' }),
  });
  return { status: response.status, body: (await response.json()) as Json };
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

    describe("a demo company's other terminals", () => {
      let server: TestServer;
      let owner: Client;
      const bo = async (method: string, path: string, json?: unknown) => {
        const response = await owner.request(`/api/backoffice${path}`, { method, ...(json ? { json } : {}) });
        assert.ok(response.ok, `${method} ${path}: ${response.status}`);
        return (await response.json()) as Json;
      };
      const terminal = async (name: string) =>
        ((await bo('GET', '/terminals')).rows as Json[]).find((t) => t.name === name);
      /** Every terminal's pairing: a new one would change its instant and token. */
      const pairings = () =>
        server.running.database.db
          .selectFrom('terminals')
          .select(['id', 'status', 'paired_at', 'token_hash'])
          .orderBy('id')
          .execute();

      before(async () => {
        // Two pairings an address per window: the demo's nine terminals would spend it many times over.
        server = await startTestServer(target, {
          demoLive: true,
          demoLiveTickMs: 0,
          demoLiveHours: () => ALWAYS,
          deviceRateLimits: { pair: { limit: 2, windowMs: 10 * 60_000 } },
        });
        owner = new Client(server.url);
        await owner.signIn('owner@cornermarket.test');
      });
      after(() => server.close());

      it("leaves a merchant's registers alone: its own, a demo terminal it paired, one it is pairing", async () => {
        // Before the demo starts: a test register of the merchant's, a device of theirs on the
        // demo's Till 2, and a code out for the Kiosk till (someone about to type it).
        const options = await bo('GET', '/terminals/options');
        const added = await bo('POST', '/terminals', { name: 'Test register', locationId: options.locations[0].id });
        const own = await pairFrom(server, added.pairingCode, nextAddress());
        const code = await bo('POST', `/terminals/${(await terminal('Till 2')).id}/pairing_code`, {});
        const till2 = await pairFrom(server, code.pairingCode, nextAddress());
        assert.equal(own.status, 200, JSON.stringify(own.body));
        assert.equal(till2.status, 200, JSON.stringify(till2.body));
        const kiosk = await bo('POST', `/terminals/${(await terminal('Kiosk till')).id}/pairing_code`, {});

        const demo = server.running.demoLive!;
        for (let k = 0; k < 4; k += 1) {
          await demo.tick();
          // Past the registers' one-minute retry: a register refused anything tries again.
          server.clock.advance(61_000);
        }
        for (const token of [own.body.token, till2.body.token]) {
          const reply = await new DeviceClient(server.url, token, '4.1.0').config();
          assert.equal(reply.status, 200, "the merchant's register still syncs");
        }
        assert.equal(
          (await pairFrom(server, kiosk.pairingCode, nextAddress())).status,
          200,
          'the code out still pairs',
        );
        // Every terminal the demo seed made but the two the merchant holds.
        const seeded = Object.values(DEMO_DEVICES).flatMap((d) => d.terminals).length;
        assert.equal(demo.playing, seeded - 2);
      });

      it('pairs its terminals without the public pairing route: its per-address budget is left whole', async () => {
        // The demo's calls come from the loopback address: two pairings from there still pass.
        const options = await bo('GET', '/terminals/options');
        for (const name of ['Loopback 1', 'Loopback 2']) {
          const added = await bo('POST', '/terminals', { name, locationId: options.locations[0].id });
          const reply = await pairFrom(server, added.pairingCode);
          assert.equal(reply.status, 200, JSON.stringify(reply.body));
        }
      });

      it('after a restart (or on another instance) finds its terminals still paired: nothing revoked', async () => {
        const demo = server.running.demoLive!;
        const playing = demo.playing;
        assert.ok(playing >= 5, `playing ${playing}`);
        const before = await pairings();
        await demo.stop();
        const restarted = startLiveRegisters({
          db: server.running.database.db,
          url: `http://127.0.0.1:${server.running.port}`,
          log: server.running.log,
          key: server.running.demoLiveKey!,
          now: server.clock.now,
          tickMs: 0,
          hours: () => ALWAYS,
        });
        try {
          await restarted.tick();
          assert.equal(restarted.playing, playing);
          assert.deepEqual(await pairings(), before);
        } finally {
          await restarted.stop();
        }
      });
    });

    it('runs none under NODE_ENV=test unless asked, with DEMO_LIVE=false, or in production', async () => {
      for (const overrides of [
        {},
        { demoLive: false },
        { nodeEnv: 'production', demoLive: true, publicUrl: 'https://pos.example.test' },
      ]) {
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
