import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after } from 'node:test';
import type { LevelWithSilent } from 'pino';
import { startServer, type CreateAppOptions, type RunningServer } from '../src/app';
import { DeviceContract, assertDeviceContracts } from './device-contract';
import {
  copyPostgresTemplate,
  copySqliteTemplate,
  TEMPLATE_SCHEMA,
  templateKind,
  withPgClient,
  type TemplateKind,
} from './templates';

/*
 * Integration-test plumbing: a real server on a free port, against a temporary SQLite file and,
 * when TEST_DATABASE_URL is set, against PostgreSQL in a schema of its own (dropped afterwards).
 */

/**
 * Every test file that imports this: once all its suites are done, any answer of the device API
 * the OpenAPI document does not allow fails the file (startTestServer watches them all).
 */
after(assertDeviceContracts);

export const DEMO_PASSWORD = 'hive-demo-2026';
/** Cheap scrypt for tests; production always uses the default cost. */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
const TEST_LOG_LEVEL = (process.env.TEST_LOG_LEVEL ?? 'silent') as LevelWithSilent;

export interface DatabaseTarget {
  name: 'sqlite' | 'postgres';
  /**
   * Options for createApp plus a cleanup that removes what the run created. Given a template kind
   * (test/templates.ts), the database starts as a copy of that seeded template when there is one.
   */
  prepare(
    dataDir: string,
    template?: { kind: TemplateKind; base: Partial<CreateAppOptions> },
  ): Promise<{ options: Partial<CreateAppOptions>; cleanup(): Promise<void> }>;
}

const sqliteTarget: DatabaseTarget = {
  name: 'sqlite',
  async prepare(dataDir, template) {
    const file = path.join(dataDir, 'test.sqlite');
    if (template) await copySqliteTemplate(template.base, template.kind, file);
    return { options: { databaseUrl: `sqlite:${file}` }, cleanup: async () => {} };
  },
};

