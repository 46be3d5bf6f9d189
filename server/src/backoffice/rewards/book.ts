import { sql } from 'kysely';
import type { EventError } from '@hive/shared/schemas/device';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { normalizeGiftCardNumber } from '@hive/shared/schemas/backoffice/rewards';
import { localTime } from '../../time';
import { companyLocale } from '../settings';
import { isPostgres, type Db } from '../common';
import { moveBalance, REDEEM_MESSAGES, statusOf } from './giftCards';

/*
 * The gift cards a batch of register events pays with, for the receipts ingest: loaded (and locked)
 * once, checked event by event against what the earlier events of the batch already took, and
 * written with the receipts. The same shape as the time clock's book (team/clock.ts).
 */

interface BookCard {
  id: number;
  balanceCents: number;
  status: 'active' | 'void';
  expiresOn: string | null;
}

export interface GiftCardBook {
  cards: Map<string, BookCard>;
  timezone: string;
}

/** A payment as the ingest sees it: its type's builtin name and the card number it may carry. */
export interface CardPayment {
  builtin: string | null;
  amountCents: number;
  giftCardNumber?: string | undefined;
}

/** Every card number the events name (normalised; malformed ones are reported when checked). */
export function giftCardNumbersOf(payments: readonly { giftCardNumber?: string | undefined }[]): string[] {
  return payments.flatMap((p) => {
    const digits = p.giftCardNumber === undefined ? null : normalizeGiftCardNumber(p.giftCardNumber);
    return digits === null ? [] : [digits];
  });
}

/**
 * Of the (normalised) card numbers given, those that are no card of the company: what a register
 * guessing numbers would learn, counted against the gift card miss limits before a batch is posted.
 */
export async function unknownGiftCardNumbers(db: Db, companyId: number, numbers: readonly string[]): Promise<string[]> {
  const unique = [...new Set(numbers)];
  if (unique.length === 0) return [];
  const found = new Set<string>();
  // A batch names at most a few thousand numbers; chunks keep each query's parameter list short.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('gift_cards')
      .select('number')
      .where('company_id', '=', companyId)
      .where('number', 'in', unique.slice(i, i + 500))
      .execute();
    for (const r of rows) found.add(r.number);
  }
  return unique.filter((n) => !found.has(n));
}

export async function loadGiftCardBook(trx: Db, companyId: number, numbers: string[]): Promise<GiftCardBook> {
  const book: GiftCardBook = { cards: new Map(), timezone: (await companyLocale(trx, companyId)).timezone };
  const unique = [...new Set(numbers)].sort();
  if (unique.length === 0) return book;
  // Locked until the batch commits: a storefront order cannot take the same money meanwhile.
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const rows = await sql<{
    id: number;
    number: string;
    balance_cents: number;
    status: 'active' | 'void';
    expires_on: string | null;
  }>`select id, number, balance_cents, status, expires_on from gift_cards
     where company_id = ${companyId} and number in (${sql.join(unique)}) order by id${lock}`.execute(trx);
  for (const r of rows.rows) {
    book.cards.set(r.number, {
      id: r.id,
      balanceCents: Number(r.balance_cents),
      status: r.status,
      expiresOn: r.expires_on,
    });
  }
  return book;
}

/**
 * Checks the gift card payments of one sale (`take`) or refund (`give back`) against the book and,
 * when all pass, moves the book's balances. Returns each payment's card id (null for other types),
 * or the problems; nothing moves when there is a problem. A card is good on a sale through its
 * expiry day, that day taken where the company is, at the time of the sale.
 */
export function applyGiftCardPayments(
  book: GiftCardBook,
  payments: readonly CardPayment[],
  direction: 'take' | 'give',
  at: number,
): { cardIds: (number | null)[] } | { errors: EventError[] } {
  const errors: EventError[] = [];
  const cardIds: (number | null)[] = [];
  const wanted = new Map<BookCard, number>();
  const day = isoDay(localTime(at, book.timezone).day);
  payments.forEach((p, i) => {
    const field = `payments.${i}.giftCardNumber`;
    if (p.builtin !== 'gift_card') {
      if (p.giftCardNumber !== undefined) {
        errors.push({ field, code: 'invalid', message: `${field}: only a gift card payment carries a card number` });
      }
      cardIds.push(null);
      return;
    }
    const digits = p.giftCardNumber === undefined ? null : normalizeGiftCardNumber(p.giftCardNumber);
    const card = digits === null ? undefined : book.cards.get(digits);
    if (!card) {
      errors.push({
        field,
        code: 'unknown_gift_card',
        message:
          p.giftCardNumber === undefined
            ? `${field}: a gift card payment needs the card's number`
            : `${field}: ${REDEEM_MESSAGES.unknown_gift_card}`,
      });
      cardIds.push(null);
      return;
    }
    const status = statusOf({ status: card.status, expires_on: card.expiresOn }, day);
    if (status === 'void' || (status === 'expired' && direction === 'take')) {
      const code = status === 'void' ? 'gift_card_void' : 'gift_card_expired';
      errors.push({ field, code, message: `${field}: ${REDEEM_MESSAGES[code]}` });
    }
    wanted.set(card, (wanted.get(card) ?? 0) + p.amountCents);
    cardIds.push(card.id);
  });
  if (direction === 'take') {
    for (const [card, cents] of wanted) {
      if (cents > card.balanceCents) {
        const i = cardIds.indexOf(card.id);
        errors.push({
          field: `payments.${i}.amountCents`,
          code: 'gift_card_insufficient',
          message: `payments.${i}.amountCents: the gift card holds ${card.balanceCents}, not ${cents}`,
        });
      }
    }
  }
  if (errors.length > 0) return { errors };
  for (const [card, cents] of wanted) card.balanceCents += direction === 'take' ? -cents : cents;
  return { cardIds };
}

/** Writes the balances the stored receipts moved, with one ledger entry per payment. */
export async function writeGiftCardPayments(
  trx: Db,
  companyId: number,
  receipts: readonly {
    dbId: number;
    kind: 'sale' | 'refund';
    at: number;
    payments: readonly { amountCents: number; giftCardId: number | null }[];
  }[],
): Promise<void> {
  for (const r of receipts) {
    for (const p of r.payments) {
      if (p.giftCardId === null) continue;
      const delta = r.kind === 'sale' ? -p.amountCents : p.amountCents;
      const after = await moveBalance(
        trx,
        { companyId, id: p.giftCardId },
        r.kind === 'sale' ? 'redeem' : 'refund',
        delta,
        r.at,
        {
          receiptId: r.dbId,
        },
      );
      // The book was checked against the locked rows: a refusal here is a bug, and rolls the batch back.
      if (after === null) throw new Error(`gift card ${p.giftCardId}: the balance moved under the batch`);
    }
  }
}
