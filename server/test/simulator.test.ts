import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { WeekHours } from '@hive/shared/schemas/ordering';
import { DeviceClient } from '@hive/shared/simulation/deviceClient';
import { runSimulation, summaryLine, type SimulationSummary } from '../../simulator/src/simulate';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from './helpers';

/*
 * The register simulator against a real server: it pairs its own terminals through the public
 * APIs, sells, closes its shifts, and the same seed sends the same events again (all duplicates).
 * It starts from whatever state the server is in (the demo's staff on the clock, what a run cut
 * short left behind) and the demo's live registers playing beside it never touch its terminals.
 */

const ALWAYS: WeekHours = Array.from({ length: 7 }, () => ({ open: '00:00', close: '23:59' }));

const clean = (summary: SimulationSummary) => {
  assert.equal(summary.rejected, 0, `${summaryLine(summary)}\n${summary.reasons.join('\n')}`);
  assert.deepEqual(summary.revoked, []);
  assert.equal(summary.unsent, 0);
  assert.ok(summary.sent > 0);
};

for (const target of databaseTargets()) {
  describe(`register simulator [${target.name}]`, () => {
    let server: TestServer;
    const count = async (table: 'receipts' | 'shifts' | 'terminals', where = sql`1 = 1`) =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(
            server.running.database.db,
          )
        ).rows[0]!.n,
      );

    before(async () => {
      // As seeded: the demo schedule leaves whoever's shift is on at the server's hour clocked in.
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    const run = (seed: string) =>
      runSimulation({
        url: server.url,
        company: 'blue-door-bistro',
        terminals: 2,
        rate: 4,
        duration: 2,
        seed,
        flushMs: 300,
        now: server.clock.now,
      });

    it('pairs its terminals, sells, closes the shifts, and reports every event', async () => {
      const receipts = await count('receipts');
      const summary = await run('42');
      // 2 terminals x (open + 8 sales + a pay-out + close), and the refunds it chose.
      assert.ok(summary.sent >= 22, summaryLine(summary));
      assert.equal(summary.stored, summary.sent, summary.reasons.join('\n'));
      assert.equal(summary.rejected, 0);
      assert.deepEqual(summary.revoked, []);
      assert.equal(summary.unsent, 0);
      assert.match(summaryLine(summary), /^sent \d+ events: \d+ stored, 0 duplicate, 0 rejected$/);
      assert.ok((await count('receipts')) >= receipts + 16, 'the sales are stored');
      const terminals = await sql<{
        name: string;
        status: string;
      }>`select name, status from terminals where name like 'Simulator %' order by name`.execute(
        server.running.database.db,
      );
      assert.deepEqual(
        terminals.rows.map((t) => [t.name, t.status]),
        [
          ['Simulator 1', 'paired'],
          ['Simulator 2', 'paired'],
        ],
      );
      assert.equal(await count('shifts', sql`status = 'open'`), 0, 'every shift is closed');
    });

    it('sends the same events again for the same seed (nothing new stored) and reuses its terminals', async () => {
      const before = [await count('receipts'), await count('terminals')];
      const again = await run('42');
      assert.equal(again.stored, 0, summaryLine(again));
      assert.equal(again.duplicate, again.sent);
      assert.deepEqual([await count('receipts'), await count('terminals')], before);
      const other = await run('43');
      assert.equal(other.duplicate, 0, summaryLine(other));
      assert.equal(other.stored, other.sent);
    });
  });

  describe(`register simulator beside the demo's live registers [${target.name}]`, () => {
    let server: TestServer;
    const db = () => server.running.database.db;

    before(async () => {
      server = await startTestServer(target, { demoLive: true, demoLiveTickMs: 0, demoLiveHours: () => ALWAYS });
    });
    after(async () => {
      await server?.close();
    });

    const run = (seed: string) =>
      runSimulation({
        url: server.url,
        company: 'corner-market',
        terminals: 2,
        rate: 4,
        duration: 1,
        seed,
        flushMs: 200,
        now: server.clock.now,
      });

    /** What a run killed mid-way leaves at Simulator 1: a shift open, a free employee on the clock. */
    async function cutShort() {
      const owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      const bo = async (path: string, json?: unknown) =>
        (await (await owner.request(`/api/backoffice${path}`, json ? { json } : {})).json()) as Json;
      const terminal = ((await bo('/terminals')).rows as Json[]).find((t) => t.name === 'Simulator 1');
      const { pairingCode } = await bo(`/terminals/${terminal.id}/pairing_code`, {});
      const device = new DeviceClient(server.url, (await DeviceClient.pair(server.url, pairingCode, 'killed')).token);
      const config = (await device.config()).body!;
      const open = await sql<{ employee_id: number }>`select employee_id from time_entries
        where clock_out_at is null`.execute(db());
      const busy = new Set(open.rows.map((r) => Number(r.employee_id)));
      const employee = config.employees.find((e) => !busy.has(e.id))!;
      const at = server.clock.now();
      const reply = await device.send([
        { id: randomUUID(), type: 'shift_open', at, employeeId: null, openingFloatCents: 10_000 },
        { id: randomUUID(), type: 'clock_in', at, employeeId: employee.id },
      ]);
      assert.equal(reply.body.stored, 2, JSON.stringify(reply.body));
    }

    /** Open time entries at the simulator's terminals. */
    const leftOnTheClock = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from time_entries e join terminals t on t.id = e.terminal_id
            where e.clock_out_at is null and t.name like 'Simulator %'`.execute(db())
        ).rows[0]!.n,
      );

    it('runs cleanly on any state: a run cut short before, the demo clocking its staff in and playing alongside', async () => {
      // An earlier run made its terminals, then one was killed mid-way.
      clean(await run('a'));
      await cutShort();
      assert.equal(await leftOnTheClock(), 1);

      // The demo opens (its registers pair and clock their staff in) and keeps playing during the
      // run, its clock a minute further each round: any retry of a pairing of its is due.
      const demo = server.running.demoLive!;
      await demo.tick();
      assert.ok(demo.playing >= 5, `playing ${demo.playing}`);
      let rounds = 0;
      let finished = false;
      const playing = (async () => {
        while (!finished) {
          await demo.tick();
          server.clock.advance(61_000);
          rounds += 1;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      let second: SimulationSummary;
      try {
        second = await run('b');
      } finally {
        finished = true;
        await playing;
      }
      clean(second);
      assert.ok(rounds >= 2, `the demo played ${rounds} rounds during the run`);
      assert.equal(await leftOnTheClock(), 0, 'whoever the cut-short run left on the clock went home');
      const simulators = await sql<{ status: string; app_version: string }>`select status, app_version
        from terminals where name like 'Simulator %'`.execute(db());
      assert.deepEqual(
        simulators.rows.map((t) => [t.status, t.app_version]),
        [
          ['paired', 'simulator-1.0'],
          ['paired', 'simulator-1.0'],
        ],
      );
      // And again: nobody it clocks in was left on the clock, nobody clocked in twice.
      clean(await run('c'));
      assert.equal(await leftOnTheClock(), 0);
    });
  });
}
