import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INVITED_PASSWORD_HASH, type ScryptCost } from './';
import { db } from '../../../test/admin-helpers';
import { Client, TEST_SCRYPT, databaseTargets, errorParam, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * Issue 30 item 5: a failed sign-in costs the same password work whatever the account: missing,
 * without a password yet (an invited employee, an owner made by staff), locked, pending or with a
 * wrong password. Counted, not timed: every scrypt run of a check is reported (onScrypt), and each
 * attempt must run exactly one at the server's cost. Before the fix an account without a password
 * ran none and answered in ~10 ms against ~100-700 ms.
 */

for (const target of databaseTargets()) {
  describe(`equal password work on sign-in [${target.name}]`, () => {
    let server: TestServer;
    const runs: ScryptCost[] = [];

    before(async () => {
      server = await startTestServer(target, { onScrypt: (cost) => runs.push(cost) });
    });
    after(async () => {
      await server?.close();
    });

    /** The scrypt runs one sign-in attempt caused, and its answer's error. */
    async function attempt(email: string, password: string): Promise<{ runs: ScryptCost[]; error: string | null }> {
      runs.length = 0;
      const { body } = await new Client(server.url).signIn(email, password);
      return { runs: [...runs], error: errorParam(body.url) };
    }

    it('runs one scrypt at the same cost for a wrong password, no account, no password yet, locked and pending', async () => {
      const invited = await db(server)
        .selectFrom('users')
        .select('email')
        .where('password_hash', '=', INVITED_PASSWORD_HASH)
        .executeTakeFirst();
      assert.ok(invited, 'the demo has an account whose owner has not chosen a password');
      await db(server).updateTable('users').set({ status: 'locked' }).where('email', '=', 'owner@atlas.test').execute();
      const signup = await new Client(server.url).post('/api/auth/signup', {
        company: 'Pending Bakery',
        email: 'pending@bakery.test',
        password: 'pending-pass-2026',
        license: 'Retail',
      });
      assert.equal(signup.response.status, 202);

      const cases: [string, string][] = [
        ['wrong password', 'owner@tinykiosk.test'],
        ['no account', 'nobody@nowhere.test'],
        ['no password yet', invited.email],
        ['locked', 'owner@atlas.test'],
        ['pending', 'pending@bakery.test'],
      ];
      for (const [label, email] of cases) {
        const result = await attempt(email, 'not-the-password-1');
        assert.equal(result.error, 'CredentialsSignin', label);
        assert.deepEqual(result.runs, [TEST_SCRYPT], `${label}: one scrypt run at the server's cost`);
      }
      // The right password of a locked or pending account: the same work, then the refusal.
      for (const email of ['owner@atlas.test', 'pending@bakery.test']) {
        const result = await attempt(email, email === 'owner@atlas.test' ? 'hive-demo-2026' : 'pending-pass-2026');
        assert.notEqual(result.error, null, email);
        assert.deepEqual(result.runs, [TEST_SCRYPT], email);
      }
    });
  });
}
