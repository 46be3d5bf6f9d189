import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { allBackofficePermissionNames } from '@hive/shared/menu';
import { Client, databaseTargets, errorParam, mailedToken, outbox, startTestServer, type TestServer } from '../../../test/helpers';

const MINUTE = 60_000;

for (const target of databaseTargets()) {
  describe(`signup [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('creates a pending company; the e-mailed link activates it; the admin has every back-office permission', async () => {
      const client = new Client(server.url);
      const { response, body } = await client.post('/api/auth/signup', {
        company: 'Café Ñandú & Co.',
        email: 'Founder@Cafe.test',
        password: 'brew-2026-coffee',
        license: 'restaurant',
      });
      assert.equal(response.status, 202);
      assert.equal(body.success, true);
      assert.match(body.message, /Check your e-mail/);
      const company = await server.running.database.db
        .selectFrom('companies')
        .innerJoin('users', 'users.company_id', 'companies.id')
        .select(['companies.slug', 'companies.license', 'users.status'])
        .where('users.email', '=', 'founder@cafe.test')
        .executeTakeFirstOrThrow();
      assert.deepEqual(company, { slug: 'cafe-nandu-co', license: 'Restaurant', status: 'pending' });

      // Not yet: the right password says the account waits for its activation.
      const early = await client.signIn('founder@cafe.test', 'brew-2026-coffee');
      assert.equal(new URL(early.body.url).searchParams.get('code'), 'account_pending');

      const [mail] = await outbox(server, 'founder@cafe.test');
      assert.match(mail!.subject, /Activate your Hive POS account/);
      assert.match(mail!.body, /\/authentication\/activate\?token=[A-Za-z0-9_-]{43}/);
      const token = await mailedToken(server, 'founder@cafe.test');
      const activated = await client.post('/api/auth/signup/activate', { token });
      assert.equal(activated.response.status, 200);
      const again = await client.post('/api/auth/signup/activate', { token });
      assert.equal(again.response.status, 400, 'single use');
      assert.equal(again.body.error, 'invalid_token');

      const { body: signIn } = await client.signIn('founder@cafe.test', 'brew-2026-coffee');
      assert.equal(errorParam(signIn.url), null);
      const usercompany = (await client.post('/api/auth/usercompany', {})).body;
      assert.equal(usercompany.user.role, 'admin');
      assert.equal(usercompany.user.admin, false);
      assert.deepEqual(usercompany.license, { name: 'Restaurant' });
      assert.deepEqual(usercompany.addons, []);
      assert.equal(usercompany.user.permissions.length, allBackofficePermissionNames().length);
    });

    it('names a Spanish sign-up\'s payment and order types in Spanish; English is the default; a bad language is a 400', async () => {
      const client = new Client(server.url);
      const signUp = (email: string, extra: Record<string, unknown>) =>
        client.post('/api/auth/signup', {
          company: `Bar ${email.slice(0, 4)}`,
          email,
          password: 'tapas-2026-sol',
          license: 'Restaurant',
          ...extra,
        });
      const namesOf = async (email: string) => {
        const db = server.running.database.db;
        const owner = await db
          .selectFrom('users')
          .innerJoin('companies', 'companies.id', 'users.company_id')
          .select(['users.company_id', 'users.language', 'companies.language as companyLanguage'])
          .where('users.email', '=', email)
          .executeTakeFirstOrThrow();
        const names = async (table: 'payment_types' | 'order_types') =>
          (
            await db.selectFrom(table).select('name').where('company_id', '=', owner.company_id!).orderBy('position').execute()
          ).map((row) => row.name);
        return {
          language: owner.language,
          companyLanguage: owner.companyLanguage,
          payment: await names('payment_types'),
          order: await names('order_types'),
        };
      };
      assert.equal((await signUp('sol@bar.test', { language: 'es' })).response.status, 202);
      assert.deepEqual(await namesOf('sol@bar.test'), {
        language: 'es',
        companyLanguage: 'es',
        payment: ['Efectivo', 'Tarjeta', 'Tarjeta regalo', 'Otro'],
        order: ['Para tomar aquí', 'Para llevar', 'A domicilio'],
      });
      assert.equal((await signUp('sun@bar.test', {})).response.status, 202);
      assert.deepEqual((await namesOf('sun@bar.test')).payment, ['Cash', 'Card', 'Gift card', 'Other']);
      const bad = await signUp('luna@bar.test', { language: 'fr' });
      assert.equal(bad.response.status, 400);
      assert.match(JSON.stringify(bad.body), /language/);
    });

    it('gives a second company with the same name its own slug', async () => {
      const client = new Client(server.url);
      const slugOf = (email: string) =>
        server.running.database.db
          .selectFrom('companies')
          .innerJoin('users', 'users.company_id', 'companies.id')
          .select('companies.slug')
          .where('users.email', '=', email)
          .executeTakeFirstOrThrow();
      const first = await client.post('/api/auth/signup', {
        company: 'Corner Market',
        email: 'a@corner2.test',
        password: 'another-pass-1',
        license: 'Retail',
      });
      assert.equal(first.response.status, 202);
      assert.equal((await slugOf('a@corner2.test')).slug, 'corner-market-2'); // the demo company holds corner-market
      await client.post('/api/auth/signup', {
        company: 'Corner  Market!',
        email: 'b@corner3.test',
        password: 'another-pass-1',
        license: 'Retail',
      });
      assert.equal((await slugOf('b@corner3.test')).slug, 'corner-market-3');
    });

    it('answers a registered e-mail (merchant or staff, any case) exactly like a new one; its owner is told', async () => {
      const client = new Client(server.url);
      const answers = [];
      for (const email of ['OWNER@cornermarket.test', 'super@hive.test', 'brand-new@nowhere.test']) {
        const { response, body } = await client.post('/api/auth/signup', {
          company: 'Copycat',
          email,
          password: 'copy-cat-2026',
          license: 'Retail',
        });
        answers.push({ status: response.status, body });
      }
      assert.deepEqual(answers[0], answers[2]);
      assert.deepEqual(answers[1], answers[2]);
      const [notice] = await outbox(server, 'owner@cornermarket.test');
      assert.match(notice!.subject, /You already have a Hive POS account/);
      assert.doesNotMatch(notice!.body, /token=/);
      // The registered account is untouched: its password still works, no second company appeared.
      const owner = await new Client(server.url).signIn('owner@cornermarket.test');
      assert.equal(errorParam(owner.body.url), null);
      const copycats = await server.running.database.db
        .selectFrom('companies')
        .select('id')
        .where('name', '=', 'Copycat')
        .execute();
      assert.equal(copycats.length, 1, 'only the new address got a (pending) company');
    });

    it('a sign-up never activated gives way to the next one that proves the address', async () => {
      const client = new Client(server.url);
      const squatter = { company: 'Squatter', email: 'taken@later.test', password: 'squatter-2026', license: 'Retail' };
      await client.post('/api/auth/signup', squatter);
      await client.post('/api/auth/signup', { ...squatter, company: 'Real Owner', password: 'real-owner-2026' });
      const token = await mailedToken(server, 'taken@later.test');
      assert.equal((await client.post('/api/auth/signup/activate', { token })).response.status, 200);
      assert.equal(errorParam((await client.signIn('taken@later.test', 'real-owner-2026')).body.url), null);
      assert.notEqual(
        errorParam((await new Client(server.url).signIn('taken@later.test', 'squatter-2026')).body.url),
        null,
      );
      const names = await server.running.database.db
        .selectFrom('companies')
        .select('name')
        .where('name', 'in', ['Squatter', 'Real Owner'])
        .execute();
      assert.deepEqual(names, [{ name: 'Real Owner' }]);
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
      assert.deepEqual(await outbox(server, 'ghost@nowhere.test'), []);
      const [mail] = await outbox(server, 'clerk@cornermarket.test');
      assert.equal(mail!.to, 'clerk@cornermarket.test');
      assert.match(mail!.subject, /Reset your Hive POS password/);
      assert.match(mail!.body, /\/authentication\/resetpass\?token=/);
    });

    it('end to end: new password works, old one and old sessions end, the token is single-use', async () => {
      const email = 'owner@tinykiosk.test';
      const oldSession = new Client(server.url);
      await oldSession.signIn(email);
      assert.ok((await oldSession.session()).user);

      const client = new Client(server.url);
      await client.post('/api/auth/resetpass', { email });
      const token = await mailedToken(server, email);

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
      const first = await mailedToken(server, email);
      server.clock.advance(MINUTE);
      await client.post('/api/auth/resetpass', { email });
      const second = await mailedToken(server, email);
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
      const token = await mailedToken(server, email);
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
