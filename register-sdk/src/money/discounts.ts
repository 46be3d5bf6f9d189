/*
 * What a named discount is worth on a sale, the server's way: a register sends the amount and the
 * server rejects the event (`discount_mismatch`) unless it equals this.
 */

/** `receipt`: the whole sale; `items`: the lines of the chosen items and categories only. */
export type DiscountScope = 'receipt' | 'items';

export interface DiscountRule {
  type: 'percent' | 'amount';
  percentBp: number | null;
  amountCents: number | null;
}

/**
 * What a discount takes off `baseCents` (what it applies to, after any line discount): a
 * percentage rounded half up to the cent, or the fixed amount but never more than the base.
 */
export function discountCents(rule: DiscountRule, baseCents: number): number {
  if (baseCents <= 0) return 0;
  if (rule.type === 'percent') return Math.floor((baseCents * (rule.percentBp ?? 0) + 5_000) / 10_000);
  return Math.min(rule.amountCents ?? 0, baseCents);
}

/** Whether a sale line is one a discount of scope `items` covers. */
export function discountCovers(
  discount: { scope: DiscountScope; itemIds: readonly number[]; categoryIds: readonly number[] },
  line: { itemId: number | null; categoryId: number | null },
): boolean {
  if (discount.scope === 'receipt') return true;
  return (
    (line.itemId !== null && discount.itemIds.includes(line.itemId)) ||
    (line.categoryId !== null && discount.categoryIds.includes(line.categoryId))
  );
}
