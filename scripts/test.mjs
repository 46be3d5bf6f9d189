// `npm test`: typecheck, lint, unit tests, server integration tests (SQLite, and PostgreSQL when
// TEST_DATABASE_URL is set), development compile, production build, byte budgets, e2e (the main run,
// version skew, and scale-out when PostgreSQL and nginx are there). docs/testing.md has the profile.
//
//   npm test                  everything CI runs
//   npm test -- quick         the inner loop: typecheck, lint, unit, server on SQLite
//   npm test -- <step> ...    the named steps only (server = both databases, e2e = e2e + skew + scale-out)
//
// Steps run side by side as far as the machine's cores go (TEST_CORES), each step's output kept and
// printed whole when it ends (and in .test-results/<step>.log). Ends with one line `N passed, N failed`
// summing every test runner.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './apps.mjs';

const results = path.join(repoRoot, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const npx = (bin) => path.join(repoRoot, 'node_modules/.bin', bin);
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const postgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

/** Runs a command with its output into `log`; resolves to its exit code and output. */
function run(cmd, args, log, { cwd = repoRoot, env = {} } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (d) => {
      out += d;
      log.write(d);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('close', (code) => resolve({ code: code ?? 1, out }));
  });
}

/** Jest's JSON report: its counts (a missing report counts as one failure). */
function countJest(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0) };
}

