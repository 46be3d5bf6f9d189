// The soaks of `npm run bench` (BENCH_SOAK), each BENCH_SOAK_SECONDS (default 300) on one SQLite
// server or, with BENCH_SOAK_DB=postgres, two instances of a fresh PostgreSQL database:
//   company  the demo's Corner Market: 10 registers at 5 receipts/s + 20 back-office users
//   tenants  200 companies ("Soak Tenant k", seeded by bench/cluster-serve.mjs) x 2 registers at
//            0.5 receipts/s each + 40 back-office users spread over them
// Every user polls its overview, opens a list now and then and holds the live stream; registers and
// users spread over the instances. Measured: errors, API and register-post latency, each receipts
// message's time to every user of its company, the servers' memory (RSS) every 10 s, each batch's
// wait for the ingest locks (/metrics before and after), and the load generator's own event-loop
// delay (this process plays every register and user: when it lags, latencies are its as much as
// the server's).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BackofficeSession } from '../../simulator/src/clients.ts';
import { runSimulation } from '../../simulator/src/simulate.ts';
import { watchLive } from './soak-cluster.mjs';
import { TENANT } from './tenants.mjs';

export const SOAK_TARGETS = { apiP99: 250, postsP99: 250, liveP95: 1000, memoryDrift: 0.1 };
const OWNER = { email: 'owner@cornermarket.test', password: 'hive-demo-2026' };

/** The soaks BENCH_SOAK names: `1` the one-company soak, `all` both, or a list (`company,tenants`). */
export function soakKinds(value) {
  const v = (value ?? '').trim();
  if (v === '' || v === '0') return [];
  if (v === '1') return ['company'];
  if (v === 'all') return ['company', 'tenants'];
  const kinds = v.split(',').map((k) => k.trim());
  for (const k of kinds) {
    if (!(k in SOAKS))
      throw new Error(`BENCH_SOAK=${v}: expected 1, all, or a list of ${Object.keys(SOAKS).join(', ')}`);
  }
  return kinds;
}

/** Per soak: the companies whose registers sell, and whose users watch (index into companies). */
export const SOAKS = {
  company: {
    title: '1 company × 10 registers at 5 receipts/s + 20 back-office users',
    tenants: 0,
    companies: () => [{ slug: 'corner-market', ...OWNER, terminals: 10, rate: 5 }],
    users: () => Array.from({ length: 20 }, () => 0),
  },
  tenants: {
    title: '200 companies × 2 registers at 0.5 receipts/s + 40 back-office users spread over them',
    tenants: 200,
    companies: () =>
      Array.from({ length: 200 }, (_, i) => ({
        slug: TENANT.slug(i + 1),
        email: TENANT.email(i + 1),
        password: TENANT.password,
        terminals: 2,
        rate: 0.5,
      })),
    // Every fifth company has a user watching.
    users: () => Array.from({ length: 40 }, (_, j) => j * 5),
  },
};

const TENANT_ITEMS = [
  ['Espresso', 2.5],
  ['Croissant', 3.2],
  ['Sandwich', 7.9],
  ['Juice', 4.4],
];

/**
 * A few items per tenant, through the back-office API as a merchant adds them (sign-up gives none).
 * Each owner's session is kept for its registers' simulation: 200 sign-ins (scrypt) inside the
 * measured minutes would be the load generator's doing, not the platform's.
 */
async function stockTenants(urls, companies) {
  let next = 0;
  const worker = async () => {
    while (next < companies.length) {
      const i = next++;
      const c = companies[i];
      const session = await BackofficeSession.signIn(urls[i % urls.length], c.email, c.password);
      c.session = session;
      for (const [name, price] of TENANT_ITEMS) {
        await session.request('POST', '/api/backoffice/items', {
          name,
          sku: '',
          categoryId: null,
          price,
          cost: Math.round(price * 30) / 100,
          taxIds: [],
          trackStock: false,
          active: true,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const round = (x, d = 1) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);
const mean = (xs) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);

const rssOf = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return null;
  }
};

/**
 * CPU seconds (user + system) a process has used, with its children that ended (PostgreSQL's
 * backends come and go with the pools' connections: the postmaster counts the ended ones), from
 * /proc in clock ticks of 10 ms.
 */
const cpuOf = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return fields.slice(11, 15).reduce((n, f) => n + Number(f), 0) / 100;
  } catch {
    return 0;
  }
};

