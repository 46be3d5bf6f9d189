import { URL_CLASSIFICATION_CACHE_MAX } from '@hive/shared/config';

export interface UrlClassification {
  /** Attach X-Session-* headers. */
  sendSessionHeaders: boolean;
  /** A 401 on this URL runs the expiry flow. */
  handle401: boolean;
}

/** Pages without session handling (SPEC.md 1, 7). Prefixes match whole segments. */
const PUBLIC_PAGE_PREFIXES: readonly string[] = Object.freeze(['/ordering', '/authentication']);
const PUBLIC_PAGES: readonly string[] = Object.freeze(['/session-expired', '/unauthorized']);

/** Ordering calls: no session headers, 401 ignored (SPEC.md 7, 8). */
const ORDERING_URLS: readonly string[] = Object.freeze([
  '/ordering_online/',
  '/ordering_master/',
  '/gettokenonline',
  '/gets/get',
]);
/** Initial auth calls exempt from 401 handling (SPEC.md 7). */
const AUTH_EXEMPT_URLS: readonly string[] = Object.freeze([
  '/auth/usercompany',
  '/auth/langchange',
  '/auth/signup',
  '/auth/resetpass',
]);

const toSegments = (pattern: string): string[] => pattern.split('/').filter(Boolean);
const ORDERING_SEGMENTS = ORDERING_URLS.map(toSegments);
const AUTH_EXEMPT_SEGMENTS = AUTH_EXEMPT_URLS.map(toSegments);

/** Lowercased path segments of a URL: origin, query and hash dropped; relative URLs accepted. */
export function urlSegments(url: string): string[] {
  const withoutOrigin = url.trim().replace(/^([a-z][a-z\d+.-]*:)?\/\/[^/?#]*/i, '');
  const path = withoutOrigin.split(/[?#]/, 1)[0] ?? '';
  return path.toLowerCase().split('/').filter(Boolean);
}

/** True when `pattern` occurs as consecutive whole segments anywhere in `segments`. */
function containsSegments(segments: readonly string[], pattern: readonly string[]): boolean {
  for (let i = 0; i + pattern.length <= segments.length; i += 1) {
    if (pattern.every((p, j) => segments[i + j] === p)) return true;
  }
  return false;
}

const cache = new Map<string, UrlClassification>();

function classify(url: string): UrlClassification {
  const segments = urlSegments(url);
  const ordering = ORDERING_SEGMENTS.some((p) => containsSegments(segments, p));
  const authExempt = AUTH_EXEMPT_SEGMENTS.some((p) => containsSegments(segments, p));
  return { sendSessionHeaders: !ordering, handle401: !ordering && !authExempt };
}

/**
 * Session-header and 401 rules of a request URL. Segment matching: `/gets/get` matches
 * `/api/gets/get?x=1` and `/gets/get/7` but not `/gets/getter`. Cached; the cache is cleared
 * when it grows above URL_CLASSIFICATION_CACHE_MAX entries.
 */
export function classifyUrl(url: string | null | undefined): UrlClassification {
  const key = url ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  const result = Object.freeze(classify(key));
  cache.set(key, result);
  if (cache.size > URL_CLASSIFICATION_CACHE_MAX) cache.clear();
  return result;
}

export function urlClassificationCacheSize(): number {
  return cache.size;
}

export function clearUrlClassificationCache(): void {
  cache.clear();
}

/** Pages with no session handling: /ordering/..., /authentication/..., /session-expired, /unauthorized. */
export function isPublicPage(pathname: string | null | undefined): boolean {
  if (!pathname) return false;
  const path = (pathname.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  const isOrUnder = (base: string) => path === base || path.startsWith(`${base}/`);
  return PUBLIC_PAGE_PREFIXES.some(isOrUnder) || PUBLIC_PAGES.some(isOrUnder);
}

/** Headers go out unless the current page or the URL is exempt. */
export function shouldSendSessionHeaders(url: string | null | undefined, pathname: string | null | undefined): boolean {
  return !isPublicPage(pathname) && classifyUrl(url).sendSessionHeaders;
}

/** A 401 runs the expiry flow unless the current page or the URL is exempt. */
export function shouldHandle401(url: string | null | undefined, pathname: string | null | undefined): boolean {
  return !isPublicPage(pathname) && classifyUrl(url).handle401;
}

export const URL_RULES = Object.freeze({
  publicPagePrefixes: Object.freeze(PUBLIC_PAGE_PREFIXES.map((p) => `${p}/`)),
  publicPages: PUBLIC_PAGES,
  orderingUrls: ORDERING_URLS,
  authExemptUrls: AUTH_EXEMPT_URLS,
});
