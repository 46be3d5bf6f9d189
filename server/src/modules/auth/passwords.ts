import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** ~32 MiB and tens of milliseconds per hash: the OWASP-recommended scrypt floor. */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Bounds the work one request can cause; longer inputs are rejected before hashing. */
export const MAX_PASSWORD_LENGTH = 1024;

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Stored as `scrypt$N$r$p$salt$hash` (base64url) so the cost can rise later without a migration. */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** The cost, salt and key of a stored hash, or null when it is not one of ours (or absurd). */
function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Refuse absurd parameters from a tampered row instead of allocating gigabytes.
  if (![N, r, p].every(Number.isInteger) || N < 2 || N > 2 ** 20 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  const key = Buffer.from(parts[5]!, 'base64url');
  if (key.length !== KEY_LENGTH) return null;
  return { cost: { N, r, p }, salt: Buffer.from(parts[4]!, 'base64url'), key };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.cost);
  return timingSafeEqual(actual, parsed.key);
}

/**
 * Hashing with one cost; a dummy hash of the same cost lets "no such user" or "no password yet"
 * take as long as "wrong password", so response times do not reveal which e-mails have accounts
 * or which accounts still wait for their owner to choose a password.
 */
export class PasswordHasher {
  private dummy: Promise<string>;

  /** `onScrypt` sees the cost of every key derivation a check runs (tests count the work with it). */
  constructor(
    readonly cost: ScryptCost = DEFAULT_SCRYPT_COST,
    private readonly onScrypt?: (cost: ScryptCost) => void,
  ) {
    this.dummy = hashPassword(randomBytes(16).toString('hex'), cost);
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.cost);
  }

  /**
   * A stored value that is no password hash (INVITED_PASSWORD_HASH, a damaged row) fails only
   * after the same work as a real check: returning at once would answer in a few milliseconds.
   */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parseHash(stored);
    if (!parsed) return this.burn(password);
    this.onScrypt?.(parsed.cost);
    const actual = await scrypt(password, parsed.salt, parsed.cost);
    return timingSafeEqual(actual, parsed.key);
  }

  /** Spend the same time as a real check and always fail. */
  async burn(password: string): Promise<false> {
    const parsed = parseHash(await this.dummy)!;
    this.onScrypt?.(parsed.cost);
    await scrypt(password, parsed.salt, parsed.cost);
    return false;
  }
}

/**
 * The password of an account created for someone else (a company owner made in the admin console,
 * an employee invited to the back-office): no password matches it, so the account opens only once
 * its owner chooses one through the e-mailed link.
 */
export const INVITED_PASSWORD_HASH = 'invited:no-password-yet';

export const PASSWORD_RULE =
  'use at least 10 characters, not your e-mail address, and mix at least two of: letters, digits, symbols';

/** The signup / reset rule: long enough, not the e-mail, not a single character class. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < 10 || password.length > 200) return PASSWORD_RULE;
  const lower = password.toLowerCase();
  const mail = email.trim().toLowerCase();
  if (lower === mail || (mail.includes('@') && lower === mail.split('@')[0])) return PASSWORD_RULE;
  const classes = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((re) => re.test(password)).length;
  if (classes < 2) return PASSWORD_RULE;
  return null;
}
