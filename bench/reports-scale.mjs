// `npm run bench:reports -- --scale 1000000 [--db postgres]` (issue 18, "Performance"): the
// reports at scale. Run with `node --import tsx`.
//   1. load: one company (the demo's Corner Market: two locations, three tills, three employees,
//      its catalog and tax rates) with --scale receipts over the three years ending today, made
//      by the register simulator's generator (shared/src/simulation/register.ts: split payments,
//      tips, refunds of earlier sales, pay-outs) in two shifts per till and day, and stored through
//      the registers' own ingest (server/src/modules/receipts/ingest.ts, the one writer of receipts), whose
//      posting steps write the roll-ups, stock and the rest (createApp registers them). Many ingest
//      batches share one transaction (--days-per-commit).
//      A database that already holds the company's receipts is reused as it is.
//      PostgreSQL gets the same rows: the SQLite database of the same scale (--from, default
//      data/bench-reports-<scale>; loaded as above first when it is not there) copied in bulk by
//      lib/pg-copy.mjs (secondary indexes dropped and built again, one array per column, COPY-like
//      statements of 20,000 rows, then VACUUM ANALYZE). Every statement of the ingest on PostgreSQL is a
//      network round trip (a fixed number per batch since the posting steps write points, gift cards,
//      bundles' stock and kitchen tickets batch by batch): a bulk copy still beats it by far.
//      Every run that loads (or reuses) checks that the roll-ups count every receipt once.
//   2. measure: the real server in production mode on that database in a child process
//      (bench/reports-serve.mjs), signed in as the company's owner; every report over the last
//      full year (the 365 days before today), the transactions list (first, middle and last page,
//      by kind, by payment type, by till, by till and payment type, searched by a customer's
//      name and by a receipt number),
//      a receipt and a shift, and the overview: a warm-up, then --runs runs each (default 20),
//      median and p90 of the whole HTTP round trip.
// Writes bench/results-reports-<db>.json and prints a markdown table.
//
// Options: --scale N (default 1000000), --db sqlite|postgres (PostgreSQL: DATABASE_URL, or
// --url; an empty database, or one this benchmark loaded), --data DIR (SQLite; default
// data/bench-reports-<scale>), --from DIR (PostgreSQL: the SQLite data to copy; the same default),
// --runs N, --fresh (SQLite: start from an empty file), --load-only, --measure-only, --baseline FILE
// (an earlier run's results, e.g. at 1M: each request's median against it, goal at most 1.5x, since
// the roll-ups make a report's cost follow its period, not the history before it).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../server/src/app.ts';
import { buildConfig } from '../server/src/modules/device-api/config.ts';
import { ingestEvents } from '../server/src/modules/receipts/ingest.ts';
import { startOfLocalDay, zoneOffsetMs } from '../server/src/platform/time/index.ts';
import { companyLocale } from '../server/src/modules/settings/defaults.ts';
import { DEMO_CATALOGS } from '../server/src/modules/catalog/demoCatalog.ts';
import { SimulatedRegister, createRandom } from '../shared/src/simulation/register.ts';
import { BackofficeSession } from '../simulator/src/clients.ts';
import { copySqliteToPostgres } from './lib/pg-copy.mjs';
import { reportTable } from './lib/reports-table.mjs';

