import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { AUTH_COOKIE_NAMES } from '@hive/shared/config';
import type { Database } from '../db';
import type { PasswordHasher } from './passwords';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/** Per-address limits (in memory, per instance); the per-account lock lives in the database. */
export interface RateLimits {
  signIn: RateLimitRule;
  signup: RateLimitRule;
  resetpass: RateLimitRule;
  log: RateLimitRule;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { limit: 20, windowMs: 15 * 60_000 },
  signup: { limit: 10, windowMs: 60 * 60_000 },
  resetpass: { limit: 10, windowMs: 15 * 60_000 },
  log: { limit: 120, windowMs: 60_000 },
};

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
  secret: string;
  production: boolean;
  /** true in production (Secure + __Secure-/__Host- names); undefined = decided per request by protocol. */
  useSecureCookies: boolean | undefined;
  passwords: PasswordHasher;
  lockout: LockoutPolicy;
  rateLimits: RateLimits;
  /** Origin used in e-mailed links; without it links are site-relative (never built from Host). */
  publicUrl: string | undefined;
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
