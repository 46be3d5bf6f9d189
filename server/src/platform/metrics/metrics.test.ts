import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import type { Express } from 'express';
import { LIVE_EVENTS_PATH } from '@hive/shared/schemas/live';
import { createApp } from '../../app';
import { ConfigError, loadEnvConfig } from '../config';
import { sendMail } from '../outbox';
import { companyId, db, pairRegister, paymentTypeId, signedIn } from '../../../test/admin-helpers';
import {
  ONCE,
  TEST_SECRET,
  databaseTargets,
  oneDatabase,
  startTestServer,
  type TestServer,
} from '../../../test/helpers';
import { ringUpSale, Stream } from '../../../test/live-helpers';
import { UNMATCHED } from './';

/*
 * GET /metrics: after real traffic (a sign-in, back-office reads, a register's batch, a live
 * stream, a queued e-mail) every family is there with values that follow the traffic, the HTTP
 * histogram labelled by route pattern (never an id); the endpoint answers the METRICS_TOKEN bearer
 * only, is a plain 404 without a token configured, and METRICS_PORT serves it on loopback only.
 */

const TOKEN = 'metrics-token-0123456789abcdef0123456789';
const GENEROUS = { limit: 100_000, windowMs: 60_000 };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text format's samples (comments and blank lines skipped). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    assert.ok(match, `a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of match[2]?.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g) ?? []) {
      labels[key!] = value!;
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The one sample of `name` whose labels include `labels`; fails naming what there is. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, wanted]) => s.labels[key] === wanted),
  );
  assert.equal(
    found.length,
    1,
    `one ${name}${JSON.stringify(labels)} in ${JSON.stringify(samples.filter((s) => s.name === name))}`,
  );
  return found[0]!.value;
}

