// `npm run bench` (issue 8): the federated build (A) against the monolith build (B) of the same code.
//   1. builds what is stale (the four apps, the monolith)
//   2. bytes and requests on the critical paths, from the builds (bench/lib/graph.mjs)
//   3. page speed in headless Chromium, A and B alternating, BENCH_RUNS runs each (default 10) at
//      every CPU throttling rate of BENCH_THROTTLES (default "1,4"): median and p90 (throttled runs
//      skip the storefront and the admin console unless BENCH_FULL_THROTTLED=1)
//   4. JS heap after 200 back-office route changes against after 10
//   5. server throughput (autocannon): GET /api/auth/session, GET /api/backoffice/items, bare Express
//   6. bytes on the wire (Resource Timing `transferSize` in Chromium) for the login path and the
//      back-office first view, both builds, beside the gzip sizes of the budgets
//   7. the device API (bench/lib/device.mjs): event ingest and GET /config 304 on their own server;
//      then the soaks BENCH_SOAK names (bench/lib/soak.mjs; BENCH_SOAK_SECONDS each, default 300):
//      `1` or `company` (10 registers of one company x 5 receipts/s + 20 back-office users), `tenants`
//      (200 companies x 2 registers x 0.5 receipts/s + 40 users), `all` both; BENCH_SOAK_DB=postgres
//      runs each on two instances of a fresh PostgreSQL database created on DATABASE_URL's server
//   8. live latency (bench/lib/live.mjs): a receipt posted by a register to visible on an open
//      overview and transactions list, p50/p95 (target p95 < 1 s)
//   9. Lighthouse 12 (bench/lib/lighthouse.mjs), mobile defaults, on the login page and the storefront
//      /ordering/blue-door-bistro: BENCH_LIGHTHOUSE_RUNS runs per page (default 5), the median kept;
//      the storefront opened with JavaScript off (its name painted from the HTML); then the budgets
//      (bench/lib/lighthouseBudgets.mjs): a breach makes the bench exit 1, after the report
// BENCH_ONLY=bytes runs 1, 2 and 6 only (a minute instead of ten); BENCH_ONLY=browser 1, 2, 3 and 6; BENCH_ONLY=device runs 7 only
// (no builds) and writes bench/device-results.json; BENCH_ONLY=live runs 8 only (on the builds as
// they are) and merges it into bench/results.json; BENCH_ONLY=lighthouse builds what is stale, runs
// 9 only and merges it into bench/results.json (BENCH_LIGHTHOUSE_URL=<origin>: against a server
// already running with the demo data, nothing built or started).
// Writes bench/results.json and prints markdown tables. Needs Chromium at /usr/bin/chromium (CHROMIUM_PATH).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from '../scripts/build.mjs';
import { buildMonolith } from './lib/monolith.mjs';
import { compareWithBrowser, criticalPaths, repoRoot, totalJs } from './lib/graph.mjs';
import { checkBudgets, budgetsTable } from './budgets.mjs';
import { launch, memory, median, quantile, runScenarios, transfer, DEMO } from './lib/browser.mjs';
import { measure, signInCookie } from './lib/load.mjs';
import { deviceBench, deviceReport } from './lib/device.mjs';
import { soakKinds } from './lib/soak.mjs';
import { liveBench, liveReport } from './lib/live.mjs';
import { lighthousePart, lighthousePartReport } from './lib/lighthouse.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const THROTTLES = (process.env.BENCH_THROTTLES ?? '1,4')
  .split(',')
  .map(Number)
  .filter((n) => n >= 1);