/** The CPU seconds so far of the instances, of PostgreSQL (every `postgres` process) and of this process. */
function cpuNow(pids) {
  let postgres = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuOf(entry);
    } catch {
      // gone meanwhile
    }
  }
  const own = process.cpuUsage();
  return {
    at: Date.now(),
    instances: pids.reduce((n, pid) => n + cpuOf(pid), 0),
    postgres,
    generator: (own.user + own.system) / 1e6,
  };
}

/** Cores used on average between two readings of cpuNow, per party. */
function coresUsed(before, after) {
  const seconds = (after.at - before.at) / 1000;
  const per = (key) => round((after[key] - before[key]) / seconds, 2);
  return { instances: per('instances'), postgres: per('postgres'), generator: per('generator') };
}

/** The ingest lock-wait histogram of every instance, summed: `{ [lock]: { sum, count, buckets } }`. */
async function lockWaits(urls, token) {
  const out = {};
  if (!token) return out;
  for (const url of urls) {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`${url}/metrics answered ${res.status}`);
    for (const line of (await res.text()).split('\n')) {
      const m = /^hive_ingest_lock_wait_seconds_(sum|count|bucket)\{([^}]*)\} (\S+)$/.exec(line);
      if (!m) continue;
      const labels = Object.fromEntries([...m[2].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
      const lock = (out[labels.lock] ??= { sum: 0, count: 0, buckets: {} });
      if (m[1] === 'bucket') lock.buckets[labels.le] = (lock.buckets[labels.le] ?? 0) + Number(m[3]);
      else lock[m[1]] += Number(m[3]);
    }
  }
  return out;
}

/** Per lock, what the soak's batches waited: mean and the p99 bucket's bound, from two scrapes. */
function lockWaitDelta(before, after) {
  const out = {};
  for (const [lock, a] of Object.entries(after)) {
    const b = before[lock] ?? { sum: 0, count: 0, buckets: {} };
    const count = a.count - b.count;
    if (count <= 0) continue;
    const bounds = Object.keys(a.buckets)
      .map((le) => [le, (a.buckets[le] ?? 0) - (b.buckets[le] ?? 0)])
      .sort((x, y) => (x[0] === '+Inf' ? 1 : y[0] === '+Inf' ? -1 : Number(x[0]) - Number(y[0])));
    const p99 = bounds.find(([, n]) => n >= 0.99 * count)?.[0];
    out[lock] = {
      batches: count,
      meanMs: round(((a.sum - b.sum) / count) * 1000, 2),
      p99AtMostMs: p99 === undefined || p99 === '+Inf' ? null : round(Number(p99) * 1000, 1),
    };
  }
  return out;
}

/**
 * One soak: `kind` of SOAKS for `seconds`, on one server or several instances of one (`urls`,
 * `pids`): register k and user k use instance k mod n. `metricsToken`: the instances' /metrics.
 */
