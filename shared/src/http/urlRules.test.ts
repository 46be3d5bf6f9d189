import { URL_CLASSIFICATION_CACHE_MAX } from '@hive/shared/config';
import {
  classifyUrl,
  clearUrlClassificationCache,
  isPublicPage,
  shouldHandle401,
  shouldSendSessionHeaders,
  urlClassificationCacheSize,
  urlPath,
} from './urlRules';

beforeEach(() => clearUrlClassificationCache());

describe('isPublicPage', () => {
  it.each([
    '/ordering/',
    '/ordering/store-1/cart',
    '/ordering',
    '/authentication/',
    '/authentication/login',
    '/session-expired',
    '/unauthorized',
    '/unauthorized?from=/items',
  ])('%s is public', (path) => {
    expect(isPublicPage(path)).toBe(true);
  });

  it.each([
    '/',
    '/items',
    '/ordering_online',
    '/orderingx/1',
    '/authenticationx',
    '/admin',
    '/admin/users',
    '/session-expiredx',
    '',
    null,
    undefined,
  ])('%p is not public', (path) => {
    expect(isPublicPage(path)).toBe(false);
  });
});

describe('classifyUrl', () => {
  // SPEC.md 7 lists the exempt URLs as URL fragments (`/ordering_online/`, `/ordering_master/`,
  // `/gettokenonline`, `/gets/get`; `/auth/usercompany`, ...): they match anywhere in the request's
  // path, exactly as written, so `/gettokenonlineX` is exempt and `/api/ordering_online` (no
  // trailing slash) is not. Host names, queries and hashes are not the path and never match.
  const ordering = [
    '/api/ordering_online/menu',
    '/ordering_online/',
    'http://localhost:8080/api/ordering_master/stores?x=1',
    '/api/gettokenonline',
    '/gettokenonline?store=3',
    '/gettokenonlineX',
    '/api/gettokenonline2',
    'https://api.example.com/gets/get',
    'api/gets/get/42#frag',
    '/api/gets/getter',
    '/API/Ordering_Online/x',
  ];
  const authExempt = [
    '/api/auth/usercompany',
    'http://localhost/api/auth/usercompany?planChanged=true',
    '/auth/langchange',
    'api/auth/signup',
    '/api/auth/resetpass/',
    '/api/auth/usercompanyx',
  ];
  const normal = [
    '/api/items',
    '/api/auth/session',
    '/api/auth/csrf',
    '/api/ordering_online',
    '/api/ordering_onlinex/menu',
    '/api/ordering_master',
    '/api/gets',
    '/api/x/auth',
    '/api/items?next=/gets/get',
    '/api/items#/gettokenonline',
    'https://gettokenonline.example.com/api/items',
    '',
  ];

  it.each(ordering)('%s: no session headers, 401 ignored', (url) => {
    expect(classifyUrl(url)).toEqual({ sendSessionHeaders: false, handle401: false });
  });

  it.each(authExempt)('%s: session headers, 401 ignored', (url) => {
    expect(classifyUrl(url)).toEqual({ sendSessionHeaders: true, handle401: false });
  });

  it.each(normal)('%p: session headers and 401 handled', (url) => {
    expect(classifyUrl(url)).toEqual({ sendSessionHeaders: true, handle401: true });
  });

  it('handles a missing URL', () => {
    expect(classifyUrl(undefined)).toEqual({ sendSessionHeaders: true, handle401: true });
  });

  it('looks at the lowercased path only', () => {
    expect(urlPath('HTTPS://Host:1/API//Auth/Session/?a=/b#c')).toBe('/api//auth/session/');
    expect(urlPath('//cdn.example.com/a/b')).toBe('/a/b');
    expect(urlPath('api/gets/get')).toBe('/api/gets/get');
  });

  it('caches results and clears the cache above the limit', () => {
    expect(URL_CLASSIFICATION_CACHE_MAX).toBe(1000);
    const first = classifyUrl('/api/items');
    expect(classifyUrl('/api/items')).toBe(first);
    expect(urlClassificationCacheSize()).toBe(1);
    for (let i = 1; i < URL_CLASSIFICATION_CACHE_MAX; i += 1) classifyUrl(`/api/items/${i}`);
    expect(urlClassificationCacheSize()).toBe(1000);
    classifyUrl('/api/items/1'); // a hit adds nothing
    expect(urlClassificationCacheSize()).toBe(1000);
    classifyUrl('/api/items/1001');
    expect(urlClassificationCacheSize()).toBe(0);
    expect(classifyUrl('/api/gets/get')).toEqual({ sendSessionHeaders: false, handle401: false });
    expect(urlClassificationCacheSize()).toBe(1);
  });
});

describe('page and URL combined', () => {
  it.each([
    // url, page, headers, 401
    ['/api/items', '/items', true, true],
    ['/api/items', '/ordering/store/1', false, false],
    ['/api/items', '/authentication/login', false, false],
    ['/api/items', '/session-expired', false, false],
    ['/api/items', '/unauthorized', false, false],
    ['/api/ordering_online/menu', '/items', false, false],
    ['/api/ordering_online', '/items', true, true],
    ['/gettokenonlineX', '/items', false, false],
    ['/api/auth/usercompany', '/items', true, false],
    ['/api/auth/langchange', '/overview', true, false],
    ['/api/auth/session', '/overview', true, true],
    ['/api/items', undefined, true, true],
  ] as const)('%s on %p: headers %p, 401 %p', (url, page, headers, handle) => {
    expect(shouldSendSessionHeaders(url, page)).toBe(headers);
    expect(shouldHandle401(url, page)).toBe(handle);
  });
});
