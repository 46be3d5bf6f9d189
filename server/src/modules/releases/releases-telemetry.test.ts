import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import {
  evaluateCanary,
  releaseHealth,
  storeTelemetry,
  aggregateEvents,
  telemetryRetentionJob,
  type CanaryContext,
} from './telemetry';
import { Client, databaseTargets, outbox, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Telemetry from real browsers (issue 44): `POST /api/telemetry` without a session, its limits
 * (16 kB, per address and per visitor, an office behind one address passes), 400 naming the field,
 * nothing stored on a refusal; the per-minute aggregates, the p75 from the histogram, retention;
 * and the canary rolled back at the thresholds, once, mailed to whoever registered it.
 */

const MINUTE = 60_000;
let visitorCounter = 0;
/** A well-formed `hive_visitor` value (22+ base64url characters), new on every call. */
const newVisitor = () => `visitor${String((visitorCounter += 1)).padStart(6, '0')}${'x'.repeat(12)}`;

interface PostOptions {
  client?: Client;
  contentType?: string;
  visitor?: string;
  origin?: string;
  raw?: string;
}

async function insertRelease(
  db: Kysely<Database>,
  values: {
    remote: string;
    version: string;
    state: string;
    at: number;
    userId?: number | null;
    tokenId?: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('releases')
    .values({
      remote: values.remote,
      version: values.version,
      manifest_url: `/remotes/${values.remote}/mf-manifest.json`,
      contract_range: '^1.0.0',
      notes: null,
      registered_by_user_id: values.userId ?? null,
      registered_by_token_id: values.tokenId ?? null,
      registered_at: values.at,
      state: values.state,
      canary_percent: values.state === 'canary' ? 50 : null,
      canary_company_ids: values.state === 'canary' ? '[]' : null,
      canary_started_at: values.state === 'canary' ? values.at : null,
      state_changed_at: values.at,
      rollback_reason: null,
      rollback_figures: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const activeOf = async (db: Kysely<Database>, remote: string) =>
  Number(
    (
      await db
        .selectFrom('releases')
        .select('id')
        .where('remote', '=', remote)
        .where('state', '=', 'active')
        .executeTakeFirstOrThrow()
    ).id,
  );

async function rowsOf(db: Kysely<Database>, releaseId?: number) {
  let query = db.selectFrom('release_telemetry').selectAll().orderBy('metric').orderBy('bucket').orderBy('route');
  if (releaseId !== undefined) query = query.where('release_id', '=', releaseId);
  return query.execute();
}
const rowCount = async (db: Kysely<Database>) =>
  Number(
    (
      await db
        .selectFrom('release_telemetry')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

for (const target of databaseTargets()) {
  describe(`release telemetry [${target.name}]`, () => {
    let server: TestServer;
    let db: Kysely<Database>;
    let release: number;

    const post = async (body: unknown, options: PostOptions = {}) => {
      const client = options.client ?? new Client(server.url);
      const headers: Record<string, string> = {
        'content-type': options.contentType ?? 'text/plain;charset=UTF-8',
      };
      if (options.visitor) headers.cookie = `hive_visitor=${options.visitor}`;
      if (options.origin) headers.origin = options.origin;
      const response = await client.request('/api/telemetry', {
        method: 'POST',
        headers,
        body: options.raw ?? JSON.stringify(body),
      });
      const text = await response.text();
      let json: Json = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = text;
      }
      return { status: response.status, body: json, response };
    };
    const batch = (events: unknown[], extra: Record<string, unknown> = {}) => ({
      v: 1,
      browser: 'chrome',
      events,
      ...extra,
    });

    before(async () => {
      server = await startTestServer(target);
      db = server.running.database.db;
      release = await activeOf(db, 'backoffice');
    });
    after(() => server.close());

    it('takes a beacon without a session (text/plain or JSON) and answers 204', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const sent = await post(batch([{ release, kind: 'session', route: '/ordering/:store' }]));
      assert.equal(sent.status, 204, JSON.stringify(sent.body));
      const json = await post(batch([{ release, kind: 'session', route: '/ordering/:store' }]), {
        contentType: 'application/json',
      });
      assert.equal(json.status, 204);
      // A stale or forged session cookie is no obstacle either: the route reads none.
      const stale = new Client(server.url);
      stale.jar.cookies.set('authjs.session-token', { value: 'garbage', attributes: {}, raw: '' });
      assert.equal((await post(batch([{ release, kind: 'session' }]), { client: stale })).status, 204);
      const rows = await rowsOf(db, release);
      assert.deepEqual(
        rows.map((row) => [row.route, row.metric, Number(row.count)]),
        [
          ['', 'session', 1],
          ['/ordering/:store', 'session', 2],
        ],
      );
    });

    it('adds two batches of one minute into one row with the sum, and keeps a sample', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const events = [
        { release, kind: 'error', source: 'uncaught', first: true, route: '/sales/:id', message: 'TypeError: a' },
        { release, kind: 'error', source: 'uncaught', route: '/sales/:id', message: 'TypeError: b' },
        { release, kind: 'load_failure', stage: 'chunk', route: '/sales/:id', message: 'ChunkLoadError' },
        { release, kind: 'contract_mismatch', route: '/sales/:id', message: 'needs ^2.0.0' },
      ];
      assert.equal((await post(batch(events))).status, 204);
      assert.equal((await post(batch(events))).status, 204);
      const rows = await rowsOf(db, release);
      const byMetric = Object.fromEntries(rows.map((row) => [row.metric, row]));
      assert.equal(rows.length, 4, JSON.stringify(rows));
      assert.equal(Number(byMetric['error.uncaught']!.count), 4);
      assert.equal(byMetric['error.uncaught']!.sample, 'TypeError: b');
      assert.equal(Number(byMetric.error_session!.count), 2);
      assert.equal(Number(byMetric['load_failure.chunk']!.count), 2);
      assert.equal(byMetric['load_failure.chunk']!.sample, 'ChunkLoadError');
      assert.equal(Number(byMetric.contract_mismatch!.count), 2);
      assert.equal(new Set(rows.map((row) => Number(row.minute))).size, 1);
      assert.equal(Number(rows[0]!.minute) % MINUTE, 0);
      // The next minute is a row of its own.
      server.clock.advance(MINUTE);
      assert.equal((await post(batch(events))).status, 204);
      assert.equal((await rowsOf(db, release)).length, 8);
    });

    it('computes health: rates per session, p75 from the histogram, a series of about 24 points', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const from = server.clock.now();
      // 8 page loads; 2 failed to load, 1 had errors; LCP 1000 x5, 2400 x1, 4000 x2 -> p75 (rank 6) 2500.
      const lcp = [1000, 1000, 1000, 1000, 1000, 2400, 4000, 4000];
      for (let i = 0; i < 8; i += 1) {
        const events: unknown[] = [
          { release, kind: 'session', route: '/' },
          { release, kind: 'vital', name: 'LCP', value: lcp[i], route: '/' },
          { release, kind: 'vital', name: 'INP', value: 80 + i, route: '/' },
          { release, kind: 'vital', name: 'CLS', value: 0.02, route: '/' },
        ];
        if (i < 2) events.push({ release, kind: 'load_failure', stage: 'entry', route: '/' });
        if (i === 2) events.push({ release, kind: 'error', source: 'boundary', first: true, route: '/' });
        assert.equal((await post(batch(events))).status, 204);
        server.clock.advance(10 * MINUTE);
      }
      const to = server.clock.now();
      const health = await releaseHealth(db, release, { from, to });
      assert.equal(health.sessions, 8);
      assert.equal(health.loadFailures, 2);
      assert.equal(health.loadFailureRate, 0.25);
      assert.equal(health.errorSessions, 1);
      assert.equal(health.errorRate, 0.125);
      assert.equal(health.lcpP75Ms, 2500);
      assert.equal(health.inpP75Ms, 100);
      assert.equal(health.clsP75, 0.025);
      assert.equal(health.window.from, new Date(from).toISOString());
      assert.ok(health.series.length >= 20 && health.series.length <= 25, `${health.series.length} points`);
      assert.equal(
        health.series.reduce((sum, point) => sum + point.sessions, 0),
        8,
      );
      const first = health.series.find((point) => point.sessions > 0)!;
      assert.equal(first.loadFailureRate, 1);
      assert.equal(first.lcpP75Ms, 1000);
      const empty = await releaseHealth(db, release, { from: to + MINUTE, to: to + 2 * MINUTE });
      assert.equal(empty.sessions, 0);
      assert.equal(empty.loadFailureRate, 0);
      assert.equal(empty.lcpP75Ms, null);
    });

    it('answers 400 naming the field for each kind of bad event, and stores nothing', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const good = { release, kind: 'session', route: '/' };
      const cases: [unknown, string, string?][] = [
        [{ browser: 'chrome', events: [good] }, 'v'],
        [batch([good], { v: 2 }), 'v'],
        [batch([good], { browser: 'netscape' }), 'browser'],
        [batch([]), 'events'],
        [batch(Array.from({ length: 51 }, () => good)), 'events'],
        [batch([good, { release, kind: 'telepathy' }]), 'events.1.kind'],
        [batch([good, { kind: 'session' }]), 'events.1.release'],
        [batch([{ release: -3, kind: 'session' }]), 'events.0.release'],
        [batch([{ release, kind: 'session', route: '/sales/12?card=4111' }]), 'events.0.route'],
        [batch([{ release, kind: 'session', route: `/${'a'.repeat(130)}` }]), 'events.0.route'],
        [batch([{ release, kind: 'load_failure', stage: 'boot' }]), 'events.0.stage'],
        [batch([{ release, kind: 'load_failure' }]), 'events.0.stage'],
        [batch([{ release, kind: 'contract_mismatch', message: 42 }]), 'events.0.message'],
        [batch([{ release, kind: 'error', source: 'console' }]), 'events.0.source'],
        [batch([{ release, kind: 'error', source: 'uncaught', first: 'yes' }]), 'events.0.first'],
        [batch([{ release, kind: 'vital', name: 'FID', value: 3 }]), 'events.0.name'],
        [batch([{ release, kind: 'vital', name: 'LCP', value: -1 }]), 'events.0.value'],
        [batch([{ release, kind: 'vital', name: 'LCP' }]), 'events.0.value'],
        ['{"v":1,', 'body'],
        ['', 'body'],
        [[good], 'body'],
      ];
      for (const [body, field] of cases) {
        const raw = typeof body === 'string' ? body : undefined;
        const sent = await post(body, { raw });
        assert.equal(sent.status, 400, `${field}: ${JSON.stringify(body).slice(0, 80)}`);
        assert.equal(sent.body.error, 'validation_error');
        assert.ok(field in sent.body.fields, `${field} named in ${JSON.stringify(sent.body.fields)}`);
        assert.ok(String(sent.body.message).startsWith(`${Object.keys(sent.body.fields)[0]}:`));
      }
      assert.equal(await rowCount(db), 0, 'a bad event refuses the whole batch');
    });

    it('refuses a body over 16 kB with 413 and another media type with 415, storing nothing', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const big = batch(
        Array.from({ length: 50 }, () => ({ release, kind: 'contract_mismatch', message: 'x'.repeat(400) })),
      );
      assert.ok(JSON.stringify(big).length > 16 * 1024);
      const tooLarge = await post(big);
      assert.equal(tooLarge.status, 413);
      assert.equal(tooLarge.body.error, 'payload_too_large');
      const asJson = await post(big, { contentType: 'application/json' });
      assert.equal(asJson.status, 413);
      const form = await post(null, {
        contentType: 'application/x-www-form-urlencoded',
        raw: 'v=1&browser=chrome',
      });
      assert.equal(form.status, 415);
      assert.equal(await rowCount(db), 0);
    });

    it('accepts this site as Origin and refuses another one (nothing stored)', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const foreign = await post(batch([{ release, kind: 'session' }]), { origin: 'http://evil.example' });
      assert.equal(foreign.status, 403);
      assert.equal(await rowCount(db), 0);
      const own = await post(batch([{ release, kind: 'session' }]), { origin: new URL(server.url).origin });
      assert.equal(own.status, 204);
      assert.equal(await rowCount(db), 1);
    });

    it('drops events of releases the registry does not know', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const sent = await post(
        batch([
          { release: 987_654, kind: 'session' },
          { release, kind: 'session' },
        ]),
      );
      assert.equal(sent.status, 204);
      const rows = await rowsOf(db);
      assert.deepEqual(
        rows.map((row) => Number(row.release_id)),
        [release],
      );
    });

    it('lets an office of 60 page loads a minute behind one address through', async () => {
      const office = new Client(server.url);
      // 60 page loads, each sending three beacons (the 10 s batch, the vitals, the page hiding).
      for (let load = 0; load < 60; load += 1) {
        const visitor = newVisitor();
        for (let beacon = 0; beacon < 3; beacon += 1) {
          const sent = await post(batch([{ release, kind: 'session' }]), { client: office, visitor });
          assert.equal(sent.status, 204, `page load ${load}, beacon ${beacon}`);
        }
      }
    });

    it('retention: the job deletes aggregates older than RELEASE_TELEMETRY_DAYS', async () => {
      await db.deleteFrom('release_telemetry').execute();
      const day = 86_400_000;
      const now = server.clock.now();
      await storeTelemetry(db, [
        ...aggregateEvents([{ release, kind: 'session' }], now - 31 * day),
        ...aggregateEvents([{ release, kind: 'contract_mismatch' }], now - 29 * day),
        ...aggregateEvents([{ release, kind: 'error', source: 'uncaught' }], now),
      ]);
      const clock = { now: server.clock.now };
      const done = new Promise<void>((resolve, reject) => {
        const stop = telemetryRetentionJob.start(
          {
            db,
            now: clock.now,
            mail: undefined as never,
            releaseSettings: { minSessions: 20, maxLoadFailure: 0.05, maxErrorRatio: 2, telemetryDays: 30 },
          },
          20,
          reject,
        );
        setTimeout(() => {
          stop();
          resolve();
        }, 300);
      });
      await done;
      assert.deepEqual(
        (await rowsOf(db)).map((row) => row.metric),
        ['contract_mismatch', 'error.uncaught'],
      );
      // Two days later on the movable clock, the 29-day-old row is past 30 days too.
      server.clock.advance(2 * day);
      const stop = telemetryRetentionJob.start(
        { db, now: server.clock.now, mail: undefined as never, releaseSettings: undefined },
        20,
        (error) => assert.fail(String(error)),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      stop();
      assert.deepEqual(
        (await rowsOf(db)).map((row) => row.metric),
        ['error.uncaught'],
      );
    });
  });

  describe(`release telemetry limits [${target.name}]`, () => {
    let server: TestServer;
    let db: Kysely<Database>;
    let release: number;
    const send = (client: Client, visitor?: string) =>
      client.request('/api/telemetry', {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          ...(visitor ? { cookie: `hive_visitor=${visitor}` } : {}),
        },
        body: JSON.stringify({ v: 1, browser: 'safari', events: [{ release, kind: 'session' }] }),
      });

    before(async () => {
      server = await startTestServer(target, {
        telemetryRateLimits: {
          telemetryPerAddress: { limit: 5, windowMs: 60_000 },
          telemetryPerVisitor: { limit: 3, windowMs: 60_000 },
        },
      });
      db = server.running.database.db;
      release = await activeOf(db, 'ordering');
    });
    after(() => server.close());

    it('429 with Retry-After per address, and the refused batch is not stored', async () => {
      const client = new Client(server.url);
      for (let i = 0; i < 5; i += 1) assert.equal((await send(client)).status, 204);
      const before = await rowsOf(db, release);
      const refused = await send(client);
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal(((await refused.json()) as Json).error, 'too_many_requests');
      assert.deepEqual(await rowsOf(db, release), before);
      // Another address is not concerned.
      assert.equal((await send(new Client(server.url))).status, 204);
    });

    it('429 per visitor whatever the address; another visitor passes', async () => {
      const visitor = newVisitor();
      for (let i = 0; i < 3; i += 1) assert.equal((await send(new Client(server.url), visitor)).status, 204);
      const refused = await send(new Client(server.url), visitor);
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      assert.equal((await send(new Client(server.url), newVisitor())).status, 204);
    });
  });

  describe(`automatic canary rollback [${target.name}]`, () => {
    let server: TestServer;
    let db: Kysely<Database>;
    let ctx: CanaryContext;
    let staffId: number;

    const beacon = (events: unknown[]) =>
      new Client(server.url).request('/api/telemetry', {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: `hive_visitor=${newVisitor()}` },
        body: JSON.stringify({ v: 1, browser: 'edge', events }),
      });
    const stateOf = async (id: number) =>
      await db.selectFrom('releases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    before(async () => {
      server = await startTestServer(target);
      db = server.running.database.db;
      ctx = {
        db,
        now: server.clock.now,
        live: server.running.live,
        log: server.running.log,
        publicUrl: 'http://localhost:8080',
      };
      const staff = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'super@hive.test')
        .executeTakeFirstOrThrow();
      staffId = Number(staff.id);
      // The staff member reads Spanish: the mail follows the recipient's language.
      await db.updateTable('users').set({ language: 'es' }).where('id', '=', staffId).execute();
    });
    after(() => server.close());

    it('19 failing sessions keep the canary; the 20th rolls it back, recorded, mailed to who registered it', async () => {
      const canary = await insertRelease(db, {
        remote: 'ordering',
        version: '2027.01.02-bad',
        state: 'canary',
        at: server.clock.now(),
        userId: staffId,
      });
      const active = await activeOf(db, 'ordering');
      for (let i = 0; i < 19; i += 1) {
        server.clock.advance(1_100);
        const response = await beacon([
          { release: canary, kind: 'session', route: '/ordering/:store' },
          { release: canary, kind: 'load_failure', stage: 'entry', route: '/ordering/:store', message: 'boom' },
        ]);
        assert.equal(response.status, 204);
      }
      assert.equal((await stateOf(canary)).state, 'canary', '19 sessions are too few to judge');
      assert.equal((await outbox(server, 'super@hive.test')).length, 0);

      server.clock.advance(1_100);
      assert.equal(
        (
          await beacon([
            { release: canary, kind: 'session', route: '/ordering/:store' },
            { release: canary, kind: 'load_failure', stage: 'chunk', route: '/ordering/:store' },
          ])
        ).status,
        204,
      );
      const rolled = await stateOf(canary);
      assert.equal(rolled.state, 'rolled_back');
      assert.equal(Number(rolled.rollback_automatic), 1);
      assert.match(rolled.rollback_reason ?? '', /failed to load in 100\.0 % of 20 sessions/);
      const figures = JSON.parse(rolled.rollback_figures ?? '{}') as Record<string, number>;
      assert.equal(figures.sessions, 20);
      assert.equal(figures.loadFailures, 20);
      assert.equal(figures.loadFailureRate, 1);
      assert.equal(figures.minSessions, 20);
      const events = await db
        .selectFrom('release_events')
        .selectAll()
        .where('release_id', '=', canary)
        .where('action', '=', 'rolled_back')
        .execute();
      assert.equal(events.length, 1);
      assert.equal(Number(events[0]!.automatic), 1);
      assert.equal((await stateOf(active)).state, 'active', 'the active release stays');
      const mails = await outbox(server, 'super@hive.test');
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.subject, /2027\.01\.02-bad de ordering se ha revertido automáticamente/);
      assert.match(mails[0]!.body, /no se pudo cargar en el 100 % de sus sesiones/);
      assert.match(mails[0]!.body, /sesiones: 20/);
      assert.match(mails[0]!.body, /Los visitantes reciben la versión activa \(server-build\)/);
      assert.match(mails[0]!.body, /http:\/\/localhost:\d+\/admin\/releases/);
      // More bad news about a release already rolled back changes nothing and mails nobody.
      server.clock.advance(1_100);
      assert.equal((await beacon([{ release: canary, kind: 'session' }])).status, 204);
      assert.equal((await outbox(server, 'super@hive.test')).length, 1);
    });

    it('rolls back on the error rate against the active release; the token contact is mailed', async () => {
      const start = server.clock.now();
      const token = await db
        .insertInto('deploy_tokens')
        .values({
          remote: 'admin',
          label: 'admin CI',
          token_hash: 'f'.repeat(64),
          contact_email: 'Team-Admin@example.com',
          created_at: start,
          created_by_user_id: null,
          revoked_at: null,
          last_used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const canary = await insertRelease(db, {
        remote: 'admin',
        version: '2027.01.03-errors',
        state: 'canary',
        at: start,
        tokenId: Number(token.id),
      });
      const active = await activeOf(db, 'admin');
      // The active release: 100 sessions, 3 with errors (3 %), over the same window.
      const rows = [];
      for (let i = 0; i < 100; i += 1) {
        rows.push(
          ...aggregateEvents(
            [
              { release: active, kind: 'session' },
              ...(i < 3 ? [{ release: active, kind: 'error' as const, source: 'uncaught' as const, first: true }] : []),
            ],
            start,
          ),
        );
      }
      for (const row of rows) await storeTelemetry(db, [row]);
      // The canary: 20 sessions, 2 with errors (10 %: more than 2x and 7 points above).
      for (let i = 0; i < 20; i += 1) {
        server.clock.advance(1_100);
        const events: unknown[] = [{ release: canary, kind: 'session' }];
        if (i >= 18) events.push({ release: canary, kind: 'error', source: 'boundary', first: true, message: 'x' });
        assert.equal((await beacon(events)).status, 204);
        if (i < 19) assert.equal((await stateOf(canary)).state, 'canary', `after ${i + 1} sessions`);
      }
      const rolled = await stateOf(canary);
      assert.equal(rolled.state, 'rolled_back');
      const figures = JSON.parse(rolled.rollback_figures ?? '{}') as Record<string, number>;
      assert.equal(figures.errorRate, 0.1);
      assert.equal(figures.activeErrorRate, 0.03);
      assert.equal(figures.activeSessions, 100);
      assert.match(rolled.rollback_reason ?? '', /10\.0 % of 20 sessions had errors, against 3\.0 %/);
      const mails = await outbox(server, 'team-admin@example.com');
      assert.equal(mails.length, 1);
      assert.match(mails[0]!.subject, /release 2027\.01\.03-errors of admin was rolled back automatically/);
      assert.match(mails[0]!.body, /10 % of its sessions had errors, against 3 % on the active release/);
    });

    it('judges a release at most once a second, and the last batch of a burst at the end of that second', async () => {
      const canary = await insertRelease(db, {
        remote: 'backoffice',
        version: '2027.01.05-burst',
        state: 'canary',
        at: server.clock.now(),
      });
      for (let i = 0; i < 19; i += 1) {
        await storeTelemetry(
          db,
          aggregateEvents(
            [
              { release: canary, kind: 'session' },
              { release: canary, kind: 'load_failure', stage: 'entry' },
            ],
            server.clock.now(),
          ),
        );
      }
      server.clock.advance(1_100);
      assert.equal((await beacon([{ release: canary, kind: 'vital', name: 'LCP', value: 900 }])).status, 204);
      assert.equal((await stateOf(canary)).state, 'canary', '19 sessions: kept');
      // The 20th failing session within the same second: not judged at once ...
      assert.equal(
        (
          await beacon([
            { release: canary, kind: 'session' },
            { release: canary, kind: 'load_failure', stage: 'entry' },
          ])
        ).status,
        204,
      );
      assert.equal((await stateOf(canary)).state, 'canary', 'throttled');
      // ... but once that second is over.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      assert.equal((await stateOf(canary)).state, 'rolled_back');
    });

    it('two judgements racing roll back once and mail once; without a registrant every super_admin hears', async () => {
      const canary = await insertRelease(db, {
        remote: 'ordering',
        version: '2027.01.04-race',
        state: 'canary',
        at: server.clock.now(),
      });
      const rows = [];
      for (let i = 0; i < 25; i += 1) {
        rows.push(
          ...aggregateEvents(
            [
              { release: canary, kind: 'session' },
              { release: canary, kind: 'load_failure', stage: 'manifest' },
            ],
            server.clock.now(),
          ),
        );
      }
      for (const row of rows) await storeTelemetry(db, [row]);
      const admins = await db
        .selectFrom('users')
        .select('email')
        .where('is_admin', '=', 1)
        .where('role', '=', 'super_admin')
        .where('status', '=', 'active')
        .execute();
      assert.ok(admins.length >= 1);
      const before = await Promise.all(admins.map(async (a) => (await outbox(server, a.email)).length));
      server.clock.advance(1_000);
      const outcomes = await Promise.all([evaluateCanary(ctx, canary), evaluateCanary(ctx, canary)]);
      assert.equal(outcomes.filter((outcome) => outcome?.rolledBack).length, 1, JSON.stringify(outcomes));
      assert.equal((await stateOf(canary)).state, 'rolled_back');
      const events = await db
        .selectFrom('release_events')
        .select('id')
        .where('release_id', '=', canary)
        .where('action', '=', 'rolled_back')
        .execute();
      assert.equal(events.length, 1);
      const afterCounts = await Promise.all(admins.map(async (a) => (await outbox(server, a.email)).length));
      assert.deepEqual(
        afterCounts.map((count, i) => count - before[i]!),
        admins.map(() => 1),
      );
      // Judged again later: no longer a canary, nothing happens.
      assert.equal(await evaluateCanary(ctx, canary), null);
    });
  });
}