export async function soakBench({ kind, urls, pids, seconds, database, metricsToken, log = () => {} }) {
  const soak = SOAKS[kind];
  const companies = soak.companies();
  if (soak.tenants > 0) {
    log(`soak ${kind}: items for ${companies.length} companies`);
    await stockTenants(urls, companies);
  }
  const userCompanies = soak.users();
  const sessions = [];
  for (const [i, c] of userCompanies.entries()) {
    const company = companies[c];
    sessions.push(await BackofficeSession.signIn(urls[i % urls.length], company.email, company.password));
  }
  const live = await watchLive(
    sessions.map((s, i) => ({ url: urls[i % urls.length], cookie: s.cookieHeader(), group: String(userCompanies[i]) })),
  );
  const sample = (s) => {
    const each = pids.map((pid) => round(rssOf(pid) / 1e6));
    return { s, rssMb: round(each.reduce((a, b) => a + b, 0)), ...(pids.length > 1 ? { instancesMb: each } : {}) };
  };
  const locksBefore = await lockWaits(urls, metricsToken);
  const cpuBefore = cpuNow(pids);
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
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
    await new Promise((resolve) => setTimeout(resolve, (k * 3000) / sessions.length));
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
  // The companies' registers start over the first 10 s (pairing, config), as a morning would.
  const stagger = companies.length > 1 ? 10_000 / companies.length : 0;
  const seed = `soak-${kind}-${Date.now()}`;
  const simulations = await Promise.all(
    companies.map(async (c, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * stagger));
      // A company's registers over the instances, starting with a different one for each company.
      const deviceUrls = urls.map((_, j) => urls[(i + j) % urls.length]);
      try {
        return await runSimulation({
          url: urls[i % urls.length],
          deviceUrls,
          company: c.slug,
          email: c.email,
          password: c.password,
          ...(c.session ? { session: c.session } : {}),
          terminals: c.terminals,
          rate: c.rate,
          duration: seconds,
          seed,
        });
      } catch (error) {
        failures.push(`${c.slug}: ${error.message}`);
        return null;
      }
    }),
  );
  const cores = coresUsed(cpuBefore, cpuNow(pids));
  running = false;
  await Promise.all(users);
  const liveResult = await live.stop();
  clearInterval(sampler);
  loop.disable();
  memory.push(sample(Math.round((Date.now() - started) / 1000)));
  const locks = lockWaitDelta(locksBefore, await lockWaits(urls, metricsToken));

  const sims = simulations.filter(Boolean);
  const total = (key) => sims.reduce((n, s) => n + s[key], 0);
  const posts = sims.flatMap((s) => s.latencies);
  const api = calls.map((c) => c.ms);
  const byPath = {};
  for (const c of calls) (byPath[c.path] ??= []).push(c.ms);
  const events = {
    sent: total('sent'),
    stored: total('stored'),
    duplicate: total('duplicate'),
    rejected: total('rejected'),
    unsent: total('unsent'),
    retries: total('retries'),
  };
  // Memory: the mean of the first minute's samples against the last minute's.
  const end = memory.at(-1).s;
  const first = mean(memory.filter((m) => m.s <= 60).map((m) => m.rssMb));
  const last = mean(memory.filter((m) => m.s >= end - 60).map((m) => m.rssMb));
  return {
    kind,
    title: soak.title,
    database,
    instances: urls.length,
    seconds,
    companies: companies.length,
    registers: companies.reduce((n, c) => n + c.terminals, 0),
    users: sessions.length,
    events,
    errors: failures.length + events.rejected + events.unsent + events.retries + (liveResult?.drops ?? 0),
    failures: failures.slice(0, 10),
    api: {
      n: api.length,
      p50ms: round(quantile(api, 0.5)),
      p95ms: round(quantile(api, 0.95)),
      p99ms: round(quantile(api, 0.99)),
    },
    posts: {
      n: posts.length,
      p50ms: round(quantile(posts, 0.5)),
      p95ms: round(quantile(posts, 0.95)),
      p99ms: round(quantile(posts, 0.99)),
    },
    endpoints: Object.fromEntries(
      Object.entries(byPath).map(([p, xs]) => [
        p,
        { n: xs.length, p50ms: round(quantile(xs, 0.5)), p99ms: round(quantile(xs, 0.99)) },
      ]),
    ),
    memory,
    memoryDrift: first && last ? round((last - first) / first, 3) : null,
    locks,
    cores,
    generatorLagMs: {
      p50: round(loop.percentile(50) / 1e6),
      p99: round(loop.percentile(99) / 1e6),
      max: round(loop.max / 1e6),
    },
    // null: the live stream's route did not answer 200 (liveStatus says what it answered).
    live: liveResult,
    liveStatus: live.status,
  };
}