const repoRoot = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'sqlite' },
    url: { type: 'string' },
    data: { type: 'string' },
    from: { type: 'string' },
    runs: { type: 'string', default: '20' },
    years: { type: 'string', default: '3' },
    'days-per-commit': { type: 'string', default: '10' },
    fresh: { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    'measure-only': { type: 'boolean', default: false },
    baseline: { type: 'string' },
  },
});
const SCALE = Number(args.scale);
const RUNS = Math.max(1, Number(args.runs));
const DAYS = Math.round(Number(args.years) * 365);
const DAYS_PER_COMMIT = Math.max(1, Number(args['days-per-commit']));
const DB = args.db === 'postgres' || args.db === 'pg' ? 'postgres' : 'sqlite';
const DATABASE_URL = DB === 'postgres' ? (args.url ?? process.env.DATABASE_URL) : undefined;
if (DB === 'postgres' && !DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL (or --url)');
const DATA_DIR =
  DB === 'sqlite'
    ? path.resolve(args.data ?? path.join(repoRoot, 'data', `bench-reports-${SCALE}`))
    : mkdtempSync(path.join(os.tmpdir(), 'hive-bench-reports-')); // only the generated auth secret
// PostgreSQL's rows come from the SQLite database of the same scale (made first when missing).
const SOURCE_DIR = path.resolve(args.from ?? path.join(repoRoot, 'data', `bench-reports-${SCALE}`));
const SLUG = 'corner-market';
const OWNER = { email: 'owner@cornermarket.test', password: 'hive-demo-2026' };
const DAY_MS = 86_400_000;
const INGEST_BATCH = 1000;

const started = Date.now();
const log = (msg) => console.log(`[reports ${((Date.now() - started) / 1000).toFixed(0).padStart(5)} s] ${msg}`);

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const round = (x, d = 1) => (x == null ? null : Math.round(x * 10 ** d) / 10 ** d);

// ------------------------------------------------------------------------------------------------
// 1. Load

async function countReceipts(db, companyId) {
  const row = await db
    .selectFrom('receipts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The roll-ups count every receipt once (sales and refunds), as the receipts do. */
async function checkRollups(db, companyId, describe) {
  const rolled = await db
    .selectFrom('rollup_sales')
    .select((eb) => [eb.fn.sum('sales').as('sales'), eb.fn.sum('refunds').as('refunds')])
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  const inRollups = Number(rolled.sales ?? 0) + Number(rolled.refunds ?? 0);
  const receipts = await countReceipts(db, companyId);
  log(
    `${describe}: receipts ${receipts}, in the roll-ups ${inRollups}: ${receipts === inRollups ? 'agree' : 'DISAGREE'}`,
  );
  if (receipts !== inRollups) throw new Error('the roll-ups disagree with the receipts');
  return receipts;
}

const companyOf = (db) =>
  db.selectFrom('companies').select(['id', 'license']).where('slug', '=', SLUG).executeTakeFirst();

/** SQLite: the company's receipts made by the registers' ingest in `dataDir` (reused when there). */
async function loadSqlite(dataDir, fresh) {
  if (fresh) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  // Development mode seeds the demo companies, users, catalogs and tills, without their sales.
  const hive = await createApp({
    nodeEnv: 'development',
    dataDir,
    seedDemo: true,
    seedDemoSales: false,
    logLevel: 'warn',
  });
  const db = hive.database.db;
  try {
    const company = await companyOf(db);
    const existing = await countReceipts(db, company.id);
    let loaded;
    if (existing > 0) {
      log(`reusing the database: ${existing} receipts already there (${hive.database.describe})`);
      loaded = { reused: true, receipts: existing };
    } else {
      log(`loading ${SCALE} receipts over ${DAYS} days into ${hive.database.describe}`);
      loaded = await generate(db, company.id, company.license.toLowerCase() === 'restaurant');
    }
    await checkRollups(db, company.id, 'SQLite');
    return loaded;
  } finally {
    await hive.close();
  }
}

/**
 * PostgreSQL: the SQLite database of the same scale (--from; made first when it is not there) copied
 * in bulk (lib/pg-copy.mjs). A PostgreSQL database that already holds the company's receipts is
 * reused.
 */
async function loadPostgres() {
  const open = () =>
    createApp({
      nodeEnv: 'development',
      dataDir: DATA_DIR,
      databaseUrl: DATABASE_URL,
      seedDemo: false,
      logLevel: 'warn',
    });
  let hive = await open(); // migrates
  try {
    const company = await companyOf(hive.database.db);
    const existing = company ? await countReceipts(hive.database.db, company.id) : 0;
    if (existing > 0) {
      log(`reusing the database: ${existing} receipts already there (${hive.database.describe})`);
      await checkRollups(hive.database.db, company.id, 'PostgreSQL');
      return { reused: true, receipts: existing };
    }
  } finally {
    await hive.close();
  }
  const t0 = performance.now();
  const source = await loadSqlite(SOURCE_DIR, false);
  const sourceSeconds = (performance.now() - t0) / 1000;
  log(`copying ${path.join(SOURCE_DIR, 'hive.sqlite')} into PostgreSQL`);
  const copy = await copySqliteToPostgres({ sqliteFile: path.join(SOURCE_DIR, 'hive.sqlite'), url: DATABASE_URL, log });
  hive = await open();
  try {
    const company = await companyOf(hive.database.db);
    const receipts = await checkRollups(hive.database.db, company.id, 'PostgreSQL');
    const seconds = (performance.now() - t0) / 1000;
    return {
      reused: false,
      receipts,
      events: source.events ?? null,
      seconds: round(seconds),
      receiptsPerSecond: Math.round(receipts / seconds),
      // The SQLite ingest (0 when that database was there already) and the copy.
      source: {
        dir: path.relative(repoRoot, SOURCE_DIR),
        reused: source.reused,
        seconds: round(sourceSeconds),
        load: source,
      },
      copy,
    };
  } finally {
    await hive.close();
  }
}

async function load() {
  return DB === 'postgres' ? loadPostgres() : loadSqlite(DATA_DIR, args.fresh);
}

async function generate(db, companyId, restaurant) {
  const now = Date.now();
  const catalog = DEMO_CATALOGS[SLUG];
  const profile = catalog.sales;
  const items = await db.selectFrom('items').select(['id', 'sku']).where('company_id', '=', companyId).execute();
  const weightBySku = new Map(catalog.categories.flatMap((c) => c.items.map((it) => [it.sku, it.weight])));
  const weights = new Map(items.map((i) => [i.id, weightBySku.get(i.sku) ?? 0.5]));
  const customerIds = (
    await db.selectFrom('customers').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((c) => c.id);
  const terminals = await db
    .selectFrom('terminals')
    .select(['id', 'name', 'location_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const registers = [];
  for (const terminal of terminals) {
    const config = await buildConfig(db, { companyId, terminalId: terminal.id }, now);
    const register = new SimulatedRegister(config, {
      seed: `bench-reports:${terminal.name}`,
      restaurant,
      weights,
      maxLines: profile.maxLines,
      maxQty: profile.maxQty,
      refundRate: profile.refundRate,
      customerIds,
    });
    if (!register.canSell) throw new Error(`till ${terminal.name} cannot sell`);
    registers.push({ terminal, register, events: [] });
  }
  const locations = new Set(terminals.map((t) => t.location_id)).size;
  const firstLocation = terminals[0].location_id;
  const atFirst = registers.filter((r) => r.terminal.location_id === firstLocation);
  const elsewhere = registers.filter((r) => r.terminal.location_id !== firstLocation);

  const random = createRandom(`bench-reports:${SCALE}`);
  const hourTotal = profile.hours.reduce((a, b) => a + b, 0);
  const pickHour = () => {
    let r = random() * hourTotal;
    for (let h = 0; h < 24; h += 1) {
      r -= profile.hours[h];
      if (r < 0) return h;
    }
    return 23;
  };
  const { timezone } = await companyLocale(db, companyId);
  const today = startOfLocalDay(now, timezone);
  // Each day's share: the weekday, a gentle trend over the three years, some noise; scaled so that
  // sales and their refunds come to --scale receipts.
  const days = [];
  for (let day = 0; day < DAYS; day += 1) {
    const start = startOfLocalDay(today - (DAYS - 1 - day) * DAY_MS + DAY_MS / 2, timezone);
    const noon = start + DAY_MS / 2;
    const weekday = new Date(noon + zoneOffsetMs(noon, timezone)).getUTCDay();
    days.push({ start, weight: profile.weekday[weekday] * (0.7 + (0.6 * day) / DAYS) * (0.8 + random() * 0.4) });
  }
  const weightTotal = days.reduce((s, d) => s + d.weight, 0);
  const salesTotal = SCALE / (1 + profile.refundRate);

  let receipts = 0;
  let events = 0;
  let pending = 0;
  let writeMs = 0;
  const flush = async () => {
    const t0 = performance.now();
    await db.transaction().execute(async (trx) => {
      for (const r of registers) {
        const device = { companyId, terminalId: r.terminal.id, locationId: r.terminal.location_id };
        for (let i = 0; i < r.events.length; i += INGEST_BATCH) {
          const batch = r.events.slice(i, i + INGEST_BATCH);
          const result = await ingestEvents(trx, device, batch, { now, kitchenTickets: false });
          if (result.rejected > 0) {
            const first = result.results.find((x) => x.status === 'rejected');
            throw new Error(`an event was rejected: ${JSON.stringify(first)}`);
          }
          receipts += result.receiptNumbers.length;
          events += batch.length;
        }
        r.events = [];
      }
    });
    writeMs += performance.now() - t0;
    pending = 0;
  };

  const loadStarted = performance.now();
  let lastLog = loadStarted;
  for (const [day, { start, weight }] of days.entries()) {
    const isToday = day === DAYS - 1;
    const count = Math.round((salesTotal * weight) / weightTotal);
    // Two shifts a till and day: the early one until 15:00 local time, the late one after.
    const split = start + 15 * 3_600_000;
    const sales = new Map();
    for (let k = 0; k < count; k += 1) {
      const at = start + pickHour() * 3_600_000 + Math.floor(random() * 3_600_000);
      if (at > now - 60_000) continue;
      const pool = elsewhere.length === 0 || random() < 0.75 ? atFirst : elsewhere;
      const register = pool[Math.floor(random() * pool.length)];
      const shifts = sales.get(register) ?? [[], []];
      shifts[at < split ? 0 : 1].push(at);
      sales.set(register, shifts);
    }
    for (const [r, shifts] of sales) {
      for (const [n, times] of shifts.entries()) {
        if (times.length === 0) continue;
        times.sort((a, b) => a - b);
        const open = Math.max(n === 0 ? start : split, times[0] - 15 * 60_000);
        const end = n === 0 ? split - 1 : start + DAY_MS - 1;
        const close = Math.min(now - 1, end, Math.max(times[times.length - 1] + 10 * 60_000, open + 1));
        r.events.push(r.register.openShift(open));
        const payOutAt = random() < 0.3 ? times[Math.floor(random() * times.length)] : null;
        for (const at of times) {
          r.events.push(r.register.sale(at));
          if (r.register.wantsRefund()) {
            const refund = r.register.refund(Math.min(at + 60_000, close - 1));
            if (refund) r.events.push(refund);
          }
          if (payOutAt === at) r.events.push(r.register.cashMovement(Math.min(at + 30_000, close - 1)));
        }
        // Today's last shifts are still open: the shop is trading.
        if (!(isToday && close >= now - 60_000)) r.events.push(r.register.closeShift(close));
      }
    }
    pending += 1;
    if (pending >= DAYS_PER_COMMIT || isToday) await flush();
    if (performance.now() - lastLog > 30_000 || isToday) {
      lastLog = performance.now();
      const s = (lastLog - loadStarted) / 1000;
      log(`day ${day + 1}/${DAYS}: ${receipts} receipts, ${Math.round(receipts / s)}/s`);
    }
  }
  for (const r of registers) {
    await db
      .updateTable('terminals')
      .set({ last_seen_at: now, last_sync_at: now })
      .where('id', '=', r.terminal.id)
      .execute();
  }
  const seconds = (performance.now() - loadStarted) / 1000;
  return {
    reused: false,
    receipts,
    events,
    locations,
    terminals: terminals.length,
    seconds: round(seconds),
    receiptsPerSecond: Math.round(receipts / seconds),
    writeSeconds: round(writeMs / 1000),
    daysPerCommit: DAYS_PER_COMMIT,
    ingestBatch: INGEST_BATCH,
  };
}

// ------------------------------------------------------------------------------------------------
// 2. Measure

function startServer() {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'bench/reports-serve.mjs'), DATA_DIR],
      {
        cwd: path.join(repoRoot, 'bench'),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, DATABASE_URL: DATABASE_URL ?? '' },
      },
    );
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
    child.on('exit', (code) => reject(new Error(`reports server exited (${code}) before it was ready:\n${out}`)));
  });
}

