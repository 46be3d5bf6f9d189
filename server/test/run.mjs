// `npm test -w server`: the integration tests, several files at a time, each server starting from a
// copy of a once-seeded database (test/templates.ts) instead of seeding its own.
//   TEST_DB=sqlite|postgres   one database only (the root runner runs the two side by side)
//   TEST_CONCURRENCY=N        files at a time (default 2)
//   further arguments         test files (default: every test/*.test.ts)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.dirname(here);
const id = randomBytes(5).toString('hex');
const templates = path.join(os.tmpdir(), `hive-tpl-${id}`);
mkdirSync(templates, { recursive: true });

const files = process.argv.slice(2);
const targets = files.length
  ? files
  : readdirSync(here)
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => path.join('test', f));
// A file that uses no database target runs in the SQLite run only (in-file suites of that kind skip
// themselves under TEST_DB=postgres: ONCE in helpers.ts).
const usesDatabase = (file) =>
  /databaseTargets|oneDatabase|TEST_DATABASE_URL/.test(readFileSync(path.join(serverDir, file), 'utf8'));
if (process.env.TEST_DB === 'postgres' && !files.length)
  targets.splice(0, targets.length, ...targets.filter(usesDatabase));
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 2);

const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...targets], {
  cwd: serverDir,
  stdio: 'inherit',
  env: { ...process.env, HIVE_TEST_TEMPLATES: templates },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));

rmSync(templates, { recursive: true, force: true });
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
