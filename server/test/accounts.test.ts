import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allBackofficePermissionNames } from '@hive/shared/menu';
import { Client, databaseTargets, errorParam, startTestServer, type TestServer } from './helpers';

const MINUTE = 60_000;

async function resetLink(client: Client, email: string): Promise<string> {
  const response = await client.request(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  assert.equal(response.status, 200);
  const { messages } = (await response.json()) as { messages: { to: string; subject: string; body: string }[] };
  assert.ok(messages.length > 0, `an e-mail to ${email}`);
  const match = /\/authentication\/resetpass\?token=([A-Za-z0-9_-]+)/.exec(messages[0]!.body);
  assert.ok(match, 'the e-mail holds a reset link');
  return match[1]!;
}

for (const target of databaseTargets()) {
  describe(`signup [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('creates a company and its admin user with every back-office permission', async () => {
      const client = new Client(server.url);
      const { response, body } = await client.post('/api/auth/signup', {
        company: 'Café Ñandú & Co.',
        email: 'Founder@Cafe.test',
        password: 'brew-2026-coffee',
        license: 'restaurant',
      });
      assert.equal(response.status, 201);
      assert.equal(body.success, true);
      assert.equal(body.user.email, 'founder@cafe.test');
      assert.equal(body.company.slug, 'cafe-nandu-co');
      assert.deepEqual(body.license, { name: 'Restaurant' });

      const { body: signIn } = await client.signIn('founder@cafe.test', 'brew-2026-coffee');
      assert.equal(errorParam(signIn.url), null);
      const usercompany = (await client.post('/api/auth/usercompany', {})).body;
      assert.equal(usercompany.user.role, 'admin');
      assert.equal(usercompany.user.admin, false);
      assert.deepEqual(usercompany.license, { name: 'Restaurant' });
      assert.deepEqual(usercompany.addons, []);
      assert.equal(usercompany.user.permissions.length, allBackofficePermissionNames().length);
    });

    it('gives a second company with the same name its own slug', async () => {
      const client = new Client(server.url);
      const first = await client.post('/api/auth/signup', {
        company: 'Corner Market',
        email: 'a@corner2.test',
        password: 'another-pass-1',
        license: 'Retail',
      });
      assert.equal(first.response.status, 201);
      assert.equal(first.body.company.slug, 'corner-market-2'); // the demo company holds corner-market
      const second = await client.post('/api/auth/signup', {
        company: 'Corner  Market!',
        email: 'b@corner3.test',
        password: 'another-pass-1',
        license: 'Retail',
      });
      assert.equal(second.body.company.slug, 'corner-market-3');
    });

    it('answers 409 for an e-mail that already has an account (any case)', async () => {
      const client = new Client(server.url);
      const { response, body } = await client.post('/api/auth/signup', {
        company: 'Copycat',
        email: 'OWNER@cornermarket.test',
        password: 'copy-cat-2026',
        license: 'Retail',
      });
      assert.equal(response.status, 409);
      assert.equal(body.success, false);
      assert.equal(body.error, 'email_taken');
    });

    it('answers 400 naming the field for weak passwords and bad fields', async () => {
      const client = new Client(server.url);
      const base = { company: 'Weak Co', email: 'weak@weak.test', password: 'good-pass-2026', license: 'Invoice' };
      for (const password of ['short1!', 'onlyletterslong', '12345678901234', 'weak@weak.test', 'WEAK@weak.test']) {
        const { response, body } = await client.post('/api/auth/signup', { ...base, password });
        assert.equal(response.status, 400, password);
        assert.equal(body.error, 'validation_error');
        assert.match(body.message, /^password: use at least 10 characters/);
        assert.ok(body.fields.password);
      }
      for (const [field, value] of [
        ['email', 'not-an-email'],
        ['license', 'Enterprise'],
        ['company', ''],
      ] as const) {
        const { response, body } = await client.post('/api/auth/signup', { ...base, [field]: value });
        assert.equal(response.status, 400, field);
        assert.match(body.message, new RegExp(`^${field}: `));
        assert.ok(body.fields[field]);
      }
      const missing = await client.post('/api/auth/signup', {});
      assert.equal(missing.response.status, 400);
      assert.deepEqual(Object.keys(missing.body.fields).sort(), ['company', 'email', 'license', 'password']);
    });
  });

  describe(`password reset [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('answers the same for known and unknown e-mails; only known ones get mail', async () => {
      const client = new Client(server.url);
      const known = await client.post('/api/auth/resetpass', { email: 'clerk@cornermarket.test' });
      const unknown = await client.post('/api/auth/resetpass', { email: 'ghost@nowhere.test' });
      assert.equal(known.response.status, 200);
      assert.equal(unknown.response.status, 200);
      assert.deepEqual(known.body, unknown.body);
      const ghost = (await (await client.request('/api/dev/outbox?to=ghost%40nowhere.test')).json()) as {
        messages: unknown[];
      };
      assert.deepEqual(ghost.messages, []);
      const mail = (await (await client.request('/api/dev/outbox?to=clerk%40cornermarket.test')).json()) as {
        messages: { to: string; subject: string; body: string; created_at: string }[];
      };
      assert.equal(mail.messages[0]!.to, 'clerk@cornermarket.test');
      assert.match(mail.messages[0]!.subject, /Reset your Hive POS password/);
      assert.match(mail.messages[0]!.body, /\/authentication\/resetpass\?token=/);
      assert.ok(!Number.isNaN(Date.parse(mail.messages[0]!.created_at)));
    });

    it('end to end: new password works, old one and old sessions end, the token is single-use', async () => {
      const email = 'owner@tinykiosk.test';
      const oldSession = new Client(server.url);
      await oldSession.signIn(email);
      assert.ok((await oldSession.session()).user);

      const client = new Client(server.url);
      await client.post('/api/auth/resetpass', { email });
      const token = await resetLink(client, email);

      const weak = await client.post('/api/auth/resetpass', { token, password: 'short' });
      assert.equal(weak.response.status, 400);
      assert.match(weak.body.message, /^password: /);

      const done = await client.post('/api/auth/resetpass', { token, password: 'fresh-start-2026' });
      assert.equal(done.response.status, 200);
      assert.equal(done.body.success, true);

      assert.equal(await oldSession.session(), null, 'the old session ended');
      assert.equal((await oldSession.post('/api/auth/usercompany', {})).response.status, 401);

      const withOld = await new Client(server.url).signIn(email);
      assert.equal(errorParam(withOld.body.url), 'CredentialsSignin');
      const withNew = new Client(server.url);
      const signedIn = await withNew.signIn(email, 'fresh-start-2026');
      assert.equal(errorParam(signedIn.body.url), null);
      assert.ok((await withNew.session()).user);

      const reused = await client.post('/api/auth/resetpass', { token, password: 'another-one-2026' });
      assert.equal(reused.response.status, 400);
      assert.equal(reused.body.error, 'invalid_token');
    });

    it('rejects an expired token (30 minutes) and a replaced one', async () => {
      const email = 'owner@atlas.test';
      const client = new Client(server.url);
      await client.post('/api/auth/resetpass', { email });
      const first = await resetLink(client, email);
      server.clock.advance(MINUTE);
      await client.post('/api/auth/resetpass', { email });
      const second = await resetLink(client, email);
      assert.notEqual(first, second);
      const replaced = await client.post('/api/auth/resetpass', { token: first, password: 'brand-new-2026' });
      assert.equal(replaced.body.error, 'invalid_token', 'only the newest link works');

      server.clock.advance(31 * MINUTE);
      const expired = await client.post('/api/auth/resetpass', { token: second, password: 'brand-new-2026' });
      assert.equal(expired.response.status, 400);
      assert.equal(expired.body.error, 'invalid_token');
      const unknown = await client.post('/api/auth/resetpass', { token: 'A'.repeat(43), password: 'brand-new-2026' });
      assert.equal(unknown.body.error, 'invalid_token');
    });

    it('clears a lockout', async () => {
      const email = 'manager@cornermarket.test';
      const client = new Client(server.url);
      for (let i = 0; i < 5; i += 1) await client.signIn(email, 'wrong');
      assert.equal((await client.signIn(email)).response.status, 429);
      await client.post('/api/auth/resetpass', { email });
      const token = await resetLink(client, email);
      assert.equal(
        (await client.post('/api/auth/resetpass', { token, password: 'unlocked-2026' })).response.status,
        200,
      );
      const after = await client.signIn(email, 'unlocked-2026');
      assert.equal(after.response.status, 200);
      assert.equal(errorParam(after.body.url), null);
    });
  });

  describe(`client log [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target, { rateLimits: { log: { limit: 5, windowMs: 60_000 } } });
    });
    after(async () => {
      await server?.close();
    });

    it('accepts form-encoded entries (204), validates them, limits size and rate', async () => {
      const client = new Client(server.url);
      const ok = await client.request('/api/auth/_log', {
        form: { level: 'error', code: 'UI_CRASH', message: 'boom', url: '/items', meta: '{"a":1}' },
      });
      assert.equal(ok.status, 204);
      const bad = await client.request('/api/auth/_log', { form: { level: 'fatal', code: 'X', message: 'y' } });
      assert.equal(bad.status, 400);
      assert.match(((await bad.json()) as { message: string }).message, /^level: /);
      const big = await client.request('/api/auth/_log', {
        form: { level: 'info', code: 'BIG', message: 'x'.repeat(9000) },
      });
      assert.equal(big.status, 413);
      let last = 0;
      for (let i = 0; i < 4; i += 1) {
        last = (await client.request('/api/auth/_log', { form: { level: 'info', code: 'N', message: String(i) } }))
          .status;
      }
      assert.equal(last, 429);
    });
  });
}
