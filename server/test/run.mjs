// `npm test -w server`: the integration tests, several files at a time, each server starting from a
// copy of a once-seeded database (test/templates.ts) instead of seeding its own. The files run
// compiled: esbuild bundles each with our sources (server + @hive/shared) in a second, in place of
// tsx compiling and loading ~300 modules through loader hooks in every test process (~2 s and ~3 s
// of CPU per file). A single file still runs as written: node --import tsx --test src/modules/<m>/x.test.ts
//   TEST_DB=sqlite|postgres   one database only (the root runner runs the two side by side)
//   TEST_CONCURRENCY=N        files at a time (default 2)
//   further arguments         test files (default: every *.test.ts under test/ and src/)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.dirname(here);
const id = randomBytes(5).toString('hex');
const templates = path.join(os.tmpdir(), `hive-tpl-${id}`);
mkdirSync(templates, { recursive: true });

const files = process.argv.slice(2);
// Tests sit beside what they test (src/modules/<name>/, src/platform/<name>/, ...); test/ holds the
// shared harness and the tests of the app as a whole.
const testsUnder = (dir) =>
  readdirSync(path.join(serverDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return testsUnder(rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
const targets = files.length ? files : [...testsUnder('test'), ...testsUnder('src')].sort();
// A file that uses no database target runs in the SQLite run only (in-file suites of that kind skip
// themselves under TEST_DB=postgres: ONCE in helpers.ts).
const usesDatabase = (file) =>
  /databaseTargets|oneDatabase|TEST_DATABASE_URL/.test(readFileSync(path.join(serverDir, file), 'utf8'));
if (process.env.TEST_DB === 'postgres' && !files.length)
  targets.splice(0, targets.length, ...targets.filter(usesDatabase));
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);

// Inside server/, so the bundles find node_modules as the sources do; one folder per run, so the
// SQLite and PostgreSQL runs can overlap.
const bundleDir = path.join(serverDir, '.test-bundle', id);
const bundles = await bundleTests(targets);
const child = spawn(
  process.execPath,
  ['--enable-source-maps', '--test', `--test-concurrency=${concurrency}`, ...bundles],
  {
    cwd: serverDir,
    stdio: 'inherit',
    env: { ...process.env, HIVE_TEST_TEMPLATES: templates },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));

rmSync(templates, { recursive: true, force: true });
rmSync(bundleDir, { recursive: true, force: true });
// The run's PostgreSQL databases (templates, and copies a killed test left) are named after it.
const url = process.env.TEST_DATABASE_URL?.trim();
if (url && process.env.TEST_DB !== 'sqlite') {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query(
      `select datname from pg_database where datname like 'hive\\_tpl\\_${id}\\_%' or datname like 'hive\\_t\\_${id}\\_%'`,
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
  } catch (error) {
    console.error(`Could not drop the run's databases: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
process.exit(code);

/**
 * One ESM bundle per test file, their common code in shared chunks; npm packages stay imports.
 * `import.meta.url` keeps naming the source file, since tests and config.ts find files beside theirs.
 */
async function bundleTests(testFiles) {
  // Named after the file's path, so two folders' tests of one name stay apart.
  const entryPoints = Object.fromEntries(
    testFiles.map((f) => [path.relative(serverDir, path.resolve(f)).replace(/\.ts$/, '').replaceAll(path.sep, '~'), f]),
  );
  await build({
    absWorkingDir: serverDir,
    entryPoints,
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'test-sources',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@hive/shared') || args.path.startsWith('@hive/register-sdk')
              ? undefined
              : { path: args.path, external: true },
          );
          b.onLoad({ filter: /\.tsx?$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(args.path).href),
            ),
            loader: args.path.endsWith('x') ? 'tsx' : 'ts',
          }));
        },
      },
    ],
  });
  return Object.keys(entryPoints).map((name) => path.join(bundleDir, `${name}.mjs`));
}
