import type { Request } from 'express';
import { hasUnsafeChars } from './validation';

/** Minimal Cookie header parser: first value wins, undecodable values are kept raw. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    out.set(name, value);
  }
  return out;
}

export function requestOrigin(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/**
 * True for a path on this site ("/items", not "//evil" or "/\\evil") or an absolute http(s) URL
 * with exactly this origin. Used for callbackUrl (Auth.js redirect callback and the pre-check).
 */
export function sameOrigin(value: string, origin: string): boolean {
  // Control characters and backslashes are how "same-origin looking" URLs escape in browsers.
  if (hasUnsafeChars(value) || value.includes('\\')) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
  } catch {
    return false;
  }
}
