// The soak's two set-ups besides the one SQLite server: two instances on one fresh PostgreSQL
// database (tools/cluster, the same code the scale-out e2e run starts its cluster with), and the
// live streams of the back-office users (tools/cluster/events.ts), measured per receipts event.
import path from 'node:path';
import { startCluster } from '../../tools/cluster/cluster.ts';
import { openEventStream } from '../../tools/cluster/events.ts';
import { repoRoot } from './graph.mjs';

/**
 * Instances a and b of bench/cluster-serve.mjs on a new database of DATABASE_URL's server, no proxy;
 * `tenants` companies of the many-tenants soak seeded besides the demo's, /metrics behind `metricsToken`.
 */
export async function startBenchCluster({ tenants = 0, metricsToken } = {}) {
  const baseUrl = process.env.DATABASE_URL?.trim();
  if (!baseUrl?.startsWith('postgres')) {
    throw new Error(
      'BENCH_SOAK_DB=postgres needs DATABASE_URL=postgres://… (a server where the soak may create its database)',
    );
  }
  return startCluster({
    baseUrl,
    prefix: 'hive_bench_soak',
    args: ['--import', 'tsx', path.join(repoRoot, 'bench/cluster-serve.mjs')],
    env: { NODE_ENV: 'production', ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}) },
    firstEnv: { BENCH_SEED: '1', BENCH_TENANTS: String(tenants) },
    readyLine: /^READY$/m,
    nginx: false,
  });
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/**
 * Each user holds `GET /api/backoffice/events` on its instance. Every `receipts` message (the same
 * data reaches every user of the company: `group`, when the users are of several) is timed from its
 * `at` (when the server published it, after the receipt's transaction committed; same machine, same
 * clock) until the last user of the company had it. Resolves with `{ status }` only when the route
 * does not answer 200 (not there yet: nothing to measure).
 */
export async function watchLive(users) {
  const groupSize = new Map();
  for (const user of users) groupSize.set(user.group ?? '', (groupSize.get(user.group ?? '') ?? 0) + 1);
  const streams = [];
  const messages = new Map();
  let running = true;
  let drops = 0;
  for (const [k, user] of users.entries()) {
    const stream = await openEventStream(`${user.url}/api/backoffice/events`, { cookie: user.cookie }, (m) => {
      if (m.event !== 'receipts' || typeof m.data.at !== 'number') return;
      const group = user.group ?? '';
      const key = `${group} ${JSON.stringify(m.data)}`;
      let entry = messages.get(key);
      if (!entry) messages.set(key, (entry = { at: m.data.at, of: groupSize.get(group), arrivals: new Map() }));
      if (!entry.arrivals.has(k)) entry.arrivals.set(k, m.receivedAt);
    });
    if (stream.status !== 200) {
      for (const s of streams) s.close();
      return { status: stream.status, stop: async () => null };
    }
    void stream.ended.then(() => {
      if (running) drops += 1;
    });
    streams.push(stream);
  }
  return {
    status: 200,
    /** Stops reading (after `settleMs` for the last messages) and sums up. */
    async stop(settleMs = 2_000) {
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      running = false;
      for (const s of streams) s.close();
      const all = [...messages.values()];
      const complete = all.filter((e) => e.arrivals.size === e.of);
      const latencies = complete.map((e) => Math.max(...e.arrivals.values()) - e.at);
      const lastAt = Math.max(...all.map((e) => e.at));
      // The end: the messages of the last 10 s, each with every user within 1 s.
      const end = all.filter((e) => e.at >= lastAt - 10_000);
      const round = (x) => (x == null ? null : Math.round(x));
      return {
        users: users.length,
        messages: all.length,
        missed: all.length - complete.length,
        drops,
        p50ms: round(quantile(latencies, 0.5)),
        p95ms: round(quantile(latencies, 0.95)),
        maxMs: round(latencies.length ? Math.max(...latencies) : null),
        over1s: latencies.filter((ms) => ms >= 1_000).length,
        endOk:
          end.length > 0 &&
          end.every((e) => e.arrivals.size === e.of && Math.max(...e.arrivals.values()) - e.at < 1_000),
      };
    },
  };
}
