import { COOKIE_DEFAULT_MAX_AGE_S } from '@hive/shared/config';

export interface CookieOptions {
  /** Seconds; default COOKIE_DEFAULT_MAX_AGE_S (7 days, 604800 s). 0 removes the cookie. */
  maxAgeS?: number;
  path?: string;
  sameSite?: 'Strict' | 'Lax';
  /** Default: true on https pages. */
  secure?: boolean;
}

/** Where `document.cookie` lives (a test passes a stand-in). */
export interface CookieJar {
  cookie: string;
}

const NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * A `Set-Cookie` style string for `document.cookie`: the value URI-encoded, `Max-Age` from the
 * 7-day default of SPEC.md 9 unless given, `Path=/`, `SameSite=Lax`, `Secure` on https.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  if (!NAME.test(name)) throw new Error(`Not a cookie name: ${JSON.stringify(name)}`);
  const {
    maxAgeS = COOKIE_DEFAULT_MAX_AGE_S,
    path = '/',
    sameSite = 'Lax',
    secure = typeof location !== 'undefined' && location.protocol === 'https:',
  } = options;
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.max(0, Math.floor(maxAgeS))}`, `Path=${path}`];
  parts.push(`SameSite=${sameSite}`);
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** Sets a cookie from the client (7 days unless told otherwise). Never throws (cookies may be disabled). */
export function setCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  jar: CookieJar | null = typeof document === 'undefined' ? null : document,
): void {
  if (!jar) return;
  try {
    jar.cookie = serializeCookie(name, value, options);
  } catch {
    // a sandboxed document refuses cookies: the choice lasts for this page only
  }
}

export function removeCookie(
  name: string,
  options: Omit<CookieOptions, 'maxAgeS'> = {},
  jar: CookieJar | null = typeof document === 'undefined' ? null : document,
): void {
  setCookie(name, '', { ...options, maxAgeS: 0 }, jar);
}

/**
 * The value of `name` in a `Cookie` header or `document.cookie` string, or null. A value that is
 * not valid URI encoding reads as null.
 */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export function getCookie(
  name: string,
  jar: CookieJar | null = typeof document === 'undefined' ? null : document,
): string | null {
  try {
    return readCookie(jar?.cookie, name);
  } catch {
    return null;
  }
}
