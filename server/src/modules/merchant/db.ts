import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../database';

/** A connection or a transaction: the helpers run in either. */
export type Db = Kysely<Database> | Transaction<Database>;

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The names of the users who did things, for "who did what and when". */
export async function userNames(db: Db, ids: (number | null)[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids.filter((id): id is number => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'email']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}
