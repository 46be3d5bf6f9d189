import type { Kysely } from 'kysely';
import { INVITED_PASSWORD_HASH } from '../modules/auth';
import type { Database } from '../database';
import { DEMO_USERS } from './personas';

/*
 * The demo personas in a database that production is asked to serve. They are recognised by their
 * e-mail addresses (DEMO_USERS: the reserved .test domain, never a real inbox): the seed writes no
 * marker, and data folders seeded before this check carry none. They share a public password, so
 * production refuses to start while one of them can still sign in (app.ts).
 */

const DEMO_EMAILS = DEMO_USERS.map((user) => user.email);

/** The demo accounts that could still sign in: any not disabled by disableDemoAccounts. */
export async function usableDemoAccounts(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('email', 'in', DEMO_EMAILS)
    .where((eb) => eb.or([eb('status', '<>', 'locked'), eb('password_hash', '<>', INVITED_PASSWORD_HASH)]))
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Disables every demo account for good: no password (INVITED_PASSWORD_HASH matches none), locked
 * as by platform staff (the companies cannot invite them back), sessions and e-mailed links ended.
 * The rows stay: sales, audit records and employees point at them. Returns the accounts disabled.
 */
export async function disableDemoAccounts(db: Kysely<Database>, now: number): Promise<string[]> {
  const emails = await usableDemoAccounts(db);
  if (emails.length === 0) return [];
  await db.transaction().execute(async (trx) => {
    const ids = trx.selectFrom('users').select('id').where('email', 'in', emails);
    await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('user_id', 'in', ids)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .updateTable('users')
      .set((eb) => ({
        status: 'locked',
        platform_locked: 1,
        password_hash: INVITED_PASSWORD_HASH,
        session_version: eb('session_version', '+', 1),
        updated_at: now,
      }))
      .where('email', 'in', emails)
      .execute();
  });
  return emails;
}
