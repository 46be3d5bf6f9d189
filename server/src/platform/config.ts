import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LevelWithSilent } from 'pino';

/** A configuration problem the operator must fix; main.ts prints the message and exits 1. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/**
 * Resolved from this file, not the cwd, so `npm start` from any folder finds the same data: the
 * first folder up (from src/platform/ when run from source, from dist/ when built) that holds server/.
 */
export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, 'data');

export const DEFAULT_PORT = 8080;

/** Build output folders (webpack `dist/`) of the shell and of each remote. */
export interface StaticRoots {
  shell: string;
  remotes: Record<string, string>;
}

export function defaultStaticRoots(repoRoot = REPO_ROOT): StaticRoots {
  return {
    shell: path.join(repoRoot, 'shell', 'dist'),
    remotes: {
      backoffice: path.join(repoRoot, 'backoffice-remote', 'dist'),
      admin: path.join(repoRoot, 'admin-remote', 'dist'),
      ordering: path.join(repoRoot, 'ordering-remote', 'dist'),
    },
  };
}

/** What main.ts reads from the environment; createApp takes the same things as plain options. */
export interface EnvConfig {
  port: number;
  /** HOST: the address to listen on (default every interface); behind a proxy, the private one. */
  host: string | undefined;
  nodeEnv: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databaseSchema: string | undefined;
  authSecret: string | undefined;
  /** undefined = the default of the mode (demo data outside production, never in it). */
  seedDemo: boolean | undefined;
  /** DEMO_LIVE: the demo's virtual registers (default on with the demo, outside tests; never in production). */
  demoLive: boolean | undefined;
  /**
   * DEMO_LIVE_TEST_RATE, honoured only with NODE_ENV=test (the e2e server): every demo shop open
   * around the clock, this many sales a minute per register, so a browser test sees them soon.
   */
  demoLiveTestRate: number | undefined;
  remotesJson: string | undefined;
  /** PUBLIC_URL as given (an origin); createApp requires it with SMTP_URL and in production (resolvePublicUrl). */
  publicUrl: string | undefined;
  logLevel: LevelWithSilent;
  trustProxy: boolean | number | string;
  /** Absolute session lifetime from sign-in (SESSION_MAX_HOURS), whatever the extends. */
  sessionMaxLifetimeMs: number;
  /** SMTP_URL: the outbox is delivered through it; without it mail stays in the outbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every e-mail (default no-reply at PUBLIC_URL's host). */
  mailFrom: string | undefined;
  /** INSTANCE_NAME: sent as `X-Instance` on every response, to tell instances apart behind a proxy. */
  instanceName: string | undefined;
  /** RECURRING_JOB_SECONDS: how often this instance runs the recurring invoices job (undefined = the default). */
  recurringJobMs: number | undefined;
  /** RELEASE_MIN_SESSIONS, RELEASE_MAX_LOAD_FAILURE, RELEASE_MAX_ERROR_RATIO, RELEASE_TELEMETRY_DAYS (those set). */
  releaseSettings: Partial<ReleaseSettings>;
  /** RELEASE_ORIGINS as given: the origins release manifests may be on (src/modules/releases/manifest.ts checks it). */
  releaseOrigins: string | undefined;
  /** METRICS_TOKEN: GET /metrics on the public port for `Authorization: Bearer <it>` (unset: no /metrics there). */
  metricsToken: string | undefined;
  /** METRICS_PORT: /metrics without a token on 127.0.0.1:<it> (unset: no such server). */
  metricsPort: number | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP collector traces go to (unset: no tracing). */
  otlpEndpoint: string | undefined;
}

const LOG_LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number between 0 and 65535 (got "${raw}").`);
  }
  return port;
}

/** An IPv4 or IPv6 address, or `localhost`: what a server binds to (a name would be a lookup). */
function parseHost(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  if (value !== 'localhost' && isIP(value) === 0) {
    throw new ConfigError(
      `HOST must be an IP address to listen on, such as 10.0.0.5 or 127.0.0.1, or localhost (got "${raw}").`,
    );
  }
  return value;
}

function parseBoolean<T extends boolean | undefined>(name: string, raw: string | undefined, fallback: T): boolean | T {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off'].includes(value)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

/**
 * Express "trust proxy": true/false, a hop count, or a comma list of addresses/subnets. Default
 * false: the client is the socket's address, so a forged X-Forwarded-For cannot pick its own
 * per-address limits. Behind one proxy, TRUST_PROXY=1.
 */
function parseTrustProxy(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw.trim() === '') return false;
  const value = raw.trim();
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function parsePublicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    const url = new URL(raw.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
    return url.origin;
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute http(s) URL such as https://pos.example.com (got "${raw}").`);
  }
}

