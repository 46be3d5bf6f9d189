import { createAuthClient } from './authClient';

type Call = { url: string; init: RequestInit };

// jsdom has no fetch Response: the client only reads ok, status, headers.get and json().
function fakeResponse(status: number, body: unknown, headers: Record<string, string>) {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => headers[name] ?? null },
    json: async () => (typeof body === 'string' ? JSON.parse(body) : body),
  };
}

/** A fake Auth.js server: answers by path, records every call. */
function fakeServer(
  routes: Record<string, (init: RequestInit) => { status?: number; body: unknown; headers?: Record<string, string> }>,
) {
  const calls: Call[] = [];
  const fetchImpl = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const route = routes[url];
    if (!route) return fakeResponse(404, 'not found', {});
    const { status = 200, body, headers = {} } = route(init);
    return fakeResponse(status, body, headers);
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const base = {
  '/api/auth/csrf': () => ({ body: { csrfToken: 'tok123' } }),
  '/api/auth/providers': () => ({ body: { credentials: { id: 'credentials', type: 'credentials' } } }),
};

describe('auth client (Auth.js REST protocol)', () => {
  beforeEach(() => localStorage.clear());

  it('signs in with a form-encoded POST carrying csrfToken and callbackUrl, and tells other tabs', async () => {
    const { calls, fetchImpl } = fakeServer({
      ...base,
      '/api/auth/callback/credentials': () => ({ body: { url: 'http://localhost/items' } }),
    });
    const result = await createAuthClient({ fetchImpl }).signIn('a@b.co', 'pw', { callbackUrl: '/items' });
    expect(result).toEqual({ ok: true, status: 200, error: null, url: 'http://localhost/items' });
    const post = calls.find((c) => c.url.endsWith('callback/credentials'))!;
    expect(post.init.method).toBe('POST');
    expect((post.init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
    const body = new URLSearchParams(String(post.init.body));
    expect(Object.fromEntries(body)).toEqual({
      email: 'a@b.co',
      password: 'pw',
      callbackUrl: '/items',
      csrfToken: 'tok123',
    });
    const message = JSON.parse(localStorage.getItem('nextauth.message')!);
    expect(message).toMatchObject({ event: 'session', data: { trigger: 'signin' } });
  });

  it('reports wrong credentials from the error in the returned URL', async () => {
    const { fetchImpl } = fakeServer({
      ...base,
      '/api/auth/callback/credentials': () => ({
        body: { url: 'http://localhost/api/auth/error?error=CredentialsSignin' },
      }),
    });
    const result = await createAuthClient({ fetchImpl }).signIn('a@b.co', 'bad');
    expect(result).toMatchObject({ ok: false, error: 'CredentialsSignin' });
    expect(localStorage.getItem('nextauth.message')).toBeNull();
  });

  it.each([
    ['account_locked', 'AccountLocked'],
    ['account_disabled', 'AccountDisabled'],
    ['credentials', 'CredentialsSignin'],
  ])('reads the failure code %s as %s', async (code, expected) => {
    const { fetchImpl } = fakeServer({
      ...base,
      '/api/auth/callback/credentials': () => ({
        body: { url: `http://localhost/api/auth/signin?error=CredentialsSignin&code=${code}` },
      }),
    });
    await expect(createAuthClient({ fetchImpl }).signIn('a@b.co', 'bad')).resolves.toMatchObject({
      ok: false,
      error: expected,
    });
  });

  it("reads a suspended company's code: who is told what, and in which language", async () => {
    for (const [code, error, language] of [
      ['company_suspended_admin.es', 'CompanySuspendedAdmin', 'es'],
      ['company_suspended.en', 'CompanySuspended', 'en'],
    ]) {
      const { fetchImpl } = fakeServer({
        ...base,
        '/api/auth/callback/credentials': () => ({
          body: { url: `http://localhost/api/auth/signin?error=CredentialsSignin&code=${code}` },
        }),
      });
      await expect(createAuthClient({ fetchImpl }).signIn('a@b.co', 'pw')).resolves.toMatchObject({
        ok: false,
        error,
        language,
      });
    }
  });

  it('tells a locked account from address throttling, with the wait', async () => {
    const locked = fakeServer({
      ...base,
      '/api/auth/callback/credentials': () => ({
        status: 429,
        body: { error: 'account_locked' },
        headers: { 'Retry-After': '900' },
      }),
    });
    await expect(createAuthClient({ fetchImpl: locked.fetchImpl }).signIn('a@b.co', 'x')).resolves.toEqual({
      ok: false,
      status: 429,
      error: 'AccountLocked',
      url: null,
      retryAfterSeconds: 900,
    });
    const throttled = fakeServer({
      ...base,
      '/api/auth/callback/credentials': () => ({
        status: 429,
        body: { error: 'too_many_requests' },
        headers: { 'Retry-After': '60' },
      }),
    });
    await expect(createAuthClient({ fetchImpl: throttled.fetchImpl }).signIn('a@b.co', 'x')).resolves.toMatchObject({
      error: 'Throttled',
      retryAfterSeconds: 60,
    });
  });

  it('sends the user to the error page when the server lists no providers', async () => {
    const { fetchImpl } = fakeServer({ ...base, '/api/auth/providers': () => ({ body: {} }) });
    await expect(createAuthClient({ fetchImpl }).signIn('a@b.co', 'x')).resolves.toMatchObject({
      ok: false,
      error: 'Configuration',
      url: '/authentication/error?error=Configuration',
    });
  });

  it('reports an unreachable server as a network error', async () => {
    const fetchImpl = jest.fn().mockRejectedValue(new TypeError('Failed to fetch')) as unknown as typeof fetch;
    await expect(createAuthClient({ fetchImpl }).signIn('a@b.co', 'x')).resolves.toEqual({
      ok: false,
      status: 0,
      error: 'Network',
      url: null,
    });
  });

  it('reads a signed-out session as null', async () => {
    const { fetchImpl } = fakeServer({ '/api/auth/session': () => ({ body: null }) });
    await expect(createAuthClient({ fetchImpl }).getSession()).resolves.toBeNull();
  });

  it('signs out with csrfToken and broadcasts the sign-out', async () => {
    const { calls, fetchImpl } = fakeServer({
      ...base,
      '/api/auth/signout': () => ({ body: { url: 'http://localhost/' } }),
    });
    await createAuthClient({ fetchImpl }).signOut();
    const post = calls.find((c) => c.url.endsWith('signout'))!;
    expect(new URLSearchParams(String(post.init.body)).get('csrfToken')).toBe('tok123');
    expect(JSON.parse(localStorage.getItem('nextauth.message')!).data.trigger).toBe('signout');
  });

  it('extend reports the time the server gave, measured on the server clock (its Date header)', async () => {
    const { fetchImpl } = fakeServer({
      ...base,
      '/api/auth/session': () => ({
        body: { user: { email: 'a@b.co' }, expires: '2026-11-23T12:10:00.000Z' },
        headers: { Date: 'Mon, 23 Nov 2026 12:00:00 GMT' },
      }),
    });
    const session = await createAuthClient({ fetchImpl }).extendSession();
    expect(session?.remainingMs).toBe(10 * 60_000);
  });

  it('every call carries the session headers of SPEC.md 7 (these are API requests too), its own headers kept', async () => {
    const { calls, fetchImpl } = fakeServer({
      ...base,
      '/api/auth/session': () => ({ body: { user: { email: 'a@b.co' } } }),
      '/api/auth/signout': () => ({ body: { url: 'http://localhost/' } }),
    });
    const sessionHeaders = jest.fn((url: string) => ({ 'X-Session-ID': `sid-for ${url}`, 'X-Session-Valid': 'true' }));
    const client = createAuthClient({ fetchImpl, sessionHeaders });
    await client.getSession();
    await client.signOut();
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/session', '/api/auth/csrf', '/api/auth/signout']);
    for (const call of calls) {
      expect(call.init.headers).toMatchObject({ 'X-Session-ID': `sid-for ${call.url}`, 'X-Session-Valid': 'true' });
    }
    const post = calls.find((c) => c.url.endsWith('signout'))!;
    expect((post.init.headers as Record<string, string>)['Content-Type']).toBe('application/x-www-form-urlencoded');
  });

  it('by default the headers come from the stored session (none stored: X-Session-Valid false)', async () => {
    const { calls, fetchImpl } = fakeServer({ '/api/auth/session': () => ({ body: {} }) });
    await createAuthClient({ fetchImpl }).getSession();
    expect(calls[0]!.init.headers).toMatchObject({ 'X-Session-ID': '', 'X-Session-Valid': 'false' });
  });
});
