import axios, { isCancel, type AxiosInstance } from 'axios';
import { ROUTER_PATH_CACHE_MS, SESSION_LIFETIME_MS, UNAUTHORIZED_HANDLING_DELAY_MS } from '@hive/shared/config';
import type { LocalSession } from '../session/localSession';
import { createFakeAdapter, type FakeAdapter } from './fakeAdapter.testutil';
import { createHttpClient } from './httpClient';
import {
  createPathCache,
  HTTP_SERVER_ERROR_CODE,
  installInterceptors,
  requestUrl,
  sessionHeaders,
  type InstalledInterceptors,
} from './interceptors';
import { createRequestGate, type RequestGate } from './requestGate';

const T0 = Date.UTC(2030, 0, 15, 12, 0, 0);
const SESSION_HEADER_NAMES = ['x-session-id', 'x-session-valid', 'x-session-expires', 'x-request-time'];

const session = (overrides: Partial<LocalSession> = {}): LocalSession => ({
  sessionId: 'sid-1',
  user: { user_id: 7, user_email: 'owner@cornermarket.test' },
  createdAt: T0,
  lastActivity: T0,
  expiresAt: T0 + SESSION_LIFETIME_MS,
  ...overrides,
});

interface Ctx {
  http: AxiosInstance;
  fake: FakeAdapter;
  gate: RequestGate;
  installed: InstalledInterceptors;
  onUnauthorized: jest.Mock;
  onForbidden: jest.Mock;
  logger: { error: jest.Mock };
  state: { session: LocalSession | null; pathname: string };
  getPathname: jest.Mock;
}

function setup({ baseURL }: { baseURL?: string } = {}): Ctx {
  const fake = createFakeAdapter();
  const http = createHttpClient({ adapter: fake.adapter, baseURL });
  const gate = createRequestGate();
  const state = { session: session() as LocalSession | null, pathname: '/items' };
  const getPathname = jest.fn(() => state.pathname);
  const onUnauthorized = jest.fn();
  const onForbidden = jest.fn();
  const logger = { error: jest.fn() };
  const installed = installInterceptors(http, {
    getSession: () => state.session,
    getPathname,
    gate,
    onUnauthorized,
    onForbidden,
    logger,
  });
  return { http, fake, gate, installed, onUnauthorized, onForbidden, logger, state, getPathname };
}

/** Lets the adapter's promise chain settle without moving the fake clock. */
const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers({ now: T0 }));
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

