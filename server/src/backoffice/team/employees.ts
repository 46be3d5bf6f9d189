import type { Kysely, Transaction } from 'kysely';
import { hashPassword, verifyPassword, type ScryptCost } from '../../auth/passwords';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** A register PIN: 4 to 6 digits. */
export const PIN = /^\d{4,6}$/;

/**
 * PINs are hashed like passwords (scrypt, `scrypt$N$r$p$salt$hash`, base64url, 32-byte key) so a
 * register can check one offline from `config`. A PIN has at most a million values, so the hash
 * only slows down someone who copied the configuration; the register's own lockout is what really
 * protects it.
 */
export const PIN_SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

export function hashPin(pin: string, cost: ScryptCost = PIN_SCRYPT_COST): Promise<string> {
  if (!PIN.test(pin)) throw new Error('A PIN is 4 to 6 digits');
  return hashPassword(pin, cost);
}

export const verifyPin = (pin: string, hash: string) => verifyPassword(pin, hash);

/** The company's employees a register may sign in (name and PIN hash), in name order. */
export async function activeEmployees(db: Db, companyId: number) {
  return db
    .selectFrom('employees')
    .select(['id', 'name', 'pin_hash'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('name')
    .orderBy('id')
    .execute();
}
