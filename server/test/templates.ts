import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp, type CreateAppOptions } from '../src/app';

/*
 * Seeded databases to copy instead of seeding each test server afresh (a demo with 90 days of sales
 * costs ~20 s on SQLite and ~35 s on PostgreSQL; a copy costs well under a second). Used when the
 * runner (test/run.mjs) sets HIVE_TEST_TEMPLATES to a folder of its own run: the first test server of
 * a kind seeds the template under a lock (a folder made with mkdir), every other one copies it, in
 * any process. A SQLite template is a file; a PostgreSQL one a database that each server copies with
 * CREATE DATABASE ... TEMPLATE. The copy is the database the server would have seeded itself: the
 * server still migrates and seeds it on start, which finds everything there.
 */

/** The options a template may differ in; anything else that shapes the seed rules templates out. */
export interface TemplateKind {
  seedDemo: boolean;
  seedDemoSales: boolean;
}

/** Options that change what start-up writes: a server given any of them seeds its own database. */
const SHAPES_THE_SEED: (keyof CreateAppOptions)[] = [
  'databaseUrl',
  'databaseSchema',
  'dataDir',
  'nodeEnv',
  'now',
  'scryptCost',
  'onScrypt',
  'allowDemoAccounts',
  'secret',
];

export function templatesRoot(): string | undefined {
  return process.env.HIVE_TEST_TEMPLATES?.trim() || undefined;
}

/** The template a server with these overrides can start from, or undefined. */
export function templateKind(overrides: Partial<CreateAppOptions>): TemplateKind | undefined {
  if (!templatesRoot()) return undefined;
  if (SHAPES_THE_SEED.some((key) => overrides[key] !== undefined)) return undefined;
  return { seedDemo: overrides.seedDemo ?? true, seedDemoSales: overrides.seedDemoSales ?? false };
}

function kindName(kind: TemplateKind): string {
  return kind.seedDemo ? (kind.seedDemoSales ? 'demo_sales' : 'demo') : 'empty';
}

const WAIT_MS = 10 * 60_000;

/**
 * Runs `make` once per run for `name`: the first caller creates the folder and makes the template;
 * the others wait for its `ready` mark. Returns false when the maker failed (each server then seeds
 * its own database, and the maker's error shows in its own test).
 */
async function once(name: string, make: (dir: string) => Promise<void>): Promise<boolean> {
  const dir = path.join(templatesRoot()!, name);
  const ready = path.join(dir, 'ready');
  const failed = path.join(dir, 'failed');
  try {
    await fs.mkdir(dir, { recursive: false });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const until = Date.now() + WAIT_MS;
    for (;;) {
      if (await exists(ready)) return true;
      if ((await exists(failed)) || Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    await make(dir);
    await fs.writeFile(ready, '');
    return true;
  } catch (error) {
    await fs.writeFile(failed, String((error as Error).stack ?? error));
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Seeds a database with the options every test server shares, then closes it. */
async function seed(base: Partial<CreateAppOptions>, kind: TemplateKind, db: Partial<CreateAppOptions>): Promise<void> {
  const app = await createApp({ ...base, ...db, seedDemo: kind.seedDemo, seedDemoSales: kind.seedDemoSales });
  await app.close();
}

/** A copy of the SQLite template at `file`, or false when there is none. */
export async function copySqliteTemplate(
  base: Partial<CreateAppOptions>,
  kind: TemplateKind,
  file: string,
): Promise<boolean> {
  const name = `sqlite_${kindName(kind)}`;
  const template = path.join(templatesRoot()!, name, 'template.sqlite');
  const ok = await once(name, (dir) => seed(base, kind, { dataDir: dir, databaseUrl: `sqlite:${template}` }));
  if (!ok) return false;
  // Closing the last connection checkpointed the WAL into the file: the file alone is the database.
  await fs.copyFile(template, file);
  return true;
}

/** The URL with another database name. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** One short-lived connection for administrative statements (create, drop). */
export async function withPgClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Every database of a run is named after it, so the runner drops what a killed process left. */
export function runId(): string {
  return path
    .basename(templatesRoot()!)
    .split('-')
    .pop()!
    .replace(/[^a-z0-9]/g, '');
}

export const TEMPLATE_SCHEMA = 'hive_test';

/**
 * A fresh database copied from the PostgreSQL template (seeded on first use), with the cleanup that
 * drops it; undefined when there is no template.
 */
export async function copyPostgresTemplate(
  base: Partial<CreateAppOptions>,
  kind: TemplateKind,
  url: string,
): Promise<{ databaseUrl: string; drop(): Promise<void> } | undefined> {
  const template = `hive_tpl_${runId()}_${kindName(kind)}`;
  const ok = await once(`postgres_${kindName(kind)}`, async () => {
    await withPgClient(url, (c) => c.query(`create database "${template}"`));
    await seed(base, kind, { databaseUrl: withDatabase(url, template), databaseSchema: TEMPLATE_SCHEMA });
  });
  if (!ok) return undefined;
  const copy = `hive_t_${runId()}_${randomBytes(5).toString('hex')}`;
  await withPgClient(url, async (c) => {
    // Another copy being made from the same template can hold it for a moment (55006): try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`create database "${copy}" template "${template}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
  return {
    databaseUrl: withDatabase(url, copy),
    drop: () => dropWhenFree(url, copy),
  };
}

/**
 * Drops a copy once its server's connections are gone. It never forces: a connection some test
 * still holds (a LISTEN client closing late) would die mid-test. A copy still in use after a few
 * seconds is left to the runner, which drops the run's databases when every file has finished.
 */
async function dropWhenFree(url: string, database: string): Promise<void> {
  await withPgClient(url, async (c) => {
    for (let attempt = 0; attempt < 30; attempt++) {
      try {
        await c.query(`drop database if exists "${database}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006') throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
}