describe('session headers (SPEC.md 7)', () => {
  it('go out on a protected call from a protected page', async () => {
    const { http, fake } = setup();
    await http.get('/api/items');
    expect(fake.lastHeaders()).toMatchObject({
      'x-session-id': 'sid-1',
      'x-session-valid': 'true',
      'x-session-expires': new Date(T0 + SESSION_LIFETIME_MS).toISOString(),
      'x-request-time': new Date(T0).toISOString(),
    });
    expect(fake.lastHeaders()['x-request-time']).toBe('2030-01-15T12:00:00.000Z');
  });

  it("say 'false' (with empty id and expiry) when there is no stored session", async () => {
    const { http, fake, state } = setup();
    state.session = null;
    await http.get('/api/items');
    expect(fake.lastHeaders()).toMatchObject({
      'x-session-id': '',
      'x-session-valid': 'false',
      'x-session-expires': '',
    });
  });

  it("say 'false' once the session has expired (at expiresAt), 'true' 1 ms before", async () => {
    const { http, fake, state } = setup();
    state.session = session({ expiresAt: T0 + 1 });
    await http.get('/api/items');
    expect(fake.lastHeaders()['x-session-valid']).toBe('true');
    state.session = session({ expiresAt: T0 });
    await http.get('/api/items');
    expect(fake.lastHeaders()).toMatchObject({ 'x-session-valid': 'false', 'x-session-id': 'sid-1' });
  });

  it.each([
    '/ordering/',
    '/ordering/store-1/cart',
    '/authentication/login',
    '/authentication/signup',
    '/authentication/resetpass',
    '/session-expired',
    '/unauthorized',
  ])('are omitted on the page %s', async (page) => {
    const { http, fake, state } = setup();
    state.pathname = page;
    await http.get('/api/items');
    for (const name of SESSION_HEADER_NAMES) expect(fake.lastHeaders()).not.toHaveProperty(name);
  });

  // The exempt URLs are fragments of the path, as SPEC.md 7 lists them: /gettokenonlineX is exempt,
  // /api/ordering_online (no trailing slash) is not.
  it.each([
    '/api/ordering_online/menu',
    '/ordering_online/',
    '/api/ordering_master/stores',
    '/api/gettokenonline',
    '/gettokenonline?store=3',
    '/api/gets/get',
    'https://api.example.com/gets/get/42',
    '/gettokenonlineX',
    '/api/gets/getter',
  ])('are omitted for the URL %s', async (url) => {
    const { http, fake } = setup();
    await http.get(url);
    for (const name of SESSION_HEADER_NAMES) expect(fake.lastHeaders()).not.toHaveProperty(name);
  });

  it.each([
    '/api/items',
    '/api/auth/session',
    '/api/auth/usercompany',
    '/api/ordering_online',
    '/api/ordering_onlinex',
  ])('are sent for the URL %s', async (url) => {
    const { http, fake } = setup();
    await http.post(url, {});
    for (const name of SESSION_HEADER_NAMES) expect(fake.lastHeaders()).toHaveProperty(name);
  });

  it('judge the URL with its baseURL', async () => {
    const { http, fake } = setup({ baseURL: '/api/' });
    await http.get('ordering_online/menu');
    expect(fake.lastHeaders()).not.toHaveProperty('x-session-id');
    await http.get('/items');
    expect(fake.lastHeaders()).toHaveProperty('x-session-id');
    expect(requestUrl({ baseURL: '/api/', url: '/items' })).toBe('/api/items');
    expect(requestUrl({ baseURL: '/api', url: 'https://x.test/a' })).toBe('https://x.test/a');
    expect(requestUrl({ baseURL: '/api' })).toBe('/api');
    expect(requestUrl(undefined)).toBe('');
  });

  it('send a fresh W3C trace context with them, to our own server only', async () => {
    const { http, fake } = setup();
    await http.get('/api/backoffice/items');
    const first = fake.lastHeaders().traceparent;
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await http.get('/api/backoffice/items');
    expect(fake.lastHeaders().traceparent).not.toBe(first);
    await http.get('https://elsewhere.example/api/items');
    expect(fake.lastHeaders()).not.toHaveProperty('traceparent');
    await http.get('/api/ordering_online/menu');
    expect(fake.lastHeaders()).not.toHaveProperty('traceparent');
  });

  it('sessionHeaders() is the pure rule', () => {
    expect(sessionHeaders(null, T0)).toEqual({
      'X-Session-ID': '',
      'X-Session-Valid': 'false',
      'X-Session-Expires': '',
      'X-Request-Time': new Date(T0).toISOString(),
    });
  });
});

describe(`router path cache (${ROUTER_PATH_CACHE_MS} ms)`, () => {
  it('serves the cached path for 99 ms and reads afresh at 100 ms', () => {
    expect(ROUTER_PATH_CACHE_MS).toBe(100);
    let path = '/items';
    const read = jest.fn(() => path);
    const cache = createPathCache(read);
    expect(cache.get()).toBe('/items');
    path = '/ordering/store';
    jest.advanceTimersByTime(99);
    expect(cache.get()).toBe('/items');
    expect(read).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(cache.get()).toBe('/ordering/store');
    expect(read).toHaveBeenCalledTimes(2);
    cache.invalidate();
    path = '/x';
    expect(cache.get()).toBe('/x');
  });

  it('reads a throwing getter as "" without caching it', () => {
    let fail = true;
    const cache = createPathCache(() => {
      if (fail) throw new Error('no router');
      return '/items';
    });
    expect(cache.get()).toBe('');
    fail = false;
    expect(cache.get()).toBe('/items');
  });

  it('is what the request interceptor uses: a stale page at 99 ms, the fresh one at 100 ms', async () => {
    const { http, fake, state, getPathname } = setup();
    await http.get('/api/items');
    expect(fake.lastHeaders()).toHaveProperty('x-session-id');
    state.pathname = '/ordering/store-1';
    jest.advanceTimersByTime(99);
    await http.get('/api/items');
    expect(fake.lastHeaders()).toHaveProperty('x-session-id');
    expect(getPathname).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await http.get('/api/items');
    expect(fake.lastHeaders()).not.toHaveProperty('x-session-id');
    expect(getPathname).toHaveBeenCalledTimes(2);
  });
});

