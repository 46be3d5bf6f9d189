import type pg from 'pg';
import type { Request, RequestHandler, Response } from 'express';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { HttpError } from './errors';

export function humanDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Seconds until the key may act again (when refused). */
  retryAfter: number;
}

/** One named limit: `limit` points per key per window. */
export interface Limiter {
  consume(key: string, points?: number): Promise<LimitResult>;
  /** Gives points back (e.g. a sign-in that succeeded does not count). */
  refund(key: string, points?: number): Promise<void>;
  /** Whether the key has a point left, without taking one (refused: every point is spent). */
  peek(key: string): Promise<LimitResult>;
  /** Spends every point the key has left in its window; answers how long until it may act again. */
  exhaust(key: string): Promise<LimitResult>;
}

/** Builds the app's limiters on one store: memory for a single instance, PostgreSQL for many. */
export interface LimiterStore {
  limiter(name: string, rule: RateLimitRule): Limiter;
}

/**
 * With PostgreSQL every instance counts in the shared `rate_limits` table (rate-limiter-flexible's
 * Postgres store), so N instances behind a load balancer enforce one limit, not N. SQLite is one
 * instance by nature: memory is enough. If PostgreSQL fails, a memory limiter per instance stands
 * in (the store's insurance) rather than letting every request through.
 */
export function createLimiterStore(pool?: pg.Pool): LimiterStore {
  return {
    limiter(name, rule) {
      const options = { keyPrefix: name, points: rule.limit, duration: Math.max(1, Math.ceil(rule.windowMs / 1000)) };
      const memory = new RateLimiterMemory(options);
      const store: RateLimiterAbstract = pool
        ? new RateLimiterPostgres({
            ...options,
            storeClient: pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            insuranceLimiter: memory,
          })
        : memory;
      return {
        async consume(key, points = 1) {
          try {
            await store.consume(key, points);
            return { allowed: true, retryAfter: 0 };
          } catch (result) {
            if (result instanceof RateLimiterRes) {
              return { allowed: false, retryAfter: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
            }
            throw result;
          }
        },
        async refund(key, points = 1) {
          await store.reward(key, points);
        },
        async peek(key) {
          const state = await store.get(key);
          if (state === null || state.consumedPoints < rule.limit) return { allowed: true, retryAfter: 0 };
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
        },
        async exhaust(key) {
          const state = await store.penalty(key, rule.limit);
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(state.msBeforeNext / 1000)) };
        },
      };
    },
  };
}

export function tooMany(what: string, retryAfter: number, scope = 'from this address'): HttpError {
  return new HttpError(
    429,
    {
      error: 'too_many_requests',
      message: `Too many ${what} ${scope}. Try again in ${humanDuration(retryAfter)}.`,
      retryAfter,
    },
    { 'Retry-After': String(retryAfter) },
  );
}

export interface LimitOptions {
  /** The key of the request (default: the client address, which honours "trust proxy"). */
  key?: (req: Request) => string;
  /** How the 429 names the key ("from this address", "for this store" ...). */
  scope?: string;
  /** Count only failures: each request takes a point first, and a success gives it back. */
  succeeded?: (req: Request, res: Response) => boolean;
  /**
   * Count only successes: each request takes a point first (so parallel ones cannot slip past
   * together), and one answered with an error gives it back. For a limit shared by everyone (a
   * store's orders), so that nobody can spend it with requests that do nothing.
   */
  countOnlySuccesses?: boolean;
}

/**
 * A 429 with Retry-After and a JSON reason once `limiter` refuses the request's key. Points are
 * taken before the handler runs, so parallel requests cannot slip past the limit together.
 */
/** The client's address, as the limits key it (honours "trust proxy"). */
export const addressOf = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

export function rateLimit(limiter: Limiter, what: string, options: LimitOptions = {}): RequestHandler {
  const keyOf = options.key ?? addressOf;
  // When a request gives its point back once answered (none: every request counts).
  const giveBack = options.countOnlySuccesses
    ? (_req: Request, res: Response) => res.statusCode >= 400
    : options.succeeded;
  return async (req, res, next) => {
    const key = keyOf(req);
    const { allowed, retryAfter } = await limiter.consume(key);
    if (!allowed) throw tooMany(what, retryAfter, options.scope);
    if (giveBack) {
      res.on('finish', () => {
        if (giveBack(req, res)) void limiter.refund(key).catch(() => undefined);
      });
    }
    next();
  };
}