const MEMORY_CHANGES = Number(process.env.BENCH_MEMORY_ROUTES ?? 200);
// Throttled runs measure the login and the back-office only, unless BENCH_FULL_THROTTLED=1.
const FULL_THROTTLED = process.env.BENCH_FULL_THROTTLED === '1';
const ONLY_BYTES = process.env.BENCH_ONLY === 'bytes';
/** `browser`: bytes and page speed only (no memory, throughput, live latency or device API). */
const ONLY_BROWSER = process.env.BENCH_ONLY === 'browser';
const ONLY_DEVICE = process.env.BENCH_ONLY === 'device';
const ONLY_LIVE = process.env.BENCH_ONLY === 'live';
const ONLY_LIGHTHOUSE = process.env.BENCH_ONLY === 'lighthouse';
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));
const LIGHTHOUSE_URL = process.env.BENCH_LIGHTHOUSE_URL?.replace(/\/+$/, '');
const SOAKS = soakKinds(process.env.BENCH_SOAK);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
/** `postgres`: the soak on two instances of one PostgreSQL database (DATABASE_URL's server). */
const SOAK_DB = process.env.BENCH_SOAK_DB === 'postgres' ? 'postgres' : 'sqlite';
/** Transferred bytes are deterministic but for header noise: the median of a few first visits. */
const TRANSFER_RUNS = 3;
const started = Date.now();
const log = (msg) => console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${msg}`);

function startServers() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/serve.mjs')], {
      cwd: path.join(repoRoot, 'bench'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d) => {
      out += d;
      const m = /READY (\{.*\})/.exec(out);
      if (m) {
        child.stdout.off('data', onData);
        resolve({ child, urls: JSON.parse(m[1]) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('exit', (code) => reject(new Error(`bench servers exited (${code}) before they were ready:\n${out}`)));
  });
}

const kb = (n) => (n == null ? '–' : `${(n / 1000).toFixed(1)} KB`);
const ms = (n) => (n == null ? '–' : `${Math.round(n)} ms`);
const mb = (n) => (n == null ? '–' : `${(n / 1e6).toFixed(2)} MB`);

async function main() {
  log(
    `runs ${RUNS} per build and throttling rate (${THROTTLES.map((t) => `${t}x`).join(', ')}); host ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  if (ONLY_DEVICE) {
    const device = await deviceBench({ soaks: SOAKS, soakSeconds: SOAK_SECONDS, soakDb: SOAK_DB, log });
    const out = { date: new Date().toISOString(), machine: { cpus: os.cpus().length, node: process.version }, device };
    writeFileSync(path.join(repoRoot, 'bench/device-results.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.log(`\n${deviceReport(device)}`);
    log('wrote bench/device-results.json');
    return;
  }
  if (ONLY_LIVE) {
    log('starting the servers');
    const { child, urls } = await startServers();
    let live;
    try {
      live = await liveBench(urls.federated, { log });
    } finally {
      child.kill('SIGTERM');
    }
    const file = path.join(repoRoot, 'bench/results.json');
    const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    results.live = { date: new Date().toISOString(), loadavg: os.loadavg(), ...live };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n${liveReport(live)}`);
    log('merged live into bench/results.json');
    return;
  }
  if (ONLY_LIGHTHOUSE) {
    let lh;
    if (LIGHTHOUSE_URL) lh = await lighthousePart(LIGHTHOUSE_URL, { runs: LIGHTHOUSE_RUNS, log });
    else {
      await build();
      log('starting the servers');
      const { child, urls } = await startServers();
      try {
        lh = await lighthousePart(urls.federated, { runs: LIGHTHOUSE_RUNS, log });
      } finally {
        child.kill('SIGTERM');
      }
    }
    const file = path.join(repoRoot, 'bench/results.json');
    const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    results.lighthouse = { date: new Date().toISOString(), loadavg: os.loadavg(), ...lh };
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n${lighthousePartReport(lh)}`);
    log('merged lighthouse into bench/results.json');
    failOnLighthouseBudgets(lh.budgets);
    return;
  }
  await build();
  await buildMonolith();

  // Bytes, from the builds.
  const { fedLogin, monoLogin, fedBo, monoBo } = criticalPaths();
  const ext = /\.(js|css|json)$/;
  const bytes = {
    federated: {
      login: fedLogin.bytes({ ext }),
      backoffice: fedBo.bytes({ ext }),
      totalJs: totalJs(['shell', 'backoffice', 'admin', 'ordering']),
      duplicates: [...fedLogin.duplicates(), ...fedBo.duplicates()],
    },
    monolith: {
      login: monoLogin.bytes({ ext }),
      backoffice: monoBo.bytes({ ext }),
      totalJs: totalJs(['monolith']),
      duplicates: [...monoLogin.duplicates(), ...monoBo.duplicates()],
    },
  };
  const budgets = checkBudgets();

  log('starting the servers');
  const { child, urls } = await startServers();
  const results = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      loadavgAtStart: os.loadavg(),
      node: process.version,
    },
    config: { runs: RUNS, throttles: THROTTLES, memoryRouteChanges: MEMORY_CHANGES },
    bytes,
    budgets: { rows: budgets.rows, failures: budgets.failures },
    transfer: {},
    browser: {},
    memory: {},
    server: [],
  };
  try {
    const browser = await launch();
    try {
      const builds = { federated: urls.federated, monolith: urls.monolith };
      log('bytes on the wire');
      for (const [b, url] of Object.entries(builds)) {
        const runs = [];
        for (let i = 0; i < TRANSFER_RUNS; i++) runs.push(await transfer(browser, url));
        const pick = (which) => {
          const sorted = runs.map((r) => r[which]).sort((x, y) => x.transferred - y.transferred);
          return sorted[Math.floor(sorted.length / 2)];
        };
        results.transfer[b] = { login: pick('login'), firstView: pick('firstView') };
      }
      // The byte figures come from the chunk graph: check them against what the browser fetched.
      const loads = {
        federated: { login: fedLogin, firstView: fedBo },
        monolith: { login: monoLogin, firstView: monoBo },
      };
      results.graphCheck = {};
      for (const [b, pages] of Object.entries(loads)) {
        results.graphCheck[b] = {};
        for (const [page, load] of Object.entries(pages)) {
          const c = compareWithBrowser(load, results.transfer[b][page].urls);
          results.graphCheck[b][page] = c;
          // The browser may also finish idle loads (axios, the federation) before the form shows.
          const bad = c.onlyGraph;
          if (bad.length)
            log(`WARNING: the chunk graph's ${b} ${page} differs from the browser's: ${JSON.stringify(c)}`);
        }
      }
      if (!ONLY_BYTES) await timings(browser, builds, results);
    } finally {
      await browser.close();
    }

    if (!ONLY_BYTES && !ONLY_BROWSER) await throughput(urls, results);
    if (!ONLY_BYTES && !ONLY_BROWSER) {
      log('live latency');
      results.live = await liveBench(urls.federated, { log });
      log('lighthouse');
      const lh = await lighthousePart(urls.federated, { runs: LIGHTHOUSE_RUNS, log });
      results.lighthouse = { date: new Date().toISOString(), loadavg: os.loadavg(), ...lh };
    }
  } finally {
    child.kill('SIGTERM');
  }
  if (!ONLY_BYTES && !ONLY_BROWSER)
    results.device = await deviceBench({ soaks: SOAKS, soakSeconds: SOAK_SECONDS, soakDb: SOAK_DB, log });
  results.durationSeconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(path.join(repoRoot, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\n${report(results)}`);
  log('wrote bench/results.json');
  if (results.lighthouse) failOnLighthouseBudgets(results.lighthouse.budgets);
}

/** A breached Lighthouse budget fails the bench (exit 1), once the report is out. */
function failOnLighthouseBudgets(budgets) {
  if (!budgets.failures.length) return;
  console.error(`\nLighthouse budgets FAILED:\n- ${budgets.failures.join('\n- ')}`);
  process.exitCode = 1;
}

/** Page speed (A and B alternating) and memory, in Chromium. */
async function timings(browser, builds, results) {
  const samples = {};
  for (const t of THROTTLES) for (const b of Object.keys(builds)) samples[`${b}@${t}x`] = [];
  for (let i = 0; i < RUNS; i++) {
    // ABBA: the order flips every run, so drift on a busy machine hits both builds alike.
    const order = i % 2 === 0 ? ['federated', 'monolith'] : ['monolith', 'federated'];
    for (const t of THROTTLES) {
      for (const b of order) {
        const r = await runScenarios(browser, builds[b], t, { full: t === 1 || FULL_THROTTLED }).catch((err) => ({
          error: String(err.message).split('\n')[0],
        }));
        samples[`${b}@${t}x`].push(r);
        if (r.error) log(`run ${i + 1} ${b} ${t}x failed: ${r.error}`);
      }
    }
    log(`run ${i + 1}/${RUNS} done`);
  }
  const metrics = [
    'loginInteractive',
    'loginToSidebar',
    'routeChangeFirst',
    'routeChange',
    'adminSignIn',
    'storefront',
  ];
  for (const [key, runs] of Object.entries(samples)) {
    const summary = {};
    for (const m of metrics) {
      const xs = runs.map((r) => r[m]);
      summary[m] = {
        median: median(xs),
        p90: quantile(xs, 0.9),
        n: xs.filter((x) => typeof x === 'number').length,
      };
    }
    const last = runs.find((r) => r.loginPath);
    summary.loginPath = last?.loginPath;
    summary.backofficePath = last?.backofficePath;
    summary.errors = [...new Set(runs.flatMap((r) => [r.error, r.adminError].filter(Boolean)))];
    results.browser[key] = { summary, runs };
  }
  for (const b of ONLY_BROWSER ? [] : Object.keys(builds)) {
    log(`memory: ${MEMORY_CHANGES} route changes (${b})`);
    results.memory[b] = await memory(browser, builds[b], { total: MEMORY_CHANGES, early: 10 }).catch((err) => ({
      error: String(err.message).split('\n')[0],
    }));
  }
}

/** Server throughput with autocannon. */
async function throughput(urls, results) {
  log('server throughput');
  const cookie = await signInCookie(urls.federated, DEMO.owner, DEMO.password);
  results.server.push(await measure('bare Express endpoint', `${urls.bare}/bare`));
  results.server.push(
    await measure('GET /api/auth/session (signed in)', `${urls.federated}/api/auth/session`, { Cookie: cookie }),
  );
  results.server.push(
    await measure('GET /api/backoffice/items (signed in)', `${urls.federated}/api/backoffice/items`, {
      Cookie: cookie,
    }),
  );
}

/** Login path target of issue 15, in bytes transferred. */
const LOGIN_TRANSFER_TARGET = 150_000;

/** Bytes on the wire (Chromium's Resource Timing) beside the gzip sizes the budgets use. */
function transferReport(r) {
  const T = r.transfer;
  const F = r.bytes.federated;
  const M = r.bytes.monolith;
  const lines = [
    '### Bytes on the wire (Chromium Resource Timing, first visit, median of 3)',
    '',
    '| path | measure | federated (A) | monolith (B) | A / B |',
    '|---|---|---|---|---|',
  ];
  const row = (path, label, a, b, fmt = kb) =>
    lines.push(`| ${path} | ${label} | ${fmt(a)} | ${fmt(b)} | ${a && b ? (a / b).toFixed(2) : '–'} |`);
  for (const [key, path, build] of [
    ['login', 'login path', 'login'],
    ['firstView', 'back-office first view', 'backoffice'],
  ]) {
    const a = T.federated[key];
    const b = T.monolith[key];
    row(path, 'transferred (`transferSize`: headers + bodies)', a.transferred, b.transferred);
    row(path, 'bodies as sent (`encodedBodySize`)', a.bytes, b.bytes);
    row(path, 'bodies decoded (`decodedBodySize`)', a.decoded, b.decoded);
    row(path, 'requests', a.requests, b.requests, (x) => String(x));
    row(path, "the build's JS + CSS gzip -9 (budgets)", F[build].gzip, M[build].gzip);
  }
  const encodings = (x) => {
    const n = {};
    for (const [url, e] of Object.entries(x.encodings ?? {})) if (/\.(js|css|json)$/.test(url)) n[e] = (n[e] ?? 0) + 1;
    return Object.entries(n)
      .map(([e, c]) => `${c} ${e}`)
      .join(', ');
  };
  const login = T.federated.login.transferred;
  const check = (b, page) => {
    const c = r.graphCheck?.[b]?.[page];
    if (!c) return '–';
    if (!c.onlyGraph.length && !c.onlyBrowser.length) return 'the same files';
    return `graph only: ${c.onlyGraph.join(', ') || 'none'}; browser only: ${c.onlyBrowser.join(', ') || 'none'}`;
  };
  lines.push(
    '',
    `Chunk graph against the browser (JS and CSS): login path A ${check('federated', 'login')}, B ${check('monolith', 'login')}; ` +
      `first view A ${check('federated', 'firstView')}, B ${check('monolith', 'firstView')} (the landing page's lazy chunk is not in the figures).`,
  );
  lines.push(
    '',
    `Target: the federated login path under ${kb(LOGIN_TRANSFER_TARGET)} transferred: ${kb(login)}, ${login < LOGIN_TRANSFER_TARGET ? '**met**' : '**not met**'}. ` +
      `Content-Encoding of the JS, CSS and JSON on the back-office first view: A ${encodings(T.federated.firstView)}; B ${encodings(T.monolith.firstView)}.`,
  );
  return lines;
}

export function report(r) {
  const lines = [];
  const F = r.bytes.federated;
  const M = r.bytes.monolith;
  lines.push(`### Bytes (from the production builds; gzip level 9)`, '');
  lines.push('| | federated (A) | monolith (B) | A / B |', '|---|---|---|---|');
  const row = (label, a, b, fmt = kb) =>
    lines.push(`| ${label} | ${fmt(a)} | ${fmt(b)} | ${a && b ? (a / b).toFixed(2) : '–'} |`);
  row('login interactive: JS + CSS, raw', F.login.raw, M.login.raw);
  row('login interactive: JS + CSS, gzip', F.login.gzip, M.login.gzip);
  row('login interactive: JS + CSS, brotli files (as served)', F.login.served, M.login.served);
  row('login interactive: files', F.login.requests, M.login.requests, String);
  row('back-office sidebar (incl. login path): raw', F.backoffice.raw, M.backoffice.raw);
  row('back-office sidebar (incl. login path): gzip', F.backoffice.gzip, M.backoffice.gzip);
  row('back-office sidebar (incl. login path): brotli files (as served)', F.backoffice.served, M.backoffice.served);
  row('back-office sidebar (incl. login path): files', F.backoffice.requests, M.backoffice.requests, String);
  row('total JS shipped: raw', F.totalJs.raw, M.totalJs.raw);
  row('total JS shipped: gzip', F.totalJs.gzip, M.totalJs.gzip);
  const shared = (d) => d.filter((x) => x.shared).map((x) => x.pkg);
  const other = (d) => [...new Set(d.filter((x) => !x.shared).map((x) => x.pkg))];
  lines.push(
    `| shared packages loaded twice by a page | ${[...new Set(shared(F.duplicates))].join(', ') || 'none'} | ${[...new Set(shared(M.duplicates))].join(', ') || 'none'} | |`,
  );
  lines.push(
    `| other libraries loaded twice by a page | ${other(F.duplicates).join(', ') || 'none'} | ${other(M.duplicates).join(', ') || 'none'} | |`,
  );
  if (r.transfer?.federated) lines.push('', ...transferReport(r));
  lines.push('', '### Budgets (`npm run bench:check`)', '', budgetsTable(r.budgets.rows));

  const keys = Object.keys(r.browser);
  if (keys.length) {
    lines.push('', `### Chromium (headless, ${r.config.runs} runs each, alternating; median / p90)`, '');
    const throttles = r.config.throttles;
    lines.push(`| metric | ${throttles.map((t) => `A ${t}x | B ${t}x | A/B ${t}x`).join(' | ')} |`);
    lines.push(`|---|${throttles.map(() => '---|---|---').join('|')}|`);
    const metrics = [
      ['loginInteractive', 'navigation to login form interactive'],
      ['loginToSidebar', 'login submit to sidebar visible'],
      ['routeChangeFirst', 'back-office route change, first visit of a page'],
      ['routeChange', 'back-office route change, warm'],
      ['adminSignIn', 'admin sign-in to first page'],
      ['storefront', 'storefront first render'],
    ];
    for (const [m, label] of metrics) {
      const cells = throttles.map((t) => {
        const a = r.browser[`federated@${t}x`]?.summary[m];
        const b = r.browser[`monolith@${t}x`]?.summary[m];
        const c = (x) => (x?.median == null ? '–' : `${ms(x.median)} / ${ms(x.p90)}`);
        return `${c(a)} | ${c(b)} | ${a?.median && b?.median ? (a.median / b.median).toFixed(2) : '–'}`;
      });
      lines.push(`| ${label} | ${cells.join(' | ')} |`);
    }
    const p = (k, which) => r.browser[k]?.summary[which];
    const req = (x) =>
      x
        ? `${x.requests} req (${x.jsRequests} JS, ${x.apiRequests} API), ${kb(x.transferred ?? x.bytes)} transferred`
        : '–';
    const t1 = throttles[0];
    lines.push(
      '',
      `Measured in the browser (${t1}x, one run): login path A ${req(p(`federated@${t1}x`, 'loginPath'))}; B ${req(p(`monolith@${t1}x`, 'loginPath'))}. Submit to sidebar A ${req(p(`federated@${t1}x`, 'backofficePath'))}; B ${req(p(`monolith@${t1}x`, 'backofficePath'))}.`,
    );
    const errs = keys.flatMap((k) => r.browser[k].summary.errors.map((e) => `${k}: ${e}`));
    if (errs.length) lines.push('', 'Errors:', ...[...new Set(errs)].map((e) => `- ${e}`));
  }
  if (Object.keys(r.memory).length) {
    lines.push(
      '',
      '### Memory (JS heap after forced GC)',
      '',
      '| build | after 10 route changes | after 200 | growth |',
      '|---|---|---|---|',
    );
    for (const [b, m] of Object.entries(r.memory))
      lines.push(`| ${b} | ${mb(m.after10)} | ${mb(m.after200)} | ${m.error ? m.error : mb(m.growth)} |`);
  }
  if (r.server.length) {
    lines.push(
      '',
      '### Server (autocannon, same machine)',
      '',
      '| endpoint | requests/s | p50 | p99 | non-2xx |',
      '|---|---|---|---|---|',
    );
    for (const s of r.server)
      lines.push(
        s.error
          ? `| ${s.name} | ${s.error} | | | |`
          : `| ${s.name} | ${s.requestsPerSecond} | ${s.p50ms} ms | ${s.p99ms} ms | ${s.non2xx} |`,
      );
  }
  if (r.device) lines.push('', deviceReport(r.device));
  if (r.live) lines.push('', liveReport(r.live));
  if (r.lighthouse?.pages) lines.push('', lighthousePartReport(r.lighthouse));
  return lines.join('\n');
}

main().catch((err) => {
  console.error(`bench failed: ${err.stack || err.message}`);
  process.exit(1);
});
