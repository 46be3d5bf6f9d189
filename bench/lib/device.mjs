// Device API benchmarks (issue 17), against the real server in a child process (bench/device-serve.mjs)
// on a fresh SQLite database with the demo data:
//   ingest   receipts per second through POST /events in batches of 100 (idempotency on: every
//            event id is checked and recorded), then the same batches again (all duplicates)
//   config   GET /config answered 304 (If-None-Match), latency at the median and p99
//   soak     (BENCH_SOAK=1) 10 simulated terminals at 5 receipts/s each for BENCH_SOAK_SECONDS
//            (default 300) while 20 back-office users poll the overview, load lists and hold the
//            live stream (when GET /api/backoffice/events answers 200): errors, latency percentiles,
//            each receipts event's time to every user, and the servers' memory (RSS) every 10 s.
//            On the SQLite server above, or with BENCH_SOAK_DB=postgres (and DATABASE_URL) on two
//            instances of one fresh PostgreSQL database, registers and users spread over both.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { SimulatedRegister } from '../../shared/src/simulation/register.ts';
import { BackofficeSession, DeviceClient } from '../../simulator/src/clients.ts';
import { runSimulation } from '../../simulator/src/simulate.ts';
import { repoRoot } from './graph.mjs';
import { startBenchCluster, watchLive } from './soak-cluster.mjs';

const OWNER = { email: 'owner@cornermarket.test', password: 'hive-demo-2026' };
const INGEST_RECEIPTS = Number(process.env.BENCH_INGEST_RECEIPTS ?? 6000);
const BATCH = 100;

export function startDeviceServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/device-serve.mjs')], {
      cwd: path.join(repoRoot, 'bench'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d) => {
      out += d;
      const m = /READY (\{.*\})/.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        resolve({ child, ...JSON.parse(m[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => reject(new Error(`device server exited (${code}) before it was ready:\n${out}`)));
  });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x, d = 1) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);

async function pair(session, url, name) {
  const existing = (await session.terminals()).rows.find((t) => t.name === name);
  const locations = (await session.terminalOptions()).locations;
  const pairing = existing ? await session.pairingCode(existing) : await session.addTerminal(name, locations[0].id);
  const paired = await DeviceClient.pair(url, pairing.pairingCode, 'bench');
  return new DeviceClient(url, paired.token);
}

