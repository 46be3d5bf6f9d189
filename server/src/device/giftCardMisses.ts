import type { Kysely } from 'kysely';
import type { Database } from '../database';
import { HttpError, humanDuration, type Limiter } from '../http';
import { giftCardNumbersOf, unknownGiftCardNumbers } from '../backoffice/rewards';
import type { Device } from './auth';

/*
 * Gift card numbers that find no card, from a register: its balance lookups and the payments of its
 * events share one limit per terminal and one per company (DeviceRateLimits), so neither is an
 * oracle for guessing numbers. A batch is charged before it is posted, one point per distinct
 * number that is no card of the company; when a limit refuses, nothing of the batch is stored and
 * the register sends it again after Retry-After (event ids make that safe). A batch that names no
 * card number never meets these limits.
 */

export interface MissLimiters {
  giftCardMisses: Limiter;
  giftCardMissesPerCompany: Limiter;
}

export const terminalKey = (device: Pick<Device, 'terminalId'>) => `t:${device.terminalId}`;
export const companyKey = (device: Pick<Device, 'companyId'>) => `c:${device.companyId}`;

/** The card numbers the payments of a batch's events carry (normalised; malformed ones reveal nothing). */
export function cardNumbersIn(events: readonly unknown[]): string[] {
  return events.flatMap((event) => {
    const payments = (event as { payments?: unknown }).payments;
    if (!Array.isArray(payments)) return [];
    return giftCardNumbersOf(
      payments.flatMap((p: unknown) => {
        const number = (p as { giftCardNumber?: unknown } | null)?.giftCardNumber;
        return typeof number === 'string' ? [{ giftCardNumber: number }] : [];
      }),
    );
  });
}

export function giftCardLimitError(retryAfter: number, scope: string): HttpError {
  return new HttpError(
    429,
    {
      error: 'gift_card_misses',
      message: `Too many gift card numbers that found no card ${scope}. Nothing of this batch was stored: send it again in ${humanDuration(retryAfter)}.`,
      retryAfter,
    },
    { 'Retry-After': String(retryAfter) },
  );
}

/**
 * Charges a batch's unknown card numbers to the terminal's and the company's miss limits, or throws
 * the 429. A batch whose numbers all find a card takes nothing, but once a limit is spent it waits
 * like the others: every batch with a card number waits then, found or not, so the refusal itself
 * tells nothing. (It only looks: registers sending good cards at once do not hold each other up.)
 */
export async function chargeGiftCardMisses(
  db: Kysely<Database>,
  device: Device,
  events: readonly unknown[],
  limiters: MissLimiters,
): Promise<void> {
  const numbers = cardNumbersIn(events);
  if (numbers.length === 0) return;
  const misses = (await unknownGiftCardNumbers(db, device.companyId, numbers)).length;
  const charges: [Limiter, string, string][] = [
    [limiters.giftCardMisses, terminalKey(device), 'from this terminal'],
    [limiters.giftCardMissesPerCompany, companyKey(device), 'for this company'],
  ];
  for (const [limiter, key, scope] of charges) {
    const { allowed, retryAfter } = misses === 0 ? await limiter.peek(key) : await limiter.consume(key, misses);
    if (!allowed) throw giftCardLimitError(retryAfter, scope);
  }
}
