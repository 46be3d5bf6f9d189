import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runSimulation, summaryLine } from '../../simulator/src/simulate';
import { databaseTargets, startTestServer, type TestServer } from './helpers';

/*
 * The register simulator against a real server: it pairs its own terminals through the public
 * APIs, sells, closes its shifts, and the same seed sends the same events again (all duplicates).
 */

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
      server = await startTestServer(target);
      // The demo schedule leaves whoever's shift is on at the server's hour clocked in (from 10:00
      // at Blue Door), and the simulator clocks the company's first employees in at its registers:
      // one open entry a person, so its crew clocks out first and the test passes at any hour.
      await sql`update time_entries set clock_out_at = ${server.clock.now()} where clock_out_at is null`.execute(
        server.running.database.db,
      );
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
}
