// Device API benchmarks (issue 17), against the real server in a child process (bench/device-serve.mjs)
// on a fresh SQLite database with the demo data:
//   ingest   receipts per second through POST /events in batches of 100 (idempotency on: every
//            event id is checked and recorded), then the same batches again (all duplicates)
//   config   GET /config answered 304 (If-None-Match), latency at the median and p99
//   soaks    (BENCH_SOAK, bench/lib/soak.mjs) on the SQLite server above, or with
//            BENCH_SOAK_DB=postgres (and DATABASE_URL) each on two instances of a fresh PostgreSQL
//            database, registers and users spread over both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { SimulatedRegister } from '../../shared/src/simulation/register.ts';
import { BackofficeSession, DeviceClient } from '../../simulator/src/clients.ts';
import { repoRoot } from './graph.mjs';
import { startBenchCluster } from './soak-cluster.mjs';
import { SOAKS, soakBench, soakReport } from './soak.mjs';

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

/**
 * Runs the device benchmarks on a server of their own, then the soaks asked for (`soaks`: kinds of
 * bench/lib/soak.mjs), on that server or each on a fresh PostgreSQL cluster of two instances.
 */
export async function deviceBench({ soaks = [], soakSeconds = 300, soakDb = 'sqlite', log = () => {} } = {}) {
  const server = await startDeviceServer();
  let ingest;
  let config;
  const soakResults = [];
  try {
    log('device: ingest');
    ingest = await ingestBench(server.url);
    log('device: config 304');
    config = await configBench(server.url);
    if (soakDb !== 'postgres') {
      for (const kind of soaks) {
        log(`device: soak ${kind}, ${soakSeconds} s`);
        const database = 'SQLite, one instance';
        soakResults.push(
          await soakBench({ kind, urls: [server.url], pids: [server.pid], seconds: soakSeconds, database, log }),
        );
      }
    }
  } finally {
    server.child.kill('SIGTERM');
  }
  if (soakDb === 'postgres') {
    for (const kind of soaks) {
      log(`device: soak ${kind} on PostgreSQL, starting two instances`);
      const metricsToken = `soak-${process.pid}-metrics-token-0123456789`;
      const cluster = await startBenchCluster({ tenants: SOAKS[kind].tenants, metricsToken });
      try {
        log(`device: soak ${kind}, ${soakSeconds} s`);
        soakResults.push(
          await soakBench({
            kind,
            urls: cluster.instances.map((i) => i.url),
            pids: cluster.instances.map((i) => i.pid),
            seconds: soakSeconds,
            database: 'PostgreSQL, two instances',
            metricsToken,
            log,
          }),
        );
      } finally {
        await cluster.stop();
      }
    }
  }
  return { ingest, config, soaks: soakResults };
}

const TARGETS = { ingest: 1000, config304: 5 };

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
  for (const soak of d.soaks ?? []) lines.push('', soakReport(soak));
  return lines.join('\n');
}
