import { writeLocalSession } from '../session/localSession';
import { createLogger } from './logger';

const T0 = Date.UTC(2026, 10, 28, 12, 0, 0);

describe('client logger', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    localStorage.clear();
    fetchMock = jest.fn().mockResolvedValue({ ok: true });
    (globalThis as { fetch: unknown }).fetch = fetchMock;
  });
  afterEach(() => jest.restoreAllMocks());

  const sent = () => fetchMock.mock.calls[0] as [string, RequestInit];

  it('posts form-encoded entries to the log path with fetch keepalive (it outlives an unloading page)', () => {
    createLogger('/api/auth/_log').error('REMOTE_LOAD', 'backoffice failed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = sent();
    expect(url).toBe('/api/auth/_log');
    expect(init).toEqual(expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'same-origin' }));
    const body = init.body as URLSearchParams;
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.get('level')).toBe('error');
    expect(body.get('code')).toBe('REMOTE_LOAD');
    expect(body.get('message')).toBe('backoffice failed');
  });

  it('carries the session headers of SPEC.md 7, like every API request', () => {
    writeLocalSession({
      sessionId: 'sid-1',
      user: { user_id: 7, user_email: 'owner@cornermarket.test' },
      createdAt: T0,
      lastActivity: T0,
      expiresAt: T0 + 60_000,
    });
    // The default headers: the stored session, on location.pathname ('/' in jsdom).
    const logger = createLogger('/api/auth/_log');
    jest.spyOn(Date, 'now').mockReturnValue(T0);
    logger.warn('X', 'y');
    expect(sent()[1].headers).toEqual({
      'X-Session-ID': 'sid-1',
      'X-Session-Valid': 'true',
      'X-Session-Expires': new Date(T0 + 60_000).toISOString(),
      'X-Request-Time': new Date(T0).toISOString(),
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
    });
  });

  it('swallows a failing fetch', async () => {
    fetchMock.mockRejectedValue(new TypeError('offline'));
    expect(() => createLogger('/log').warn('X', 'y')).not.toThrow();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledWith('/log', expect.objectContaining({ method: 'POST', keepalive: true }));
  });
});
