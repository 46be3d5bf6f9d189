/**
 * Only one server process runs the live registers. On PostgreSQL several instances share one
 * database (scale-out): a session-level advisory lock, held on one pooled connection for as long
 * as the registers run, elects the one; the others try again later (the holder may stop). SQLite
 * is one process per file, so it always holds the lease.
 */
import type pg from 'pg';

export interface Lease {
  /** True once this process holds the lease (tries to take it when it does not). */
  take(): Promise<boolean>;
  release(): Promise<void>;
}

export function demoLiveLease(pool: pg.Pool | undefined, schema: string | undefined): Lease {
  if (!pool) return { take: async () => true, release: async () => {} };
  const name = `hive-demo-live:${schema ?? 'public'}`;
  let client: pg.PoolClient | null = null;
  return {
    async take() {
      if (client) return true;
      const candidate = await pool.connect();
      try {
        const { rows } = await candidate.query<{ held: boolean }>('select pg_try_advisory_lock(hashtext($1)) as held', [
          name,
        ]);
        if (rows[0]?.held) {
          client = candidate;
          return true;
        }
      } catch (error) {
        candidate.release();
        throw error;
      }
      candidate.release();
      return false;
    },
    async release() {
      const held = client;
      client = null;
      if (!held) return;
      try {
        await held.query('select pg_advisory_unlock(hashtext($1))', [name]);
      } finally {
        held.release();
      }
    },
  };
}
