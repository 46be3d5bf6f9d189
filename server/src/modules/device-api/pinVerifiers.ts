import { createHmac, hkdfSync, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

/*
 * What a register receives to check PINs offline (issue 30, item 11; docs/device-api.md section 3).
 *
 * The server keeps each PIN as a salted scrypt hash and cannot recompute anything from the PIN
 * itself, so the registers get, per employee, the hash's parameters and salt and a *verifier*: an
 * HMAC-SHA256 of the scrypt output under a key of the terminal's own pairing (`pinKey`). The
 * register computes scrypt(pin) and compares HMAC(pinKey, it) with the verifier.
 *
 * The pinKey is handed out once, in the answer to POST /pair, and never again: it is derived from
 * the server secret, the terminal and its current token hash, so unpairing or pairing again gives a
 * new key (and new verifiers) and makes the old ones worthless. A configuration that leaks (a log,
 * a proxy, a copy of the register's cache), or a device token used from elsewhere to download one,
 * cannot be tested against PINs without the key; only the register's own storage (token, key and
 * configuration together) can, and only for the employees of its location. A PIN has at most a
 * million values, so that is still guessable: unpair the terminal and reset the PINs in bulk.
 */

const KEY_LENGTH = 32;

const masters = new Map<string, Buffer>();

/** The server-wide root of the terminals' pin keys (from the server secret). */
export function pinMaster(secret: string): Buffer {
  let found = masters.get(secret);
  if (!found) {
    found = Buffer.from(hkdfSync('sha256', secret, 'hive-terminal-pin-key', 'hive register pin verifier key v1', 32));
    masters.set(secret, found);
  }
  return found;
}

/** The pinKey of one pairing of a terminal (its token hash names the pairing). */
export function terminalPinKey(master: Buffer, terminalId: number, tokenHash: string): Buffer {
  return createHmac('sha256', master).update(`${terminalId}:${tokenHash}`).digest();
}

/**
 * `scrypt-hmac$N$r$p$salt$verifier` for a stored `scrypt$N$r$p$salt$hash`, or null when the stored
 * hash is not one (no PIN can match it).
 */
export function pinVerifier(pinKey: Buffer, pinHash: string): string | null {
  const parts = pinHash.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (hash.length !== KEY_LENGTH) return null;
  const verifier = createHmac('sha256', pinKey).update(hash).digest('base64url');
  return ['scrypt-hmac', ...parts.slice(1, 5), verifier].join('$');
}

/** What a register does with a typed PIN (here for the tests and as the reference). */
export async function checkPinVerifier(pin: string, verifier: string, pinKey: Buffer): Promise<boolean> {
  const parts = verifier.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt-hmac') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const hash = await new Promise<Buffer>((resolve, reject) =>
    scryptCb(
      pin.normalize('NFKC'),
      Buffer.from(parts[4]!, 'base64url'),
      KEY_LENGTH,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
  const actual = createHmac('sha256', pinKey).update(hash).digest();
  const expected = Buffer.from(parts[5]!, 'base64url');
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