async function scrape(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}/metrics`, { headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

for (const target of databaseTargets()) {
  describe(`metrics [${target.name}]`, () => {
    let server: TestServer;
    let stream: Stream | undefined;

    before(async () => {
      server = await startTestServer(target, {
        metricsToken: TOKEN,
        deviceRateLimits: { pair: GENEROUS, requests: GENEROUS, events: GENEROUS },
      });
    });
    after(async () => {
      stream?.close();
      await server?.close();
    });

    it('finds every family after traffic, the HTTP histogram by route pattern and status', async () => {
      // Traffic: a sign-in, back-office reads of an item (found, and not), a register's batch, a
      // live stream, and an e-mail waiting two minutes in the outbox.
      const owner = await signedIn(server, 'owner@bluedoor.test');
      const bistro = await companyId(server, 'blue-door-bistro');
      const item = await db(server)
        .selectFrom('items')
        .select('id')
        .where('company_id', '=', bistro)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      assert.equal((await owner.request(`/api/backoffice/items/${item.id}`)).status, 200);
      assert.equal((await owner.request('/api/backoffice/items/987654321')).status, 404);
      const token = await pairRegister(server, owner, 'blue-door-bistro');
      await ringUpSale(server, token, await paymentTypeId(db(server), bistro, 'cash'), server.clock.now());
      stream = await Stream.open(owner);
      await sendMail(
        db(server),
        { to: 'someone@example.com', subject: 'Waiting', body: 'Waiting for a mail server.' },
        server.clock.now() - 120_000,
      );
      const unknown = await fetch(`${server.url}/api/no-such-route/42`);
      assert.equal(unknown.status, 404);

      const { status, headers, text } = await scrape(server.url, bearer(TOKEN));
      assert.equal(status, 200, text);
      assert.match(headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      assert.equal(headers.get('cache-control'), 'no-store');
      const samples = parse(text);

      // HTTP: the route's pattern with `:id`, for the answer and for the error thrown in the route.
      const http = 'hive_http_request_duration_seconds_count';
      const itemRoute = '/api/backoffice/items/:id';
      assert.ok(value(samples, http, { method: 'GET', route: itemRoute, status: '200' }) >= 1);
      assert.ok(value(samples, http, { method: 'GET', route: itemRoute, status: '404' }) >= 1);
      assert.ok(value(samples, http, { method: 'POST', route: '/api/auth/callback/credentials', status: '200' }) >= 1);
      assert.ok(value(samples, http, { method: 'POST', route: '/api/device/v1/events', status: '200' }) >= 1);
      assert.ok(value(samples, http, { method: 'GET', route: UNMATCHED, status: '404' }) >= 1);
      assert.ok(value(samples, 'hive_http_request_duration_seconds_sum', { route: itemRoute, status: '200' }) > 0);
      assert.equal(
        value(samples, 'hive_http_request_duration_seconds_bucket', { route: itemRoute, status: '200', le: '+Inf' }),
        value(samples, http, { route: itemRoute, status: '200' }),
      );
      const routes = new Set(samples.filter((s) => s.name === http).map((s) => s.labels.route!));
      for (const route of routes) {
        assert.doesNotMatch(route, /\/\d+(\/|$)/, `a route label without ids: ${route}`);
      }
      // A live stream's lifetime is no request latency: counted by its gauge only.
      assert.ok(!routes.has(LIVE_EVENTS_PATH), [...routes].join(', '));

      // Ingest: the batch of a shift and a sale.
      assert.ok(value(samples, 'hive_ingest_batches_total', { outcome: 'ok' }) >= 1);
      assert.ok(value(samples, 'hive_ingest_events_total', { status: 'stored' }) >= 2);
      assert.ok(value(samples, 'hive_ingest_receipts_total') >= 1);
      assert.ok(value(samples, 'hive_ingest_batch_duration_seconds_count') >= 1);
      assert.ok(value(samples, 'hive_ingest_batch_duration_seconds_sum') > 0);
      // The till's lock, then the company's (SQLite: the one connection, as the company's).
      const locks = target.name === 'postgres' ? ['till', 'company'] : ['company'];
      for (const lock of locks) {
        assert.ok(value(samples, 'hive_ingest_lock_wait_seconds_count', { lock }) >= 1, lock);
        assert.ok(value(samples, 'hive_ingest_lock_wait_seconds_sum', { lock }) >= 0, lock);
      }
      assert.deepEqual(
        samples.filter((s) => s.name === 'hive_ingest_lock_wait_seconds_count').map((s) => s.labels.lock),
        locks,
      );

      // The outbox, read at scrape time in the app's clock.
      assert.ok(value(samples, 'hive_outbox_queue_depth') >= 1);
      const age = value(samples, 'hive_outbox_oldest_pending_age_seconds');
      assert.ok(age >= 119 && age < 3_600, `oldest pending age ${age}`);

      assert.equal(value(samples, 'hive_live_streams_open'), 1);

      // The pool: PostgreSQL's, or SQLite's one connection.
      if (target.name === 'postgres') {
        assert.ok(value(samples, 'hive_db_pool_connections') >= 1);
        assert.equal(value(samples, 'hive_db_pool_max_connections'), 10);
        assert.ok(value(samples, 'hive_db_pool_idle_connections') >= 0);
        assert.ok(value(samples, 'hive_db_pool_waiting_requests') >= 0);
      } else {
        assert.equal(value(samples, 'hive_db_pool_connections'), 1);
        assert.equal(value(samples, 'hive_db_pool_max_connections'), 1);
        assert.equal(value(samples, 'hive_db_pool_waiting_requests'), 0);
      }

      // The process: event-loop lag and memory (prom-client's default collectors).
      assert.ok(value(samples, 'nodejs_eventloop_lag_seconds') >= 0);
      assert.ok(value(samples, 'nodejs_eventloop_lag_p99_seconds') > 0);
      assert.ok(value(samples, 'process_resident_memory_bytes') > 10_000_000);
      assert.ok(value(samples, 'nodejs_heap_size_used_bytes') > 1_000_000);

      // Counters follow the traffic: one more batch is one more.
      const batches = value(samples, 'hive_ingest_batches_total', { outcome: 'ok' });
      await ringUpSale(server, token, await paymentTypeId(db(server), bistro, 'cash'), server.clock.now(), {
        withShift: false,
      });
      stream.close();
      stream = undefined;
      const deadline = Date.now() + 5_000;
      let again = parse((await scrape(server.url, bearer(TOKEN))).text);
      while (value(again, 'hive_live_streams_open') !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        again = parse((await scrape(server.url, bearer(TOKEN))).text);
      }
      assert.equal(value(again, 'hive_ingest_batches_total', { outcome: 'ok' }), batches + 1);
      assert.equal(value(again, 'hive_live_streams_open'), 0, 'the closed stream is no longer counted');
    });

    it('refuses without the token, with a wrong one, and in any other form (401, no details)', async () => {
      const wrongSameLength = TOKEN.slice(0, -1) + (TOKEN.endsWith('0') ? '1' : '0');
      const refused: Record<string, string>[] = [
        {},
        bearer(wrongSameLength),
        bearer('short'),
        bearer(`${TOKEN}x`),
        { authorization: TOKEN },
        { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
        { 'x-metrics-token': TOKEN },
      ];
      for (const headers of refused) {
        const answer = await scrape(server.url, headers);
        assert.equal(answer.status, 401, JSON.stringify(headers));
        assert.equal(answer.text, '', 'no body: nothing about the metrics or the token');
        assert.equal(answer.headers.get('www-authenticate'), 'Bearer');
        assert.doesNotMatch(answer.headers.get('content-type') ?? '', /version=0\.0\.4/);
      }
      const query = await fetch(`${server.url}/metrics?token=${TOKEN}`);
      assert.equal(query.status, 401, 'the token in the URL (which logs keep) is not taken');
      assert.equal((await scrape(server.url, { authorization: `bearer   ${TOKEN}` })).status, 200);
    });

    it('labels every route by its pattern: no router is mounted at a path with parameters', () => {
      // The label is the router's mount path (req.baseUrl, the URL's own text) plus the route's
      // pattern: a mount path with a parameter would put ids into the labels.
      type Layer = { route?: unknown; rawPath?: unknown; handle?: { stack?: Layer[] } };
      const mounts: string[] = [];
      const walk = (stack: Layer[]) => {
        for (const layer of stack) {
          if (layer.route || !layer.handle?.stack) continue;
          mounts.push(...[layer.rawPath ?? '/'].flat().map(String));
          walk(layer.handle.stack);
        }
      };
      walk((server.running.app as Express & { router: { stack: Layer[] } }).router.stack);
      assert.ok(mounts.includes('/api/backoffice'), mounts.join(', '));
      for (const mount of mounts) assert.doesNotMatch(mount, /[:*]/, `a router mounted at ${mount}`);
    });
  });
}

for (const target of oneDatabase()) {
  describe(`metrics off, and on a loopback port [${target.name}]`, () => {
    let plain: TestServer;
    let loopback: TestServer;

    before(async () => {
      plain = await startTestServer(target);
      loopback = await startTestServer(target, { metricsPort: 0 });
    });
    after(async () => {
      await plain?.close();
      await loopback?.close();
    });

    it('without METRICS_TOKEN /metrics on the public port is a 404 like any unknown path, token or not', async () => {
      assert.equal(plain.running.metrics, undefined, 'nothing recorded either');
      for (const server of [plain, loopback]) {
        const variants: Record<string, string>[] = [{}, bearer(TOKEN), { accept: 'text/html' }, { accept: '*/*' }];
        for (const headers of variants) {
          const answer = await scrape(server.url, headers);
          assert.equal(answer.status, 404, `${JSON.stringify(headers)}: ${answer.text.slice(0, 200)}`);
          assert.doesNotMatch(answer.text, /hive_|nodejs_/);
        }
      }
    });

    it('METRICS_PORT serves /metrics without a token on 127.0.0.1 only', async () => {
      const port = loopback.running.metricsServer?.port;
      assert.ok(port, 'the metrics server runs');
      assert.notEqual(port, loopback.running.port);
      await fetch(`${loopback.url}/api/auth/csrf`);
      const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
      assert.equal(answer.status, 200);
      const samples = parse(await answer.text());
      assert.ok(samples.some((s) => s.name === 'hive_http_request_duration_seconds_count'));
      assert.ok(samples.some((s) => s.name === 'hive_outbox_queue_depth'));
      assert.ok(samples.some((s) => s.name === 'process_resident_memory_bytes'));
      assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 404);
      assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status, 404);
      // Not on the machine's other addresses.
      const external = Object.values(os.networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (external) {
        await assert.rejects(fetch(`http://${external}:${port}/metrics`), `not listening on ${external}`);
      }
    });
  });
}

