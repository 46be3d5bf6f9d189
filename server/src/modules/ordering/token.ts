import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The ordering token: `base64url({"s":slug,"e":expiresMs}).base64url(hmac)`, HMAC-SHA256 with a key
 * derived from the server's AUTH_SECRET (domain-separated, so it can never pass as another token).
 */
export const ORDERING_TOKEN_TTL_MS = 30 * 60_000;

const keyOf = (secret: string) => createHmac('sha256', secret).update('hive-ordering-token-v1').digest();

export function signOrderingToken(secret: string, slug: string, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ s: slug, e: expiresAt })).toString('base64url');
  const mac = createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

/** The slug the token was issued for, or null when it is malformed, forged or expired. */
export function verifyOrderingToken(secret: string, token: string, now: number): string | null {
  if (token.length > 512) return null;
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(payload).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { s?: unknown; e?: unknown };
    if (typeof data.s !== 'string' || typeof data.e !== 'number' || data.e <= now) return null;
    return data.s;
  } catch {
    return null;
  }
}
