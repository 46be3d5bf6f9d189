import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type LogEvent,
  type MigrationProvider,
  type SqliteDatabase,
} from 'kysely';
import { ConfigError } from '../config';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://...`, `sqlite:<file>` / `file:<file>`, or undefined for `<dataDir>/hive.sqlite`. */
  url?: string;
  dataDir: string;
  /** PostgreSQL only: a schema to create and put first on the search_path (tests use one per run). */
  schema?: string;
}

/** An open database; `DB` is the app's table types (the composition root's `Database`). */
export interface DatabaseHandle<DB> {
  db: Kysely<DB>;
  dialect: DialectName;
  /** Human-readable location for the start-up log, never the password. */
  describe: string;
  /** PostgreSQL only: the pool under Kysely (the rate-limit store shares it). */
  pgPool?: pg.Pool;
  /**
   * Runs `fn` while holding the start-up lock: one instance at a time migrates and seeds, so two
   * instances starting together on one database never collide.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  /** True when this start created the database (an empty SQLite file it made itself). */
  created: boolean;
  destroy(): Promise<void>;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function resolveTarget(options: DatabaseOptions): { dialect: DialectName; location: string } {
  const url = options.url?.trim();
  if (!url) return { dialect: 'sqlite', location: path.join(options.dataDir, 'hive.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', location: url };
  const file = url.replace(/^(sqlite|file):(\/\/)?/i, '');
  if (file !== url && file.length > 0) return { dialect: 'sqlite', location: path.resolve(file) };
  throw new ConfigError(
    'DATABASE_URL must be a postgres:// URL or sqlite:<file>; leave it unset to use the embedded SQLite file in DATA_DIR.',
  );
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable)';
  }
}

// int8 (BIGINT, and COUNT(*)) arrives as a string by default; our BIGINTs are epoch millis, well
// inside Number's safe range. Set per pool so other pg users in the process are unaffected.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs more than running a
 * simple indexed lookup. Statements are reused by SQL text (parameters are bound per run); a
 * statement still being iterated is never handed out twice. Bounded, least recently used out.
 */
export function reusingStatements(sqlite: BetterSqlite3.Database, max = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(text) {
      const cached = statements.get(text);
      if (cached && !cached.busy) {
        statements.delete(text);
        statements.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        statements.set(text, statement);
        if (statements.size > max) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

const damaged = (file: string, reason: string) =>
  new ConfigError(
    `The database file ${file} is damaged (${reason}). Stop every server using it, restore it from a backup (see README.md, "Backups"), or move it away to start a fresh install.`,
  );

/**
 * Opens the SQLite file and checks it before anything trusts it: the header must read and
 * `PRAGMA quick_check` must say ok. A file that existed but holds no tables (a 0-byte file left by
 * a failed copy, say) is refused rather than silently turned into a fresh install.
 */
function openSqliteFile(file: string): { sqlite: BetterSqlite3.Database; created: boolean } {
  const existed = fs.existsSync(file);
  let sqlite: BetterSqlite3.Database | undefined;
  try {
    // Checked before anything writes to the file (setting WAL mode writes a header).
    sqlite = new BetterSqlite3(file);
    sqlite.pragma('busy_timeout = 5000');
    const tables = sqlite.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as {
      n: number;
    };
    if (existed && tables.n === 0) {
      throw new ConfigError(
        `The database file ${file} exists but holds no data (it may be empty or truncated). Restore it from a backup, or move it away to start a fresh install; it is never re-seeded in place.`,
      );
    }
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw damaged(file, `quick_check: ${String(check).split('\n')[0]}`);
    // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    return { sqlite, created: !existed };
  } catch (error) {
    sqlite?.close();
    if (error instanceof ConfigError) throw error;
    throw damaged(file, error instanceof Error ? error.message : String(error));
  }
}

/**
 * A lock across processes for the start-up work on one SQLite file: an exclusive transaction on a
 * lock file beside it (never on the database itself, whose connection Kysely needs meanwhile).
 * A second instance waits here until the first has migrated and seeded. It polls rather than
 * letting SQLite's busy handler block the event loop, so two starts in one process work as well.
 */
const STARTUP_LOCK_TIMEOUT_MS = 120_000;

function sqliteStartupLock(file: string) {
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    const lock = new BetterSqlite3(`${file}.startup-lock`);
    try {
      lock.pragma('busy_timeout = 0');
      const deadline = Date.now() + STARTUP_LOCK_TIMEOUT_MS;
      for (;;) {
        try {
          lock.exec('begin exclusive');
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      try {
        return await fn();
      } finally {
        lock.exec('commit');
      }
    } finally {
      lock.close();
    }
  };
}

export async function openDatabase<DB>(options: DatabaseOptions): Promise<DatabaseHandle<DB>> {
  const target = resolveTarget(options);

  if (target.dialect === 'sqlite') {
    fs.mkdirSync(path.dirname(target.location), { recursive: true });
    const withStartupLock = sqliteStartupLock(target.location);
    // Opened under the lock: a second instance must not see the file half-created by the first.
    const { sqlite, created } = await withStartupLock(async () => openSqliteFile(target.location));
    const seen = damageRecord();
    const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }), log: seen.log });
    damageSeen.set(db, seen);
    return {
      db,
      dialect: 'sqlite',
      describe: `SQLite ${target.location}`,
      withStartupLock,
      created,
      destroy: () => db.destroy(),
    };
  }

  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new ConfigError(`DATABASE_SCHEMA must be a plain lower-case identifier (got "${schema}").`);
  }
  const pool = new pg.Pool({
    connectionString: target.location,
    max: 10,
    types: pgTypes,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const seen = damageRecord();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: seen.log });
  damageSeen.set(db, seen);
  if (schema) {
    try {
      await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    } catch (error) {
      // Two instances creating it at once: PostgreSQL reports the loser as a unique violation.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return {
    db,
    dialect: 'postgres',
    describe: `PostgreSQL ${redactUrl(target.location)}${schema ? ` (schema ${schema})` : ''}`,
    pgPool: pool,
    withStartupLock: (fn) => pgStartupLock(pool, `hive-startup:${schema ?? 'public'}`, fn),
    created: false,
    destroy: () => db.destroy(),
  };
}

