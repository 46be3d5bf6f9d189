import type { PlannedReceipt, PostingStep } from '../receipts';
import {
  applyGiftCardPayments,
  giftCardNumbersOf,
  loadGiftCardBook,
  writeGiftCardPayments,
  type GiftCardBook,
} from './book';
import { applySalePoints, loadLoyaltyBook, writeReceiptPoints, type LoyaltyBook, type PlannedPoints } from './loyalty';

/*
 * The rewards' posting steps (see receipts/posting.ts): a sale earns and redeems loyalty points and
 * a refund takes back what it earned; a gift card payment takes from the card's balance and a
 * refund to a gift card gives back. Both check against the rows they locked for the batch.
 */

interface PointsBook {
  book: LoyaltyBook;
  /** Per receipt (its index in the batch): the points it moves. */
  planned: Map<number, PlannedPoints | null>;
}

export const loyaltyStep: PostingStep<PointsBook | null> = {
  name: 'loyalty points',
  async load(trx, batch) {
    const redeems = batch.events.some(
      (e) => e.type === 'receipt' && (e.discounts ?? []).some((d) => d.points !== undefined),
    );
    if (batch.customerIds.length === 0 && !redeems) return null;
    return { book: await loadLoyaltyBook(trx, batch.device.companyId, [...batch.customerIds]), planned: new Map() };
  },
  checkReceipt(points, receipt) {
    if (!points) return null;
    const result = applySalePoints(points.book, {
      kind: receipt.kind,
      customerId: receipt.customerId,
      netCents: receipt.totals.netCents,
      redemptions: receipt.discounts.flatMap((d, index) =>
        d.points === null || d.points === undefined ? [] : [{ index, points: d.points, amountCents: d.amountCents }],
      ),
    });
    if ('errors' in result) return result.errors;
    points.planned.set(receipt.index, result.planned);
    return null;
  },
  undoReceipt(points, receipt) {
    const moved = points?.planned.get(receipt.index);
    if (!points || !moved) return;
    const { balances } = points.book;
    balances.set(moved.customerId, (balances.get(moved.customerId) ?? 0) + moved.redeemed - moved.earned);
    points.planned.delete(receipt.index);
  },
  async post(trx, batch, points) {
    if (!points) return;
    await writeReceiptPoints(
      trx,
      batch.device.companyId,
      points.book.opening,
      batch.receipts.map((r) => ({
        dbId: r.dbId!,
        kind: r.kind,
        at: r.at,
        points: points.planned.get(r.index) ?? null,
      })),
    );
  },
};

const direction = (receipt: PlannedReceipt) => (receipt.kind === 'sale' ? 'take' : 'give');

export const giftCardStep: PostingStep<GiftCardBook | null> = {
  name: 'gift cards',
  async load(trx, batch) {
    const paid = batch.events.flatMap((e) => (e.type === 'receipt' || e.type === 'refund' ? [e.payments] : []));
    if (!paid.some((payments) => payments.length > 0)) return null;
    return loadGiftCardBook(trx, batch.device.companyId, paid.flatMap(giftCardNumbersOf));
  },
  checkReceipt(book, receipt) {
    if (!book) return null;
    const result = applyGiftCardPayments(book, receipt.payments, direction(receipt), receipt.at);
    if ('errors' in result) return result.errors;
    receipt.payments.forEach((p, i) => (p.giftCardId = result.cardIds[i] ?? null));
    return null;
  },
  undoReceipt(book, receipt) {
    if (!book) return;
    const cards = [...book.cards.values()];
    for (const p of receipt.payments) {
      const card = p.giftCardId === null ? undefined : cards.find((c) => c.id === p.giftCardId);
      if (card) card.balanceCents += direction(receipt) === 'take' ? p.amountCents : -p.amountCents;
      p.giftCardId = null;
    }
  },
  async post(trx, batch, book) {
    if (!book) return;
    await writeGiftCardPayments(
      trx,
      batch.device.companyId,
      book,
      batch.receipts.map((r) => ({ dbId: r.dbId!, kind: r.kind, at: r.at, payments: r.payments })),
    );
  },
};
