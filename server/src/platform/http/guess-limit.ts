import type { Limiter } from './rate-limit';

/*
 * Limits on guessing numbers that find nothing (gift card numbers, at the storefront and at the
 * registers), built so that the guesser cannot deny service to anyone else:
 *
 * - A miss costs its source (an address, a terminal) a point. A source with no point left is refused
 *   every lookup, found or not, so a refusal tells it nothing.
 * - A number that finds something never costs a point, and never meets the shared limit: a customer
 *   or a register typing a real card is never refused because others guessed.
 * - Misses from every source also count against a shared cap (per store, per company). Over it, a
 *   miss spends its source's whole allowance: guessing from many sources slows to one miss per
 *   source and window, and the refusal's Retry-After is the source's, not the cap's.
 *
 * The caller looks the numbers up first and charges before it answers, so parallel guesses from one
 * source cannot learn more than its points allow (each charge is atomic).
 */

export interface GuessLimits {
  /** Misses per source. */
  source: Limiter;
  /** Misses of every source together. */
  shared: Limiter;
}

export interface GuessRefusal {
  retryAfter: number;
  /** Which limit refused: the source's own, or the shared cap (the source's allowance then spent). */
  limit: 'source' | 'shared';
}

/** Charges `misses` (0 when every number found something) or answers why the request is refused. */
export async function chargeGuesses(
  limits: GuessLimits,
  keys: { source: string; shared: string },
  misses: number,
): Promise<GuessRefusal | null> {
  if (misses === 0) {
    const own = await limits.source.peek(keys.source);
    return own.allowed ? null : { retryAfter: own.retryAfter, limit: 'source' };
  }
  const own = await limits.source.consume(keys.source, misses);
  if (!own.allowed) return { retryAfter: own.retryAfter, limit: 'source' };
  const shared = await limits.shared.consume(keys.shared, misses);
  if (shared.allowed) return null;
  const spent = await limits.source.exhaust(keys.source);
  return { retryAfter: spent.retryAfter, limit: 'shared' };
}