/**
 * SMTP_URL as nodemailer reads it: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS
 * from the first byte), with user and password when the server wants them. A mistake names the
 * URL without its password: start-up errors end up in logs.
 */
export function parseSmtpUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    const shown = url ? `${url.protocol}//${url.host}` : 'a value that is not a URL';
    throw new ConfigError(
      `SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@mail.example.com:465 (got ${shown}).`,
    );
  }
  return value;
}

/** An address (`pos@example.com`) or a name and an address (`Hive POS <pos@example.com>`). */
const MAIL_FROM_PATTERN = /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+)$/;

export function parseMailFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = raw.trim();
  if (!MAIL_FROM_PATTERN.test(value)) {
    throw new ConfigError(
      `MAIL_FROM must be an e-mail address, or a name and an address such as "Hive POS <pos@example.com>" (got "${value}").`,
    );
  }
  return value;
}

/** The links in an e-mail must open from a mailbox: site-relative links work only inside the app. */
export const SMTP_NEEDS_PUBLIC_URL_MESSAGE =
  'SMTP_URL needs PUBLIC_URL (for example PUBLIC_URL=https://pos.example.com): the reset and activation links in the e-mails are built from it.';

/** Production's outbox is mail meant to leave (now or once SMTP_URL is set): its links need the real origin. */
export const PUBLIC_URL_IN_PRODUCTION_MESSAGE =
  "PUBLIC_URL is required with NODE_ENV=production (for example PUBLIC_URL=https://pos.example.com): the activation, password reset and invitation links in the e-mails are built from it, and without it they would point at this machine's localhost.";

/** Development and tests: the e-mailed links open this server on this machine. */
export const developmentPublicUrl = (port: number) => `http://localhost:${port}`;

/**
 * The origin every e-mailed link starts with. PUBLIC_URL is required once mail can leave (SMTP_URL)
 * and in production; elsewhere it defaults to this machine. Never built from a request's Host header.
 */
export function resolvePublicUrl(options: {
  production: boolean;
  smtpUrl: string | undefined;
  publicUrl: string | undefined;
  port: number;
}): { publicUrl: string; isDefault: boolean } {
  const given = parsePublicUrl(options.publicUrl);
  if (given) return { publicUrl: given, isDefault: false };
  if (options.smtpUrl) throw new ConfigError(SMTP_NEEDS_PUBLIC_URL_MESSAGE);
  if (options.production) throw new ConfigError(PUBLIC_URL_IN_PRODUCTION_MESSAGE);
  return { publicUrl: developmentPublicUrl(options.port), isDefault: true };
}

export const DEFAULT_SESSION_MAX_HOURS = 12;

function parseSessionMaxHours(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SESSION_MAX_HOURS * 3_600_000;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours < 1 || hours > 720) {
    throw new ConfigError(`SESSION_MAX_HOURS must be a number of hours between 1 and 720 (got "${raw}").`);
  }
  return Math.round(hours * 3_600_000);
}

/** A header value: letters, digits, dot, dash and underscore (no spaces, nothing to escape). */
function parseInstanceName(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const name = raw.trim();
  if (!/^[A-Za-z0-9._-]{1,64}$/.test(name)) {
    throw new ConfigError(
      `INSTANCE_NAME must be 1 to 64 letters, digits, dots, dashes or underscores, such as web-1 (got "${raw}").`,
    );
  }
  return name;
}

function parseRecurringJobSeconds(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > 86_400) {
    throw new ConfigError(
      `RECURRING_JOB_SECONDS must be a whole number of seconds between 0 (off) and 86400 (got "${raw}").`,
    );
  }
  return seconds * 1000;
}

/** Canary judgement and telemetry retention (issue 44, releases/telemetry): RELEASE_* variables. */
export interface ReleaseSettings {
  /** RELEASE_MIN_SESSIONS: a canary is judged from this many sessions on. */
  minSessions: number;
  /** RELEASE_MAX_LOAD_FAILURE: the share of sessions (0..1) whose remote failed to load. */
  maxLoadFailure: number;
  /** RELEASE_MAX_ERROR_RATIO: the canary's error rate against the active release's (and 2 points above it). */
  maxErrorRatio: number;
  /** RELEASE_TELEMETRY_DAYS: telemetry aggregates older than this are deleted. */
  telemetryDays: number;
}

