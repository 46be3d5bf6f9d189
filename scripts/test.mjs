// `npm test`: typecheck, lint, unit tests, server integration tests, development compile, production build,
// byte budgets, e2e.
// Ends with one line `N passed, N failed` summing every test runner.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './apps.mjs';

const results = path.join(repoRoot, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0 };
const failedSteps = [];

function run(cmd, args, { cwd = repoRoot, env = {}, capture = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: capture ? ['ignore', 'pipe', 'inherit'] : 'inherit',
    });
    let out = '';
    if (capture) {
      child.stdout.on('data', (d) => {
        out += d;
        process.stdout.write(d);
      });
    }
    child.on('exit', (code) => resolve({ code: code ?? 1, out }));
  });
}

async function step(name, fn) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const ok = await fn();
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  if (!ok) failedSteps.push(name);
}

const npx = (bin) => path.join(repoRoot, 'node_modules/.bin', bin);

await step('typecheck', async () => (await run('npm', ['run', '-s', 'typecheck'])).code === 0);
await step('lint', async () => (await run('npm', ['run', '-s', 'lint'])).code === 0);

await step('unit', async () => {
  const out = path.join(results, 'jest.json');
  const { code } = await run(npx('jest'), ['--ci', '--json', `--outputFile=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  } else totals.failed += 1;
  return code === 0;
});

/** Adds a node:test run's `pass N` / `fail N` summary lines to the totals. */
function countNodeTests({ code, out }) {
  const pass = [...out.matchAll(/^[ℹ#] pass (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  const fail = [...out.matchAll(/^[ℹ#] fail (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0);
  totals.passed += pass;
  totals.failed += fail + (code !== 0 && fail === 0 ? 1 : 0);
  return code === 0;
}

await step('server', async () => countNodeTests(await run('npm', ['test', '-s', '-w', 'server'], { capture: true })));

// Every app compiles in development mode (npm run dev) with no error and no warning.
await step('dev', async () =>
  countNodeTests(await run('node', ['--test', 'tools/webpack/dev-compile.test.mjs'], { capture: true })),
);

await step('build', async () => (await run('node', ['scripts/build.mjs'])).code === 0);

// Byte budgets of the production build against the monolith (bench/budgets.mjs builds the monolith if
// stale); a budget exceeded fails the run.
await step('budgets', async () => (await run('node', ['bench/budgets.mjs'])).code === 0);

/** Adds a Playwright JSON report's counts to the totals (a missing report counts as one failure). */
function countPlaywright(out) {
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
    totals.failed += s.unexpected ?? 0;
  } else totals.failed += 1;
}

/**
 * The version-skew run (e2e/skew.config.ts): today's shell against the released remotes
 * (releases.json) and the reverse, and the incompatible-contract fixture. Its servers build what the
 * cache (node_modules/.cache/hive-skew) lacks. Needs today's production build.
 */
async function skewRun() {
  console.log("\nVersion-skew e2e: today's shell and the released remotes, and the reverse");
  const out = path.join(results, 'e2e-skew.json');
  const { code } = await run(npx('playwright'), ['test', '--config', 'skew.config.ts'], {
    cwd: path.join(repoRoot, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  countPlaywright(out);
  return code === 0;
}

// The e2e tests, then the version-skew run, then the scale-out run (two instances on PostgreSQL behind nginx,
// e2e/scale-out.config.ts) when a PostgreSQL server and nginx are there, as in CI.
await step('e2e', async () => {
  const out = path.join(results, 'e2e.json');
  const { code } = await run('npm', ['test', '-s', '-w', 'e2e'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
  countPlaywright(out);
  const skewOk = await skewRun();
  const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
  if (!process.env.TEST_DATABASE_URL?.trim() || !existsSync(nginx)) {
    const missing = [
      !process.env.TEST_DATABASE_URL?.trim() && 'TEST_DATABASE_URL',
      !existsSync(nginx) && `nginx (${nginx})`,
    ];
    console.log(`\nScale-out e2e skipped: needs ${missing.filter(Boolean).join(' and ')}.`);
    return code === 0 && skewOk;
  }
  console.log('\nScale-out e2e: two instances on PostgreSQL behind nginx');
  const scaleOut = path.join(results, 'e2e-scale-out.json');
  const second = await run(npx('playwright'), ['test', '--config', 'scale-out.config.ts'], {
    cwd: path.join(repoRoot, 'e2e'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: scaleOut },
  });
  countPlaywright(scaleOut);
  return code === 0 && skewOk && second.code === 0;
});

// `node scripts/test.mjs skew`: the version-skew run alone (after `npm run build`); `npm test` runs it
// in the e2e step above.
if (only.includes('skew')) await step('skew', skewRun);

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