describe('401 handling (SPEC.md 8)', () => {
  it(`runs the flow ${UNAUTHORIZED_HANDLING_DELAY_MS} ms after a 401 on a protected call: not at 199, at 200`, async () => {
    const { http, fake, onUnauthorized } = setup();
    fake.respond(() => ({ status: 401 }));
    const error = await http.get('/api/items').catch((e: unknown) => e);
    expect(axios.isAxiosError(error) && error.response?.status).toBe(401);
    jest.advanceTimersByTime(199);
    expect(onUnauthorized).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(
      expect.objectContaining({ url: '/api/items', pathname: '/items', status: 401 }),
    );
  });

  it('runs ONE flow for 20 simultaneous 401s, and again for a later wave', async () => {
    const { http, fake, onUnauthorized, installed } = setup();
    fake.respond(() => ({ status: 401 }));
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => http.get(`/api/items/${i}`)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(installed.hasPendingUnauthorized()).toBe(true);
    jest.advanceTimersByTime(UNAUTHORIZED_HANDLING_DELAY_MS);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // A new wave after the flow ran triggers again.
    await Promise.allSettled([http.get('/api/a'), http.get('/api/b')]);
    jest.advanceTimersByTime(UNAUTHORIZED_HANDLING_DELAY_MS);
    expect(onUnauthorized).toHaveBeenCalledTimes(2);
  });

  it('401s arriving during the 200 ms join the wave', async () => {
    const { http, fake, onUnauthorized } = setup();
    fake.respond(() => ({ status: 401 }));
    await http.get('/api/a').catch(() => undefined);
    jest.advanceTimersByTime(150);
    await http.get('/api/b').catch(() => undefined);
    jest.advanceTimersByTime(49);
    expect(onUnauthorized).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each([
    '/api/auth/usercompany',
    '/api/auth/langchange',
    '/api/auth/signup',
    '/api/auth/resetpass',
    '/api/ordering_online/menu',
    '/api/ordering_master/stores',
    '/api/gettokenonline',
    '/api/gets/get',
  ])('ignores a 401 of %s (it only rejects)', async (url) => {
    const { http, fake, onUnauthorized, onForbidden } = setup();
    fake.respond(() => ({ status: 401 }));
    await expect(http.post(url, {})).rejects.toMatchObject({ response: { status: 401 } });
    jest.advanceTimersByTime(5_000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it.each(['/ordering/store-1', '/authentication/login', '/session-expired', '/unauthorized'])(
    'ignores a 401 on the public page %s',
    async (page) => {
      const { http, fake, onUnauthorized, state } = setup();
      state.pathname = page;
      fake.respond(() => ({ status: 401 }));
      await expect(http.get('/api/items')).rejects.toMatchObject({ response: { status: 401 } });
      jest.advanceTimersByTime(5_000);
      expect(onUnauthorized).not.toHaveBeenCalled();
    },
  );

  it('cancelPendingUnauthorized() drops a wave; eject() removes everything', async () => {
    const { http, fake, onUnauthorized, installed } = setup();
    fake.respond(() => ({ status: 401 }));
    await http.get('/api/a').catch(() => undefined);
    installed.cancelPendingUnauthorized();
    jest.advanceTimersByTime(1000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    await http.get('/api/a').catch(() => undefined);
    installed.eject();
    jest.advanceTimersByTime(1000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    fake.respond(() => ({ status: 200 }));
    await http.get('/api/items');
    expect(fake.lastHeaders()).not.toHaveProperty('x-session-id');
  });
});

describe('403, 5xx and the rest', () => {
  it('403 calls onForbidden, never the logout flow', async () => {
    const { http, fake, onUnauthorized, onForbidden } = setup();
    fake.respond(() => ({ status: 403 }));
    await expect(http.get('/api/items')).rejects.toMatchObject({ response: { status: 403 } });
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(onForbidden).toHaveBeenCalledWith(expect.objectContaining({ status: 403, url: '/api/items' }));
    jest.advanceTimersByTime(10_000);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it.each([500, 502, 503, 504])('%p is logged only', async (status) => {
    const { http, fake, onUnauthorized, onForbidden, logger } = setup();
    fake.respond(() => ({ status }));
    await expect(http.delete('/api/items/3')).rejects.toMatchObject({ response: { status } });
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(HTTP_SERVER_ERROR_CODE, `DELETE /api/items/3 answered ${status}`);
    jest.advanceTimersByTime(10_000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it.each([400, 404, 409, 429])('%p only rejects', async (status) => {
    const { http, fake, onUnauthorized, onForbidden, logger } = setup();
    fake.respond(() => ({ status }));
    await expect(http.get('/api/items')).rejects.toMatchObject({ response: { status } });
    jest.advanceTimersByTime(10_000);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('a network error (no response) only rejects', async () => {
    const { http, fake, logger, onUnauthorized } = setup();
    fake.respond(() => {
      throw new Error('socket hang up');
    });
    await expect(http.get('/api/items')).rejects.toThrow('socket hang up');
    expect(logger.error).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('blocking and cancellation', () => {
  it('aborts in-flight requests on block(), silently', async () => {
    const { http, fake, gate, logger, onUnauthorized, onForbidden } = setup();
    fake.respond(() => ({ status: 200, hang: true }));
    const pending = Promise.allSettled([http.get('/api/a'), http.get('/api/b'), http.post('/api/c', {})]);
    await flush();
    expect(fake.calls).toHaveLength(3);
    gate.block();
    const results = await pending;
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(isCancel((r as PromiseRejectedResult).reason)).toBe(true);
    }
    jest.advanceTimersByTime(10_000);
    expect(logger.error).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('rejects new requests while blocked without sending them, and lets them through after release', async () => {
    const { http, fake, gate, logger } = setup();
    gate.block();
    const error = await http.get('/api/items').catch((e: unknown) => e);
    expect(isCancel(error)).toBe(true);
    expect(fake.calls).toHaveLength(0);
    expect(logger.error).not.toHaveBeenCalled();
    gate.releaseAfter(1000);
    jest.advanceTimersByTime(999);
    expect(isCancel(await http.get('/api/items').catch((e: unknown) => e))).toBe(true);
    jest.advanceTimersByTime(1);
    await expect(http.get('/api/items')).resolves.toMatchObject({ status: 200 });
    expect(fake.calls).toHaveLength(1);
  });

  it("a caller's own abort stays the caller's (silent, the gate stays open)", async () => {
    const { http, fake, gate, logger } = setup();
    fake.respond(() => ({ status: 200, hang: true }));
    const own = new AbortController();
    const pending = http.get('/api/items', { signal: own.signal });
    await flush();
    own.abort();
    expect(isCancel(await pending.catch((e: unknown) => e))).toBe(true);
    expect(gate.isBlocked()).toBe(false);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("a caller's own signal is still aborted by block()", async () => {
    const { http, fake, gate } = setup();
    fake.respond(() => ({ status: 200, hang: true }));
    const own = new AbortController();
    const pending = http.get('/api/items', { signal: own.signal });
    await flush();
    gate.block();
    expect(isCancel(await pending.catch((e: unknown) => e))).toBe(true);
    expect(own.signal.aborted).toBe(false);
  });
});