const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);
const TARGETS = { report: 300, list: 50, overview: 100 };

async function measure() {
  const server = await startServer();
  try {
    const session = await BackofficeSession.signIn(server.url, OWNER.email, OWNER.password);
    const get = (p) => session.request('GET', p);
    const timed = async (p) => {
      const t0 = performance.now();
      const body = await get(p);
      return { ms: performance.now() - t0, body };
    };
    // The last full year: the 365 days before today (the server's clock; the company's days).
    const today = Date.now();
    const year = `period=custom&from=${isoDate(today - 365 * DAY_MS)}&to=${isoDate(today - DAY_MS)}`;
    const R = '/api/backoffice/reports';
    const first = await get(`${R}/transactions?${year}&pageSize=50`);
    const total = first.total ?? first.count ?? first.rows?.length ?? 0;
    const lastPage = Math.max(1, Math.ceil(total / 50));
    const deepPage = Math.max(1, Math.floor(lastPage / 2));
    const receiptId = first.rows?.[0]?.id;
    const card = (first.paymentTypes ?? []).find((p) => /card/i.test(p)) ?? first.paymentTypes?.[0];
    const till = first.terminals?.[0];
    const customer = first.rows?.find((r) => r.customer)?.customer;
    // A part of a customer's name, as someone types it.
    const namePart = customer ? customer.split(' ')[0].slice(0, 5).toLowerCase() : null;
    const deepNumber = (await get(`${R}/transactions?${year}&pageSize=1&page=${Math.max(1, Math.floor(total / 2))}`))
      .rows?.[0]?.number;
    const closings = await get(`${R}/closings?${year}`);
    const shiftId = closings.rows?.[0]?.id;
    const cases = [
      ['sales_per_day (by day)', `${R}/sales_per_day?${year}&group=day`, 'report'],
      ['sales_per_day (by month)', `${R}/sales_per_day?${year}&group=month`, 'report'],
      ['sales summary', `${R}/sales?${year}`, 'report'],
      ['sales summary, compared with the year before', `${R}/sales?${year}&compare=1`, 'report'],
      ['item_sales', `${R}/item_sales?${year}`, 'report'],
      ['taxes', `${R}/taxes?${year}`, 'report'],
      ['closings (first page)', `${R}/closings?${year}`, 'report'],
      ['cash_movements (first page)', `${R}/cash_movements?${year}`, 'report'],
      ['stock_movements (first page)', `${R}/stock_movements?${year}`, 'report'],
      ["transactions: first page of 50 (with the year's sums)", `${R}/transactions?${year}&pageSize=50`, 'list'],
      [
        `transactions: deep page ${deepPage} of ${lastPage}`,
        `${R}/transactions?${year}&pageSize=50&page=${deepPage}`,
        'list',
      ],
      [`transactions: last page ${lastPage}`, `${R}/transactions?${year}&pageSize=50&page=${lastPage}`, 'list'],
      [`transactions: only refunds, first page`, `${R}/transactions?${year}&pageSize=50&kind=refund`, 'list'],
      [
        `transactions: paid by ${card}, first page`,
        card ? `${R}/transactions?${year}&pageSize=50&payment=${encodeURIComponent(card)}` : null,
        'list',
      ],
      [
        `transactions: till ${till?.name}, first page`,
        till ? `${R}/transactions?${year}&pageSize=50&terminal=${till.id}` : null,
        'list',
      ],
      [
        `transactions: till ${till?.name} paid by ${card}, first page`,
        till && card
          ? `${R}/transactions?${year}&pageSize=50&terminal=${till.id}&payment=${encodeURIComponent(card)}`
          : null,
        'list',
      ],
      [
        `transactions: search "${namePart}" (a customer's name), first page`,
        namePart ? `${R}/transactions?${year}&pageSize=50&search=${encodeURIComponent(namePart)}` : null,
        'list',
      ],
      [
        `transactions: search a receipt number (${deepNumber})`,
        deepNumber ? `${R}/transactions?${year}&pageSize=50&search=${deepNumber}` : null,
        'list',
      ],
      ['transactions: a receipt', receiptId ? `${R}/transactions/${receiptId}` : null, 'list'],
      ['closings: a shift', shiftId ? `${R}/closings/${shiftId}` : null, 'list'],
      ['overview (computed, not shared)', '/api/backoffice/overview', 'overview'],
    ];
    const rows = [];
    for (const [name, url, kind] of cases) {
      if (!url) continue;
      const samples = [];
      let error = null;
      try {
        // The overview is computed once a second and shared: a pause makes every run compute it.
        const pause = kind === 'overview' ? () => new Promise((r) => setTimeout(r, 1_050)) : async () => {};
        await pause();
        await timed(url); // warm-up
        for (let i = 0; i < RUNS; i += 1) {
          await pause();
          samples.push((await timed(url)).ms);
        }
      } catch (err) {
        error = String(err.message).split('\n')[0];
      }
      const row = {
        name,
        url: url.replace(/\?.*$/, '') + (url.includes('?') ? `?${url.split('?')[1]}` : ''),
        kind,
        target: TARGETS[kind],
        medianMs: round(median(samples)),
        p90Ms: round(quantile(samples, 0.9)),
        maxMs: round(samples.length ? Math.max(...samples) : null),
        runs: samples.length,
        error,
      };
      row.met = error == null && row.medianMs < row.target;
      rows.push(row);
      log(`${name}: median ${row.medianMs} ms, p90 ${row.p90Ms} ms${error ? ` (${error})` : ''}`);
    }
    return { period: year, transactionsInYear: total, rows };
  } finally {
    server.child.kill('SIGTERM');
  }
}