export const DEFAULT_RELEASE_SETTINGS: ReleaseSettings = {
  minSessions: 20,
  maxLoadFailure: 0.05,
  maxErrorRatio: 2,
  telemetryDays: 30,
};

const RELEASE_SETTING_RULES: Record<keyof ReleaseSettings, { name: string; ok(n: number): boolean; rule: string }> = {
  minSessions: {
    name: 'RELEASE_MIN_SESSIONS',
    ok: (n) => Number.isInteger(n) && n >= 1 && n <= 1_000_000,
    rule: 'a whole number of sessions between 1 and 1000000',
  },
  maxLoadFailure: {
    name: 'RELEASE_MAX_LOAD_FAILURE',
    ok: (n) => n > 0 && n <= 1,
    rule: 'a share of sessions above 0 and at most 1, such as 0.05 for 5 %',
  },
  maxErrorRatio: {
    name: 'RELEASE_MAX_ERROR_RATIO',
    ok: (n) => n >= 1 && n <= 100,
    rule: 'a ratio between 1 and 100, such as 2',
  },
  telemetryDays: {
    name: 'RELEASE_TELEMETRY_DAYS',
    ok: (n) => Number.isInteger(n) && n >= 1 && n <= 3650,
    rule: 'a whole number of days between 1 and 3650',
  },
};

const RELEASE_SETTING_KEYS = Object.keys(RELEASE_SETTING_RULES) as (keyof ReleaseSettings)[];

/** The settings with the defaults filled in; a bad value is a ConfigError naming its variable. */
export function resolveReleaseSettings(given: Partial<ReleaseSettings> = {}): ReleaseSettings {
  const settings = { ...DEFAULT_RELEASE_SETTINGS, ...given };
  for (const key of RELEASE_SETTING_KEYS) {
    const rule = RELEASE_SETTING_RULES[key];
    const value = settings[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || !rule.ok(value)) {
      throw new ConfigError(`${rule.name} must be ${rule.rule} (got "${String(value)}").`);
    }
  }
  return settings;
}

function parseReleaseSettings(env: NodeJS.ProcessEnv): Partial<ReleaseSettings> {
  const given: Partial<ReleaseSettings> = {};
  for (const key of RELEASE_SETTING_KEYS) {
    const rule = RELEASE_SETTING_RULES[key];
    const raw = env[rule.name];
    if (raw === undefined || raw.trim() === '') continue;
    const value = Number(raw.trim());
    if (!Number.isFinite(value) || !rule.ok(value)) {
      throw new ConfigError(`${rule.name} must be ${rule.rule} (got "${raw}").`);
    }
    given[key] = value;
  }
  return given;
}

export const DEMO_IN_PRODUCTION_MESSAGE =
  'SEED_DEMO=true is refused with NODE_ENV=production: the demo accounts share a public password. Create the first administrator with `npm run create-admin -w server -- --email <address>` instead.';

/**
 * Production names its data folder: the default `<repo>/data` is where development seeds the demo
 * (accounts with a public password), so a production start must not fall into it silently. A
 * required variable rather than a second default folder: a default is still a silent choice, and
 * the operator already sets AUTH_SECRET for production.
 */
export const DATA_DIR_IN_PRODUCTION_MESSAGE =
  'DATA_DIR is required with NODE_ENV=production on SQLite: name the folder for production data (for example DATA_DIR=/var/lib/hive-pos), or set DATABASE_URL for PostgreSQL. The default ./data is the development folder, seeded with demo accounts whose password is public.';

/** Production on a database holding demo accounts: which ones, and the two ways out. */
export function demoAccountsMessage(emails: readonly string[]): string {
  return [
    `NODE_ENV=production refuses to start: this database holds demo accounts whose password is public (${emails.join(', ')}).`,
    'Start production on a fresh data folder (DATA_DIR, or DATABASE_URL for PostgreSQL), or disable the demo accounts in this one with',
    "`npm run disable-demo -w server` run with the server's DATA_DIR (or DATABASE_URL and DATABASE_SCHEMA).",
  ].join('\n');
}

/** Long enough not to be guessed, and what a Bearer header carries (no spaces, printable ASCII). */
const METRICS_TOKEN_PATTERN = /^[\x21-\x7e]{24,512}$/;

