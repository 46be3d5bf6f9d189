import { discountCents, discountCovers, evaluatePromotions } from '@hive/register-sdk/money';
import type { EventError } from '@hive/shared/schemas/device';
import type { Lookup, Parsed } from './types';

/**
 * The discounts a sale names must be the company's and worth what their rule gives: a line's own
 * discount on the line's gross, a receipt discount on what the lines it covers cost after their own
 * discounts (each receipt discount on that same base). A discount switched off since is still
 * accepted (a register may not have its new config yet); one deleted is not.
 */
export function checkNamedDiscounts(e: Parsed<'receipt'>, lookup: Lookup): EventError[] {
  const errors: EventError[] = [];
  const categoryOf = (itemId: number | null) =>
    itemId === null ? null : (lookup.items.get(itemId)?.categoryId ?? null);
  const gross = e.lines.map(
    (l) => l.quantity * (l.unitPriceCents + (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0)),
  );
  e.lines.forEach((l, i) => {
    if (l.discountId === undefined) return;
    const field = `lines.${i}.discountId`;
    const discount = lookup.discounts.get(l.discountId);
    if (!discount) {
      errors.push({ field, code: 'unknown_discount', message: `${field}: no such discount` });
      return;
    }
    const expected = discountCovers(discount, { itemId: l.itemId, categoryId: categoryOf(l.itemId) })
      ? discountCents(discount, gross[i]!)
      : null;
    if (expected === null || expected !== (l.discountCents ?? 0)) {
      errors.push({
        field: `lines.${i}.discountCents`,
        code: 'discount_mismatch',
        message:
          expected === null
            ? `lines.${i}.discountCents: "${discount.name}" does not apply to this item`
            : `lines.${i}.discountCents: "${discount.name}" takes ${expected} off this line, not ${l.discountCents ?? 0}`,
      });
    }
  });
  (e.discounts ?? []).forEach((d, j) => {
    if (d.discountId === undefined) return;
    const field = `discounts.${j}.discountId`;
    const discount = lookup.discounts.get(d.discountId);
    if (!discount) {
      errors.push({ field, code: 'unknown_discount', message: `${field}: no such discount` });
      return;
    }
    const base = e.lines.reduce(
      (sum, l, i) =>
        discountCovers(discount, { itemId: l.itemId, categoryId: categoryOf(l.itemId) })
          ? sum + Math.max(0, gross[i]! - (l.discountCents ?? 0))
          : sum,
      0,
    );
    const expected = discountCents(discount, base);
    if (expected !== d.amountCents) {
      errors.push({
        field: `discounts.${j}.amountCents`,
        code: 'discount_mismatch',
        message: `discounts.${j}.amountCents: "${discount.name}" takes ${expected} off this sale, not ${d.amountCents}`,
      });
    }
  });
  // Promotions: the basket evaluated with the promotions the receipt names, each amount as claimed.
  const named = (e.discounts ?? []).flatMap((d, j) => (d.promotionId === undefined ? [] : [{ d, j }]));
  if (named.length > 0) {
    const rules = named.flatMap(({ d }) =>
      lookup.promotions.has(d.promotionId!) ? [lookup.promotions.get(d.promotionId!)!] : [],
    );
    const applied = evaluatePromotions(
      e.lines.map((l) => ({
        itemId: l.itemId,
        categoryId: categoryOf(l.itemId),
        quantity: l.quantity,
        unitCents: l.unitPriceCents + (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0),
      })),
      rules,
      e.at,
      lookup.timezone,
    );
    for (const { d, j } of named) {
      const rule = lookup.promotions.get(d.promotionId!);
      if (!rule) {
        errors.push({
          field: `discounts.${j}.promotionId`,
          code: 'unknown_promotion',
          message: `discounts.${j}.promotionId: no such promotion`,
        });
        continue;
      }
      const expected = applied.find((a) => a.promotionId === rule.id)?.totalCents ?? 0;
      if (expected !== d.amountCents) {
        errors.push({
          field: `discounts.${j}.amountCents`,
          code: 'promotion_mismatch',
          message: `discounts.${j}.amountCents: "${rule.name}" takes ${expected} off this sale at this time, not ${d.amountCents}`,
        });
      }
    }
  }
  return errors;
}