function postgresTarget(url: string): DatabaseTarget {
  return {
    name: 'postgres',
    async prepare(_dataDir, template) {
      const copy = template && (await copyPostgresTemplate(template.base, template.kind, url));
      if (copy) {
        return { options: { databaseUrl: copy.databaseUrl, databaseSchema: TEMPLATE_SCHEMA }, cleanup: copy.drop };
      }
      const schema = `hive_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      return {
        options: { databaseUrl: url, databaseSchema: schema },
        async cleanup() {
          await withPgClient(url, (c) => c.query(`drop schema if exists "${schema}" cascade`));
        },
      };
    },
  };
}

/**
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). TEST_DB=sqlite or
 * TEST_DB=postgres keeps one of them (the runner runs the two as separate, overlapping runs).
 */
export function databaseTargets(): DatabaseTarget[] {
  const url = process.env.TEST_DATABASE_URL?.trim();
  const all = url ? [sqliteTarget, postgresTarget(url)] : [sqliteTarget];
  const only = process.env.TEST_DB?.trim();
  if (!only) return all;
  if (only !== 'sqlite' && only !== 'postgres') throw new Error(`TEST_DB=${only}: expected sqlite or postgres`);
  if (only === 'postgres' && !url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return all.filter((t) => t.name === only);
}

/**
 * Suites that need no database (or one is enough) run once per `npm test`: in the SQLite run when
 * the runner splits the two (TEST_DB=postgres skips them), so they are neither run nor counted twice.
 */
/** An AUTH_SECRET the server accepts (long, of many characters: weakSecretReason). */
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export const ONCE: { skip: string | false } = {
  skip: process.env.TEST_DB?.trim() === 'postgres' ? 'runs in the SQLite run (TEST_DB=postgres)' : false,
};

/** The one database a suite that needs any database runs on: SQLite, in the run that has it. */
export function oneDatabase(): DatabaseTarget[] {
  return databaseTargets().filter((t) => t.name === 'sqlite');
}

export interface TestClock {
  offsetMs: number;
  now(): number;
  advance(ms: number): void;
}

/**
 * TEST_NOW (an ISO instant, e.g. 2026-11-28T11:05:00Z) starts every test server's clock there:
 * the demo is seeded then and the clock runs on from it, to check a suite at another hour or day.
 */
function startOffset(): number {
  const at = process.env.TEST_NOW?.trim();
  if (!at) return 0;
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new Error(`TEST_NOW=${at}: not an ISO date`);
  return ms - Date.now();
}

export function createClock(offsetMs = startOffset()): TestClock {
  const clock: TestClock = {
    offsetMs,
    now: () => Date.now() + clock.offsetMs,
    advance(ms) {
      clock.offsetMs += ms;
    },
  };
  return clock;
}

export interface TestServer {
  url: string;
  clock: TestClock;
  dataDir: string;
  running: RunningServer;
  /** Every device API answer of this server, checked against its OpenAPI document (test/device-contract.ts). */
  deviceContract: DeviceContract;
  close(): Promise<void>;
}

const GENEROUS = { limit: 100_000, windowMs: 60_000 };
const MAIL_GENEROUS = { purchase_order: GENEROUS, invoice: GENEROUS, schedule: GENEROUS };

/**
 * A server with a movable clock, cheap scrypt and per-address limits effectively off (tests that
 * exercise a limit pass their own). Static roots point at an empty folder unless given.
 */
export async function startTestServer(
  target: DatabaseTarget,
  overrides: Partial<CreateAppOptions> = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-server-test-'));
  const clock = createClock();
  // What every test server shares, the database aside (the templates are seeded with it too).
  const base: Partial<CreateAppOptions> = {
    nodeEnv: 'test',
    secret: TEST_SECRET,
    logLevel: TEST_LOG_LEVEL,
    scryptCost: TEST_SCRYPT,
    now: clock.now,
  };
  const kind = templateKind(overrides);
  const prepared = await target.prepare(dataDir, kind && { kind, base: { ...base, now: createClock().now } });
  const empty = path.join(dataDir, 'no-dist');
  const running = await startServer({
    port: 0,
    ...base,
    dataDir,
    staticRoots: { shell: empty, remotes: { backoffice: empty, admin: empty, ordering: empty } },
    // 90 days of demo receipts cost ~20 s per server (a template copy far less, test/templates.ts);
    // suites that need them pass seedDemoSales: true.
    seedDemoSales: false,
    // The tests play many clients behind one proxy: each Client claims its own address.
    trustProxy: true,
    ...prepared.options,
    ...overrides,
    // Mail limits effectively off too: the tests of the limits pass the real ones (MAIL_LIMITS).
    mailLimits: { perCompany: GENEROUS, perDocument: GENEROUS, perRecipient: MAIL_GENEROUS, ...overrides.mailLimits },
    rateLimits: {
      signIn: GENEROUS,
      signup: GENEROUS,
      signupPerEmail: GENEROUS,
      resetpass: GENEROUS,
      resetPerAccount: GENEROUS,
      log: GENEROUS,
      logBytes: { limit: 1e9, windowMs: 60_000 },
      logBytesTotal: { limit: 1e9, windowMs: 60_000 },
      pinChanges: GENEROUS,
      pinChangesPerCompany: GENEROUS,
      ...overrides.rateLimits,
    },
  });
  // Every device API answer is checked against the OpenAPI document (the hook below reports).
  const deviceContract = new DeviceContract().watch(running.server);
  return {
    url: running.url,
    clock,
    dataDir,
    running,
    deviceContract,
    async close() {
      await deviceContract.settled();
      await running.close();
      await prepared.cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
      deviceContract.finish();
    },
  };
}

export interface CookieRecord {
  value: string;
  attributes: Record<string, string | true>;
  raw: string;
}

/** Just enough of a browser cookie store: one host, Max-Age=0 / past Expires deletes. */
export class CookieJar {
  readonly cookies = new Map<string, CookieRecord>();

  static parse(raw: string): { name: string; record: CookieRecord } {
    const [pair = '', ...attrs] = raw.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      const key = (i === -1 ? attr : attr.slice(0, i)).trim().toLowerCase();
      if (key) attributes[key] = i === -1 ? true : attr.slice(i + 1).trim();
    }
    return { name, record: { value, attributes, raw } };
  }

  /** Applies every Set-Cookie of a response; returns them parsed, by name (last one wins). */
  update(response: Response): Map<string, CookieRecord> {
    const seen = new Map<string, CookieRecord>();
    for (const raw of response.headers.getSetCookie()) {
      const { name, record } = CookieJar.parse(raw);
      seen.set(name, record);
      const maxAge = record.attributes['max-age'];
      const expires = record.attributes.expires;
      const expired =
        (typeof maxAge === 'string' && Number(maxAge) <= 0) ||
        (typeof expires === 'string' && Date.parse(expires) <= Date.now()) ||
        record.value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, record);
    }
    return seen;
  }

  header(): string {
    return [...this.cookies.entries()].map(([name, c]) => `${name}=${c.value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }
}

let addressCounter = 0;
/** A distinct client address per Client, so per-address limits of one test do not leak into another. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** Response bodies are asserted field by field in the tests; typing each shape adds nothing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface SignInResult {
  response: Response;
  body: Json;
  cookies: Map<string, CookieRecord>;
}

/** A browser-like client speaking the Auth.js REST protocol the shell uses. */
export class Client {
  readonly jar = new CookieJar();

  constructor(
    readonly baseUrl: string,
    readonly address = nextAddress(),
  ) {}

  async request(
    pathname: string,
    init: RequestInit & { json?: unknown; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', this.address);
    const cookie = this.jar.header();
    if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    } else if (init.form !== undefined) {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(pathname, this.baseUrl), {
      ...init,
      headers,
      body,
      method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
      redirect: 'manual',
    });
    this.jar.update(response);
    return response;
  }

  async csrf(): Promise<string> {
    const response = await this.request('/api/auth/csrf');
    const body = (await response.json()) as { csrfToken: string };
    return body.csrfToken;
  }

  /** GET csrf, then POST callback/credentials form-encoded with X-Auth-Return-Redirect. */
  async signIn(email: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}): Promise<SignInResult> {
    const csrfToken = await this.csrf();
    const response = await this.request('/api/auth/callback/credentials', {
      headers: { 'x-auth-return-redirect': '1' },
      form: { csrfToken, email, password, callbackUrl: '/', ...extra },
    });
    const cookies = new Map<string, CookieRecord>();
    for (const raw of response.headers.getSetCookie()) {
      const { name, record } = CookieJar.parse(raw);
      cookies.set(name, record);
    }
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { response, body, cookies };
  }

  async session(): Promise<Json> {
    const response = await this.request('/api/auth/session');
    return response.json();
  }

  async extend(): Promise<Response> {
    const csrfToken = await this.csrf();
    return this.request('/api/auth/session', { json: { csrfToken, data: { extend: true } } });
  }

  async signOut(): Promise<Response> {
    const csrfToken = await this.csrf();
    return this.request('/api/auth/signout', {
      headers: { 'x-auth-return-redirect': '1' },
      form: { csrfToken, callbackUrl: '/' },
    });
  }

  async post(pathname: string, json: unknown): Promise<{ response: Response; body: Json }> {
    const response = await this.request(pathname, { json });
    const text = await response.text();
    return { response, body: text ? JSON.parse(text) : null };
  }
}

export interface OutboxMessage {
  to: string;
  subject: string;
  body: string;
}

/** The e-mails sent to `to`, newest first (read from the database: no route exposes them anonymously). */
export async function outbox(server: TestServer, to: string): Promise<OutboxMessage[]> {
  const rows = await server.running.database.db
    .selectFrom('outbox')
    .select(['to_address', 'subject', 'body'])
    .where('to_address', '=', to.trim().toLowerCase())
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({ to: row.to_address, subject: row.subject, body: row.body }));
}

/** The first `?token=` link of the newest e-mail to `to`. */
export async function mailedToken(server: TestServer, to: string): Promise<string> {
  const [message] = await outbox(server, to);
  const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(message?.body ?? '')?.[1];
  if (!token) throw new Error(`no token mailed to ${to}`);
  return token;
}

/** Sign-up as the shell does it, then the activation link from the e-mail: an active account. */
export async function signUpAndActivate(
  server: TestServer,
  body: { company: string; email: string; password: string; license: string },
): Promise<void> {
  const client = new Client(server.url);
  const signup = await client.post('/api/auth/signup', body);
  if (signup.response.status !== 202) throw new Error(`sign-up answered ${signup.response.status}`);
  const token = await mailedToken(server, body.email);
  const activated = await client.post('/api/auth/signup/activate', { token });
  if (activated.response.status !== 200) throw new Error(`activation answered ${activated.response.status}`);
}

export function errorParam(url: string): string | null {
  return new URL(url).searchParams.get('error');
}
