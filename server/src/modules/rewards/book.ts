import { sql } from 'kysely';
import type { EventError } from '@hive/shared/schemas/device';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { GIFT_CARD_LIMITS, normalizeGiftCardNumber } from '@hive/shared/schemas/backoffice/rewards';
import { caseOf, chunks } from '../../platform/db';
import { localTime } from '../../platform/time';
import { companyLocale } from '../settings';
import { isPostgres, type Db } from '../merchant';
import { REDEEM_MESSAGES, statusOf } from './giftCards';

/*
 * The gift cards a batch of register events pays with, for the receipts ingest: loaded (and locked)
 * once, checked event by event against what the earlier events of the batch already took, and
 * written with the receipts. The same shape as the time clock's book (team/clock.ts).
 */

interface BookCard {
  id: number;
  /** Moved by planning, receipt by receipt. */
  balanceCents: number;
  /** As loaded (and locked): what posting moves the stored balance from. */
  openingCents: number;
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
  // Locked until the batch commits: a storefront order cannot take the same money meanwhile. NO KEY:
  // a payment naming the card (its foreign key's KEY SHARE) need not wait.
  const lock = isPostgres(trx) ? sql` for no key update` : sql``;
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
      openingCents: Number(r.balance_cents),
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

/**
 * Writes the balances the stored receipts moved, with one ledger entry per payment, in receipt
 * order: one UPDATE for the cards (each moved by the sum of its payments, used at its last one)
 * and one INSERT for the entries, however many receipts the batch holds. The balances are worked
 * out from the book's opening ones (locked from loadGiftCardBook to the commit), within the card's
 * bounds at every step, and the UPDATE's results must agree with them.
 */
export async function writeGiftCardPayments(
  trx: Db,
  companyId: number,
  book: GiftCardBook,
  receipts: readonly {
    dbId: number;
    kind: 'sale' | 'refund';
    at: number;
    payments: readonly { amountCents: number; giftCardId: number | null }[];
  }[],
): Promise<void> {
  const opening = new Map([...book.cards.values()].map((c) => [c.id, c.openingCents]));
  const balances = new Map<number, number>();
  const usedAt = new Map<number, number>();
  const entries: {
    company_id: number;
    gift_card_id: number;
    kind: 'redeem' | 'refund';
    amount_cents: number;
    balance_after_cents: number;
    receipt_id: number;
    order_id: null;
    user_id: null;
    note: string;
    at: number;
  }[] = [];
  for (const r of receipts) {
    for (const p of r.payments) {
      if (p.giftCardId === null) continue;
      const id = p.giftCardId;
      const delta = r.kind === 'sale' ? -p.amountCents : p.amountCents;
      const before = balances.get(id) ?? opening.get(id);
      const after = before === undefined ? -1 : before + delta;
      // The book was checked against the locked rows: a refusal here is a bug, and rolls the batch back.
      if (after < 0 || after > GIFT_CARD_LIMITS.maxBalanceCents) {
        throw new Error(`gift card ${id}: the balance moved under the batch`);
      }
      balances.set(id, after);
      usedAt.set(id, r.at);
      entries.push({
        company_id: companyId,
        gift_card_id: id,
        kind: r.kind === 'sale' ? 'redeem' : 'refund',
        amount_cents: delta,
        balance_after_cents: after,
        receipt_id: r.dbId,
        order_id: null,
        user_id: null,
        note: '',
        at: r.at,
      });
    }
  }
  if (balances.size === 0) return;
  for (const part of chunks([...balances.keys()], 500)) {
    const deltas = new Map(part.map((id) => [id, balances.get(id)! - opening.get(id)!]));
    const at = new Map(part.map((id) => [id, usedAt.get(id)!]));
    const rows = await trx
      .updateTable('gift_cards')
      .set({
        balance_cents: sql`balance_cents + ${caseOf('id', deltas, 'bigint')}`,
        updated_at: caseOf('id', at, 'bigint'),
        last_used_at: caseOf('id', at, 'bigint'),
      })
      .where('company_id', '=', companyId)
      .where('id', 'in', part)
      .returning(['id', 'balance_cents'])
      .execute();
    const moved = rows.filter((row) => Number(row.balance_cents) === balances.get(row.id));
    if (moved.length !== part.length)
      throw new Error(`gift cards ${part.join(', ')}: the balance moved under the batch`);
  }
  for (const part of chunks(entries, 1000)) {
    await trx.insertInto('gift_card_entries').values(part).execute();
  }
}
