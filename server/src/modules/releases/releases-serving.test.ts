import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type CreateAppOptions, type RunningServer } from '../../app';
import { createMemoryBus } from '../../platform/live';
import { canaryBucket, inCanary, RELEASES_TTL_MS } from './serving';
import {
  Client,
  CookieJar,
  databaseTargets,
  ONCE,
  startTestServer,
  TEST_SCRYPT,
  TEST_SECRET,
  type Json,
  type TestServer,
} from '../../../test/helpers';

/*
 * The live switch (issue 44 item 3): `/remotes.json` answers each user or visitor their release of
 * each remote, the same on every instance and every reload; a change on one instance is served by
 * the others within a second, with no restart; the CSP and the storefront's preload hints follow.
 * Release rows are written straight into the registry here (the registry's own rules are
 * releases-*.test.ts), followed by the live bus's `releasesChanged`, as every registry change does.
 */

type Db = RunningServer['database']['db'];
const REMOTES = ['backoffice', 'admin', 'ordering'] as const;
const SLUG = 'blue-door-bistro';
const BUILT =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="Hive POS: sign in.">' +
  '<title>Hive POS</title></head><body><div id=root></div></body></html>';
const HTML = { accept: 'text/html' };

let versions = 0;
/** A release row in the given state; a canary with its percent and companies. */
async function addRelease(
  db: Db,
  remote: string,
  manifestUrl: string,
  state: 'registered' | 'canary' | 'active',
  canary: { percent: number; companies?: number[] } = { percent: 0 },
): Promise<{ id: number; version: string }> {
  versions += 1;
  const version = `2026.12.02-test${versions}`;
  const now = Date.now();
  // One active and at most one canary per remote, as the registry keeps them.
  if (state === 'active' || state === 'canary') {
    await db
      .updateTable('releases')
      .set({ state: state === 'active' ? 'retired' : 'rolled_back', state_changed_at: now })
      .where('remote', '=', remote)
      .where('state', '=', state)
      .execute();
  }
  const row = await db
    .insertInto('releases')
    .values({
      remote,
      version,
      manifest_url: manifestUrl,
      contract_range: '^1.0.0',
      notes: null,
      registered_by_user_id: null,
      registered_by_token_id: null,
      registered_at: now,
      state,
      canary_percent: state === 'canary' ? canary.percent : null,
      canary_company_ids: state === 'canary' ? JSON.stringify(canary.companies ?? []) : null,
      canary_started_at: state === 'canary' ? now : null,
      state_changed_at: now,
      rollback_reason: null,
      rollback_automatic: 0,
      rollback_figures: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), version };
}

async function setState(db: Db, id: number, state: string): Promise<void> {
  await db.updateTable('releases').set({ state, state_changed_at: Date.now() }).where('id', '=', id).execute();
}

async function endCanaries(db: Db): Promise<void> {
  await db.updateTable('releases').set({ state: 'rolled_back' }).where('state', '=', 'canary').execute();
}

/** The visitor id a response's Set-Cookie gives (a new visitor). */
function visitorCookie(response: Response): string {
  const raw = response.headers.getSetCookie().find((c) => c.startsWith('hive_visitor='));
  assert.ok(raw, 'a hive_visitor cookie');
  return CookieJar.parse(raw).record.value;
}

/** GET /remotes.json as a browser would (the jar keeps the visitor and session cookies). */
async function remotesOf(client: Client): Promise<{ response: Response; body: Json }> {
  const response = await client.request('/remotes.json', { headers: { accept: 'application/json' } });
  assert.equal(response.status, 200);
  return { response, body: await response.json() };
}