describe('metrics configuration', ONCE, () => {
  const env = (more: Record<string, string>) => ({ NODE_ENV: 'test', ...more });

  it('METRICS_TOKEN and METRICS_PORT: read with clear errors, the token never in them', async () => {
    const config = loadEnvConfig(env({ METRICS_TOKEN: ` ${TOKEN} `, METRICS_PORT: '9464' }));
    assert.equal(config.metricsToken, TOKEN);
    assert.equal(config.metricsPort, 9464);
    const none = loadEnvConfig(env({ METRICS_TOKEN: '', METRICS_PORT: ' ' }));
    assert.equal(none.metricsToken, undefined);
    assert.equal(none.metricsPort, undefined);

    for (const token of ['too-short-secret', 'has spaces in it but long enough to pass']) {
      assert.throws(
        () => loadEnvConfig(env({ METRICS_TOKEN: token })),
        (error: Error) =>
          error instanceof ConfigError &&
          /^METRICS_TOKEN must be/.test(error.message) &&
          !error.message.includes(token),
      );
    }
    for (const port of ['abc', '0', '70000', '1.5']) {
      assert.throws(
        () => loadEnvConfig(env({ METRICS_PORT: port })),
        (error: Error) => error instanceof ConfigError && /^METRICS_PORT must be a whole number/.test(error.message),
      );
    }
    assert.throws(
      () => loadEnvConfig(env({ PORT: '8081', METRICS_PORT: '8081' })),
      (error: Error) => error instanceof ConfigError && /METRICS_PORT must differ from PORT/.test(error.message),
    );
    // createApp checks its option the same way, before touching a database.
    await assert.rejects(
      createApp({
        nodeEnv: 'test',
        secret: TEST_SECRET,
        dataDir: os.tmpdir(),
        metricsToken: 'short',
        logLevel: 'silent',
      }),
      (error: Error) => error instanceof ConfigError && /^METRICS_TOKEN must be/.test(error.message),
    );
  });
});
