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

/**
 * Ordering calls: no session headers, 401 ignored (SPEC.md 7, 8). Like the list below, these are URL
 * fragments, matched as SPEC.md 7 lists them: anywhere in the URL's path, trailing slash included.
 */
const ORDERING_URLS: readonly string[] = Object.freeze([
  '/ordering_online/',
  '/ordering_master/',
  '/gettokenonline',
  '/gets/get',
]);
/** Initial auth calls exempt from 401 handling (SPEC.md 7), URL fragments too. */
const AUTH_EXEMPT_URLS: readonly string[] = Object.freeze([
  '/auth/usercompany',
  '/auth/langchange',
  '/auth/signup',
  '/auth/resetpass',
]);

/**
 * The lowercased path of a URL, where the fragments are looked for: origin, query and hash dropped
 * (a host name or a query parameter is not the request's target); relative URLs accepted. Lowercase
 * because the server's routes are case-insensitive.
 */
export function urlPath(url: string): string {
  const withoutOrigin = url.trim().replace(/^([a-z][a-z\d+.-]*:)?\/\/[^/?#]*/i, '');
  const path = (withoutOrigin.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  return path.startsWith('/') ? path : `/${path}`;
}

const containsAny = (path: string, fragments: readonly string[]) => fragments.some((f) => path.includes(f));

const cache = new Map<string, UrlClassification>();

function classify(url: string): UrlClassification {
  const path = urlPath(url);
  const ordering = containsAny(path, ORDERING_URLS);
  const authExempt = containsAny(path, AUTH_EXEMPT_URLS);
  return { sendSessionHeaders: !ordering, handle401: !ordering && !authExempt };
}

/**
 * Session-header and 401 rules of a request URL. Fragment matching, as SPEC.md 7 lists the URLs:
 * `/gettokenonline` matches `/api/gettokenonline?store=3` and `/gettokenonlinex`; `/ordering_online/`
 * matches `/api/ordering_online/menu` but not `/api/ordering_online` (no trailing slash). Cached; the
 * cache is cleared when it grows above URL_CLASSIFICATION_CACHE_MAX entries.
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

/** `pathname` without its query or hash, lower case (the router matches paths case-insensitively). */
const pagePath = (pathname: string | null | undefined) => (pathname?.split(/[?#]/, 1)[0] ?? '').toLowerCase();
const isOrUnder = (path: string) => (base: string) => path === base || path.startsWith(`${base}/`);

/**
 * SPEC.md 1: the areas with no session handling at all, /ordering/... and /authentication/...: no
 * session check or boot, no warning, no expiry or cross-tab move. The shell's one rule for it.
 */
export function isSessionFreePath(pathname: string | null | undefined): boolean {
  return !!pathname && PUBLIC_PAGE_PREFIXES.some(isOrUnder(pagePath(pathname)));
}

/** Pages that send no session headers: the session-free areas, /session-expired and /unauthorized. */
export function isPublicPage(pathname: string | null | undefined): boolean {
  return isSessionFreePath(pathname) || (!!pathname && PUBLIC_PAGES.some(isOrUnder(pagePath(pathname))));
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
