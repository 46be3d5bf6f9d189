/**
 * Offers and rewards, the discounts (/discounts): what a cashier may apply at the register. The
 * schemas shared by the form and the server, the answer types, and the one rule registers and server
 * both apply to know what a discount is worth on a sale (`discountCents`).
 *
 * Money is integer minor units (`...Cents`); a percentage is in basis points (1000 = 10 %).
 */
import { z } from 'zod';
import { PROMOTION_KINDS } from '@hive/register-sdk/money';
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

// ---------------------------------------------------------------------------------------------
// Promotions (/promotions): the evaluator is a money rule registers apply too (@hive/register-sdk).

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function createPromotionSchema(m: ValidationMessages = englishMessages) {
  const count = (max: number) => integerSchema(m, { min: 0, max });
  return z
    .object({
      name: textSchema(m, DISCOUNT_LIMITS.nameMax, { required: true }),
      kind: z.enum(PROMOTION_KINDS, { error: m('invalidChoice') }),
      priority: count(1000),
      stackable: flagSchema(m),
      active: flagSchema(m),
      itemIds: idListSchema(m, DISCOUNT_LIMITS.targetsMax),
      categoryIds: idListSchema(m, DISCOUNT_LIMITS.targetsMax),
      buyQuantity: count(100),
      getQuantity: count(100),
      getPercentBp: count(DISCOUNT_LIMITS.maxPercentBp),
      percentBp: count(DISCOUNT_LIMITS.maxPercentBp),
      thresholdCents: count(DISCOUNT_LIMITS.maxAmountCents),
      amountCents: count(DISCOUNT_LIMITS.maxAmountCents),
      days: z
        .array(z.number().int().min(0).max(6), { error: m('invalidChoice') })
        .max(7)
        .transform((d) => [...new Set(d)].sort()),
      startTime: z.string().refine((v) => v === '' || TIME.test(v), m('invalidTime')),
      endTime: z.string().refine((v) => v === '' || TIME.test(v), m('invalidTime')),
      startsOn: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, m('invalidDate'))
        .nullable(),
      endsOn: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, m('invalidDate'))
        .nullable(),
    })
    .superRefine((v, ctx) => {
      const need = (path: string, ok: boolean, message = m('required')) => {
        if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
      };
      if (v.kind === 'buy_get') {
        need('buyQuantity', v.buyQuantity >= 1, m('min', { min: 1 }));
        need('getQuantity', v.getQuantity >= 1, m('min', { min: 1 }));
        need('getPercentBp', v.getPercentBp >= 1, m('min', { min: 0.01 }));
      }
      if (v.kind === 'percent_off') need('percentBp', v.percentBp >= 1, m('min', { min: 0.01 }));
      if (v.kind === 'spend_get') {
        need('thresholdCents', v.thresholdCents >= 1, m('min', { min: 0.01 }));
        need('amountCents', v.amountCents >= 1 || v.percentBp >= 1, m('required'));
      }
      need('endTime', (v.startTime === '') === (v.endTime === ''), m('required'));
      need('endTime', v.startTime === '' || v.startTime !== v.endTime, m('sameTimes'));
      need('endsOn', v.startsOn === null || v.endsOn === null || v.endsOn >= v.startsOn, m('endBeforeStart'));
    });
}
export const promotionInputSchema = createPromotionSchema();
export type PromotionInput = z.output<typeof promotionInputSchema>;

export interface Promotion extends PromotionInput {
  id: number;
  uses30d: number;
  amount30dCents: number;
  updatedAt: number;
}