/** A node:test run's `pass N` / `fail N` summary lines (a failed run without one counts as one failure). */
function countNodeTests({ code, out }) {
  const pass = [...out.matchAll(/^[ℹ#] pass (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  const fail = [...out.matchAll(/^[ℹ#] fail (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  return { passed: pass, failed: fail + (code !== 0 && fail === 0 ? 1 : 0) };
}

/** A Playwright JSON report's counts (a missing report counts as one failure). */
function countPlaywright(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const s = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0 };
}

const counted = (counts, code) => ({ ok: code === 0 && counts.failed === 0, ...counts });
const plain = ({ code }) => ({ ok: code === 0, passed: 0, failed: 0 });

/** A Playwright run of one of e2e/'s configs. */
const playwright = (name, config) => async (log) => {
  const out = path.join(results, `${name}.json`);
  const { code } = await run(npx('playwright'), ['test', '--config', config], log, {
    cwd: path.join(repoRoot, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  return counted(countPlaywright(out), code);
};

/** A server run on one database (server/test/run.mjs), as many files at a time as it has cores. */
const serverRun = (db) => async (log, cores) => {
  const r = await run('npm', ['test', '-s', '-w', 'server'], log, {
    env: { TEST_DB: db, TEST_CONCURRENCY: String(cores) },
  });
  return counted(countNodeTests(r), r.code);
};

/**
 * The steps, in the order they start. `cores`: what a step keeps busy (2: it runs its own work in
 * parallel: two Jest workers, two server test files, two Playwright workers, webpack's four apps);
 * steps start while their cores fit in the machine's (TEST_CORES, default: this machine's), so two
 * one-core steps share a two-core machine and a two-core step runs alone: more at once only slows
 * each (a run that put the e2e and the PostgreSQL server tests side by side took longer than the two
 * one after the other). `after`: steps that must have passed first; `serial`: never beside another
 * serial step (the e2e runs: servers on fixed ports).
 */
const STEPS = [
  { name: 'build', cores: 2, run: async (log) => plain(await run('node', ['scripts/build.mjs'], log)) },
  // Every app compiles in development mode (npm run dev) with no error and no warning; and the build
  // scripts' own tests and the dependency rules' (scripts/depcruise-layers.test.mjs for the front ends,
  // scripts/depcruise-server.test.mjs for the server's folder kinds).
  {
    name: 'dev',
    cores: 1,
    run: async (log) => {
      const r = await run(
        'node',
        [
          '--test',
          'tools/webpack/dev-compile.test.mjs',
          'scripts/skew-build.test.mjs',
          'scripts/depcruise-layers.test.mjs',
          'scripts/depcruise-server.test.mjs',
        ],
        log,
      );
      return counted(countNodeTests(r), r.code);
    },
  },
  { name: 'typecheck', cores: 1, run: async (log) => plain(await run('npm', ['run', '-s', 'typecheck'], log)) },
  // After `dev`: the remotes' standalone dev servers start from the webpack cache it leaves.
  { name: 'e2e', cores: 2, after: ['build', 'dev'], serial: true, run: playwright('e2e', 'playwright.config.ts') },
  // Today's shell against the released remotes (releases.json) and the reverse, and the incompatible
  // contract; its servers build what the cache (scripts/skew-build.mjs: ~/.cache/hive-pos/skew) lacks.
  // skew and scale-out drive one browser against a few servers, mostly waiting on the network: one
  // core each, so they run beside the one-core checks (typecheck, lint) while the e2e waits for its
  // two cores, instead of one after the other behind it (about a minute off the suite).
  { name: 'skew', cores: 1, after: ['build'], serial: true, run: playwright('e2e-skew', 'skew.config.ts') },
  // Two instances on PostgreSQL behind nginx (e2e/scale-out.config.ts, docs/deploy.md).
  {
    name: 'scale-out',
    cores: 1,
    after: ['build'],
    serial: true,
    skip: !postgres || !existsSync(nginx) ? 'needs TEST_DATABASE_URL and nginx' : undefined,
    run: playwright('e2e-scale-out', 'scale-out.config.ts'),
  },
  {
    name: 'server-postgres',
    cores: 2,
    skip: postgres ? undefined : 'needs TEST_DATABASE_URL',
    run: serverRun('postgres'),
  },
  { name: 'server-sqlite', cores: 2, run: serverRun('sqlite') },
  {
    name: 'unit',
    cores: 2,
    run: async (log, cores) => {
      const out = path.join(results, 'jest.json');
      const { code } = await run(npx('jest'), ['--ci', `--maxWorkers=${cores}`, '--json', `--outputFile=${out}`], log);
      return counted(countJest(out), code);
    },
  },
  { name: 'lint', cores: 1, run: async (log) => plain(await run('npm', ['run', '-s', 'lint'], log)) },
  // Byte budgets of the production build against the monolith (built here when stale).
  {
    name: 'budgets',
    cores: 1,
    after: ['build'],
    run: async (log) => plain(await run('node', ['bench/budgets.mjs'], log)),
  },
];

const GROUPS = {
  quick: ['typecheck', 'lint', 'unit', 'server-sqlite'],
  server: ['server-sqlite', 'server-postgres'],
  e2e: ['build', 'dev', 'e2e', 'skew', 'scale-out'],
};
const args = process.argv.slice(2);
for (const a of args) {
  if (!GROUPS[a] && !STEPS.some((s) => s.name === a)) {
    console.error(
      `Unknown step "${a}". Steps: ${STEPS.map((s) => s.name).join(', ')}; groups: ${Object.keys(GROUPS).join(', ')}.`,
    );
    process.exit(2);
  }
}
const wanted = new Set(args.flatMap((a) => GROUPS[a] ?? [a]));
const steps = STEPS.filter((s) => !args.length || wanted.has(s.name));
// A step named alone runs without its prerequisites (e.g. `skew` after an earlier `npm run build`).
for (const s of steps) s.after = (s.after ?? []).filter((dep) => steps.some((o) => o.name === dep));

const machineCores = Math.max(1, Number(process.env.TEST_CORES ?? os.availableParallelism()));
const coresOf = (s) => Math.min(s.cores, machineCores);
const totals = { passed: 0, failed: 0 };
const failedSteps = [];
const state = new Map(steps.map((s) => [s.name, 'waiting']));
const timings = [];
const started = Date.now();
const clock = () => `${String(Math.round((Date.now() - started) / 1000)).padStart(5)} s`;

async function execute(s) {
  state.set(s.name, 'running');
  const t0 = Date.now();
  console.log(`[${clock()}] ${s.name}: started`);
  const logFile = path.join(results, `${s.name}.log`);
  const log = createWriteStream(logFile);
  let r;
  try {
    r = await s.run(log, coresOf(s));
  } catch (error) {
    log.write(String(error?.stack ?? error));
    r = { ok: false, passed: 0, failed: 1 };
  }
  await new Promise((resolve) => log.end(resolve));
  const seconds = (Date.now() - t0) / 1000;
  timings.push([s.name, seconds]);
  totals.passed += r.passed;
  totals.failed += r.failed;
  if (!r.ok) failedSteps.push(s.name);
  state.set(s.name, r.ok ? 'passed' : 'failed');
  console.log(`\n=== ${s.name} ===`);
  process.stdout.write(readFileSync(logFile, 'utf8'));
  const counts = r.passed || r.failed ? `, ${r.passed} passed, ${r.failed} failed` : '';
  console.log(`=== ${s.name}: ${r.ok ? 'ok' : 'FAILED'} (${seconds.toFixed(0)} s${counts})`);
  console.log(`[${clock()}] ${s.name}: ${r.ok ? 'ok' : 'FAILED'}`);
}

await new Promise((done) => {
  const running = new Set();
  const pump = () => {
    for (const s of steps) {
      if (state.get(s.name) !== 'waiting') continue;
      if (s.skip) {
        state.set(s.name, 'skipped');
        console.log(`[${clock()}] ${s.name}: skipped (${s.skip})`);
        continue;
      }
      const deps = s.after.map((d) => state.get(d));
      if (deps.some((d) => d === 'failed' || d === 'not run')) {
        state.set(s.name, 'not run');
        failedSteps.push(`${s.name} (not run: ${s.after.join(', ')} failed)`);
        totals.failed += 1;
        continue;
      }
      if (deps.some((d) => d !== 'passed' && d !== 'skipped')) continue;
      const busy = [...running].reduce((n, r) => n + coresOf(r), 0);
      if (busy + coresOf(s) > machineCores) continue;
      if (s.serial && [...running].some((r) => r.serial)) continue;
      running.add(s);
      execute(s).then(() => {
        running.delete(s);
        pump();
      });
    }
    if (running.size === 0) done();
  };
  pump();
});

console.log(
  '\nStep times (s): ' + timings.map(([n, t]) => `${n} ${t.toFixed(0)}`).join(', ') + `; wall ${clock().trim()}`,
);
console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
