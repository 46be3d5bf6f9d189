import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allBackofficePermissionNames } from '@hive/shared/menu';
import { Client, databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';

const MINUTE = 60_000;

for (const target of databaseTargets()) {
  describe(`session lifetime, usercompany, langchange [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('usercompany for a merchant: role string, permissions with descriptions, licence and add-ons', async () => {
      const client = new Client(server.url);
      await client.signIn('manager@cornermarket.test');
      const { response, body } = await client.post('/api/auth/usercompany', {});
      assert.equal(response.status, 200);
      assert.deepEqual(Object.keys(body).sort(), ['addons', 'license', 'success', 'user']);
      assert.equal(body.success, true);
      assert.deepEqual(Object.keys(body.user).sort(), ['admin', 'email', 'language', 'permissions', 'role', 'user_id']);
      assert.equal(typeof body.user.user_id, 'number');
      assert.equal(body.user.email, 'manager@cornermarket.test');
      assert.equal(body.user.admin, false);
      assert.equal(body.user.role, 'manager');
      assert.equal(body.user.language, 'en');
      const ids = body.user.permissions.map((p: { id_permission: string }) => p.id_permission);
      assert.equal(ids.length, allBackofficePermissionNames().length - 2);
      assert.ok(!ids.includes('view_tax_report_menu'));
      assert.ok(!ids.includes('view_transfers_menu'));
      for (const p of body.user.permissions)
        assert.deepEqual(p, { id_permission: p.id_permission, description: p.id_permission });
      assert.deepEqual(body.license, { name: 'Retail' });
      assert.deepEqual([...body.addons].sort(), ['Inventory', 'Item Modifiers', 'Kiosk', 'Loyalty']);
    });

    it('usercompany for a merchant without add-ons', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@tinykiosk.test');
      const { body } = await client.post('/api/auth/usercompany', {});
      assert.deepEqual(body.license, { name: 'Retail' });
      assert.deepEqual(body.addons, []);
    });

    it('usercompany for platform staff: role { name } or null, licence null, no add-ons', async () => {
      const client = new Client(server.url);
      await client.signIn('billing@hive.test');
      const { body } = await client.post('/api/auth/usercompany', {});
      assert.equal(body.success, true);
      assert.equal(body.user.admin, true);
      assert.deepEqual(body.user.role, { name: 'billing' });
      assert.equal(body.license, null);
      assert.deepEqual(body.addons, []);
      assert.deepEqual(body.user.permissions.map((p: { id_permission: string }) => p.id_permission).sort(), [
        'view_base_prices_menu',
        'view_companies_menu',
        'view_coupons_menu',
      ]);

      const staff = new Client(server.url);
      await staff.signIn('staff@hive.test');
      const staffBody = (await staff.post('/api/auth/usercompany', {})).body;
      assert.equal(staffBody.user.role, null);
      assert.equal(staffBody.license, null);
    });

    it('usercompany and langchange without a session: 401 { success: false, error: "unauthorized" }', async () => {
      const client = new Client(server.url);
      for (const [path, body] of [
        ['/api/auth/usercompany', {}],
        ['/api/auth/langchange', { lang: 'es' }],
      ] as const) {
        const result = await client.post(path, body);
        assert.equal(result.response.status, 401, path);
        assert.equal(result.body.success, false);
        assert.equal(result.body.error, 'unauthorized');
      }
      // A forged cookie is no session either.
      const forged = await client.request('/api/auth/usercompany', {
        json: {},
        headers: { cookie: 'authjs.session-token=eyJhbGciOiJkaXIifQ..x.y.z' },
      });
      assert.equal(forged.status, 401);
    });

    it('langchange stores the language and usercompany reports it', async () => {
      const client = new Client(server.url);
      await client.signIn('clerk@cornermarket.test');
      const changed = await client.post('/api/auth/langchange', { lang: 'es' });
      assert.equal(changed.response.status, 200);
      assert.deepEqual(changed.body, { success: true, lang: 'es' });
      assert.equal((await client.post('/api/auth/usercompany', {})).body.user.language, 'es');
      const bad = await client.post('/api/auth/langchange', { lang: 'fr' });
      assert.equal(bad.response.status, 400);
      assert.equal(bad.body.error, 'validation_error');
      assert.match(bad.body.message, /^lang: /);
      assert.ok(bad.body.fields.lang);
    });

    it('expires 45 minutes after sign-in; GET session (every 30 s) does not move the expiry', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@atlas.test');
      const first = await client.session();
      const expires = Date.parse(first.expires);
      assert.ok(Math.abs(expires - (server.clock.now() + 45 * MINUTE)) < 5000, 'expires 45 min after sign-in');

      for (let elapsed = 0; elapsed < 44 * MINUTE; elapsed += 4 * MINUTE) {
        server.clock.advance(4 * MINUTE);
        const again = await client.session();
        assert.ok(again?.user, 'still signed in');
        assert.equal(again.expires, first.expires, 'expiry unchanged by a plain session read');
      }
      server.clock.advance(2 * MINUTE); // 46 minutes after sign-in
      assert.equal(await client.session(), null);
      assert.equal(client.jar.get('authjs.session-token'), undefined, 'cookie cleared');
      assert.equal((await client.post('/api/auth/usercompany', {})).response.status, 401);
    });

    it('GET session answers from the cookie it has: no new token, no-cache headers', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@atlas.test');
      const cookie = client.jar.get('authjs.session-token');
      const response = await client.request('/api/auth/session');
      assert.equal(response.status, 200);
      assert.deepEqual(response.headers.getSetCookie(), [], 'a read issues no new token');
      assert.equal(response.headers.get('cache-control'), 'private, no-cache, no-store');
      const body = await response.json();
      assert.equal(body.user.email, 'owner@atlas.test');
      assert.equal(client.jar.get('authjs.session-token'), cookie);
    });

    it('GET session removes a session cookie that holds no session (every chunk) and answers null', async () => {
      const client = new Client(server.url);
      const none = await client.request('/api/auth/session');
      assert.equal(await none.json(), null);
      assert.deepEqual(none.headers.getSetCookie(), [], 'nothing to remove without a cookie');

      const forged = await client.request('/api/auth/session', {
        headers: { cookie: 'authjs.session-token.0=abc; authjs.session-token.1=def; other=1' },
      });
      assert.equal(await forged.json(), null);
      const removed = forged.headers.getSetCookie();
      assert.equal(removed.length, 2);
      for (const [i, header] of removed.entries()) {
        assert.match(header, new RegExp(`^authjs\\.session-token\\.${i}=; Path=/; Max-Age=0;`));
        assert.match(header, /HttpOnly; SameSite=Strict/);
      }
    });

    it('a token replayed after expiry stays expired (our routes check the claim too)', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@atlas.test');
      const cookie = `authjs.session-token=${client.jar.get('authjs.session-token')}`;
      server.clock.advance(46 * MINUTE);
      const response = await client.request('/api/auth/usercompany', { json: {}, headers: { cookie } });
      assert.equal(response.status, 401);
      const session = await client.request('/api/auth/session', { headers: { cookie } });
      assert.equal(await session.json(), null);
    });

    it('POST session { extend: true } moves the expiry to now + 45 minutes', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@bluedoor.test');
      const first = Date.parse((await client.session()).expires);
      server.clock.advance(40 * MINUTE);
      const response = await client.extend();
      assert.equal(response.status, 200);
      const extended = (await response.json()) as { expires: string; user: { email: string } };
      assert.equal(extended.user.email, 'owner@bluedoor.test');
      const newExpiry = Date.parse(extended.expires);
      assert.ok(newExpiry - first > 39 * MINUTE, 'moved by about 40 minutes');
      assert.ok(Math.abs(newExpiry - (server.clock.now() + 45 * MINUTE)) < 5000);

      server.clock.advance(10 * MINUTE); // 50 min after sign-in, 10 after the extend
      assert.ok((await client.session())?.user, 'alive past the original expiry');
      server.clock.advance(36 * MINUTE);
      assert.equal(await client.session(), null);
    });

    it('extends with the flat and the form-encoded forms too, and not without extend', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@tinykiosk.test');
      const original = (await client.session()).expires;
      server.clock.advance(5 * MINUTE);

      let csrfToken = await client.csrf();
      const noExtend = await client.request('/api/auth/session', { json: { csrfToken } });
      assert.equal(((await noExtend.json()) as { expires: string }).expires, original);
      const notTrue = await client.request('/api/auth/session', {
        json: { csrfToken, data: { extend: false, sessionExpiresAt: 9e15 } },
      });
      assert.equal(((await notTrue.json()) as { expires: string }).expires, original, 'clients cannot set claims');

      const flat = await client.request('/api/auth/session', { json: { csrfToken, extend: true } });
      const flatExpiry = ((await flat.json()) as { expires: string }).expires;
      assert.ok(Date.parse(flatExpiry) > Date.parse(original));

      server.clock.advance(MINUTE);
      csrfToken = await client.csrf();
      const form = await client.request('/api/auth/session', { form: { csrfToken, extend: 'true' } });
      assert.ok(Date.parse(((await form.json()) as { expires: string }).expires) > Date.parse(flatExpiry));
    });

    it('refuses to extend without a valid CSRF token (400) or after expiry (null)', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@tinykiosk.test');
      const before = (await client.session()).expires;
      const forged = await client.request('/api/auth/session', { json: { csrfToken: 'nope', data: { extend: true } } });
      assert.equal(forged.status, 400);
      assert.equal((await client.session()).expires, before);

      server.clock.advance(45 * MINUTE + 1000);
      const late = await client.extend();
      assert.equal(await late.json(), null);
      assert.equal(await client.session(), null);
    });
  });

  describe(`session invalidation [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    const db = () => server.running.database.db;

    it('ends the sessions of a suspended company and refuses new sign-ins', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@atlas.test');
      assert.ok((await client.session()).user);
      await db().updateTable('companies').set({ status: 'suspended' }).where('slug', '=', 'atlas-consulting').execute();
      assert.equal(await client.session(), null);
      const again = await new Client(server.url).signIn('owner@atlas.test');
      assert.equal(new URL(again.body.url).searchParams.get('code'), 'company_suspended_admin.en');
      await db().updateTable('companies').set({ status: 'active' }).where('slug', '=', 'atlas-consulting').execute();
    });

    it("tells a suspended company's staff to ask their administrator, and its administrator to ask support, each in their language", async () => {
      await db().updateTable('companies').set({ status: 'suspended' }).where('slug', '=', 'corner-market').execute();
      try {
        const code = async (email: string) =>
          new URL((await new Client(server.url).signIn(email)).body.url).searchParams.get('code');
        assert.equal(await code('lucia@cornermarket.test'), 'company_suspended.es');
        assert.equal(await code('clerk@cornermarket.test'), 'company_suspended.en');
        assert.equal(await code('owner@cornermarket.test'), 'company_suspended_admin.en');
        // A wrong password says nothing of the company.
        const wrong = await new Client(server.url).signIn('lucia@cornermarket.test', 'not-the-password');
        assert.equal(new URL(wrong.body.url).searchParams.get('code'), 'credentials');
      } finally {
        await db().updateTable('companies').set({ status: 'active' }).where('slug', '=', 'corner-market').execute();
      }
    });

    it('ends the sessions of a locked (disabled) user', async () => {
      const client = new Client(server.url);
      await client.signIn('viewer@hive.test');
      await db().updateTable('users').set({ status: 'locked' }).where('email', '=', 'viewer@hive.test').execute();
      assert.equal((await client.post('/api/auth/usercompany', {})).response.status, 401);
      assert.equal(await client.session(), null);
    });

    it('ends sessions when the session version moves', async () => {
      const client = new Client(server.url);
      await client.signIn('dev@hive.test');
      await db()
        .updateTable('users')
        .set((eb) => ({ session_version: eb('session_version', '+', 1) }))
        .where('email', '=', 'dev@hive.test')
        .execute();
      assert.equal(await client.session(), null);
    });
  });
}