async function main() {
  log(
    `--scale ${SCALE} --db ${DB}; host ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const file = path.join(repoRoot, `bench/results-reports-${DB}.json`);
  let loaded = args['measure-only'] ? null : await load();
  if (args['load-only']) {
    if (loaded && !loaded.reused) {
      writeFileSync(
        file,
        `${JSON.stringify({ date: new Date().toISOString(), db: DB, scale: SCALE, load: loaded }, null, 2)}\n`,
      );
    }
    return;
  }
  // A reused database: the figures of the run that loaded it, when this machine has them.
  if (!loaded || loaded.reused) {
    try {
      const before = JSON.parse(readFileSync(file, 'utf8'));
      if (before.db === DB && before.scale === SCALE && before.load && !before.load.reused) loaded = before.load;
    } catch {
      // none
    }
  }
  const result = {
    date: new Date().toISOString(),
    db: DB,
    scale: SCALE,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      loadavgAtStart: os.loadavg(),
      node: process.version,
    },
    config: { runs: RUNS, years: Number(args.years) },
    load: loaded,
    receipts: loaded?.receipts ?? null,
  };
  result.measure = await measure();
  if (args.baseline) {
    const before = JSON.parse(readFileSync(path.resolve(args.baseline), 'utf8'));
    result.baseline = { file: args.baseline, receipts: before.receipts ?? before.scale, rows: before.measure.rows };
  }
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\n${reportTable(result)}`);
  log(`wrote ${path.relative(repoRoot, file)}`);
}

main()
  .then(() => {
    if (DB === 'postgres') rmSync(DATA_DIR, { recursive: true, force: true });
  })
  .catch((err) => {
    console.error(`reports bench failed: ${err.stack || err.message}`);
    process.exit(1);
  });
