import { createLogger } from './logger';

describe('client logger', () => {
  afterEach(() => jest.restoreAllMocks());

  it('posts form-encoded entries to the log path', () => {
    const beacon = jest.fn().mockReturnValue(true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    createLogger('/api/auth/_log').error('REMOTE_LOAD', 'backoffice failed');
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, body] = beacon.mock.calls[0] as [string, URLSearchParams];
    expect(url).toBe('/api/auth/_log');
    expect(body).toBeInstanceOf(URLSearchParams);
    expect(body.get('level')).toBe('error');
    expect(body.get('code')).toBe('REMOTE_LOAD');
    expect(body.get('message')).toBe('backoffice failed');
  });

  it('falls back to fetch and swallows its failure', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: jest.fn().mockReturnValue(false), configurable: true });
    const fetchMock = jest.fn().mockRejectedValue(new TypeError('offline'));
    (globalThis as { fetch: unknown }).fetch = fetchMock;
    expect(() => createLogger('/log').warn('X', 'y')).not.toThrow();
    expect(fetchMock).toHaveBeenCalledWith('/log', expect.objectContaining({ method: 'POST', keepalive: true }));
  });
});
