import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { AUTH_COOKIE_NAMES } from '@hive/shared/config';
import type { Database } from '../../database';
import type { Limiter, LimiterStore, RateLimitRule } from '../../platform/http';
import { MAIL_LIMITS, type MailLimiters } from '../../platform/outbox';
import type { CompanySetup, Reactions } from '../../module';
import type { LiveBus } from '../../platform/live';
import type { Metrics } from '../../platform/metrics';
import type { ReleaseSettings } from '../../platform/config';
import type { PasswordHasher } from './passwords';

export type { RateLimitRule } from '../../platform/http';

/**
 * Every limit of the auth routes (and of register PINs, which are credentials too). Each per-address limit has a limit beside it that no header can
 * dodge: per account or per target (the e-mail address a message goes to), or for the whole
 * service (the client log's volume). The sign-in lockout per account lives in `signin_failures`.
 */
export interface RateLimits {
  /** Failed sign-ins per address. */
  signIn: RateLimitRule;
  /** Sign-ups per address. */
  signup: RateLimitRule;
  /** Sign-up e-mails (activation or "you already have an account") per e-mail address. */
  signupPerEmail: RateLimitRule;
  /** Reset requests per address. */
  resetpass: RateLimitRule;
  /** Reset e-mails per account. */
  resetPerAccount: RateLimitRule;
  /** Client log messages per address. */
  log: RateLimitRule;
  /** Client log bytes per address. */
  logBytes: RateLimitRule;
  /** Client log bytes for the whole service (all addresses together). */
  logBytesTotal: RateLimitRule;
  /** New register PINs an account asks for (team/pinChanges.ts; a bulk reset counts as one). */
  pinChanges: RateLimitRule;
  /** New register PINs of a company, every account together. */
  pinChangesPerCompany: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { limit: 20, windowMs: 15 * 60_000 },
  signup: { limit: 10, windowMs: 60 * 60_000 },
  // The e-mail limits come from the one table of mail limits (src/platform/outbox/limits.ts).
  signupPerEmail: MAIL_LIMITS.perRecipient.signup,
  resetpass: { limit: 10, windowMs: 15 * 60_000 },
  resetPerAccount: MAIL_LIMITS.perRecipient.account,
  log: { limit: 120, windowMs: 60_000 },
  logBytes: { limit: 64 * 1024, windowMs: 60_000 },
  logBytesTotal: { limit: 1024 * 1024, windowMs: 60_000 },
  pinChanges: { limit: 30, windowMs: 60 * 60_000 },
  pinChangesPerCompany: { limit: 200, windowMs: 60 * 60_000 },
};

export type AuthLimiters = Record<keyof RateLimits, Limiter>;

export function buildLimiters<K extends string>(
  store: LimiterStore,
  rules: Record<K, RateLimitRule>,
): Record<K, Limiter> {
  return Object.fromEntries(
    (Object.keys(rules) as K[]).map((name) => [name, store.limiter(name, rules[name])]),
  ) as Record<K, Limiter>;
}

export interface LockoutPolicy {
  /** Consecutive failures (each within `windowMs` of the previous) that lock the account. */
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_LOCKOUT: LockoutPolicy = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export const RESET_TOKEN_LIFETIME_MS = 30 * 60_000;

/** Everything the auth feature needs, built once by createApp. */
export interface AuthContext {
  db: Kysely<Database>;
  log: Logger;
  now: () => number;
  sessionLifetimeMs: number;
  /** Absolute limit from sign-in: no extend goes past it (default 12 hours). */
  sessionMaxLifetimeMs: number;
  secret: string;
  production: boolean;
  /** true in production (Secure + __Secure-/__Host- names); undefined = decided per request by protocol. */
  useSecureCookies: boolean | undefined;
  passwords: PasswordHasher;
  lockout: LockoutPolicy;
  rateLimits: RateLimits;
  limiters: AuthLimiters;
  /** The mail limits every action that writes to the outbox asks first (src/platform/outbox/limits.ts). */
  mail: MailLimiters;
  /** The app's limiter store (memory, or PostgreSQL shared by every instance). */
  limiterStore: LimiterStore;
  /**
   * Origin of every e-mailed link (PUBLIC_URL; in development and tests http://localhost:<port>),
   * never built from a request's Host header.
   */
  publicUrl: string;
  /** Whether the outbox is delivered (SMTP_URL set); without it mail stays in the outbox. */
  mailDelivery: boolean;
  /** A new company's set-up from every module (src/modules.ts): sign-up and the admin console use it. */
  companySetup: CompanySetup;
  /** What other modules do when something happens in one (src/module.ts Reactions). */
  reactions: Reactions;
  /** What changed, to the live pages of the company (src/platform/live): publishChange after the commit. */
  live: LiveBus;
  /** The canary thresholds and telemetry retention (RELEASE_*; releases/telemetry); unset = the defaults. */
  releaseSettings?: ReleaseSettings;
  /**
   * Where release manifests may come from (src/modules/releases): the folders this server hosts each
   * remote's build from (same-origin paths), and RELEASE_ORIGINS (null: any http(s) origin).
   * Unset: the default build folders, any origin.
   */
  releaseSources?: { remoteRoots: Readonly<Record<string, string>>; origins: readonly string[] | null };
  /** The app's metrics (src/platform/metrics) when METRICS_TOKEN or METRICS_PORT is set: the device API's ingest counts into it. */
  metrics?: Metrics;
}

export interface CookieNames {
  sessionToken: string;
  csrfToken: string;
  callbackUrl: string;
}

/** The names Auth.js uses: `__Secure-` / `__Host-` (CSRF) prefixes when cookies are Secure. */
export function cookieNames(secure: boolean): CookieNames {
  return {
    sessionToken: `${secure ? '__Secure-' : ''}${AUTH_COOKIE_NAMES.sessionToken}`,
    csrfToken: `${secure ? '__Host-' : ''}${AUTH_COOKIE_NAMES.csrfToken}`,
    callbackUrl: `${secure ? '__Secure-' : ''}${AUTH_COOKIE_NAMES.callbackUrl}`,
  };
}

export function usesSecureCookies(ctx: AuthContext, protocol: string): boolean {
  return ctx.useSecureCookies ?? protocol === 'https';
}

/** A Set-Cookie value that removes one of our auth cookies (same attributes as when it was set). */
export function expiredCookie(name: string, secure: boolean): string {
  return `${name}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
