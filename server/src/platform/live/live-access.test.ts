import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { canSeePath, permissionForPath, type MenuContext } from '@hive/shared/menu';
import { LIVE_PAGE_TOPICS, LIVE_TOPICS, type LivePage, type LiveTopic } from '@hive/shared/schemas/live';
import { startServer, type RunningServer } from '../../app';
import { DEMO_COMPANIES, DEMO_USERS } from '../../demo/personas';
import { companyId, db, pairRegister, paymentTypeId, signedIn, userId } from '../../../test/admin-helpers';
import { Client, TEST_SCRYPT, databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { ringUpSale, Stream } from '../../../test/live-helpers';

/*
 * Who hears what on the live stream, and for how long: a topic reaches only the users who may open
 * a page that shows it (LIVE_PAGE_TOPICS, the pages' own list), as their access is at the last
 * ping; a sign-out ends the session's streams at once, on every instance, not at the next ping.
 */

const GENEROUS = { limit: 100_000, windowMs: 60_000 };
/** A sign-out must end a stream well before the 25 s ping would have noticed it. */
const PROMPTLY_MS = 2_000;

/** The menu context of a demo persona, as the back-office builds it (src/demo/personas.ts). */
function demoContext(email: string): MenuContext {
  const user = DEMO_USERS.find((u) => u.email === email)!;
  const company = DEMO_COMPANIES.find((c) => c.slug === user.company)!;
  const permissions = user.permissions().map((name) => ({ id_permission: name, description: name }));
  return { role: user.role, license: company.license, addons: company.addons, permissions };
}

/** What the map says a persona may hear: the topics of the live pages their menu shows, in LIVE_TOPICS order. */
function expectedTopics(email: string): LiveTopic[] {
  const context = demoContext(email);
  const pages = (Object.keys(LIVE_PAGE_TOPICS) as LivePage[]).filter((page) => canSeePath(page, context));
  const allowed = new Set<LiveTopic>(pages.flatMap((page) => LIVE_PAGE_TOPICS[page]));
  return LIVE_TOPICS.filter((topic) => allowed.has(topic));
}

/** What a stream heard of the messages tagged `probe`, in LIVE_TOPICS order. */
const heard = (stream: Stream, probe: string) => {
  const events = new Set(stream.messages.filter((m) => m.data.probe === probe).map((m) => m.event));
  return LIVE_TOPICS.filter((topic) => events.has(topic));
};
const marked = (stream: Stream, marker: string) => () => stream.messages.some((m) => m.data.marker === marker);

/**
 * Publishes every topic to each company, tagged `probe`, and waits until each stream heard at
 * least what it should, then until a later marker reached it too: anything it should not hear was
 * published before the marker, so it would have arrived by then. (NOTIFYs sent together through
 * the pool may arrive in any order; one sent after the others were heard comes after them.)
 */
async function settle(
  server: TestServer,
  held: { stream: Stream; company: number; expected: LiveTopic[] }[],
  probe: string,
) {
  for (const company of new Set(held.map((h) => h.company))) {
    for (const topic of LIVE_TOPICS) server.running.live.publishChange(company, topic, { probe });
  }
  await Promise.all(
    held.map(({ stream, expected }) =>
      stream.until(() => expected.every((t) => heard(stream, probe).includes(t)), `${expected.join(', ')} (${probe})`),
    ),
  );
  for (const company of new Set(held.map((h) => h.company))) {
    server.running.live.publishChange(company, 'receipts', { marker: probe });
  }
  await Promise.all(held.map(({ stream }) => stream.until(marked(stream, probe), `the marker ${probe}`)));
}

for (const target of databaseTargets()) {
  describe(`live stream: what each user hears [${target.name}]`, () => {
    const PING_MS = 150;
    let server: TestServer;
    const streams: Stream[] = [];
    const open = async (client: Client) => {
      const stream = await Stream.open(client);
      streams.push(stream);
      return stream;
    };

    before(async () => {
      server = await startTestServer(target, {
        livePingMs: PING_MS,
        deviceRateLimits: { pair: GENEROUS, requests: GENEROUS, events: GENEROUS },
      });
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await server?.close();
    });

    it('sends a clerk with only the overview its receipts, and an owner every topic their pages show', async () => {
      // By hand first: what the finding is about. The clerk's one page shows receipts; a Retail
      // owner has no online ordering; a Restaurant owner with Ordering Online has every page.
      assert.deepEqual(expectedTopics('clerk@cornermarket.test'), ['receipts']);
      assert.deepEqual(expectedTopics('owner@cornermarket.test'), ['receipts', 'shifts', 'print-jobs', 'terminals']);
      assert.deepEqual(expectedTopics('owner@bluedoor.test'), [...LIVE_TOPICS]);

      const personas = [
        { email: 'clerk@cornermarket.test', slug: 'corner-market' },
        { email: 'owner@cornermarket.test', slug: 'corner-market' },
        { email: 'owner@bluedoor.test', slug: 'blue-door-bistro' },
      ];
      const held = await Promise.all(
        personas.map(async ({ email, slug }) => ({
          email,
          stream: await open(await signedIn(server, email)),
          company: await companyId(server, slug),
          expected: expectedTopics(email),
        })),
      );
      await settle(server, held, 'p1');
      for (const { email, stream, expected } of held) assert.deepEqual(heard(stream, 'p1'), expected, email);
    });

    it("carries a register's sale to the clerk as receipts, without its shift", async () => {
      const owner = await signedIn(server, 'owner@cornermarket.test');
      const clerk = await open(await signedIn(server, 'clerk@cornermarket.test'));
      const ownerStream = await open(owner);
      const token = await pairRegister(server, owner, 'corner-market');
      const corner = await companyId(server, 'corner-market');
      await ringUpSale(server, token, await paymentTypeId(db(server), corner, 'cash'), server.clock.now());
      await ownerStream.until(() => ownerStream.topics().includes('shifts'), "the owner's shift");
      await clerk.until(() => clerk.topics().includes('receipts'), "the clerk's receipts");
      // A few pings later (each re-reads the clerk's pages), still no shift nor terminal.
      const pings = clerk.pings;
      await clerk.until(() => clerk.pings >= pings + 2, 'two more pings');
      assert.deepEqual([...new Set(clerk.topics())], ['receipts']);
    });

    it("applies a user's narrower access at the next ping, without a new stream", async () => {
      const email = 'manager@bluedoor.test';
      const bistro = await companyId(server, 'blue-door-bistro');
      const stream = await open(await signedIn(server, email));
      await settle(server, [{ stream, company: bistro, expected: [...LIVE_TOPICS] }], 'p2');

      // Team › Permissions takes Ordering Online away from the manager (as its route would store it).
      await db(server)
        .deleteFrom('user_permissions')
        .where('user_id', '=', await userId(server, email))
        .where('id_permission', '=', permissionForPath('/ordering_online'))
        .execute();
      const pings = stream.pings;
      await stream.until(() => stream.pings >= pings + 2, 'two pings');
      const narrower = LIVE_TOPICS.filter((t) => t !== 'online-orders');
      await settle(server, [{ stream, company: bistro, expected: narrower }], 'p3');
      assert.deepEqual(heard(stream, 'p3'), narrower);
    });
  });

  describe(`live stream: sign-out [${target.name}]`, () => {
    let server: TestServer;
    const streams: Stream[] = [];

    // The production ping (25 s): only the sign-out itself can end the stream within the test.
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await server?.close();
    });

    it("ends the session's streams at once, and no other session's", async () => {
      const owner = await signedIn(server, 'owner@bluedoor.test');
      const elsewhere = await signedIn(server, 'owner@bluedoor.test');
      const mine = [await Stream.open(owner), await Stream.open(owner)];
      const other = await Stream.open(elsewhere);
      streams.push(...mine, other);
      const started = Date.now();
      assert.equal((await owner.signOut()).status, 200);
      await Promise.all(mine.map((s) => s.until(() => s.ended, 'the stream to end', PROMPTLY_MS)));
      assert.ok(Date.now() - started < PROMPTLY_MS);
      // The same user's other sign-in (another browser) keeps its stream, and hears its company.
      server.running.live.publishChange(await companyId(server, 'blue-door-bistro'), 'receipts', { marker: 'm4' });
      await other.until(marked(other, 'm4'), 'the other session still hearing');
      assert.equal(other.ended, false);
      assert.equal(server.running.liveStreams.open(), 1);
    });
  });
}

