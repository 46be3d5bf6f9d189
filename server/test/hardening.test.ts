import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { decode } from '@auth/core/jwt';
import { sql } from 'kysely';
import { pino } from 'pino';
import { SESSION_COOKIE_MAX_AGE_S } from '@hive/shared/config';
import { createApp } from '../src/app';
import { ConfigError } from '../src/platform/config';
import { reserveNumbers } from '../src/platform/db';
import {
  Client,
  databaseTargets,
  ONCE,
  TEST_SECRET,
  errorParam,
  mailedToken,
  outbox,
  startTestServer,
  type Json,
  type TestServer,
} from './helpers';

/*
 * Issue 14: each finding of the attack on a fresh clone, as a test that failed before the fix.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOUR = 3_600_000;

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

/** A storefront order at Blue Door from `client`, picked up tomorrow at noon (open hours). */
async function placeOrder(client: Client, now: number, quantity = 1): Promise<Response> {
  const { token } = (await (await client.request('/gettokenonline?store=blue-door-bistro')).json()) as Json;
  const menu = (await (
    await client.request('/ordering_online/blue-door-bistro/menu', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Json;
  const pickupAt = new Date(now + 24 * HOUR);
  pickupAt.setUTCHours(12, 0, 0, 0);
  return client.request('/ordering_online/blue-door-bistro/orders', {
    headers: { authorization: `Bearer ${token}` },
    json: {
      name: 'Parallel Pat',
      phone: '555 0100',
      pickupAt: pickupAt.toISOString(),
      notes: '',
      lines: [{ itemId: menu.categories[0].items[0].id, quantity, modifierIds: [] }],
    },
  });
}

describe('safe defaults (no database target needed)', ONCE, () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-hardening-'));
  });
  after(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('production seeds no demo account, and refuses SEED_DEMO=true with a one-line reason', async () => {
    const app = await createApp({
      nodeEnv: 'production',
      secret: TEST_SECRET,
      dataDir: path.join(dir, 'prod'),
      logLevel: 'silent',
      publicUrl: 'https://pos.example.test',
    });
    try {
      const users = await app.database.db.selectFrom('users').select('email').execute();
      assert.deepEqual(users, [], 'no super@hive.test with the public demo password');
    } finally {
      await app.close();
    }
    await assert.rejects(
      createApp({
        nodeEnv: 'production',
        secret: TEST_SECRET,
        dataDir: path.join(dir, 'prod2'),
        seedDemo: true,
        logLevel: 'silent',
      }),
      (error: Error) =>
        error instanceof ConfigError &&
        /^SEED_DEMO=true is refused with NODE_ENV=production/.test(error.message) &&
        !error.message.includes('\n'),
    );
  });

  it('create-admin: the first platform administrator, password from standard input, never an argument', async () => {
    const dataDir = path.join(dir, 'admin');
    const run = (args: string[], input: string) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/createAdmin.ts', ...args], {
          cwd: SERVER_DIR,
          env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'production' },
          stdio: ['pipe', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (d) => (out += d));
        child.stderr.on('data', (d) => (out += d));
        child.on('exit', (code) => resolve({ code, out }));
        child.stdin.end(input);
      });
    const refused = await run(['--email', 'boss@acme.test', '--password', 'given-on-the-line-1'], '');
    assert.equal(refused.code, 1);
    assert.match(refused.out, /--password is not accepted/);
    const weak = await run(['--email', 'boss@acme.test'], 'short\n');
    assert.equal(weak.code, 1);
    assert.match(weak.out, /password: use at least 10 characters/);
    const made = await run(['--email', 'Boss@Acme.test'], 'the-first-admin-2026\n');
    assert.equal(made.code, 0, made.out);
    assert.match(made.out, /Created the platform administrator boss@acme\.test \(super_admin\)/);
    const again = await run(['--email', 'boss@acme.test'], 'the-first-admin-2026\n');
    assert.equal(again.code, 1);
    assert.match(again.out, /already has an account/);
    // Every admin area, the Releases page only for a role that may release.
    const helper = await run(['--email', 'help@acme.test', '--role', 'support'], 'the-first-helper-2026\n');
    assert.equal(helper.code, 0, helper.out);

    // The new administrator signs in to the production server, the only account there.
    const app = await createApp({
      nodeEnv: 'production',
      secret: TEST_SECRET,
      dataDir,
      logLevel: 'silent',
      publicUrl: 'https://pos.example.test',
    });
    const listening = app.app.listen(0);
    try {
      await new Promise((resolve) => listening.once('listening', resolve));
      const client = new Client(`http://localhost:${(listening.address() as { port: number }).port}`);
      const { body } = await client.signIn('boss@acme.test', 'the-first-admin-2026');
      assert.equal(errorParam(body.url), null);
      const me = await client.request('/api/admin/me');
      assert.equal(me.status, 200);
      const meBody = (await me.json()) as Json;
      assert.equal(meBody.rights.length > 0, true);
      assert.ok(meBody.permissions.includes('view_releases_menu'), 'a super_admin gets the Releases page');
      const helperPermissions = await app.database.db
        .selectFrom('user_permissions')
        .innerJoin('users', 'users.id', 'user_permissions.user_id')
        .select('user_permissions.id_permission')
        .where('users.email', '=', 'help@acme.test')
        .execute();
      const names = helperPermissions.map((p) => p.id_permission);
      assert.ok(names.includes('view_support_menu') && !names.includes('view_releases_menu'), names.join(', '));
    } finally {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
      await app.close();
    }
  });

  it('refuses an empty (0-byte) or damaged SQLite file instead of seeding it as a fresh install', async () => {
    const empty = path.join(dir, 'empty');
    await fs.mkdir(empty);
    await fs.writeFile(path.join(empty, 'hive.sqlite'), '');
    await assert.rejects(
      createApp({ dataDir: empty, secret: TEST_SECRET, logLevel: 'silent' }),
      (error: Error) => error instanceof ConfigError && /exists but holds no data/.test(error.message),
    );
    assert.equal((await fs.stat(path.join(empty, 'hive.sqlite'))).size, 0, 'nothing written into it');

    const broken = path.join(dir, 'broken');
    await fs.mkdir(broken);
    const good = await createApp({ dataDir: broken, secret: TEST_SECRET, logLevel: 'silent', seedDemoSales: false });
    await good.close();
    const file = path.join(broken, 'hive.sqlite');
    const bytes = await fs.readFile(file);
    // Scribble over the pages after the header: the file still opens, its tables do not read.
    for (let i = 4096; i < bytes.length; i += 97) bytes[i] = (bytes[i]! + 71) % 256;
    await fs.writeFile(file, bytes);
    await fs.rm(`${file}-wal`, { force: true });
    await fs.rm(`${file}-shm`, { force: true });
    await assert.rejects(
      createApp({ dataDir: broken, secret: TEST_SECRET, logLevel: 'silent' }),
      (error: Error) => error instanceof ConfigError && /is damaged/.test(error.message),
    );
  });

  it('two instances starting together on one SQLite file both start (migrations under a lock)', async () => {
    for (let run = 0; run < 3; run += 1) {
      const shared = path.join(dir, `twins-${run}`);
      const start = () =>
        createApp({
          dataDir: shared,
          secret: TEST_SECRET,
          logLevel: 'silent',
          seedDemoSales: false,
          scryptCost: { N: 2 ** 10, r: 8, p: 1 },
        });
      const results = await Promise.allSettled([start(), start()]);
      for (const result of results) {
        assert.equal(result.status, 'fulfilled', result.status === 'rejected' ? String(result.reason) : '');
        if (result.status === 'fulfilled') await result.value.close();
      }
    }
  });
});

