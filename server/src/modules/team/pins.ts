import { createHash, createHmac, hkdfSync, randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { PIN_PATTERN } from '@hive/shared/schemas/backoffice/team';
import { hashPassword, verifyPassword, type ScryptCost } from '../auth';
import type { Database } from '../../database';

type Db = Kysely<Database> | Transaction<Database>;

/** A register PIN: 4 to 6 digits. */
export const PIN = PIN_PATTERN;

/**
 * PINs are hashed like passwords (scrypt, `scrypt$N$r$p$salt$hash`, base64url, 32-byte key). The
 * registers check them offline, but never see the hash: `config` carries a verifier of it under a
 * key of the terminal's pairing (device/pinVerifiers.ts). A PIN has at most a million values, so
 * scrypt only slows down someone who holds a register's data whole; the register's own lockout is
 * what really protects it.
 */
export const PIN_SCRYPT_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

export function hashPin(pin: string, cost: ScryptCost = PIN_SCRYPT_COST): Promise<string> {
  if (!PIN.test(pin)) throw new Error('A PIN is 4 to 6 digits');
  return hashPassword(pin, cost);
}

export const verifyPin = (pin: string, hash: string) => verifyPassword(pin, hash);

/*
 * A PIN is unique within its company, but it is stored as a salted scrypt hash (the registers check
 * it offline), which cannot be looked up. So each PIN also gets a lookup value: an HMAC of
 * "<company>:<pin>" under a key derived from the server secret, with a unique index per company.
 * Without the secret the lookup says nothing (a PIN has only a million values, so an unkeyed or
 * database-salted hash would give every PIN away at once); the registers never receive it.
 *
 * PINs set before the lookup existed (and any made under another secret: `pin_key` names the key)
 * have no usable lookup; a new PIN is checked against their scrypt hashes instead, one by one.
 */

export interface PinKey {
  key: Buffer;
  /** A fingerprint of the key, stored beside each lookup it made. */
  id: string;
}

const keys = new Map<string, PinKey>();

export function pinKeyOf(secret: string): PinKey {
  let found = keys.get(secret);
  if (!found) {
    const key = Buffer.from(hkdfSync('sha256', secret, 'hive-pin-lookup', 'hive register pin lookup v1', 32));
    found = { key, id: createHash('sha256').update(key).digest('base64url').slice(0, 16) };
    keys.set(secret, found);
  }
  return found;
}

export function pinLookup(key: PinKey, companyId: number, pin: string): string {
  return createHmac('sha256', key.key).update(`${companyId}:${pin}`).digest('base64url');
}

/** The scrypt cost of new PIN hashes: the product's, or a test run's cheaper one. */
export function pinCost(passwordCost: ScryptCost): ScryptCost {
  return passwordCost.N < PIN_SCRYPT_COST.N ? passwordCost : PIN_SCRYPT_COST;
}

/** Whether another employee of the company (not `exceptId`) already has `pin`. */
export async function pinTaken(
  db: Db,
  key: PinKey,
  companyId: number,
  pin: string,
  exceptId: number | null = null,
): Promise<boolean> {
  let hit = db
    .selectFrom('employees')
    .select('id')
    .where('company_id', '=', companyId)
    .where('pin_lookup', '=', pinLookup(key, companyId, pin));
  if (exceptId !== null) hit = hit.where('id', '<>', exceptId);
  if (await hit.executeTakeFirst()) return true;
  let stale = db
    .selectFrom('employees')
    .select(['id', 'pin_hash'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('pin_key', 'is', null), eb('pin_key', '<>', key.id)]));
  if (exceptId !== null) stale = stale.where('id', '<>', exceptId);
  for (const row of await stale.execute()) {
    if (await verifyPin(pin, row.pin_hash)) return true;
  }
  return false;
}

/** Easy to guess or to see typed: never made up by the server (a merchant may still choose one). */
function weak(pin: string): boolean {
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - digits[i]!));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0]!);
}

/** A PIN no other employee of the company has: 4 digits while they last, then 6. */
export async function newPin(db: Db, key: PinKey, companyId: number, exceptId: number | null = null): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const length = attempt < 30 ? 4 : 6;
    const pin = String(randomInt(0, 10 ** length)).padStart(length, '0');
    if (weak(pin)) continue;
    if (!(await pinTaken(db, key, companyId, pin, exceptId))) return pin;
  }
  throw new Error('Could not find a free PIN');
}