const url = process.env.TEST_DATABASE_URL?.trim();

describe(
  'live stream: a sign-out on one instance ends the streams on another (PostgreSQL)',
  { skip: url ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    const schema = `hive_test_live_out_${process.pid}_${randomBytes(3).toString('hex')}`;
    const instances: RunningServer[] = [];
    const streams: Stream[] = [];
    let dataDir: string;

    before(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-live-out-'));
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
      for (const stream of streams) stream.close();
      await Promise.all(instances.map((i) => i.close()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('a stream held on instance A ends promptly when the session signs out on instance B', async () => {
      const [a, b] = instances as [RunningServer, RunningServer];
      const onA = new Client(a.url);
      await onA.signIn('owner@bluedoor.test');
      const onB = Object.assign(new Client(b.url), { jar: onA.jar });
      const held = [await Stream.open(onA), await Stream.open(onB)];
      streams.push(...held);
      assert.equal(a.liveStreams.open(), 1);
      const started = Date.now();
      assert.equal((await onB.signOut()).status, 200);
      await Promise.all(held.map((s) => s.until(() => s.ended, 'the stream to end', PROMPTLY_MS)));
      assert.ok(Date.now() - started < PROMPTLY_MS);
      assert.equal(a.liveStreams.open(), 0);
    });
  },
);