for (const target of databaseTargets()) {
  describe(`hardening [${target.name}]`, () => {
    let server: TestServer;
    let logs: string[];
    before(async () => {
      const captured = capturedLogger();
      logs = captured.lines;
      server = await startTestServer(target, {
        logger: captured.logger,
        orderingRateLimits: {
          order: { limit: 10_000, windowMs: 60_000 },
          orderPerStore: { limit: 10_000, windowMs: 60_000 },
        },
      });
    });
    after(async () => {
      await server?.close();
    });

    it('no anonymous route shows the outbox in development, and reset links never reach the log', async () => {
      const client = new Client(server.url);
      await client.post('/api/auth/resetpass', { email: 'clerk@cornermarket.test' });
      const token = await mailedToken(server, 'clerk@cornermarket.test');
      assert.ok(!logs.join('').includes(token), 'the reset token is in no log line');
      for (const path of [
        '/api/dev/outbox',
        '/api/dev/outbox?to=clerk%40cornermarket.test',
        '/api/admin/support/outbox',
      ]) {
        const response = await client.request(path);
        assert.ok([401, 404].includes(response.status), `${path}: ${response.status}`);
        assert.ok(!(await response.text()).includes(token));
      }
    });

    it('signing out revokes that session on the server; the user’s other devices stay signed in', async () => {
      const laptop = new Client(server.url);
      const phone = new Client(server.url);
      await laptop.signIn('manager@bluedoor.test');
      await phone.signIn('manager@bluedoor.test');
      const stolen = laptop.jar.header();
      assert.equal((await laptop.signOut()).status, 200);
      // A copy of the old cookie (kept by an attacker, or a browser that missed the sign-out):
      const replay = new Client(server.url);
      const headers = { cookie: stolen };
      assert.equal(await (await replay.request('/api/auth/session', { headers })).json(), null);
      assert.equal((await replay.request('/api/auth/usercompany', { headers, json: {} })).status, 401);
      assert.equal((await replay.request('/api/backoffice/customers', { headers })).status, 401);
      const csrf = ((await (await replay.request('/api/auth/csrf', { headers })).json()) as Json).csrfToken;
      const cookieWithCsrf = `${stolen}; ${replay.jar.header()}`;
      const extend = await replay.request('/api/auth/session', {
        headers: { cookie: cookieWithCsrf },
        json: { csrfToken: csrf, data: { extend: true } },
      });
      assert.equal(await extend.json(), null, 'a revoked session cannot be extended back to life');
      assert.equal((await phone.session()).user.email, 'manager@bluedoor.test');
    });

    it('a session ends 12 hours after sign-in however often it is extended (absolute lifetime)', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@atlas.test');
      const signedInAt = server.clock.now();
      let last: Json = null;
      for (let i = 0; i < 20; i += 1) {
        server.clock.advance(40 * 60_000);
        last = await (await client.extend()).json();
        if (last === null) break;
        assert.ok(Date.parse(last.expires) <= signedInAt + 12 * HOUR, 'no extend reaches past 12 hours');
      }
      assert.equal(last, null, 'extend is refused once the 12 hours are over');
      assert.ok(server.clock.now() - signedInAt <= 12 * HOUR + 40 * 60_000);
      assert.equal(await client.session(), null);
    });

    it('the session token lives exactly the session lifetime (exp - iat)', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@tinykiosk.test');
      const token = await decode({
        token: client.jar.get('authjs.session-token')!,
        secret: TEST_SECRET,
        salt: 'authjs.session-token',
      });
      assert.ok(token);
      assert.equal(Number(token.exp) - Number(token.iat), SESSION_COOKIE_MAX_AGE_S);
    });

    it('suspending a company ends its sessions for good: reactivation does not bring the old cookie back', async () => {
      const merchant = new Client(server.url);
      await merchant.signIn('owner@tinykiosk.test');
      const root = new Client(server.url);
      await root.signIn('super@hive.test');
      const company = await server.running.database.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'tiny-kiosk')
        .executeTakeFirstOrThrow();
      const status = (value: string) =>
        root.request(`/api/admin/companies/${company.id}/status`, {
          method: 'PUT',
          json: { status: value, reason: 'hardening test' },
        });
      assert.equal((await status('suspended')).status, 200);
      assert.equal(await merchant.session(), null);
      assert.equal((await status('active')).status, 200);
      assert.equal(await merchant.session(), null, 'the old session stays ended');
      const fresh = new Client(server.url);
      assert.equal(errorParam((await fresh.signIn('owner@tinykiosk.test')).body.url), null, 'a new sign-in works');
    });

    it('100 parallel storefront orders: 100 stored, numbers unique and gap-free, no 5xx', async () => {
      const db = server.running.database.db;
      const company = await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'blue-door-bistro')
        .executeTakeFirstOrThrow();
      const before = await db
        .selectFrom('ordering_orders')
        .select('number')
        .where('company_id', '=', company.id)
        .execute();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => placeOrder(new Client(server.url), server.clock.now())),
      );
      assert.deepEqual([...new Set(answers.map((a) => a.status))], [201]);
      const numbers = (
        await db.selectFrom('ordering_orders').select('number').where('company_id', '=', company.id).execute()
      )
        .map((row) => Number(row.number))
        .sort((a, b) => a - b);
      assert.equal(numbers.length, before.length + 100);
      assert.deepEqual(
        numbers,
        Array.from({ length: numbers.length }, (_, i) => i + 1),
      );
    });

    it('the counter reserves ranges atomically for any kind of document', async () => {
      const db = server.running.database.db;
      // A company whose invoice counter the demo has not used (Atlas and Green Leaf have invoices).
      const company = await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'tiny-kiosk')
        .executeTakeFirstOrThrow();
      const firsts = await Promise.all(
        Array.from({ length: 20 }, () =>
          db.transaction().execute((trx) => reserveNumbers(trx, company.id, 'invoice', 5)),
        ),
      );
      assert.deepEqual(
        firsts.sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => 1 + i * 5),
      );
      // A rolled-back document gives its number back.
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await reserveNumbers(trx, company.id, 'invoice');
          throw new Error('rollback');
        }),
      );
      assert.equal(await db.transaction().execute((trx) => reserveNumbers(trx, company.id, 'invoice')), 101);
    });

    it('40 parallel wrong guesses: at most 5 password checks before the lock', async () => {
      const email = 'manager@cornermarket.test';
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => new Client(server.url).signIn(email, 'guess-guess-1')),
      );
      const codes = answers.map((a) =>
        a.response.status === 429 ? 'http429' : new URL(a.body.url).searchParams.get('code'),
      );
      // Each password check answers "wrong" (or, the last allowed one, the lock): never more than 5.
      const checks = codes.filter((c) => c === 'credentials').length;
      assert.ok(checks <= 5, `password checks: ${checks} (${codes.join(',')})`);
      assert.ok(codes.filter((c) => c !== 'credentials').every((c) => c === 'account_locked' || c === 'http429'));
      const right = await new Client(server.url).signIn(email);
      assert.equal(right.response.status, 429, 'locked: even the right password waits');
    });

    it('an unknown e-mail locks exactly like a real one (no account enumeration)', async () => {
      const answersFor = async (email: string) => {
        const out: string[] = [];
        for (let i = 0; i < 6; i += 1) {
          const { response, body } = await new Client(server.url).signIn(email, 'wrong-wrong-1');
          out.push(response.status === 429 ? `429 ${body.error}` : String(new URL(body.url).searchParams.get('code')));
        }
        return out;
      };
      const known = await answersFor('owner@atlas.test');
      const unknown = await answersFor('nobody-here@atlas.test');
      assert.deepEqual(known, [
        'credentials',
        'credentials',
        'credentials',
        'credentials',
        'account_locked',
        '429 account_locked',
      ]);
      assert.deepEqual(unknown, known);
    });

    it('money is BIGINT: amounts above 32 bits store and read back exactly', async () => {
      const db = server.running.database.db;
      const company = await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'corner-market')
        .executeTakeFirstOrThrow();
      const big = 98_765_432_109; // 987,654,321.09: over 2^31 minor units
      const item = await db
        .insertInto('items')
        .values({
          company_id: company.id,
          category_id: null,
          name: 'Gold bar',
          sku: 'GOLD-1',
          price_cents: big,
          cost_cents: big,
          track_stock: 0,
          active: 1,
          created_at: 0,
          updated_at: 0,
        })
        .returning(['id', 'price_cents'])
        .executeTakeFirstOrThrow();
      assert.equal(Number(item.price_cents), big);
      await db.deleteFrom('items').where('id', '=', item.id).execute();
      if (target.name === 'postgres') {
        const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
          select table_name, column_name, data_type from information_schema.columns
          where table_schema = current_schema() and column_name like '%\\_cents' escape '\\'`.execute(db);
        assert.ok(columns.rows.length >= 15);
        for (const column of columns.rows)
          assert.equal(column.data_type, 'bigint', `${column.table_name}.${column.column_name}`);
      }
    });

    it('an order above the sane maximum is a 400 naming the lines, not a 500', async () => {
      const owner = new Client(server.url);
      await owner.signIn('owner@bluedoor.test');
      const created = await owner.post('/api/backoffice/items', {
        name: 'Whole wedding',
        sku: '',
        categoryId: null,
        price: 999_999,
        cost: 0,
        taxIds: [],
        trackStock: false,
        active: true,
      });
      assert.equal(created.response.status, 201);
      const shopper = new Client(server.url);
      const { token } = (await (await shopper.request('/gettokenonline?store=blue-door-bistro')).json()) as Json;
      const pickupAt = new Date(server.clock.now() + 24 * HOUR);
      pickupAt.setUTCHours(12, 0, 0, 0);
      const response = await shopper.request('/ordering_online/blue-door-bistro/orders', {
        headers: { authorization: `Bearer ${token}` },
        json: {
          name: 'Big Spender',
          phone: '555 0100',
          pickupAt: pickupAt.toISOString(),
          notes: '',
          lines: [{ itemId: created.body.id, quantity: 20, modifierIds: [] }],
        },
      });
      assert.equal(response.status, 400);
      const body = (await response.json()) as Json;
      assert.match(body.message, /^lines: an online order may total at most/);
    });

    it("a new merchant cannot take another company's storefront address, nor a store another company's", async () => {
      const owner = new Client(server.url);
      await owner.signIn('owner@bluedoor.test');
      const settings = (await (await owner.request('/api/backoffice/ordering/settings')).json()) as Json;
      const moved = await owner.request('/api/backoffice/ordering/settings', {
        method: 'PUT',
        json: { ...settings.settings, slug: 'sunny-side' },
      });
      assert.equal(moved.status, 200);
      const signup = new Client(server.url);
      assert.equal(
        (
          await signup.post('/api/auth/signup', {
            company: 'Sunny Side',
            email: 'sun@side.test',
            password: 'sunny-side-2026',
            license: 'Restaurant',
          })
        ).response.status,
        202,
      );
      const slug = await server.running.database.db
        .selectFrom('companies')
        .innerJoin('users', 'users.company_id', 'companies.id')
        .select('companies.slug')
        .where('users.email', '=', 'sun@side.test')
        .executeTakeFirstOrThrow();
      assert.equal(slug.slug, 'sunny-side-2');
      // And a store cannot move onto another company's address (its company slug).
      const taken = await owner.request('/api/backoffice/ordering/settings', {
        method: 'PUT',
        json: { ...settings.settings, slug: 'corner-market' },
      });
      assert.equal(taken.status, 409);
      assert.equal(((await taken.json()) as Json).fields.slug, 'another company already uses this address');
      // Its own old address is free again for others once it moved away.
      const back = await owner.request('/api/backoffice/ordering/settings', {
        method: 'PUT',
        json: { ...settings.settings, slug: 'blue-door-bistro' },
      });
      assert.equal(back.status, 200);
    });

    it('/healthz reads real tables: a broken one makes it 503', async () => {
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
      const db = server.running.database.db;
      await sql`alter table companies rename to companies_away`.execute(db);
      try {
        const response = await fetch(`${server.url}/healthz`);
        assert.equal(response.status, 503);
      } finally {
        await sql`alter table companies_away rename to companies`.execute(db);
      }
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    });

    it('unknown Auth.js paths answer 404 and log a warning, no error and no stack', async () => {
      const client = new Client(server.url);
      const from = logs.length;
      for (const [method, path] of [
        ['GET', '/api/auth/callback'],
        ['GET', '/api/auth/webauthn-options/x'],
        ['POST', '/api/auth/callback'],
        ['GET', '/api/auth/callback/credentials'],
        ['GET', '/api/auth/verify-request'],
      ] as const) {
        const response = await client.request(path, { method, ...(method === 'POST' ? { form: { a: 'b' } } : {}) });
        assert.equal(response.status, 404, `${method} ${path}`);
      }
      const lines = logs.slice(from).map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
      assert.ok(lines.some((line) => line.level === 40 && line.msg === 'unknown auth route'));
      assert.deepEqual(
        lines.filter((line) => line.level >= 50),
        [],
      );
      assert.ok(!lines.some((line) => JSON.stringify(line).includes('"stack"')));
    });

    it('source maps are never served, even when one lies in a served folder', async () => {
      const shell = path.join(server.dataDir, 'no-dist');
      await fs.mkdir(shell, { recursive: true });
      await fs.writeFile(path.join(shell, 'main.js.map'), '{"sources":["secret.ts"]}');
      const response = await fetch(`${server.url}/main.js.map`);
      assert.equal(response.status, 404);
      assert.ok(!(await response.text()).includes('secret.ts'));
    });
  });

  describe(`limits that no header can dodge [${target.name}]`, () => {
    it('without TRUST_PROXY, a rotating X-Forwarded-For does not reset the per-address sign-in limit', async () => {
      const server = await startTestServer(target, {
        trustProxy: undefined,
        rateLimits: { signIn: { limit: 20, windowMs: 15 * 60_000 } },
      });
      try {
        let accepted = 0;
        for (let i = 0; i < 40; i += 1) {
          const client = new Client(server.url, `203.0.113.${i + 1}`);
          const { response } = await client.signIn(`nobody${i}@nowhere.test`, 'wrong-wrong-1');
          if (response.status !== 429) accepted += 1;
        }
        assert.equal(accepted, 20);
      } finally {
        await server.close();
      }
    });

    it('reset e-mails per account, orders per store and the client log by volume hold whatever address is claimed', async () => {
      const server = await startTestServer(target, {
        rateLimits: {
          resetPerAccount: { limit: 3, windowMs: HOUR },
          logBytesTotal: { limit: 20_000, windowMs: 60_000 },
        },
        orderingRateLimits: { orderPerStore: { limit: 5, windowMs: 10 * 60_000 } },
      });
      try {
        for (let i = 0; i < 30; i += 1) {
          const answer = await new Client(server.url).post('/api/auth/resetpass', { email: 'owner@cornermarket.test' });
          assert.equal(answer.response.status, 200, 'the answer never changes');
        }
        assert.equal((await outbox(server, 'owner@cornermarket.test')).length, 3);

        const statuses = [];
        for (let i = 0; i < 7; i += 1)
          statuses.push((await placeOrder(new Client(server.url), server.clock.now())).status);
        assert.deepEqual(statuses, [201, 201, 201, 201, 201, 429, 429]);

        let refused = 0;
        for (let i = 0; i < 20; i += 1) {
          const response = await new Client(server.url).request('/api/auth/_log', {
            form: { level: 'info', code: 'FLOOD', message: 'x'.repeat(4000) },
          });
          if (response.status === 429) refused += 1;
        }
        assert.ok(refused >= 14, `refused ${refused} of 20 4 kB log messages over a 20 kB budget`);
      } finally {
        await server.close();
      }
    });

    // Issue 42: 140 bodiless, tokenless posts from 7 addresses closed a store's ordering (429 for
    // everyone) for ten minutes, since the store's limit counted them before the token check.
    it("requests that order nothing never spend a store's order limit; they count against their sender", async () => {
      const server = await startTestServer(target, {
        orderingRateLimits: {
          order: { limit: 3, windowMs: 10 * 60_000 },
          orderPerStore: { limit: 2, windowMs: 10 * 60_000 },
        },
      });
      try {
        const path = '/ordering_online/blue-door-bistro/orders';
        const { token } = (await (
          await new Client(server.url).request('/gettokenonline?store=blue-door-bistro')
        ).json()) as Json;
        // From each of 5 addresses: no token, a forged one, a valid one with an empty order, and the
        // sender's own limit then refuses the fourth.
        for (let sender = 0; sender < 5; sender += 1) {
          const client = new Client(server.url);
          const tries = [
            await client.request(path, { json: {} }),
            await client.request(path, { json: {}, headers: { authorization: 'Bearer forged' } }),
            await client.request(path, { json: { lines: [] }, headers: { authorization: `Bearer ${token}` } }),
            await client.request(path, { json: {}, headers: { authorization: `Bearer ${token}` } }),
          ];
          assert.deepEqual(
            tries.map((r) => r.status),
            [401, 401, 400, 429],
          );
          assert.match(((await tries[3]!.json()) as Json).message, /^Too many orders from this address/);
        }
        // The store's limit of 2 is untouched: two real orders go through, and only then is it full.
        const orders = [];
        for (let i = 0; i < 3; i += 1)
          orders.push((await placeOrder(new Client(server.url), server.clock.now())).status);
        assert.deepEqual(orders, [201, 201, 429]);
      } finally {
        await server.close();
      }
    });
  });
}