/**
 * A session-level advisory lock (one per schema) held on one pooled connection while `fn`
 * migrates and seeds.
 */
async function pgStartupLock<T>(pool: pg.Pool, name: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  } finally {
    client.release();
  }
}

/**
 * Brings the schema up to date with `provider`'s migrations (the composition root's, built from
 * every module's); safe to run on every start and from several instances.
 */
export async function runMigrations<DB>(db: Kysely<DB>, provider: MigrationProvider, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/**
 * A damaged database file: SQLite's SQLITE_CORRUPT (and its extended codes) and SQLITE_NOTADB,
 * "database disk image is malformed"; PostgreSQL's data_corrupted and index_corrupted.
 */
export function isCorruption(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  if (/^SQLITE_(CORRUPT|NOTADB)/.test(code) || code === 'XX001' || code === 'XX002') return true;
  return /database disk image is malformed|file is not a database/i.test(String((error as Error).message ?? ''));
}

interface DamageRecord {
  /** The first corruption error any query met since this process opened the database. */
  reason: string | null;
  /** Who else wants to see each query (onQuery). */
  listeners: Set<QueryListener>;
  log: (event: LogEvent) => void;
}

/** A query as it ran: its SQL, its parameters and how long it took. */
export type QueryListener = (query: { sql: string; parameters: readonly unknown[]; durationMs: number }) => void;

/**
 * A damaged page answers only the queries that read it: /healthz's own reads may pass while every
 * report fails. So every query's error is looked at (Kysely's log hook sees them all, in
 * transactions too), and one corruption error marks the database damaged until a restart (where
 * the start-up quick_check refuses the file and says how to restore it).
 */
function damageRecord(): DamageRecord {
  const record: DamageRecord = {
    reason: null,
    listeners: new Set(),
    log(event) {
      if (event.level === 'query') {
        for (const listener of record.listeners) {
          listener({ sql: event.query.sql, parameters: event.query.parameters, durationMs: event.queryDurationMillis });
        }
        return;
      }
      if (event.level === 'error' && record.reason === null && isCorruption(event.error)) {
        record.reason = event.error instanceof Error ? event.error.message : String(event.error);
      }
    },
  };
  return record;
}

const damageSeen = new WeakMap<object, DamageRecord>();

/**
 * Calls `listener` with every query `db` runs until the returned function is called: the tests read
 * the plans of what a request ran (reports/query-plans.test.ts).
 */
export function onQuery(db: object, listener: QueryListener): () => void {
  const record = damageSeen.get(db);
  if (!record) throw new Error('onQuery: not a database openDatabase opened');
  record.listeners.add(listener);
  return () => record.listeners.delete(listener);
}

export interface DatabaseHealth {
  db: 'ok' | 'unreachable' | 'damaged';
  /** For the log only: never sent to the unauthenticated caller. */
  reason?: string;
}

/**
 * For /healthz, cheap enough for every call: real rows of real tables (a `select 1` answers even
 * when the file's pages are damaged), each table's first and last rows (the two edges of its
 * B-tree), and any corruption a query met since the start (see damageRecord).
 */
export async function pingDatabase<DB>(db: Kysely<DB>): Promise<DatabaseHealth> {
  const damaged = () => {
    const reason = damageSeen.get(db)?.reason;
    return reason ? ({ db: 'damaged', reason } as const) : null;
  };
  const before = damaged();
  if (before) return before;
  try {
    for (const table of ['companies', 'users']) {
      await sql`select * from ${sql.table(table)} order by id limit 1`.execute(db);
      await sql`select * from ${sql.table(table)} order by id desc limit 1`.execute(db);
    }
    await sql`select count(*) from kysely_migration`.execute(db);
    return { db: 'ok' };
  } catch (error) {
    return damaged() ?? { db: 'unreachable', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Unique-constraint violation on either database (used for signup races and duplicate e-mails). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A foreign key refused the write (e.g. deleting a row that others still point at). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
