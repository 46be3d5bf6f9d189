import { AUTH_BASE_PATH, STORAGE_KEYS } from '@hive/shared/config';
import type { SignInResult } from '@hive/shared/shell-contract';
import { createFetchSessionHeaders, type FetchSessionHeaders } from '../http/fetchHeaders';

/** The session as `GET /api/auth/session` returns it (null when signed out or expired). */
export interface AuthSession {
  user?: { email?: string | null; name?: string | null };
  expires?: string;
  sessionExpiresAt?: number;
  /**
   * Time the server gives the session from now, measured on the server's clock (its `expires` minus
   * the response's `Date`), so a browser clock that is off does not matter. Set by extend.
   */
  remainingMs?: number;
}

/**
 * `error` is an Auth.js code ('CredentialsSignin', 'Configuration') or one of ours: 'AccountLocked',
 * 'Throttled' (429, with `retryAfterSeconds`), 'Network' (server unreachable, status 0).
 */
export type { SignInResult };

const FORM = 'application/x-www-form-urlencoded';

/**
 * A small client for the Auth.js REST protocol (session, csrf, providers, signin, callback,
 * signout), as next-auth's own client speaks it: POSTs are form-encoded with csrfToken and
 * callbackUrl, and `X-Auth-Return-Redirect: 1` makes the server answer JSON instead of redirects.
 */
export function createAuthClient({
  basePath = AUTH_BASE_PATH,
  fetchImpl,
  sessionHeaders = createFetchSessionHeaders(),
}: {
  basePath?: string;
  fetchImpl?: typeof fetch;
  /** SPEC.md 7: these calls are API requests too, so they carry the session headers. */
  sessionHeaders?: FetchSessionHeaders;
} = {}) {
  const doFetch = (url: string, init: RequestInit = {}) =>
    (fetchImpl ?? fetch)(url, {
      credentials: 'same-origin',
      ...init,
      headers: { ...sessionHeaders(url), ...(init.headers as Record<string, string> | undefined) },
    });

  async function getJson<T>(path: string): Promise<T> {
    const res = await doFetch(`${basePath}/${path}`, { headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()) as T;
  }

  async function getSession(): Promise<AuthSession | null> {
    const data = await getJson<AuthSession | null>('session');
    return data && typeof data === 'object' && data.user ? data : null;
  }

  async function getCsrfToken(): Promise<string> {
    const { csrfToken } = await getJson<{ csrfToken: string }>('csrf');
    return csrfToken;
  }

  async function getProviders(): Promise<Record<string, { id: string; type: string }> | null> {
    try {
      return await getJson<Record<string, { id: string; type: string }> | null>('providers');
    } catch {
      return null;
    }
  }

  async function postForm(path: string, fields: Record<string, string>) {
    const csrfToken = await getCsrfToken();
    return doFetch(`${basePath}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': FORM, 'X-Auth-Return-Redirect': '1', Accept: 'application/json' },
      body: new URLSearchParams({ ...fields, csrfToken }),
    });
  }

  /** Tells other tabs, the way next-auth's client does, that the session changed. */
  function broadcast(trigger: 'signin' | 'signout' | 'update'): void {
    try {
      localStorage.setItem(
        STORAGE_KEYS.authMessage,
        JSON.stringify({ event: 'session', data: { trigger }, timestamp: Math.floor(Date.now() / 1000) }),
      );
    } catch {
      // Storage may be full or disabled; the other tabs will learn at their next session check.
    }
  }

  async function signIn(
    email: string,
    password: string,
    { callbackUrl = typeof location !== 'undefined' ? location.href : '/' }: { callbackUrl?: string } = {},
  ): Promise<SignInResult> {
    let res: Response;
    try {
      // Read directly (not via getProviders) so an unreachable server reads as Network, not Configuration.
      const providers = await getJson<Record<string, unknown> | null>('providers');
      if (!providers || !providers.credentials) {
        return { ok: false, status: 0, error: 'Configuration', url: errorPageUrl('Configuration') };
      }
      res = await postForm('callback/credentials', { email, password, callbackUrl });
    } catch {
      return { ok: false, status: 0, error: 'Network', url: null };
    }
    if (res.status === 429) {
      const retryAfterSeconds = Number(res.headers.get('Retry-After')) || undefined;
      const body = (await res.json().catch(() => ({}))) as { error?: string };
      const error = body.error === 'account_locked' ? 'AccountLocked' : 'Throttled';
      return { ok: false, status: 429, error, url: null, retryAfterSeconds };
    }
    const data = (await res.json().catch(() => ({}))) as { url?: string };
    const url = data.url ?? null;
    const params = url ? new URL(url, 'http://x').searchParams : null;
    const error = params?.get('error') ?? null;
    if (!res.ok || error) {
      // The server adds a `code` to a credentials failure: the attempt that locked the account, or
      // an account that is disabled (or whose company is suspended).
      const code = params?.get('code');
      // A suspended company (the password matched): its administrators and its staff are told
      // different things, each in the language of their account.
      const suspended = /^company_suspended(_admin)?\.([a-z]{2})$/.exec(code ?? '');
      if (suspended) {
        const error = suspended[1] ? 'CompanySuspendedAdmin' : 'CompanySuspended';
        return { ok: false, status: res.status, error, url, language: suspended[2] };
      }
      const named =
        code === 'account_locked'
          ? 'AccountLocked'
          : code === 'account_disabled'
            ? 'AccountDisabled'
            : code === 'account_pending'
              ? 'AccountPending'
              : null;
      return { ok: false, status: res.status, error: named ?? error ?? 'CredentialsSignin', url };
    }
    broadcast('signin');
    return { ok: true, status: res.status, error: null, url };
  }

  async function signOut({ callbackUrl = '/' }: { callbackUrl?: string } = {}): Promise<void> {
    const res = await postForm('signout', { callbackUrl });
    if (!res.ok) throw new Error(`signout answered ${res.status}`);
    broadcast('signout');
  }

  /** Moves the server-side expiry (Auth.js `update`): the only call that extends a session. */
  async function extendSession(): Promise<AuthSession | null> {
    const csrfToken = await getCsrfToken();
    const res = await doFetch(`${basePath}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ csrfToken, data: { extend: true }, extend: true }),
    });
    if (!res.ok) throw new Error(`extend answered ${res.status}`);
    broadcast('update');
    const data = (await res.json()) as AuthSession | null;
    if (!data || !data.user) return null;
    const remainingMs = Date.parse(data.expires ?? '') - Date.parse(res.headers.get('Date') ?? '');
    return Number.isFinite(remainingMs) ? { ...data, remainingMs } : data;
  }

  function errorPageUrl(code: string): string {
    return `/authentication/error?error=${encodeURIComponent(code)}`;
  }

  return { getSession, getCsrfToken, getProviders, signIn, signOut, extendSession, broadcast, errorPageUrl };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
