import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';

export const DEMO_PASSWORD = 'hive-demo-2026';

/** The addresses global-setup.ts started. */
export const cluster = {
  a: process.env.SCALE_A_URL!,
  b: process.env.SCALE_B_URL!,
  proxy: process.env.SCALE_PROXY_URL!,
  pids: { a: Number(process.env.SCALE_A_PID), b: Number(process.env.SCALE_B_PID) },
  databaseUrl: process.env.SCALE_DATABASE_URL!,
};

/** Which instance answered (INSTANCE_NAME, sent as X-Instance). */
export const instanceOf = (response: APIResponse): string => response.headers()['x-instance'] ?? '?';

/**
 * A client of its own (cookie jar, X-Forwarded-For address) that records which instance answered each
 * call. Cookies are per host, not per port: a session signed in through nginx is sent to A and B
 * directly too, as a browser behind a balancer would send it to whichever instance.
 */
export class Client {
  readonly answeredBy: string[] = [];

  private constructor(readonly http: APIRequestContext) {}

  static async create(address: string): Promise<Client> {
    return new Client(await request.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address } }));
  }

  private seen(response: APIResponse): APIResponse {
    this.answeredBy.push(instanceOf(response));
    return response;
  }

  async get(url: string): Promise<APIResponse> {
    return this.seen(await this.http.get(url, { maxRedirects: 0 }));
  }

  /** A JSON write, with the Origin header a browser sends (the server refuses cross-site writes). */
  async post(url: string, data: unknown): Promise<APIResponse> {
    return this.seen(await this.http.post(url, { data, headers: { Origin: new URL(url).origin }, maxRedirects: 0 }));
  }

  async csrf(base: string): Promise<string> {
    const res = await this.get(`${base}/api/auth/csrf`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /**
   * The shell's sign-in call (Auth.js credentials, X-Auth-Return-Redirect). With `csrfToken` (from an
   * earlier `csrf()`: the token is reusable) it is one request, so that consecutive sign-ins through
   * nginx alternate between the instances; `address` overrides the client's X-Forwarded-For.
   */
  async signIn(
    base: string,
    email: string,
    password: string,
    { csrfToken, address }: { csrfToken?: string; address?: string } = {},
  ): Promise<{ status: number; code: string | null; by: string }> {
    const token = csrfToken ?? (await this.csrf(base));
    const res = this.seen(
      await this.http.post(`${base}/api/auth/callback/credentials`, {
        form: { csrfToken: token, email, password, callbackUrl: '/' },
        headers: {
          'X-Auth-Return-Redirect': '1',
          Accept: 'application/json',
          ...(address ? { 'X-Forwarded-For': address } : {}),
        },
        maxRedirects: 0,
      }),
    );
    const body = (await res.json().catch(() => ({}))) as { url?: string; error?: string };
    const params = body.url ? new URL(body.url, base).searchParams : null;
    const code = body.error ?? params?.get('code') ?? params?.get('error') ?? null;
    return { status: res.status(), code, by: instanceOf(res) };
  }

  /** GET /api/auth/session: the signed-in e-mail and expiry, or null. */
  async session(base: string): Promise<{ email: string; expires: string } | null> {
    const res = await this.get(`${base}/api/auth/session`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { user?: { email: string }; expires?: string } | null;
    return body?.user ? { email: body.user.email, expires: body.expires ?? '' } : null;
  }

  /** The shell's extend (Auth.js `update`, POST /api/auth/session). */
  async extend(base: string): Promise<APIResponse> {
    const csrfToken = await this.csrf(base);
    return this.seen(
      await this.http.post(`${base}/api/auth/session`, {
        data: { csrfToken, data: { extend: true }, extend: true },
        headers: { Accept: 'application/json', Origin: base },
      }),
    );
  }

  async signOut(base: string): Promise<APIResponse> {
    const csrfToken = await this.csrf(base);
    return this.seen(
      await this.http.post(`${base}/api/auth/signout`, {
        form: { csrfToken, callbackUrl: '/' },
        headers: { 'X-Auth-Return-Redirect': '1', Accept: 'application/json' },
        maxRedirects: 0,
      }),
    );
  }

  /** The Cookie header this client sends (for a Node client of its own, e.g. an event stream). */
  async cookieHeader(): Promise<string> {
    const { cookies } = await this.http.storageState();
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  }

  dispose = () => this.http.dispose();
}

/** True when every call in `names` went to a different instance than the call before it. */
export function alternates(names: string[]): boolean {
  return names.every((n, k) => k === 0 || n !== names[k - 1]) && names.every((n) => n === 'a' || n === 'b');
}