/** Batches of 100 sales from two registers, then the same again. */
export async function ingestBench(url) {
  const session = await BackofficeSession.signIn(url, OWNER.email, OWNER.password);
  const devices = [await pair(session, url, 'Bench 1'), await pair(session, url, 'Bench 2')];
  const now = Date.now() - 3_600_000;
  const bodies = [];
  for (const [k, device] of devices.entries()) {
    const config = (await device.config()).body;
    const register = new SimulatedRegister(config, { seed: `bench-ingest-${Date.now()}-${k}`, restaurant: false });
    const batches = [];
    for (let b = 0; b < INGEST_RECEIPTS / BATCH / devices.length; b += 1) {
      const events = [];
      for (let i = 0; i < BATCH; i += 1) events.push(register.sale(now + b * BATCH + i));
      batches.push(JSON.stringify({ events }));
    }
    bodies.push(batches);
  }
  const send = async (device, body) => {
    const started = performance.now();
    const res = await fetch(`${url}/api/device/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' },
      body,
    });
    const json = await res.json();
    return { ms: performance.now() - started, status: res.status, json };
  };
  const pass = async () => {
    const latencies = [];
    const counts = { stored: 0, duplicate: 0, rejected: 0, errors: 0 };
    const started = performance.now();
    // One request in flight per register, both registers at once.
    await Promise.all(
      devices.map(async (device, k) => {
        for (const body of bodies[k]) {
          const r = await send(device, body);
          latencies.push(r.ms);
          if (r.status !== 200) counts.errors += 1;
          counts.stored += r.json.stored ?? 0;
          counts.duplicate += r.json.duplicate ?? 0;
          counts.rejected += r.json.rejected ?? 0;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const receipts = counts.stored + counts.duplicate + counts.rejected;
    return {
      ...counts,
      receipts,
      seconds: round(seconds, 2),
      receiptsPerSecond: Math.round(receipts / seconds),
      batchP50ms: round(quantile(latencies, 0.5)),
      batchP99ms: round(quantile(latencies, 0.99)),
    };
  };
  // A short warm-up (JIT, statement cache) on throw-away batches would change the data: the first
  // pass is measured as it is, cold.
  const first = await pass();
  const again = await pass();
  return { batch: BATCH, registers: devices.length, first, again };
}

function fire(opts) {
  return new Promise((resolve, reject) => autocannon(opts, (err, result) => (err ? reject(err) : resolve(result))));
}

/** GET /config with a current If-None-Match: the 304 path a fleet of registers polls. */
export async function configBench(url) {
  const session = await BackofficeSession.signIn(url, OWNER.email, OWNER.password);
  const device = await pair(session, url, 'Bench 3');
  const first = await device.config();
  const etag = first.headers.get('etag');
  const headers = { authorization: `Bearer ${device.token}`, 'if-none-match': etag };
  const probe = await fetch(`${url}/api/device/v1/config`, { headers });
  if (probe.status !== 304) throw new Error(`config answered ${probe.status}, not 304`);
  const out = {};
  for (const connections of [1, 10]) {
    await fire({ url: `${url}/api/device/v1/config`, headers, connections, duration: 2 });
    const r = await fire({ url: `${url}/api/device/v1/config`, headers, connections, duration: 8 });
    out[`connections${connections}`] = {
      requestsPerSecond: Math.round(r.requests.average),
      p50ms: r.latency.p50,
      p99ms: r.latency.p99,
      non304: r.statusCodeStats
        ? Object.entries(r.statusCodeStats)
            .filter(([c]) => c !== '304')
            .reduce((n, [, s]) => n + s.count, 0)
        : null,
      errors: r.errors + r.timeouts,
    };
  }
  // Cold: the full configuration built from the database (no cache), for comparison.
  const cold = [];
  for (let i = 0; i < 20; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 3_100 / 20)); // past the 3 s cache now and then
    const started = performance.now();
    await fetch(`${url}/api/device/v1/config`, { headers: { authorization: `Bearer ${device.token}` } }).then((r) =>
      r.arrayBuffer(),
    );
    cold.push(performance.now() - started);
  }
  out.full200 = {
    p50ms: round(quantile(cold, 0.5)),
    p99ms: round(quantile(cold, 0.99)),
    bytes: JSON.stringify(first.body).length,
  };
  return out;
}

const rssOf = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return null;
  }
};

/**
 * 10 registers at 5 receipts/s while 20 back-office users work, for `seconds`, on one server or
 * several instances of one (`urls`, `pids`): register k and user k use instance k mod n.
 */
export async function soakBench({ urls, pids, seconds, database }) {
  const USERS = 20;
  const sessions = [];
  for (let i = 0; i < USERS; i += 1) {
    sessions.push(await BackofficeSession.signIn(urls[i % urls.length], OWNER.email, OWNER.password));
  }
  const live = await watchLive(sessions.map((s, i) => ({ url: urls[i % urls.length], cookie: s.cookieHeader() })));
  const sample = (s) => {
    const each = pids.map((pid) => round(rssOf(pid) / 1e6));
    return { s, rssMb: round(each.reduce((a, b) => a + b, 0)), ...(pids.length > 1 ? { instancesMb: each } : {}) };
  };
  const memory = [sample(0)];
  const started = Date.now();
  const sampler = setInterval(() => memory.push(sample(Math.round((Date.now() - started) / 1000))), 10_000);
  const calls = [];
  const failures = [];
  let running = true;
  const LISTS = [
    '/api/backoffice/terminals',
    '/api/backoffice/items?page=1&pageSize=20',
    '/api/backoffice/customers?page=1&pageSize=20',
    '/api/backoffice/terminal_log?page=1&pageSize=20',
    '/api/backoffice/print_jobs?page=1&pageSize=20',
    '/api/backoffice/categories',
  ];
  // Each user: the live overview (poll its version every 3 s, reload it when it moved) and a list
  // now and then, like a merchant watching the shop.
  const user = async (session, k) => {
    let version = '';
    let tick = k;
    await new Promise((resolve) => setTimeout(resolve, (k * 3000) / USERS));
    while (running) {
      const timed = async (path) => {
        const t0 = performance.now();
        try {
          const body = await session.request('GET', path);
          calls.push({ path: path.split('?')[0], ms: performance.now() - t0 });
          return body;
        } catch (error) {
          failures.push(`${path}: ${error.message}`);
          return null;
        }
      };
      const v = await timed('/api/backoffice/overview/version');
      if (v && v.version !== version) {
        version = v.version;
        await timed('/api/backoffice/overview?tzOffset=0');
      }
      if (tick % 2 === 0) await timed(LISTS[(tick / 2) % LISTS.length]);
      tick += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  };
  const users = sessions.map((s, k) => user(s, k));
  const simulation = await runSimulation({
    url: urls[0],
    deviceUrls: urls,
    company: 'corner-market',
    terminals: 10,
    rate: 5,
    duration: seconds,
    seed: `soak-${Date.now()}`,
  });
  running = false;
  await Promise.all(users);
  const liveResult = await live.stop();
  clearInterval(sampler);
  memory.push(sample(Math.round((Date.now() - started) / 1000)));

  const all = [...calls.map((c) => c.ms), ...simulation.latencies];
  const byPath = {};
  for (const c of calls) (byPath[c.path] ??= []).push(c.ms);
  (byPath['POST /api/device/v1/events'] ??= []).push(...simulation.latencies);
  return {
    database,
    instances: urls.length,
    seconds,
    terminals: 10,
    ratePerTerminal: 5,
    users: USERS,
    events: {
      sent: simulation.sent,
      stored: simulation.stored,
      duplicate: simulation.duplicate,
      rejected: simulation.rejected,
      unsent: simulation.unsent,
      retries: simulation.retries,
    },
    requests: all.length,
    errors: failures.length + simulation.rejected + simulation.unsent + simulation.retries + (liveResult?.drops ?? 0),
    failures: failures.slice(0, 10),
    p50ms: round(quantile(all, 0.5)),
    p95ms: round(quantile(all, 0.95)),
    p99ms: round(quantile(all, 0.99)),
    maxMs: round(Math.max(...all)),
    endpoints: Object.fromEntries(
      Object.entries(byPath).map(([p, xs]) => [
        p,
        { n: xs.length, p50ms: round(quantile(xs, 0.5)), p99ms: round(quantile(xs, 0.99)) },
      ]),
    ),
    memory,
    // null: the live stream's route did not answer 200 (liveStatus says what it answered).
    live: liveResult,
    liveStatus: live.status,
  };
}

/** Runs the device benchmarks on a server of their own; the soak only when asked. */
export async function deviceBench({ soak = false, soakSeconds = 300, soakDb = 'sqlite', log = () => {} } = {}) {
  const server = await startDeviceServer();
  let ingest;
  let config;
  let soakResult = null;
  try {
    log('device: ingest');
    ingest = await ingestBench(server.url);
    log('device: config 304');
    config = await configBench(server.url);
    if (soak && soakDb !== 'postgres') {
      log(`device: soak, ${soakSeconds} s`);
      const database = 'SQLite, one instance';
      soakResult = await soakBench({ urls: [server.url], pids: [server.pid], seconds: soakSeconds, database });
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  if (soak && soakDb === 'postgres') {
    log('device: soak on PostgreSQL, starting two instances');
    const cluster = await startBenchCluster();
    try {
      log(`device: soak, ${soakSeconds} s`);
      soakResult = await soakBench({
        urls: cluster.instances.map((i) => i.url),
        pids: cluster.instances.map((i) => i.pid),
        seconds: soakSeconds,
        database: 'PostgreSQL, two instances',
      });
    } finally {
      await cluster.stop();
    }
  }
  return { ingest, config, soak: soakResult };
}

const TARGETS = { ingest: 1000, config304: 5, soakP99: 250 };

export function deviceReport(d) {
  const ok = (met) => (met ? '**met**' : '**not met**');
  const lines = [
    '### Device API (SQLite, production mode, demo data)',
    '',
    '| measure | result | target |',
    '|---|---|---|',
    `| ingest, batches of ${d.ingest.batch} from ${d.ingest.registers} registers (new events) | ${d.ingest.first.receiptsPerSecond} receipts/s (batch p50 ${d.ingest.first.batchP50ms} ms, p99 ${d.ingest.first.batchP99ms} ms) | ≥ ${TARGETS.ingest}/s: ${ok(d.ingest.first.receiptsPerSecond >= TARGETS.ingest)} |`,
    `| ingest, the same batches again (all duplicates) | ${d.ingest.again.receiptsPerSecond} receipts/s | |`,
    `| GET /config answered 304, 1 connection | p50 ${d.config.connections1.p50ms} ms, p99 ${d.config.connections1.p99ms} ms, ${d.config.connections1.requestsPerSecond} req/s | p50 < ${TARGETS.config304} ms: ${ok(d.config.connections1.p50ms < TARGETS.config304)} |`,
    `| GET /config answered 304, 10 connections | p50 ${d.config.connections10.p50ms} ms, p99 ${d.config.connections10.p99ms} ms, ${d.config.connections10.requestsPerSecond} req/s | |`,
    `| GET /config 200, built from the database (${d.config.full200.bytes} bytes) | p50 ${d.config.full200.p50ms} ms, p99 ${d.config.full200.p99ms} ms | |`,
  ];
  const s = d.soak;
  if (s) {
    lines.push(
      `| soak (${s.database ?? 'SQLite, one instance'}): ${s.terminals} terminals × ${s.ratePerTerminal} receipts/s + ${s.users} back-office users, ${s.seconds} s | ${s.requests} API calls, ${s.errors} errors; p50 ${s.p50ms} ms, p95 ${s.p95ms} ms, p99 ${s.p99ms} ms, max ${s.maxMs} ms | 0 errors, p99 < ${TARGETS.soakP99} ms: ${ok(s.errors === 0 && s.p99ms < TARGETS.soakP99)} |`,
      '',
      `Soak events: ${s.events.sent} sent, ${s.events.stored} stored, ${s.events.duplicate} duplicate, ${s.events.rejected} rejected, ${s.events.unsent} unsent, ${s.events.retries} retries.`,
      '',
      '| endpoint (soak) | calls | p50 | p99 |',
      '|---|---|---|---|',
      ...Object.entries(s.endpoints).map(([p, e]) => `| ${p} | ${e.n} | ${e.p50ms} ms | ${e.p99ms} ms |`),
      '',
      `Server memory (RSS${s.instances > 1 ? `, both instances together` : ''}) during the soak: ${s.memory.map((m) => `${m.s} s ${m.rssMb} MB`).join(', ')}.`,
      '',
      s.live
        ? `Live streams (${s.live.users} users, GET /api/backoffice/events): ${s.live.messages} receipts messages, from publish to the last user p50 ${s.live.p50ms} ms, p95 ${s.live.p95ms} ms, max ${s.live.maxMs} ms (${s.live.over1s} at 1 s or more; target p95 < 1 s: ${ok(s.live.p95ms < 1000)}); ${s.live.missed} not received by every user, ${s.live.drops} streams dropped; at the end every stream within 1 s: ${ok(s.live.endOk)}.`
        : `Live streams: not measured (GET /api/backoffice/events answered ${s.liveStatus}).`,
    );
  }
  return lines.join('\n');
}
