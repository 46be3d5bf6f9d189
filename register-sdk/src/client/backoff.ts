/*
 * When to try a call again. A 429 says how long to wait (Retry-After, in seconds or as an HTTP date;
 * the body's `retryAfter` too) and nothing was stored, so the same request is sent again after it.
 * A network failure or a 5xx waits an exponential delay with full jitter, so that registers that went
 * offline together do not all come back in the same second.
 */

export interface RetryPolicy {
  /** Calls in all, the first included (1: never retry). */
  attempts: number;
  /** The first delay after a failure; doubled each time, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

/** Milliseconds a Retry-After value asks for (delta-seconds or an HTTP date), or null if unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The wait before attempt `attempt + 1` after a failure that named no time (full jitter). */
export function backoffMs(policy: RetryPolicy, attempt: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.floor(random() * ceiling);
}
