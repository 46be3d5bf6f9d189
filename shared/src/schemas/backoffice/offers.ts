/**
 * Offers and rewards, the discounts (/discounts): what a cashier may apply at the register. The
 * schemas shared by the form and the server, the answer types, and the one rule registers and server
 * both apply to know what a discount is worth on a sale (`discountCents`).
 *
 * Money is integer minor units (`...Cents`); a percentage is in basis points (1000 = 10 %).
 */
import { z } from 'zod';
import {
  englishMessages,
  flagSchema,
  idListSchema,
  integerSchema,
  textSchema,
  type ValidationMessages,
} from './common';

export const DISCOUNT_LIMITS = {
  nameMax: 60,
  /** 100 %. */
  maxPercentBp: 10_000,
  /** 10,000.00. */
  maxAmountCents: 1_000_000,
  targetsMax: 500,
} as const;

export const DISCOUNT_TYPES = ['percent', 'amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** `receipt`: the whole sale; `items`: the lines of the chosen items and categories only. */
export const DISCOUNT_SCOPES = ['receipt', 'items'] as const;
export type DiscountScope = (typeof DISCOUNT_SCOPES)[number];

export interface DiscountRule {
  type: DiscountType;
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

export function createDiscountSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      name: textSchema(m, DISCOUNT_LIMITS.nameMax, { required: true }),
      type: z.enum(DISCOUNT_TYPES, { error: m('invalidChoice') }),
      percentBp: integerSchema(m, { min: 1, max: DISCOUNT_LIMITS.maxPercentBp }).nullable(),
      amountCents: integerSchema(m, { min: 1, max: DISCOUNT_LIMITS.maxAmountCents }).nullable(),
      scope: z.enum(DISCOUNT_SCOPES, { error: m('invalidChoice') }),
      itemIds: idListSchema(m, DISCOUNT_LIMITS.targetsMax),
      categoryIds: idListSchema(m, DISCOUNT_LIMITS.targetsMax),
      /** Only employees whose role may give discounts (Team › Roles) apply it; others need a manager's PIN. */
      restricted: flagSchema(m),
      active: flagSchema(m),
    })
    .superRefine((value, ctx) => {
      if (value.type === 'percent' && value.percentBp === null) {
        ctx.addIssue({ code: 'custom', path: ['percentBp'], message: m('required') });
      }
      if (value.type === 'amount' && value.amountCents === null) {
        ctx.addIssue({ code: 'custom', path: ['amountCents'], message: m('required') });
      }
      if (value.scope === 'items' && value.itemIds.length === 0 && value.categoryIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['itemIds'], message: m('chooseTargets') });
      }
    })
    .transform((value) => ({
      ...value,
      // Only the value of its type is kept, and targets only for item discounts.
      percentBp: value.type === 'percent' ? value.percentBp : null,
      amountCents: value.type === 'amount' ? value.amountCents : null,
      itemIds: value.scope === 'items' ? value.itemIds : [],
      categoryIds: value.scope === 'items' ? value.categoryIds : [],
    }));
}
export const discountInputSchema = createDiscountSchema();
export type DiscountInput = z.output<typeof discountInputSchema>;
export type DiscountFormInput = z.input<typeof discountInputSchema>;

export interface Discount extends DiscountInput {
  id: number;
  /** Receipts of the last 30 days that applied it, and what it took off them (refunds not deducted). */
  uses30d: number;
  amount30dCents: number;
  updatedAt: number;
}

export interface DiscountOptions {
  items: { id: number; name: string }[];
  categories: { id: number; name: string }[];
  currency: string;
}
