import type { LocalSession } from '../session/localSession';
import { createFetchSessionHeaders } from './fetchHeaders';

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);
const session: LocalSession = {
  sessionId: 'sid-1',
  user: { user_id: 7, user_email: 'owner@cornermarket.test' },
  createdAt: T0,
  lastActivity: T0,
  expiresAt: T0 + 60_000,
};

/** A W3C traceparent: version 00, a 16-byte trace id, an 8-byte parent id, sampled. */
const TRACEPARENT = expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

describe('session headers for fetch calls (SPEC.md 7)', () => {
  const headersOn = (pathname: string, current: LocalSession | null = session) =>
    createFetchSessionHeaders({ getSession: () => current, getPathname: () => pathname, now: () => T0 });

  it('are the four headers of the axios interceptor', () => {
    expect(headersOn('/items')('/api/auth/session')).toEqual({
      'X-Session-ID': 'sid-1',
      'X-Session-Valid': 'true',
      'X-Session-Expires': new Date(T0 + 60_000).toISOString(),
      'X-Request-Time': new Date(T0).toISOString(),
      traceparent: TRACEPARENT,
    });
    expect(headersOn('/', null)('/api/auth/csrf')).toEqual({
      'X-Session-ID': '',
      'X-Session-Valid': 'false',
      'X-Session-Expires': '',
      'X-Request-Time': new Date(T0).toISOString(),
      traceparent: TRACEPARENT,
    });
  });

  it('carry a fresh W3C trace context per call, to our own server only', () => {
    const headers = headersOn('/items');
    const first = headers('/api/backoffice/items').traceparent;
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(headers('/api/backoffice/items').traceparent).not.toBe(first);
    expect(headers('https://elsewhere.example/api/x').traceparent).toBeUndefined();
    expect(headers('//elsewhere.example/api/x').traceparent).toBeUndefined();
  });

  it.each(['/ordering/blue-door-bistro', '/authentication/login', '/session-expired', '/unauthorized'])(
    'are left out on %s',
    (pathname) => {
      expect(headersOn(pathname)('/api/auth/session')).toEqual({});
    },
  );

  it('are left out for the ordering URLs', () => {
    expect(headersOn('/items')('/api/ordering_online/menu')).toEqual({});
    expect(headersOn('/items')('/gettokenonline')).toEqual({});
  });
});
