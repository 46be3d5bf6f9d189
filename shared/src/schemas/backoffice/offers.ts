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

// ---------------------------------------------------------------------------------------------
// Promotions (/promotions): automatic rules the registers and the storefront apply by themselves.
// One pure function evaluates them (`evaluatePromotions`); the server uses it to check what a
// register claims and to price online orders, the storefront to show the cart.

export const PROMOTION_KINDS = ['buy_get', 'percent_off', 'spend_get'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export interface PromotionRule {
  id: number;
  name: string;
  kind: PromotionKind;
  /** Lower first. */
  priority: number;
  /** Exclusive: once it applies, no later promotion does. Stackable: later ones may apply too. */
  stackable: boolean;
  /** The items and categories it concerns (buy_get, percent_off); empty: every item. */
  itemIds: readonly number[];
  categoryIds: readonly number[];
  /** buy_get: buy `buyQuantity`, get `getQuantity` more of them at `getPercentBp` off (10000 = free). */
  buyQuantity: number;
  getQuantity: number;
  getPercentBp: number;
  /** percent_off: off each unit it concerns. */
  percentBp: number;
  /** spend_get: from `thresholdCents` spent, `amountCents` off or `percentBp` off the basket. */
  thresholdCents: number;
  amountCents: number;
  /** When: days of the week (0 = Sunday; empty: every day), a time window ("HH:MM", empty: all day), dates. */
  days: readonly number[];
  startTime: string;
  endTime: string;
  startsOn: string | null;
  endsOn: string | null;
}

export interface BasketLine {
  itemId: number | null;
  categoryId: number | null;
  quantity: number;
  /** One unit's price, modifiers included. */
  unitCents: number;
}

export interface AppliedPromotion {
  promotionId: number;
  name: string;
  /** What it takes off, per line (same order as the basket) and in all. */
  lineCents: number[];
  totalCents: number;
}

/** The local day, weekday and minute of `at` in `timeZone`. */
function localParts(at: number, timeZone: string): { date: string; weekday: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday,
    minute: Number(get('hour')) * 60 + Number(get('minute')),
  };
}

const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a promotion runs at `at` where the sale is: its dates (start and end days included), its
 * days of the week, and its time window (start included, end excluded; a window past midnight,
 * "22:00"-"02:00", runs across it and counts as the day it started).
 */
export function promotionRunsAt(p: PromotionRule, at: number, timeZone: string): boolean {
  const now = localParts(at, timeZone);
  if (p.startsOn && now.date < p.startsOn) return false;
  if (p.endsOn && now.date > p.endsOn) return false;
  if (!p.startTime || !p.endTime) return p.days.length === 0 || p.days.includes(now.weekday);
  const start = toMinute(p.startTime);
  const end = toMinute(p.endTime);
  if (start < end)
    return (p.days.length === 0 || p.days.includes(now.weekday)) && now.minute >= start && now.minute < end;
  // Across midnight: the evening part on its day, the morning part on the day after.
  if (now.minute >= start) return p.days.length === 0 || p.days.includes(now.weekday);
  if (now.minute < end) return p.days.length === 0 || p.days.includes((now.weekday + 6) % 7);
  return false;
}

const concerns = (p: PromotionRule, line: BasketLine) =>
  (p.itemIds.length === 0 && p.categoryIds.length === 0) ||
  (line.itemId !== null && p.itemIds.includes(line.itemId)) ||
  (line.categoryId !== null && p.categoryIds.includes(line.categoryId));

const pct = (cents: number, bp: number) => Math.floor((cents * bp + 5_000) / 10_000);

/**
 * The promotions a basket gets at `at`, in priority order (then id). Each works on what is left of
 * each line after the promotions before it; once an exclusive (not stackable) promotion applies, no
 * later one does. Amounts are whole cents, rounded half up per line; a line never goes below zero.
 *
 * - buy_get: over the units it concerns, every `buy + get` units the `get` cheapest of them are
 *   `getPercentBp` off (free at 10000).
 * - percent_off: `percentBp` off each line it concerns.
 * - spend_get: when what is left of the basket reaches `thresholdCents`, `amountCents` off (or
 *   `percentBp`), spread over the lines in proportion, the cents left over to the largest.
 */
export function evaluatePromotions(
  basket: readonly BasketLine[],
  promotions: readonly PromotionRule[],
  at: number,
  timeZone: string,
): AppliedPromotion[] {
  const left = basket.map((l) => l.quantity * l.unitCents);
  const out: AppliedPromotion[] = [];
  const ordered = [...promotions].sort((a, b) => a.priority - b.priority || a.id - b.id);
  for (const p of ordered) {
    if (!promotionRunsAt(p, at, timeZone)) continue;
    const lineCents = basket.map(() => 0);
    const open = basket.map((l, i) => left[i]! > 0 && concerns(p, l));
    if (p.kind === 'percent_off') {
      basket.forEach((_l, i) => {
        if (open[i]) lineCents[i] = Math.min(left[i]!, pct(left[i]!, p.percentBp));
      });
    } else if (p.kind === 'buy_get') {
      const group = p.buyQuantity + p.getQuantity;
      const units = basket.flatMap((l, i) =>
        open[i] ? Array.from({ length: l.quantity }, () => ({ i, cents: left[i]! / l.quantity })) : [],
      );
      const free = group > 0 ? Math.floor(units.length / group) * p.getQuantity : 0;
      units.sort((a, b) => a.cents - b.cents || a.i - b.i);
      for (const u of units.slice(0, free)) lineCents[u.i]! += u.cents;
      basket.forEach((_l, i) => {
        lineCents[i] = Math.min(left[i]!, pct(lineCents[i]!, p.getPercentBp));
      });
    } else {
      const eligible = [...left];
      const spent = eligible.reduce((s, c) => s + c, 0);
      if (spent >= p.thresholdCents && spent > 0) {
        const off = Math.min(spent, p.amountCents > 0 ? p.amountCents : pct(spent, p.percentBp));
        const shares = eligible.map((c) => Math.floor((off * c) / spent));
        let rest = off - shares.reduce((s, c) => s + c, 0);
        const order = eligible.map((c, i) => ({ i, c })).sort((a, b) => b.c - a.c || a.i - b.i);
        for (const { i } of order) {
          if (rest <= 0) break;
          if (eligible[i]! > shares[i]!) {
            shares[i]! += 1;
            rest -= 1;
          }
        }
        shares.forEach((c, i) => (lineCents[i] = c));
      }
    }
    const totalCents = lineCents.reduce((s, c) => s + c, 0);
    if (totalCents === 0) continue;
    lineCents.forEach((c, i) => (left[i]! -= c));
    out.push({ promotionId: p.id, name: p.name, lineCents, totalCents });
    if (!p.stackable) break;
  }
  return out;
}

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