/** Whether a soak met each target (its note names what did not). */
export function soakVerdict(s) {
  const t = SOAK_TARGETS;
  return {
    errors: s.errors === 0,
    apiP99: s.api.p99ms !== null && s.api.p99ms < t.apiP99,
    postsP99: s.posts.p99ms !== null && s.posts.p99ms < t.postsP99,
    liveP95: s.live != null && s.live.p95ms !== null && s.live.p95ms < t.liveP95,
    // Flat: the last minute at most 10 % above the first (the first minute still holds what the
    // seeding instance's start-up left for the collector: falling from it is no leak).
    memory: s.memoryDrift !== null && s.memoryDrift <= t.memoryDrift,
  };
}

export function soakReport(s) {
  const ok = (met) => (met ? '**met**' : '**not met**');
  const v = soakVerdict(s);
  const t = SOAK_TARGETS;
  const lockLine = Object.entries(s.locks)
    .map(([lock, l]) => `${lock}: ${l.batches} batches, mean ${l.meanMs} ms, p99 ≤ ${l.p99AtMostMs ?? '–'} ms`)
    .join('; ');
  return [
    `#### Soak "${s.kind}" (${s.database}): ${s.title}, ${s.seconds} s`,
    '',
    '| measure | result | target |',
    '|---|---|---|',
    `| errors | ${s.errors} (${s.events.rejected} rejected, ${s.events.unsent} unsent, ${s.events.retries} retries, ${s.live?.drops ?? 0} streams dropped${s.failures.length ? `; ${s.failures.join('; ')}` : ''}) | 0: ${ok(v.errors)} |`,
    `| back-office API (${s.api.n} calls) | p50 ${s.api.p50ms} ms, p95 ${s.api.p95ms} ms, p99 ${s.api.p99ms} ms | p99 < ${t.apiP99} ms: ${ok(v.apiP99)} |`,
    `| registers' POST /events (${s.posts.n}) | p50 ${s.posts.p50ms} ms, p95 ${s.posts.p95ms} ms, p99 ${s.posts.p99ms} ms | p99 < ${t.postsP99} ms: ${ok(v.postsP99)} |`,
    s.live
      ? `| live, publish to every user of the company (${s.live.messages} messages, ${s.live.users} users) | p50 ${s.live.p50ms} ms, p95 ${s.live.p95ms} ms, max ${s.live.maxMs} ms; ${s.live.missed} missed | p95 < ${t.liveP95} ms: ${ok(v.liveP95)} |`
      : `| live | not measured (GET /api/backoffice/events answered ${s.liveStatus}) | p95 < ${t.liveP95} ms: ${ok(false)} |`,
    `| memory (RSS${s.instances > 1 ? ', the instances together' : ''}), first minute to last | ${s.memoryDrift === null ? '–' : `${(s.memoryDrift * 100).toFixed(1)} %`} | at most ${t.memoryDrift * 100} % above: ${ok(v.memory)} |`,
    `| ingest lock wait per batch | ${lockLine || 'not measured (no METRICS_TOKEN)'} | |`,
    `| the load generator's event-loop delay | p50 ${s.generatorLagMs.p50} ms, p99 ${s.generatorLagMs.p99} ms, max ${s.generatorLagMs.max} ms | |`,
    `| cores used while selling (of ${os.cpus().length}) | server instances ${s.cores.instances}, PostgreSQL ${s.cores.postgres}, the load generator ${s.cores.generator} | |`,
    '',
    `Events: ${s.events.sent} sent, ${s.events.stored} stored, ${s.events.duplicate} duplicate. Memory every 10 s: ${s.memory.map((m) => `${m.s} s ${m.rssMb} MB`).join(', ')}.`,
    '',
    '| endpoint | calls | p50 | p99 |',
    '|---|---|---|---|',
    ...Object.entries(s.endpoints).map(([p, e]) => `| ${p} | ${e.n} | ${e.p50ms} ms | ${e.p99ms} ms |`),
  ].join('\n');
}
