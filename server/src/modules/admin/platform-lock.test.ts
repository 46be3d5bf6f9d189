import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { adminMigrations } from './migrations';
import { api, db, signedIn, userId, type ApiResult } from '../../../test/admin-helpers';
import {
  Client,
  databaseTargets,
  errorParam,
  mailedToken,
  outbox,
  startTestServer,
  type Json,
  type TestServer,
} from '../../../test/helpers';

/*
 * Issue 30 item 1: a lock by platform staff (POST /api/admin/users/:id/lock) is lifted by staff
 * only. Before, the company's owner invited the locked e-mail to the back-office (a new employee
 * with that address, or the employee already linked) and the account was active again, signing in
 * with its old password. Now every back-office path that would link, invite or re-activate it
 * answers 409 locked_by_support and changes nothing; the reset and activation links set a password
 * or confirm an address but never re-activate; only the staff unlock gives the company its say back.
 */

const T = '/api/backoffice/team';
const PASSWORD = 'hive-demo-2026';

const employee = (name: string, email: string) => ({
  name,
  email,
  phone: '',
  positionId: null,
  hourlyRateCents: null,
  role: 'user',
  allLocations: true,
  locationIds: [],
  active: true,
});

for (const target of databaseTargets()) {
  describe(`a platform lock holds against the company [${target.name}]`, () => {
    let server: TestServer;
    let support: Client;
    let owner: Client;

    before(async () => {
      server = await startTestServer(target);
      support = await signedIn(server, 'support@hive.test');
      owner = await signedIn(server, 'owner@cornermarket.test');
    });
    after(async () => {
      await server?.close();
    });

    async function lock(email: string, locked: boolean): Promise<void> {
      const result = await api(support, 'POST', `/api/admin/users/${await userId(server, email)}/lock`, { locked });
      assert.equal(result.status, 200, JSON.stringify(result.body));
      assert.equal(result.body.status, locked ? 'locked' : 'active');
    }

    /** The user row as the refusal must leave it, and the mail sent to the address. */
    async function snapshot(email: string) {
      const user = await db(server)
        .selectFrom('users')
        .select(['status', 'platform_locked', 'role', 'password_hash', 'session_version', 'updated_at'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return { user, mails: (await outbox(server, email)).length };
    }

    async function signInRefused(email: string, password: string): Promise<void> {
      const client = new Client(server.url);
      const { body } = await client.signIn(email, password);
      assert.notEqual(errorParam(body.url), null, `${email} cannot sign in`);
      assert.equal(await client.session(), null);
    }

    async function employeeId(email: string): Promise<number> {
      const rows = (await api(owner, 'GET', `${T}/employees?search=${encodeURIComponent(email)}`)).body.rows as Json[];
      const row = rows.find((r) => r.email === email);
      assert.ok(row, `an employee with ${email}`);
      return row.id;
    }

    function assertLockedBySupport(result: ApiResult, label: string): void {
      assert.equal(result.status, 409, `${label}: ${JSON.stringify(result.body)}`);
      assert.equal(result.body.error, 'locked_by_support', label);
      assert.match(result.body.message, /locked by Hive POS support: ask them to unlock it/, label);
    }

    it('refuses to re-invite or re-activate the linked employee of a locked account, and changes nothing', async () => {
      const email = 'clerk@cornermarket.test';
      const id = await employeeId(email);
      await lock(email, true);
      const before = await snapshot(email);
      for (const role of ['user', 'manager']) {
        assertLockedBySupport(await api(owner, 'POST', `${T}/employees/${id}/invite`, { role }), `invite as ${role}`);
      }
      assert.deepEqual(await snapshot(email), before);
      assert.equal((await api(owner, 'GET', `${T}/employees/${id}`)).body.backOffice.status, 'disabled');
      await signInRefused(email, PASSWORD);
    });

    it('refuses to link a locked account of the company to a new employee with its address', async () => {
      const email = 'lucia@cornermarket.test';
      await lock(email, true);
      const before = await snapshot(email);
      const created = await api(owner, 'POST', `${T}/employees`, employee('Lucía again', email));
      assert.equal(created.status, 201);
      const id = created.body.employee.id;
      assertLockedBySupport(await api(owner, 'POST', `${T}/employees/${id}/invite`, { role: 'user' }), 'link');
      assert.deepEqual(await snapshot(email), before);
      assert.equal((await api(owner, 'GET', `${T}/employees/${id}`)).body.backOffice, null, 'not linked');
      await signInRefused(email, PASSWORD);

      // Staff lift the lock: from then on the company decides again.
      await lock(email, false);
      const invited = await api(owner, 'POST', `${T}/employees/${id}/invite`, { role: 'manager' });
      assert.equal(invited.status, 200, JSON.stringify(invited.body));
      assert.equal(invited.body.backOffice.email, email);
      await signedIn(server, email);
    });

    it('a staff lock on an account the company had disabled still holds (the company cannot give it back)', async () => {
      const email = 'manager@cornermarket.test';
      const id = await employeeId(email);
      assert.equal((await api(owner, 'POST', `${T}/employees/${id}/revoke`, {})).status, 200);
      await lock(email, true);
      assert.equal((await snapshot(email)).user.platform_locked, 1);
      const before = await snapshot(email);
      assertLockedBySupport(await api(owner, 'POST', `${T}/employees/${id}/invite`, { role: 'manager' }), 're-invite');
      assert.deepEqual(await snapshot(email), before);
      await signInRefused(email, PASSWORD);
    });

    it('a reset link sets the password of a locked account but does not re-activate it', async () => {
      const email = 'owner@tinykiosk.test';
      await lock(email, true);
      const asked = await new Client(server.url).post('/api/auth/resetpass', { email });
      assert.equal(asked.response.status, 200);
      const token = await mailedToken(server, email);
      const confirmed = await new Client(server.url).post('/api/auth/resetpass', {
        token,
        password: 'a-new-password-2026',
      });
      assert.equal(confirmed.response.status, 200);
      const after = await snapshot(email);
      assert.deepEqual([after.user.status, after.user.platform_locked], ['locked', 1]);
      await signInRefused(email, 'a-new-password-2026');
    });

    it('an activation link of a locked sign-up does not re-activate it', async () => {
      const email = 'locked-signup@bakery.test';
      const signup = await new Client(server.url).post('/api/auth/signup', {
        company: 'Locked Bakery',
        email,
        password: 'bakery-pass-2026',
        license: 'Retail',
      });
      assert.equal(signup.response.status, 202);
      const token = await mailedToken(server, email);
      await lock(email, true);
      await new Client(server.url).post('/api/auth/signup/activate', { token });
      const after = await snapshot(email);
      assert.deepEqual([after.user.status, after.user.platform_locked], ['locked', 1]);
      await signInRefused(email, 'bakery-pass-2026');
    });

    it('the migration marks the accounts staff locked before it (the audit log says who locked last)', async () => {
      // owner@atlas.test: locked by staff. owner@greenleaf.test: locked, then unlocked by staff,
      // then disabled by the company (status 'locked' too, but the company's own doing).
      await lock('owner@atlas.test', true);
      await lock('owner@greenleaf.test', true);
      await lock('owner@greenleaf.test', false);
      await db(server)
        .updateTable('users')
        .set({ status: 'locked' })
        .where('email', '=', 'owner@greenleaf.test')
        .execute();
      const migration = adminMigrations['2027_06_100_platform_lock']!;
      const raw = db(server) as unknown as Kysely<unknown>;
      await migration.down!(raw);
      await migration.up(raw);
      const flags = await db(server)
        .selectFrom('users')
        .select(['email', 'platform_locked'])
        .where('status', '=', 'locked')
        .where('email', 'in', ['owner@atlas.test', 'owner@greenleaf.test', 'clerk@cornermarket.test'])
        .orderBy('email')
        .execute();
      assert.deepEqual(flags, [
        { email: 'clerk@cornermarket.test', platform_locked: 1 },
        { email: 'owner@atlas.test', platform_locked: 1 },
        { email: 'owner@greenleaf.test', platform_locked: 0 },
      ]);
    });
  });
}
