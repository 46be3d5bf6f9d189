import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { LIVE_EVENTS_PATH } from '@hive/shared/schemas/live';
import { startServer, type RunningServer } from '../../app';
import { liveApplicationName } from './';
import { companyId, db, pairRegister, paymentTypeId } from '../../../test/admin-helpers';
import { Client, TEST_SCRYPT, databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { ringUpSale, Stream } from '../../../test/live-helpers';

/*
 * The live stream (GET /api/backoffice/events): a change posted through the device API reaches the
 * streams of its company, and only those; the stream ends with the session (sign-out, expiry) and
 * never moves its expiry; a user holds a bounded number of streams. On PostgreSQL a change posted to
 * one instance reaches a stream held by another (LISTEN/NOTIFY). Which user hears which topic, and
 * a sign-out on another instance: live-access.test.ts.
 */

const PING_MS = 150;
const GENEROUS = { limit: 100_000, windowMs: 60_000 };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const target of databaseTargets()) {
  describe(`live stream [${target.name}]`, () => {
    let server: TestServer;
    const streams: Stream[] = [];
    const signedIn = async (email: string) => {
      const client = new Client(server.url);
      const { body } = await client.signIn(email);
      assert.equal(new URL(body.url).searchParams.get('error'), null, `${email} signs in`);
      return client;
    };
    const open = async (client: Client, headers?: Record<string, string>) => {
      const stream = await Stream.open(client, headers);
      streams.push(stream);
      return stream;
    };

    before(async () => {
      server = await startTestServer(target, {
        livePingMs: PING_MS,
        liveStreamsPerUser: 3,
        deviceRateLimits: { pair: GENEROUS, requests: GENEROUS, events: GENEROUS },
      });
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await server?.close();
    });

    it('answers 401 without a session and 403 to platform staff', async () => {
      const anonymous = await new Client(server.url).request(LIVE_EVENTS_PATH);
      assert.equal(anonymous.status, 401);
      assert.equal(((await anonymous.json()) as { error: string }).error, 'unauthorized');
      const staff = await (await signedIn('super@hive.test')).request(LIVE_EVENTS_PATH);
      assert.equal(staff.status, 403);
      // The probe the shell sends before reconnecting: the guard's answer, no stream.
      assert.equal((await new Client(server.url).request(`${LIVE_EVENTS_PATH}?probe=1`)).status, 401);
      const probe = await (await signedIn('owner@bluedoor.test')).request(`${LIVE_EVENTS_PATH}?probe=1`);
      assert.equal(probe.status, 204);
      assert.equal(server.running.liveStreams.open(), 0);
    });

    it("carries a receipt posted through the device API to its company's streams only, once per batch", async () => {
      const owner = await signedIn('owner@bluedoor.test');
      const other = await signedIn('owner@cornermarket.test');
      const token = await pairRegister(server, owner, 'blue-door-bistro');
      const mine = await open(owner, { 'accept-encoding': 'gzip, deflate, br' });
      const theirs = await open(other);
      // Headers a proxy and the browser need; never compressed (a compressor would hold the bytes).
      assert.equal(mine.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
      assert.equal(mine.response.headers.get('cache-control'), 'no-cache, no-transform');
      assert.equal(mine.response.headers.get('x-accel-buffering'), 'no');
      assert.equal(mine.response.headers.get('content-encoding'), null);

      const bistro = await companyId(server, 'blue-door-bistro');
      const before = Date.now();
      await ringUpSale(server, token, await paymentTypeId(db(server), bistro, 'cash'), server.clock.now());
      await mine.until(() => mine.topics().includes('receipts') && mine.topics().includes('shifts'), 'receipts');
      const receipts = mine.messages.filter((m) => m.event === 'receipts');
      assert.equal(receipts.length, 1, 'one message per batch and topic, delivered once');
      assert.equal(receipts[0]!.data.topic, 'receipts');
      assert.ok(Number(receipts[0]!.data.at) >= before, 'at: when it was published');
      // Another company's stream hears nothing of it (pings only), even after a few pings.
      await theirs.until(() => theirs.pings >= 2, 'pings on the other stream');
      assert.deepEqual(theirs.topics(), []);
    });

    it('ends when the session is signed out', async () => {
      const owner = await signedIn('owner@bluedoor.test');
      const stream = await open(owner);
      await stream.until(() => stream.pings >= 1, 'a ping');
      // The same session signed out elsewhere (another tab of the same browser: the same cookie).
      await owner.signOut();
      await stream.until(() => stream.ended, 'the stream to end', PING_MS * 10);
    });

    it('never extends the session, and ends when it expires', async () => {
      const owner = await signedIn('owner@bluedoor.test');
      const first = (await owner.session()) as { expires: string };
      const stream = await open(owner);
      await stream.until(() => stream.pings >= 3, 'three pings');
      const later = (await owner.session()) as { expires: string };
      assert.equal(later.expires, first.expires, 'the held stream did not move the expiry');
      // Past the expiry the next ping finds no session and ends the stream.
      server.clock.advance(Date.parse(first.expires) - server.clock.now() + 1_000);
      try {
        await stream.until(() => stream.ended, 'the stream to end on expiry', PING_MS * 10);
      } finally {
        server.clock.advance(-(Date.parse(first.expires) - server.clock.now() + 1_000));
      }
    });

    it('refuses a user more streams than the limit with 429, and counts a closed one out', async () => {
      const owner = await signedIn('owner@cornermarket.test');
      const held = [await open(owner), await open(owner), await open(owner)];
      const refused = await owner.request(LIVE_EVENTS_PATH);
      assert.equal(refused.status, 429);
      assert.equal(((await refused.json()) as { error: string }).error, 'too_many_streams');
      held[0]!.close();
      // The server sees the close a moment later: ask again until it has.
      let again: Response | undefined;
      for (let i = 0; i < 50; i += 1) {
        const controller = new AbortController();
        again = await owner.request(LIVE_EVENTS_PATH, { signal: controller.signal });
        if (again.status === 200) {
          streams.push(new Stream(again, controller));
          break;
        }
        await again.text();
        await pause(20);
      }
      assert.equal(again?.status, 200);
    });
  });
}

const url = process.env.TEST_DATABASE_URL?.trim();

describe(
  'live stream across two instances on one PostgreSQL',
  { skip: url ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    const schema = `hive_test_live_${process.pid}_${randomBytes(3).toString('hex')}`;
    const instances: RunningServer[] = [];
    let dataDir: string;
    let stream: Stream | undefined;

    before(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-live-'));
      const options = {
        port: 0,
        nodeEnv: 'test',
        dataDir,
        databaseUrl: url,
        databaseSchema: schema,
        secret: 'shared-secret-shared-secret-shared-secret-42',
        logLevel: 'silent' as const,
        scryptCost: TEST_SCRYPT,
        seedDemoSales: false,
        trustProxy: true,
      };
      instances.push(...(await Promise.all([startServer(options), startServer(options)])));
    });
    after(async () => {
      stream?.close();
      await Promise.all(instances.map((i) => i.close()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('a receipt posted to instance B reaches a stream held on instance A, once', async () => {
      const [a, b] = instances as [RunningServer, RunningServer];
      const onA = new Client(a.url);
      await onA.signIn('owner@bluedoor.test');
      const onB = Object.assign(new Client(b.url), { jar: onA.jar });
      const token = await pairRegister({ url: b.url, running: b } as unknown as TestServer, onB, 'blue-door-bistro');
      stream = await Stream.open(onA);
      const bistro = await b.database.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'blue-door-bistro')
        .executeTakeFirstOrThrow();
      await ringUpSale(b, token, await paymentTypeId(b.database.db, bistro.id, 'cash'), Date.now());
      await stream.until(() => stream!.topics().includes('receipts'), 'receipts from instance B');
      await pause(200);
      assert.equal(stream.topics().filter((t) => t === 'receipts').length, 1);
    });

    it('listens again after its connection drops (with backoff), and tells its streams to refetch', async () => {
      const b = instances[1]!;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // Every listening connection of this schema's instances is cut, as a PostgreSQL restart would
        // (only theirs: the other test files running beside this one keep listening).
        const cut = await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = $1 and query ilike 'LISTEN%'`,
          [liveApplicationName(schema)],
        );
        assert.ok(cut.rowCount! >= 2, `cut ${cut.rowCount} listening connections`);
      } finally {
        await admin.end();
      }
      const heard = stream!.messages.length;
      // Once listening again, every topic is announced (what was published meanwhile was missed).
      await stream!.until(
        () => stream!.messages.slice(heard).some((m) => m.event === 'terminals'),
        'the refetch after listening again',
      );
      const before = stream!.topics().filter((t) => t === 'receipts').length;
      const onB = new Client(b.url);
      await onB.signIn('owner@bluedoor.test');
      const token = await pairRegister({ url: b.url, running: b } as unknown as TestServer, onB, 'blue-door-bistro');
      const bistro = await b.database.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'blue-door-bistro')
        .executeTakeFirstOrThrow();
      // The register paired again: its shift is still open, this sale is rung up outside it.
      await ringUpSale(b, token, await paymentTypeId(b.database.db, bistro.id, 'cash'), Date.now(), {
        withShift: false,
      });
      await stream!.until(
        () => stream!.topics().filter((t) => t === 'receipts').length > before,
        'receipts after listening again',
      );
    });
  },
);
