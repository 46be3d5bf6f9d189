import type { Kysely, Transaction } from 'kysely';
import type { AuthContext } from '../auth';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../database';
import { tooMany } from '../../platform/http';
import type { Merchant } from '../merchant';
import { hashPin, newPin, pinCost, pinLookup, type PinKey } from './pins';

type Db = Kysely<Database> | Transaction<Database>;

/*
 * Every new register PIN comes from here. PINs are made up by the server, never chosen: when a
 * person could choose one, "another employee already has this PIN" told a manager the admin's PIN
 * within a hundred tries. Each change is recorded (employee_pin_changes: who, when, why) in the
 * transaction that writes it, and changes are limited per account and per company (auth's
 * RateLimits), since each one hashes (scrypt) and may check the old PINs one by one (team/pins.ts).
 */

export type PinChangeReason = 'created' | 'changed' | 'reset';

/** Takes a PIN change from the account's and the company's allowance, or throws the 429. */
export async function chargePinChange(ctx: AuthContext, merchant: Merchant): Promise<void> {
  const account = await ctx.limiters.pinChanges.consume(`u:${merchant.userId}`);
  if (!account.allowed) throw tooMany('PIN changes', account.retryAfter, 'from this account');
  const company = await ctx.limiters.pinChangesPerCompany.consume(`c:${merchant.companyId}`);
  if (!company.allowed) throw tooMany('PIN changes', company.retryAfter, 'for this company right now');
}

export interface NewPin {
  pin: string;
  columns: { pin_hash: string; pin_lookup: string; pin_key: string };
}

/**
 * Makes up a PIN no other employee has and hands its columns to `write`; if a concurrent write took
 * the same PIN meanwhile (the unique index on the lookup), makes up another. Hashing happens before
 * `write`, so no transaction waits on scrypt.
 */
export async function withNewPin<T>(
  ctx: AuthContext,
  key: PinKey,
  companyId: number,
  exceptId: number | null,
  write: (pin: NewPin) => Promise<T>,
): Promise<{ pin: string; result: T }> {
  for (let attempt = 0; ; attempt += 1) {
    const pin = await newPin(ctx.db, key, companyId, exceptId);
    const columns = {
      pin_hash: await hashPin(pin, pinCost(ctx.passwords.cost)),
      pin_lookup: pinLookup(key, companyId, pin),
      pin_key: key.id,
    };
    try {
      return { pin, result: await write({ pin, columns }) };
    } catch (error) {
      // SQLite names the column (employees.pin_lookup), PostgreSQL the index (employees_pin_lookup_uq).
      const race = isUniqueViolation(error) && /pin_lookup/.test(String((error as { message?: unknown }).message));
      if (!race || attempt >= 2) throw error;
    }
  }
}

/** The record of a new PIN, written in the transaction that sets it. */
export async function recordPinChange(
  trx: Db,
  change: { companyId: number; employeeId: number; actorUserId: number; reason: PinChangeReason; at: number },
): Promise<void> {
  const actor = await trx.selectFrom('users').select('email').where('id', '=', change.actorUserId).executeTakeFirst();
  await trx
    .insertInto('employee_pin_changes')
    .values({
      company_id: change.companyId,
      employee_id: change.employeeId,
      actor_user_id: change.actorUserId,
      actor_email: actor?.email ?? '',
      reason: change.reason,
      at: change.at,
    })
    .execute();
}

/** Sets a made-up PIN on an employee of the company, recorded; answers the PIN (shown this once). */
export async function changePin(
  ctx: AuthContext,
  key: PinKey,
  change: { companyId: number; employeeId: number; actorUserId: number; reason: PinChangeReason },
): Promise<string> {
  const { companyId, employeeId } = change;
  const { pin } = await withNewPin(ctx, key, companyId, employeeId, ({ columns }) =>
    ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await trx
        .updateTable('employees')
        .set({ ...columns, pin_updated_at: now, updated_at: now })
        .where('id', '=', employeeId)
        .where('company_id', '=', companyId)
        .execute();
      await recordPinChange(trx, { ...change, at: now });
    }),
  );
  return pin;
}