/** METRICS_TOKEN: the bearer token of GET /metrics on the public port (src/platform/metrics). */
export function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const token = raw.trim();
  if (!METRICS_TOKEN_PATTERN.test(token)) {
    // Never the value itself: start-up errors end up in logs.
    throw new ConfigError(
      `METRICS_TOKEN must be 24 to 512 printable characters without spaces, such as the output of \`openssl rand -hex 32\` (got ${token.length} characters${/[^\x21-\x7e]/.test(token) ? ' including spaces or other characters' : ''}).`,
    );
  }
  return token;
}

/** METRICS_PORT: the loopback port of the token-less /metrics server; never the public PORT. */
export function parseMetricsPort(raw: string | undefined, publicPort: number): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`METRICS_PORT must be a whole number between 1 and 65535 (got "${raw}").`);
  }
  if (port === publicPort) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (both ${port}): it is a second server, on 127.0.0.1 only.`,
    );
  }
  return port;
}

const NODE_ENVS = ['production', 'development', 'test'];

export function loadEnvConfig(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const logLevel = (env.LOG_LEVEL?.trim() || 'info') as LevelWithSilent;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}").`);
  }
  const nodeEnv = env.NODE_ENV?.trim() || 'development';
  // Exactly these: "Production" once ran as development (demo accounts seeded, cookies not Secure).
  if (!NODE_ENVS.includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be one of ${NODE_ENVS.join(', ')}, in lower case (got "${env.NODE_ENV}").`);
  }
  const seedDemo = parseBoolean('SEED_DEMO', env.SEED_DEMO, undefined);
  // Only a wish: the server runs live registers only with the demo seeded and never in production.
  const demoLive = parseBoolean('DEMO_LIVE', env.DEMO_LIVE, undefined);
  const testRate = env.DEMO_LIVE_TEST_RATE?.trim() ? Number(env.DEMO_LIVE_TEST_RATE) : undefined;
  if (testRate !== undefined && !(testRate > 0 && testRate <= 600)) {
    throw new ConfigError(
      `DEMO_LIVE_TEST_RATE must be a number of sales a minute, 1 to 600 (got "${env.DEMO_LIVE_TEST_RATE}").`,
    );
  }
  if (nodeEnv === 'production' && seedDemo === true) throw new ConfigError(DEMO_IN_PRODUCTION_MESSAGE);
  // With PostgreSQL the data folder holds nothing (production's AUTH_SECRET comes from the environment).
  if (nodeEnv === 'production' && !env.DATA_DIR?.trim() && !env.DATABASE_URL?.trim()) {
    throw new ConfigError(DATA_DIR_IN_PRODUCTION_MESSAGE);
  }
  const smtpUrl = parseSmtpUrl(env.SMTP_URL);
  if (smtpUrl && !env.PUBLIC_URL?.trim()) throw new ConfigError(SMTP_NEEDS_PUBLIC_URL_MESSAGE);
  const port = parsePort(env.PORT);
  return {
    port,
    host: parseHost(env.HOST),
    nodeEnv,
    dataDir: env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR.trim()) : DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databaseSchema: env.DATABASE_SCHEMA?.trim() || undefined,
    authSecret: env.AUTH_SECRET || undefined,
    seedDemo,
    demoLive,
    demoLiveTestRate: nodeEnv === 'test' ? testRate : undefined,
    remotesJson: env.REMOTES_JSON?.trim() || undefined,
    publicUrl: parsePublicUrl(env.PUBLIC_URL),
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    sessionMaxLifetimeMs: parseSessionMaxHours(env.SESSION_MAX_HOURS),
    smtpUrl,
    mailFrom: parseMailFrom(env.MAIL_FROM),
    instanceName: parseInstanceName(env.INSTANCE_NAME),
    recurringJobMs: parseRecurringJobSeconds(env.RECURRING_JOB_SECONDS),
    releaseSettings: parseReleaseSettings(env),
    releaseOrigins: env.RELEASE_ORIGINS?.trim() || undefined,
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    metricsPort: parseMetricsPort(env.METRICS_PORT, port),
    otlpEndpoint: parseOtlpEndpoint(env.OTEL_EXPORTER_OTLP_ENDPOINT),
  };
}

/** OTEL_EXPORTER_OTLP_ENDPOINT: an http(s) base URL (spans go to <it>/v1/traces). */
export function parseOtlpEndpoint(value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://127.0.0.1:4318.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://127.0.0.1:4318.');
  }
  return text;
}

function findRepoRoot(from: string): string {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'server', 'package.json'))) return dir;
  }
  throw new Error(`No repository root (a folder holding server/) above ${from}`);
}
