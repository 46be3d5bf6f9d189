import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { HttpError, chargeGuesses, humanDuration, type Limiter } from '../../platform/http';
import { giftCardNumbersOf, unknownGiftCardNumbers } from '../rewards';
import type { Device } from './auth';

/*
 * Gift card numbers that find no card, from a register: its balance lookups and the payments of its
 * events share one limit per terminal (the source) and one cap per company (http/guess-limit.ts: a
 * terminal that guessed is refused every card until its window ends; over the company's cap a miss
 * spends its terminal's allowance; a batch whose cards all exist never meets the cap, so an
 * untouched register's real card sale is never held up by another's guesses). A batch is charged
 * before it is posted, one point per distinct number that is no card of the company; when a limit
 * refuses, nothing of the batch is stored and the register sends it again after Retry-After (event
 * ids make that safe). A batch that names no card number never meets these limits.
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

/** Charges `misses` of a register (its lookup or its batch) to the limits, or throws the 429. */
export async function chargeMisses(device: Device, misses: number, limiters: MissLimiters): Promise<void> {
  const limits = { source: limiters.giftCardMisses, shared: limiters.giftCardMissesPerCompany };
  const refusal = await chargeGuesses(limits, { source: terminalKey(device), shared: companyKey(device) }, misses);
  if (refusal) {
    const scope = refusal.limit === 'source' ? 'from this terminal' : 'for this company';
    throw giftCardLimitError(refusal.retryAfter, scope);
  }
}

/** Charges a batch's unknown card numbers (see above), or throws the 429. */
export async function chargeGiftCardMisses(
  db: Kysely<Database>,
  device: Device,
  events: readonly unknown[],
  limiters: MissLimiters,
): Promise<void> {
  const numbers = cardNumbersIn(events);
  if (numbers.length === 0) return;
  const misses = (await unknownGiftCardNumbers(db, device.companyId, numbers)).length;
  await chargeMisses(device, misses, limiters);
}
