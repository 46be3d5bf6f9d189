/**
 * The two clients the simulator needs, speaking only the public HTTP APIs: a back-office session
 * (the Auth.js sign-in the shell uses, then /api/backoffice) and a register (/api/device/v1 with
 * its device token; its client lives in @hive/shared/simulation/deviceClient, which the demo's
 * live registers in the server use too).
 */
import { HttpProblem, readJson } from '@hive/shared/simulation/deviceClient';
import type { Terminal, TerminalList, TerminalOptions, TerminalPairing } from '@hive/shared/schemas/backoffice/devices';

export const APP_VERSION = 'simulator-1.0';
export { DeviceClient, HttpProblem, type DeviceReply } from '@hive/shared/simulation/deviceClient';

/** A signed-in back-office user (cookies kept by hand: no browser here). */
export class BackofficeSession {
  private readonly cookies = new Map<string, string>();

  private constructor(readonly url: string) {}

  static async signIn(url: string, email: string, password: string): Promise<BackofficeSession> {
    const session = new BackofficeSession(url);
    const csrf = (await session.request('GET', '/api/auth/csrf')) as { csrfToken: string };
    const response = await session.raw('/api/auth/callback/credentials', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, email, password, callbackUrl: '/' }).toString(),
    });
    const body = (await readJson(response)) as { url?: string } | null;
    if (!response.ok) throw new HttpProblem(response.status, body, `signing in as ${email}`);
    const error = body?.url
      ? (new URL(body.url).searchParams.get('code') ?? new URL(body.url).searchParams.get('error'))
      : 'no answer';
    if (error) throw new Error(`signing in as ${email} failed (${error}): check --email and --password`);
    return session;
  }

  /** The Cookie header this session sends (for a client of its own, e.g. the live event stream). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private async raw(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) headers.set('cookie', this.cookieHeader());
    const response = await fetch(new URL(path, this.url), { ...init, headers, redirect: 'manual' });
    for (const raw of response.headers.getSetCookie()) {
      const [pair = ''] = raw.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(raw)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async request(method: string, path: string, json?: unknown): Promise<unknown> {
    const response = await this.raw(path, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = await readJson(response);
    if (!response.ok) throw new HttpProblem(response.status, body, `${method} ${path}`);
    return body;
  }

  company = () =>
    this.request('GET', '/api/backoffice/company') as Promise<{ slug: string; name: string; license: string }>;
  terminals = () => this.request('GET', '/api/backoffice/terminals') as Promise<TerminalList>;
  terminalOptions = () => this.request('GET', '/api/backoffice/terminals/options') as Promise<TerminalOptions>;
  addTerminal = (name: string, locationId: number) =>
    this.request('POST', '/api/backoffice/terminals', { name, locationId }) as Promise<TerminalPairing>;
  pairingCode = (terminal: Terminal) =>
    this.request('POST', `/api/backoffice/terminals/${terminal.id}/pairing_code`, {}) as Promise<TerminalPairing>;
  /** The overview's best sellers (null when the user may not see the overview). */
  async topItems(): Promise<string[] | null> {
    try {
      const overview = (await this.request('GET', '/api/backoffice/overview')) as { topItems: { name: string }[] };
      return overview.topItems.map((t) => t.name);
    } catch {
      return null;
    }
  }
}
