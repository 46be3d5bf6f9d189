import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_USERS } from '../../demo';
import { Client, databaseTargets, errorParam, startTestServer, type TestServer } from '../../../test/helpers';

for (const target of databaseTargets()) {
  describe(`sign-in and sign-out [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('signs in every demo persona through csrf + callback/credentials', async () => {
      assert.equal(DEMO_USERS.length, 16);
      for (const persona of DEMO_USERS) {
        const client = new Client(server.url);
        const { response, body } = await client.signIn(persona.email);
        assert.equal(response.status, 200, persona.email);
        assert.equal(body.url, `${server.url}/`, `${persona.email}: redirected to the callback URL`);
        assert.ok(client.jar.get('authjs.session-token'), `${persona.email}: session cookie`);
        const session = await client.session();
        assert.equal(session.user.email, persona.email);
        assert.equal(session.user.admin, persona.admin);
        assert.deepEqual(
          session.user.role,
          persona.admin ? (persona.role ? { name: persona.role } : null) : persona.role,
        );
        assert.deepEqual(
          session.user.permissions.map((p: { id_permission: string }) => p.id_permission).sort(),
          persona.permissions().sort(),
          `${persona.email}: permissions`,
        );
      }
    });

    it('sets the session cookie HttpOnly, SameSite=Strict, Max-Age 2700, not Secure over http', async () => {
      const client = new Client(server.url);
      const { cookies } = await client.signIn('owner@atlas.test');
      const cookie = cookies.get('authjs.session-token');
      assert.ok(cookie, 'session cookie set');
      assert.equal(cookie.attributes.httponly, true);
      assert.equal(String(cookie.attributes.samesite).toLowerCase(), 'strict');
      assert.equal(cookie.attributes['max-age'], '2700');
      assert.equal(cookie.attributes.path, '/');
      assert.equal(cookie.attributes.secure, undefined);
      const csrf = client.jar.cookies.get('authjs.csrf-token');
      assert.ok(csrf);
      assert.equal(csrf.attributes.httponly, true);
      assert.equal(String(csrf.attributes.samesite).toLowerCase(), 'strict');
    });

    it('uses __Secure-/__Host- cookie names and Secure over https (behind a proxy)', async () => {
      const client = new Client(server.url);
      const csrfResponse = await client.request('/api/auth/csrf', { headers: { 'x-forwarded-proto': 'https' } });
      const csrfToken = ((await csrfResponse.json()) as { csrfToken: string }).csrfToken;
      const csrfCookie = client.jar.cookies.get('__Host-authjs.csrf-token');
      assert.ok(csrfCookie, '__Host- CSRF cookie');
      assert.equal(csrfCookie.attributes.secure, true);
      const response = await client.request('/api/auth/callback/credentials', {
        headers: { 'x-forwarded-proto': 'https', 'x-auth-return-redirect': '1' },
        form: { csrfToken, email: 'owner@atlas.test', password: 'hive-demo-2026', callbackUrl: '/' },
      });
      assert.equal(response.status, 200);
      const session = client.jar.cookies.get('__Secure-authjs.session-token');
      assert.ok(session, '__Secure- session cookie');
      assert.equal(session.attributes.secure, true);
      const usercompany = await client.request('/api/auth/usercompany', {
        json: {},
        headers: { 'x-forwarded-proto': 'https' },
      });
      assert.equal(usercompany.status, 200);
    });

    it('rejects a missing or wrong CSRF token without a session', async () => {
      for (const csrfToken of [undefined, 'wrong-token']) {
        const client = new Client(server.url);
        await client.csrf();
        const form: Record<string, string> = {
          email: 'owner@atlas.test',
          password: 'hive-demo-2026',
          callbackUrl: '/',
        };
        if (csrfToken) form.csrfToken = csrfToken;
        const response = await client.request('/api/auth/callback/credentials', {
          headers: { 'x-auth-return-redirect': '1' },
          form,
        });
        const body = (await response.json()) as { url: string };
        assert.equal(errorParam(body.url), 'MissingCSRF');
        assert.equal(client.jar.get('authjs.session-token'), undefined);
      }
      // No CSRF cookie at all (a cross-site form post): same.
      const stranger = new Client(server.url);
      const response = await stranger.request('/api/auth/callback/credentials', {
        headers: { 'x-auth-return-redirect': '1' },
        form: { csrfToken: 'x', email: 'owner@atlas.test', password: 'hive-demo-2026' },
      });
      assert.equal(errorParam(((await response.json()) as { url: string }).url), 'MissingCSRF');
      assert.equal(stranger.jar.get('authjs.session-token'), undefined);
    });

    it('answers a wrong password and an unknown e-mail the same way: CredentialsSignin, no session', async () => {
      for (const email of ['owner@tinykiosk.test', 'nobody@nowhere.test']) {
        const client = new Client(server.url);
        const { response, body } = await client.signIn(email, 'not-the-password');
        assert.equal(response.status, 200);
        const url = new URL(body.url);
        assert.equal(url.pathname, '/api/auth/signin');
        assert.equal(url.searchParams.get('error'), 'CredentialsSignin');
        assert.equal(url.searchParams.get('code'), 'credentials');
        assert.equal(client.jar.get('authjs.session-token'), undefined);
        assert.equal(await client.session(), null);
      }
    });

    it('without X-Auth-Return-Redirect, redirects (302) like a plain form post', async () => {
      const client = new Client(server.url);
      const csrfToken = await client.csrf();
      const response = await client.request('/api/auth/callback/credentials', {
        form: { csrfToken, email: 'owner@tinykiosk.test', password: 'hive-demo-2026', callbackUrl: '/items' },
      });
      assert.equal(response.status, 302);
      assert.equal(response.headers.get('location'), `${server.url}/items`);
    });

    it('accepts e-mails case-insensitively', async () => {
      const client = new Client(server.url);
      const { body } = await client.signIn('  Owner@BlueDoor.TEST ');
      assert.equal(errorParam(body.url), null);
      assert.equal((await client.session()).user.email, 'owner@bluedoor.test');
    });

    it('locks an account after 5 failures: 429 with Retry-After even for the right password, then unlocks', async () => {
      const email = 'manager@bluedoor.test';
      const client = new Client(server.url);
      for (let i = 1; i <= 4; i += 1) {
        const { body } = await client.signIn(email, `wrong-${i}`);
        assert.equal(new URL(body.url).searchParams.get('code'), 'credentials');
      }
      const fifth = await client.signIn(email, 'wrong-5');
      assert.equal(new URL(fifth.body.url).searchParams.get('code'), 'account_locked');

      const other = new Client(server.url); // another address: the lock is per account
      const locked = await other.signIn(email);
      assert.equal(locked.response.status, 429);
      const retryAfter = Number(locked.response.headers.get('retry-after'));
      assert.ok(retryAfter > 800 && retryAfter <= 900, `Retry-After ${retryAfter}`);
      assert.equal(locked.body.error, 'account_locked');
      assert.match(locked.body.message, /locked/);
      assert.match(locked.body.message, /15 minutes/);
      assert.equal(other.jar.get('authjs.session-token'), undefined);

      server.clock.advance(15 * 60_000 + 1000);
      const after = await other.signIn(email);
      assert.equal(after.response.status, 200);
      assert.equal(errorParam(after.body.url), null);
      assert.ok(other.jar.get('authjs.session-token'));
    });

    it('resets the failure count after a successful sign-in', async () => {
      const email = 'owner@bluedoor.test';
      const client = new Client(server.url);
      for (let i = 0; i < 4; i += 1) await client.signIn(email, 'wrong');
      assert.equal(errorParam((await client.signIn(email)).body.url), null);
      for (let i = 0; i < 4; i += 1) await client.signIn(email, 'wrong');
      const fine = await client.signIn(email);
      assert.equal(fine.response.status, 200);
      assert.equal(errorParam(fine.body.url), null);
    });

    it('refuses a callbackUrl on another origin with INVALID_CALLBACK_URL_ERROR', async () => {
      const client = new Client(server.url);
      for (const callbackUrl of [
        'https://evil.example/steal',
        '//evil.example/x',
        'javascript:alert(1)',
        '/\\evil.example',
        'not a url',
      ]) {
        const { response, body } = await client.signIn('owner@atlas.test', 'hive-demo-2026', { callbackUrl });
        assert.equal(response.status, 400, callbackUrl);
        assert.equal(body.error, 'INVALID_CALLBACK_URL_ERROR');
      }
      const query = await client.request('/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example');
      assert.equal(query.status, 400);
      assert.equal(client.jar.get('authjs.session-token'), undefined);
      // Same-origin absolute URL is fine.
      const ok = await client.signIn('owner@atlas.test', 'hive-demo-2026', { callbackUrl: `${server.url}/items?x=1` });
      assert.equal(ok.body.url, `${server.url}/items?x=1`);
    });

    it('drops a foreign callback-url cookie instead of failing', async () => {
      const client = new Client(server.url);
      const response = await client.request('/api/auth/session', {
        headers: { cookie: 'authjs.callback-url=javascript%3Aalert(1)' },
      });
      assert.equal(response.status, 200);
      assert.equal(await response.json(), null);
    });

    it('signs out: session, CSRF and callback-URL cookies all cleared', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@cornermarket.test');
      assert.ok(client.jar.get('authjs.session-token'));
      assert.ok(client.jar.get('authjs.csrf-token'));
      assert.ok(client.jar.get('authjs.callback-url'));
      const response = await client.signOut();
      assert.equal(response.status, 200);
      const body = (await response.json()) as { url: string };
      assert.equal(body.url, `${server.url}/`);
      const cleared = response.headers.getSetCookie().map((raw) => raw.split('=')[0]);
      for (const name of ['authjs.session-token', 'authjs.csrf-token', 'authjs.callback-url']) {
        assert.ok(cleared.includes(name), `${name} cleared`);
        assert.equal(client.jar.get(name), undefined, `${name} gone from the jar`);
      }
      assert.equal(await client.session(), null);
    });

    it('does not sign out with a wrong CSRF token', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@cornermarket.test');
      const response = await client.request('/api/auth/signout', {
        headers: { 'x-auth-return-redirect': '1' },
        form: { csrfToken: 'forged', callbackUrl: '/' },
      });
      assert.equal(errorParam(((await response.json()) as { url: string }).url), 'MissingCSRF');
      assert.ok((await client.session()).user);
    });

    it('lists the credentials provider', async () => {
      const client = new Client(server.url);
      const response = await client.request('/api/auth/providers');
      const body = (await response.json()) as Record<string, { id: string; type: string; callbackUrl: string }>;
      assert.equal(body.credentials?.type, 'credentials');
      assert.equal(body.credentials?.callbackUrl, `${server.url}/api/auth/callback/credentials`);
    });
  });

  describe(`per-address sign-in throttling [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target, { rateLimits: { signIn: { limit: 20, windowMs: 15 * 60_000 } } });
    });
    after(async () => {
      await server?.close();
    });

    it('answers 429 with Retry-After after 20 attempts from one address', async () => {
      const client = new Client(server.url);
      const csrfToken = await client.csrf();
      const attempt = (i: number) =>
        client.request('/api/auth/callback/credentials', {
          headers: { 'x-auth-return-redirect': '1' },
          form: { csrfToken, email: `stuffing-${i}@nowhere.test`, password: 'guess' },
        });
      for (let i = 0; i < 20; i += 1) assert.equal((await attempt(i)).status, 200);
      const limited = await attempt(21);
      assert.equal(limited.status, 429);
      const retryAfter = Number(limited.headers.get('retry-after'));
      assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${retryAfter}`);
      const body = (await limited.json()) as { error: string; message: string };
      assert.equal(body.error, 'too_many_requests');
      assert.match(body.message, /Try again in/);
      // Another address is unaffected.
      const elsewhere = new Client(server.url);
      assert.equal((await elsewhere.signIn('owner@atlas.test')).response.status, 200);
    });

    it('successful sign-ins do not count: a shop behind one address signs in all day', async () => {
      const fresh = await startTestServer(target, { rateLimits: { signIn: { limit: 3, windowMs: 15 * 60_000 } } });
      try {
        const shop = '203.0.113.77';
        for (let i = 0; i < 6; i += 1) {
          const staff = new Client(fresh.url, shop);
          const { response } = await staff.signIn('owner@atlas.test');
          assert.equal(response.status, 200, `sign-in ${i + 1}`);
          assert.equal(((await staff.session()) as { user?: { email: string } }).user?.email, 'owner@atlas.test');
        }
        const client = new Client(fresh.url, shop);
        const csrfToken = await client.csrf();
        const fail = () =>
          client.request('/api/auth/callback/credentials', {
            headers: { 'x-auth-return-redirect': '1' },
            form: { csrfToken, email: 'nobody@nowhere.test', password: 'guess' },
          });
        for (let i = 0; i < 3; i += 1) assert.equal((await fail()).status, 200);
        assert.equal((await fail()).status, 429);
      } finally {
        await fresh.close();
      }
    });
  });
}