/** Until `check` holds (polling every 25 ms); the time it took. Fails after `timeoutMs`. */
async function within(timeoutMs: number, label: string, check: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) assert.fail(`${label}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A remote team's host on another origin (loopback, as the issue allows): its manifests and files. */
async function startCdn(): Promise<{ origin: string; close(): Promise<void> }> {
  const manifest = JSON.stringify({
    name: 'ordering',
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [{ name: 'App', assets: { js: { sync: ['42.b0b0b0b0.js'], async: [] }, css: { sync: [], async: [] } } }],
    shared: [],
  });
  const server = http.createServer((req, res) => {
    if (req.url === '/ordering-b/mf-manifest.json') {
      res.setHeader('content-type', 'application/json');
      res.end(manifest);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('who is in a canary', ONCE, () => {
  const bucket = (key: string) => createHash('sha256').update(key).digest().readUInt32BE(0) % 100;

  it('is the first four bytes of sha256 of the user or visitor and the release, modulo 100', () => {
    for (const key of ['u:17:12', 'v:abcdefghijklmnopqrstuv:12', 'v:x:1']) assert.equal(canaryBucket(key), bucket(key));
    const user = { kind: 'user' as const, userId: 17, companyId: 4 };
    const visitor = { kind: 'visitor' as const, visitorId: 'abcdefghijklmnopqrstuv' };
    for (const percent of [0, 1, 30, 50, 99, 100]) {
      const canary = { id: 12, percent, companyIds: [] };
      assert.equal(inCanary(canary, user), bucket('u:17:12') < percent, `user at ${percent}`);
      assert.equal(inCanary(canary, visitor), bucket('v:abcdefghijklmnopqrstuv:12') < percent, `visitor at ${percent}`);
    }
    // Another release draws anew: over many, about half of the draws differ from the first.
    const draws = Array.from({ length: 200 }, (_, id) => inCanary({ id, percent: 50, companyIds: [] }, user));
    const inCount = draws.filter(Boolean).length;
    assert.ok(inCount > 60 && inCount < 140, `${inCount} of 200`);
  });

  it("a named company's users are always in; nobody else is by their company", () => {
    const canary = { id: 3, percent: 0, companyIds: [4, 9] };
    assert.equal(inCanary(canary, { kind: 'user', userId: 1, companyId: 9 }), true);
    assert.equal(inCanary(canary, { kind: 'user', userId: 1, companyId: 5 }), false);
    assert.equal(inCanary(canary, { kind: 'user', userId: 1, companyId: null }), false);
  });

  it('the memory bus tells its release listeners, and no company or session listener', async () => {
    const bus = createMemoryBus();
    const heard: string[] = [];
    bus.subscribe(1, () => heard.push('company'));
    bus.onSessionEnd(() => heard.push('session'));
    const stop = bus.onReleasesChanged(() => heard.push('releases'));
    bus.releasesChanged();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(heard, ['releases']);
    stop();
    bus.releasesChanged();
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(heard, ['releases']);
    await bus.close();
  });
});

for (const target of databaseTargets()) {
  describe(`releases served per visitor, on two instances [${target.name}]`, () => {
    let a: RunningServer;
    let b: RunningServer;
    let dataDir: string;
    let cleanup: () => Promise<void>;
    let db: Db;
    let cdn: { origin: string; close(): Promise<void> };

    before(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-serving-'));
      cdn = await startCdn();
      const shell = path.join(dataDir, 'shell');
      const ordering = path.join(dataDir, 'ordering');
      await fs.mkdir(shell);
      await fs.mkdir(ordering);
      await fs.writeFile(path.join(shell, 'index.html'), BUILT);
      // The hosted build, and an older one kept in a folder of its own (a release of its own).
      const hosted = (chunk: string) =>
        JSON.stringify({
          name: 'ordering',
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [{ name: 'App', assets: { js: { sync: [chunk], async: [] }, css: { sync: [] } } }],
        });
      await fs.writeFile(path.join(ordering, 'mf-manifest.json'), hosted('7.a1a1a1a1.js'));
      await fs.mkdir(path.join(ordering, 'v1'));
      await fs.writeFile(path.join(ordering, 'v1', 'mf-manifest.json'), hosted('5.c2c2c2c2.js'));
      const base: Partial<CreateAppOptions> = {
        nodeEnv: 'test',
        secret: TEST_SECRET,
        logLevel: 'silent',
        scryptCost: TEST_SCRYPT,
      };
      const prepared = await target.prepare(dataDir, {
        kind: { seedDemo: true, seedDemoSales: false },
        base,
      });
      cleanup = prepared.cleanup;
      const options: CreateAppOptions & { port: number } = {
        ...base,
        port: 0,
        dataDir,
        seedDemoSales: false,
        trustProxy: true,
        staticRoots: { shell, remotes: { ordering } },
        ...prepared.options,
        // On PostgreSQL a read of the registry is kept a minute: only the live bus can tell
        // instance B of a change made on instance A within a second. One SQLite file has no bus
        // between processes: there the next read (500 ms) does it.
        ...(target.name === 'postgres' ? { releaseCacheMs: 60_000 } : {}),
      };
      a = await startServer(options);
      b = await startServer(options);
      db = a.database.db;
    });
    after(async () => {
      await a?.close();
      await b?.close();
      await cdn?.close();
      await cleanup?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    /**
     * Tells the instances, as the registry does after each change, and waits until instance B
     * serves it: its bus heard it (PostgreSQL), or its last read is past (SQLite, 500 ms).
     */
    const changed = async () => {
      const heard =
        target.name === 'postgres'
          ? new Promise<void>((resolve) => {
              const stop = b.live.onReleasesChanged(() => {
                stop();
                resolve();
              });
            })
          : new Promise<void>((resolve) => setTimeout(resolve, RELEASES_TTL_MS + 50));
      a.live.releasesChanged();
      await heard;
    };

    it('answers the map an older shell reads, the releases behind it, and no shared caching', async () => {
      const { response, body } = await remotesOf(new Client(a.url));
      assert.equal(response.headers.get('cache-control'), 'private, no-cache');
      assert.ok(/\bCookie\b/i.test(response.headers.get('vary') ?? ''), response.headers.get('vary') ?? '');
      for (const remote of REMOTES) {
        assert.equal(typeof body[remote], 'string', remote);
        const ref = body._releases[remote];
        assert.ok(ref === null || (Number.isSafeInteger(ref.id) && typeof ref.version === 'string'), remote);
      }
      assert.deepEqual(Object.keys(body._releases).sort(), [...REMOTES].sort());
      // An older shell's parseRemoteMap keeps names /^[a-z][a-z0-9_]*$/i with string values: `_releases`
      // is neither, so it reads exactly the map it read before.
      assert.ok(!/^[a-z][a-z0-9_]*$/i.test('_releases'));
      const active = await db
        .selectFrom('releases')
        .select(['id', 'remote', 'version', 'manifest_url'])
        .where('state', '=', 'active')
        .execute();
      for (const release of active) {
        assert.equal(body[release.remote], release.manifest_url);
        assert.deepEqual(body._releases[release.remote], { id: Number(release.id), version: release.version });
      }
    });

    it('gives every new visitor the visitor cookie, once, Secure over HTTPS', async () => {
      const client = new Client(a.url);
      const first = await client.request('/remotes.json');
      const cookies = first.headers.getSetCookie().map((raw) => CookieJar.parse(raw));
      const visitor = cookies.find((c) => c.name === 'hive_visitor');
      assert.ok(visitor, 'a hive_visitor cookie');
      assert.match(visitor.record.value, /^[A-Za-z0-9_-]{22,}$/);
      assert.deepEqual(visitor.record.attributes, {
        path: '/',
        'max-age': '31536000',
        httponly: true,
        samesite: 'Lax',
      });
      const again = await client.request('/remotes.json');
      assert.deepEqual(again.headers.getSetCookie(), []);
      const https = await fetch(`${a.url}/remotes.json`, { headers: { 'x-forwarded-proto': 'https' } });
      const secure = https.headers.getSetCookie().find((c) => c.startsWith('hive_visitor='));
      assert.equal(CookieJar.parse(secure!).record.attributes.secure, true);
      // Two new visitors are two visitors.
      const other = await fetch(`${a.url}/remotes.json`);
      assert.notEqual(visitorCookie(other), visitor.record.value);
    });

    it('a 30 % canary puts about 30 % of 1,000 new visitors on it, by the hash of each visitor', async () => {
      const canary = await addRelease(db, 'backoffice', `${cdn.origin}/backoffice-c/mf-manifest.json`, 'canary', {
        percent: 30,
      });
      await changed();
      try {
        let inCanary = 0;
        const batches = Array.from({ length: 50 }, () => 20);
        for (const size of batches) {
          const answers = await Promise.all(
            Array.from({ length: size }, async () => {
              const response = await fetch(`${a.url}/remotes.json`);
              const visitor = visitorCookie(response);
              return { visitor, body: (await response.json()) as Json };
            }),
          );
          for (const { visitor, body } of answers) {
            const expected = canaryBucket(`v:${visitor}:${canary.id}`) < 30;
            assert.equal(body._releases.backoffice?.id === canary.id, expected, visitor);
            if (expected) inCanary += 1;
          }
        }
        // Binomial(1000, 0.3): mean 300, standard deviation 14.5; 4.5 of them either side.
        assert.ok(inCanary >= 235 && inCanary <= 365, `${inCanary} of 1000 in a 30 % canary`);
      } finally {
        await endCanaries(db);
        await changed();
      }
    });

    it('the same visitor gets the same answer on every reload and on both instances', async () => {
      const canary = await addRelease(db, 'ordering', `${cdn.origin}/ordering-b/mf-manifest.json`, 'canary', {
        percent: 50,
      });
      await changed();
      try {
        const seen = new Set<boolean>();
        for (let i = 0; i < 12; i += 1) {
          const onA = new Client(a.url);
          const first = (await remotesOf(onA)).body;
          const onB = new Client(b.url);
          onB.jar.cookies.set('hive_visitor', onA.jar.cookies.get('hive_visitor')!);
          // B may still serve its last read for 500 ms (SQLite): the visitor's answer settles there.
          await within(1_000, 'instance B reads the canary', async () => {
            const body = (await remotesOf(onB)).body;
            return body._releases.ordering?.id === first._releases.ordering?.id;
          });
          for (const client of [onA, onB, onA, onB]) assert.deepEqual((await remotesOf(client)).body, first);
          seen.add(first._releases.ordering?.id === canary.id);
        }
        // 12 visitors at 50 %: both answers show up (all alike: 1 in 2,048).
        assert.deepEqual([...seen].sort(), [false, true]);
      } finally {
        await endCanaries(db);
        await changed();
      }
    });

    it('a signed-in user is drawn by the hash of (user, release), on any device; a named company is always in', async () => {
      const users = await db
        .selectFrom('users')
        .select(['id', 'email', 'company_id'])
        .where('email', 'in', ['owner@bluedoor.test', 'owner@cornermarket.test'])
        .execute();
      const bluedoor = users.find((u) => u.email === 'owner@bluedoor.test')!;
      const corner = users.find((u) => u.email === 'owner@cornermarket.test')!;
      const canary = await addRelease(db, 'backoffice', `${cdn.origin}/backoffice-c/mf-manifest.json`, 'canary', {
        percent: 0,
        companies: [Number(bluedoor.company_id)],
      });
      await changed();
      try {
        const named = new Client(b.url);
        await named.signIn(bluedoor.email);
        const other = new Client(a.url);
        await other.signIn(corner.email);
        await within(1_000, 'the named company gets the canary', async () => {
          return (await remotesOf(named)).body._releases.backoffice?.id === canary.id;
        });
        assert.notEqual((await remotesOf(other)).body._releases.backoffice?.id, canary.id);

        // At 50 %: the user's bucket decides, whatever their visitor cookie says (another device).
        await db
          .updateTable('releases')
          .set({ canary_percent: 50, canary_company_ids: '[]' })
          .where('id', '=', canary.id)
          .execute();
        await changed();
        const expected = canaryBucket(`u:${Number(corner.id)}:${canary.id}`) < 50;
        const body = (await remotesOf(other)).body;
        assert.equal(body._releases.backoffice?.id === canary.id, expected);
        for (let device = 0; device < 4; device += 1) {
          other.jar.cookies.delete('hive_visitor');
          for (const server of [a, b]) {
            const response = await fetch(`${server.url}/remotes.json`, { headers: { cookie: other.jar.header() } });
            const body = (await response.json()) as Json;
            assert.equal(body._releases.backoffice?.id === canary.id, expected, `device ${device}`);
          }
          await remotesOf(other); // a new visitor cookie
        }
      } finally {
        await endCanaries(db);
        await changed();
      }
    });

    it('a release promoted on instance A is served by instance B within a second, with no restart', async () => {
      const viewer = new Client(b.url);
      await remotesOf(viewer);
      const previous = await db
        .selectFrom('releases')
        .select('id')
        .where('remote', '=', 'admin')
        .where('state', '=', 'active')
        .executeTakeFirst();
      const url = `${cdn.origin}/admin-b/mf-manifest.json`;
      const promoted = await addRelease(db, 'admin', url, 'active');
      a.live.releasesChanged();
      try {
        const took = await within(1_000, 'instance B serves the promoted release', async () => {
          const body = (await remotesOf(viewer)).body;
          return body.admin === url && body._releases.admin?.id === promoted.id;
        });
        assert.ok(took < 1_000, `${Math.round(took)} ms`);
      } finally {
        await setState(db, promoted.id, 'retired');
        if (previous) await setState(db, Number(previous.id), 'active');
        await changed();
      }
    });

    it('the CSP names a newly registered release origin without a restart, and drops it once retired', async () => {
      const origin = 'https://csp-check.example.com';
      const csp = async (server: RunningServer) =>
        (await fetch(`${server.url}/`, { headers: HTML })).headers.get('content-security-policy') ?? '';
      assert.ok(!(await csp(b)).includes(origin));
      const release = await addRelease(db, 'backoffice', `${origin}/backoffice-x/mf-manifest.json`, 'registered');
      a.live.releasesChanged();
      await within(1_000, 'instance B allows the new origin', async () => {
        const policy = await csp(b);
        return [/script-src 'self'[^;]* https:\/\/csp-check\.example\.com[ ;]/, /connect-src [^;]*csp-check/].every(
          (re) => re.test(policy),
        );
      });
      assert.match(await csp(a), /style-src 'self' 'unsafe-inline'[^;]* https:\/\/csp-check\.example\.com/);
      await setState(db, release.id, 'retired');
      a.live.releasesChanged();
      await within(1_000, 'instance B drops the retired origin', async () => !(await csp(b)).includes(origin));
      assert.ok(!(await csp(a)).includes(origin));
    });

    it("the storefront's preload hints name the visitor's release, and a new visitor gets the cookie there", async () => {
      const manifestUrl = `${cdn.origin}/ordering-b/mf-manifest.json`;
      const canary = await addRelease(db, 'ordering', manifestUrl, 'canary', { percent: 50 });
      await changed();
      const preloads = (html: string) =>
        [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map((m) => `${m[2]} ${m[1]}`);
      try {
        const kinds = new Set<string>();
        for (let i = 0; i < 16; i += 1) {
          const visitor = new Client(i % 2 === 0 ? a.url : b.url);
          const response = await visitor.request(`/ordering/${SLUG}`, { headers: HTML });
          assert.equal(response.status, 200);
          assert.equal(response.headers.get('cache-control'), 'private, no-cache');
          assert.ok(/\bCookie\b/i.test(response.headers.get('vary') ?? ''));
          const cookie = visitor.jar.cookies.get('hive_visitor');
          assert.ok(cookie, 'the page set the visitor cookie');
          const hints = preloads(await response.text());
          const inCanary = canaryBucket(`v:${cookie.value}:${canary.id}`) < 50;
          // `/remotes.json` with the cookie the page set names the same release (instance B may
          // serve its last read for a moment on SQLite).
          await within(1_000, 'the map agrees with the hints', async () => {
            const body = (await remotesOf(visitor)).body;
            return (body._releases.ordering?.id === canary.id) === inCanary;
          });
          if (inCanary) {
            kinds.add('canary');
            assert.deepEqual(hints.slice(0, 4), [
              'fetch /remotes.json',
              `fetch ${manifestUrl}`,
              `script ${cdn.origin}/ordering-b/remoteEntry.js`,
              `script ${cdn.origin}/ordering-b/42.b0b0b0b0.js`,
            ]);
          } else {
            kinds.add('active');
            assert.deepEqual(hints.slice(0, 4), [
              'fetch /remotes.json',
              'fetch /remotes/ordering/mf-manifest.json',
              'script /remotes/ordering/remoteEntry.js',
              'script /remotes/ordering/7.a1a1a1a1.js',
            ]);
          }
        }
        assert.deepEqual([...kinds].sort(), ['active', 'canary']);

        // A release whose manifest cannot be read: no hints for its files, the page as usual.
        const broken = await addRelease(db, 'ordering', `${cdn.origin}/nowhere/mf-manifest.json`, 'canary', {
          percent: 100,
        });
        await changed();
        const visitor = new Client(a.url);
        const response = await visitor.request(`/ordering/${SLUG}`, { headers: HTML });
        const hints = preloads(await response.text());
        assert.equal((await remotesOf(visitor)).body._releases.ordering?.id, broken.id);
        assert.deepEqual(hints, [
          'fetch /remotes.json',
          'fetch /locales/en/ordering.json',
          `fetch /ordering_master/stores/${SLUG}`,
          `fetch /gettokenonline?store=${SLUG}`,
        ]);

        // A release hosted by this server in a folder of its own: its files, from that folder.
        await addRelease(db, 'ordering', '/remotes/ordering/v1/mf-manifest.json', 'canary', { percent: 100 });
        await changed();
        const kept = preloads(await (await new Client(b.url).request(`/ordering/${SLUG}`, { headers: HTML })).text());
        assert.deepEqual(kept.slice(0, 4), [
          'fetch /remotes.json',
          'fetch /remotes/ordering/v1/mf-manifest.json',
          'script /remotes/ordering/v1/remoteEntry.js',
          'script /remotes/ordering/v1/5.c2c2c2c2.js',
        ]);
      } finally {
        await endCanaries(db);
        await changed();
      }
    });

    if (target.name === 'postgres') {
      it('the bus message of a release change is no company change and no sign-out', async () => {
        const heard: string[] = [];
        const stops = [
          b.live.subscribe(1, (change) => heard.push(`company ${change.topic}`)),
          b.live.onSessionEnd((sid) => heard.push(`end ${sid}`)),
        ];
        let releases = 0;
        stops.push(b.live.onReleasesChanged(() => (releases += 1)));
        try {
          a.live.releasesChanged();
          await within(2_000, 'instance B hears it', async () => releases > 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
          assert.deepEqual(heard, []);
        } finally {
          for (const stop of stops) stop();
        }
      });
    }
  });

  describe(`REMOTES_JSON still overrides the registry [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target, {
        remotesJson: '{"ordering":"https://dev.example.com/ordering/mf-manifest.json"}',
      });
    });
    after(async () => {
      await server?.close();
    });

    it('for the remotes it names, with no release behind them, whatever the registry serves', async () => {
      const db = server.running.database.db;
      await addRelease(db, 'ordering', 'https://cdn.example.com/ordering-b/mf-manifest.json', 'canary', {
        percent: 100,
      });
      server.running.live.releasesChanged();
      const response = await fetch(`${server.url}/remotes.json`);
      const body = (await response.json()) as Json;
      assert.equal(body.ordering, 'https://dev.example.com/ordering/mf-manifest.json');
      assert.equal(body._releases.ordering, null);
      assert.equal(typeof body.backoffice, 'string');
      const csp = response.headers.get('content-security-policy')!;
      assert.match(csp, /script-src 'self' https:\/\/dev\.example\.com https:\/\/cdn\.example\.com;/);
    });
  });
}
