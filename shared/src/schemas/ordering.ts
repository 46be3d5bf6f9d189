import { z } from 'zod';
import { normalizeGiftCardNumber } from './backoffice/giftCardNumber';
import type { PromotionRule } from '@hive/register-sdk/money';
import type { ModifierGroupRule } from '@hive/register-sdk/money';
import type { PricingTax } from '@hive/register-sdk/money';

/*
 * Online ordering (issue 7): schemas shared by the storefront forms, the back-office page and the
 * server, plus the pure time rules (opening hours, pickup time) both sides apply. React-free.
 * Money travels in integer cents; times as ISO strings (API) or epoch ms (rules).
 */

export const ORDER_STATUSES = ['received', 'accepted', 'ready', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTIONS = ['accept', 'ready', 'complete', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Which status an action leads to, from which statuses it is allowed. */
export const ORDER_TRANSITIONS: Record<OrderAction, { from: readonly OrderStatus[]; to: OrderStatus }> = {
  accept: { from: ['received'], to: 'accepted' },
  ready: { from: ['accepted'], to: 'ready' },
  complete: { from: ['ready'], to: 'completed' },
  cancel: { from: ['received', 'accepted', 'ready'], to: 'cancelled' },
};

export function nextStatus(current: OrderStatus, action: OrderAction): OrderStatus | null {
  const rule = ORDER_TRANSITIONS[action];
  return rule.from.includes(current) ? rule.to : null;
}

export const ORDERING_LIMITS = {
  maxLines: 30,
  maxQuantity: 20,
  /** Modifiers on one line (all its groups together). */
  maxModifiers: 30,
  nameMax: 80,
  phoneMax: 30,
  notesMax: 300,
  /** The most one online order may total, in minor units (1,000,000.00): above it is a 400. */
  maxTotalCents: 100_000_000,
  /** Pickup today or tomorrow (store time zone): a closed store still takes orders for later. */
  pickupDaysAhead: 1,
  slotMinutes: 15,
} as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;

/** Opening hours of one weekday in the store's time zone; null = closed that day. close > open. */
export const dayHoursSchema = z
  .object({
    open: z.string().regex(TIME, 'use HH:MM (24 h)'),
    close: z.string().regex(TIME, 'use HH:MM (24 h)'),
  })
  .strict()
  .refine((d) => d.close > d.open, { message: 'closing time must be after opening time', path: ['close'] })
  .nullable();
export type DayHours = z.infer<typeof dayHoursSchema>;

/** Seven entries, Sunday first (like Date#getDay). */
export const weekHoursSchema = z.array(dayHoursSchema).length(7, 'give the hours of all 7 days (Sunday first)');
export type WeekHours = z.infer<typeof weekHoursSchema>;

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** No control characters (C0, DEL, C1, U+2028/2029); `allowNewline` keeps \n for multi-line notes. */
function hasNoControl(value: string, allowNewline = false): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (allowNewline && c === 10) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return false;
  }
  return true;
}
const noControl = (value: string) => hasNoControl(value);
const noControlExceptNewline = (value: string) => hasNoControl(value, true);

export const orderingSettingsSchema = z
  .object({
    takingOrders: z.boolean({ message: 'must be true or false' }),
    slug: z
      .string({ message: 'is required' })
      .trim()
      .toLowerCase()
      .regex(SLUG, 'use 1 to 48 lower-case letters, digits and dashes (not at the start or end)'),
    leadMinutes: z
      .number({ message: 'must be a number of minutes' })
      .int('must be whole minutes')
      .min(0, 'must be 0 or more')
      .max(240, 'must be 240 minutes or less'),
    timezone: z.string({ message: 'is required' }).max(64).refine(isTimeZone, 'is not a known time zone'),
    hours: weekHoursSchema,
  })
  .strict();
export type OrderingSettings = z.infer<typeof orderingSettingsSchema>;
export type OrderingSettingsInput = z.input<typeof orderingSettingsSchema>;

export const orderActionSchema = z
  .object({ action: z.enum(ORDER_ACTIONS, { message: 'must be accept, ready, complete or cancel' }) })
  .strict();

/** The customer part of checkout (form and server). */
export const checkoutFieldsSchema = z.object({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(2, 'enter at least 2 characters')
    .max(ORDERING_LIMITS.nameMax, `use at most ${ORDERING_LIMITS.nameMax} characters`)
    .refine(noControl, 'contains characters that are not allowed'),
  phone: z
    .string({ message: 'is required' })
    .trim()
    .max(ORDERING_LIMITS.phoneMax, `use at most ${ORDERING_LIMITS.phoneMax} characters`)
    .regex(/^\+?[0-9 ().-]{6,}$/, 'enter a phone number (digits, spaces, + ( ) - .)')
    .refine((v) => v.replace(/\D/g, '').length >= 6, 'enter a phone number with at least 6 digits'),
  pickupAt: z
    .string({ message: 'choose a pickup time' })
    .min(1, 'choose a pickup time')
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)), 'choose a pickup time'),
  notes: z
    .string()
    .max(ORDERING_LIMITS.notesMax, `use at most ${ORDERING_LIMITS.notesMax} characters`)
    .refine(noControlExceptNewline, 'contains characters that are not allowed')
    .default(''),
});
export type CheckoutFields = z.infer<typeof checkoutFieldsSchema>;
export type CheckoutFieldsInput = z.input<typeof checkoutFieldsSchema>;

export const orderLineInputSchema = z
  .object({
    itemId: z.number({ message: 'must be an item id' }).int().positive().max(2_147_483_647),
    quantity: z
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(ORDERING_LIMITS.maxQuantity, `must be ${ORDERING_LIMITS.maxQuantity} or less`),
    /** The chosen modifiers of the item's modifier groups (each group's minimum and maximum apply). */
    modifierIds: z
      .array(z.number({ message: 'must be modifier ids' }).int().positive().max(2_147_483_647), {
        message: 'must be a list of modifier ids',
      })
      .max(ORDERING_LIMITS.maxModifiers, `at most ${ORDERING_LIMITS.maxModifiers} modifiers`)
      .default([]),
    // The item options of old storefronts became modifier groups (with new ids): refuse them clearly.
    optionIds: z
      .array(z.unknown())
      .max(0, 'item options are modifiers now: send modifierIds (reload the menu)')
      .optional(),
    // Whatever a client claims an item costs is accepted for compatibility and ignored.
    price: z.unknown().optional(),
    priceCents: z.unknown().optional(),
    name: z.unknown().optional(),
  })
  .strip();

export const createOrderSchema = checkoutFieldsSchema
  .extend({
    lines: z
      .array(orderLineInputSchema)
      .min(1, 'the cart is empty')
      .max(ORDERING_LIMITS.maxLines, `at most ${ORDERING_LIMITS.maxLines} lines`),
    total: z.unknown().optional(),
    /** Pay what this gift card holds toward the order (up to its total); the rest at pickup. */
    giftCardNumber: z
      .string({ message: 'enter the 16 digits of the gift card' })
      .max(40, 'enter the 16 digits of the gift card')
      .transform((v, ctx) => {
        const digits = normalizeGiftCardNumber(v);
        if (digits === null) {
          ctx.addIssue({ code: 'custom', message: 'enter the 16 digits of the gift card, as printed on it' });
          return z.NEVER;
        }
        return digits;
      })
      .optional(),
  })
  .strip();
export type CreateOrderInput = z.input<typeof createOrderSchema>;

// ---- API shapes -----------------------------------------------------------------------------

export interface StoreProfile {
  name: string;
  slug: string;
  takingOrders: boolean;
  openNow: boolean;
  timezone: string;
  leadMinutes: number;
  hours: WeekHours;
  currency: string;
}

export interface MenuItem {
  id: number;
  name: string;
  priceCents: number;
  categoryId: number | null;
  /** Its modifier groups (Products › Modifiers): the choices it takes, checked with checkModifierChoice. */
  modifierGroups: ModifierGroupRule[];
  /**
   * The taxes charged on it, so checkout shows tax and total as priceOrder (the server's rule)
   * does. Optional: a server older than the storefront sends none (checkout then shows the subtotal).
   */
  taxes?: PricingTax[];
}
export interface MenuCategory {
  id: number | null;
  name: string;
  items: MenuItem[];
}
export interface StoreMenu {
  currency: string;
  categories: MenuCategory[];
  /** The store's active promotions, applied to the cart with evaluatePromotions (as the server does). */
  promotions: PromotionRule[];
}

export interface OrderLine {
  itemId: number | null;
  name: string;
  options: string[];
  quantity: number;
  unitPriceCents: number;
  totalCents: number;
}
export interface PublicOrder {
  id: string;
  number: number;
  store: { name: string; slug: string };
  status: OrderStatus;
  customerName: string;
  pickupAt: string;
  notes: string;
  lines: OrderLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** The promotions the order got (already taken off subtotal, tax and total). */
  promotions: { name: string; amountCents: number }[];
  /** Paid with a gift card when ordering (its last 4 digits); the rest is due at pickup. */
  giftCard: { last4: string; amountCents: number } | null;
  dueCents: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
}
export interface BackofficeOrder extends PublicOrder {
  dbId: number;
  phone: string;
}

/** GET /ordering_online/:slug/gift-cards/:number: what the customer may spend. */
export interface StoreGiftCard {
  last4: string;
  balanceCents: number;
  status: 'active' | 'expired' | 'void';
  expiresOn: string | null;
}

export interface OrderingToken {
  token: string;
  expiresAt: string;
}

// ---- time rules (store time zone) -----------------------------------------------------------

interface LocalParts {
  /** yyyy-mm-dd in the zone */
  date: string;
  weekday: number;
  minutes: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function localParts(ms: number, timeZone: string): LocalParts {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(get('hour')) % 24;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: WEEKDAYS.indexOf(get('weekday')),
    minutes: hour * 60 + Number(get('minute')),
  };
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export interface HoursRule {
  timezone: string;
  hours: WeekHours;
  leadMinutes: number;
}

/** Open at `ms`: within that local day's hours (closing minute excluded). */
export function isOpenAt(ms: number, rule: Pick<HoursRule, 'timezone' | 'hours'>): boolean {
  const local = localParts(ms, rule.timezone);
  const day = rule.hours[local.weekday];
  if (!day) return false;
  return local.minutes >= toMinutes(day.open) && local.minutes < toMinutes(day.close);
}

export type PickupProblem = 'invalid' | 'too_soon' | 'other_day' | 'closed';

/**
 * The pickup rule: today or tomorrow (store time zone), no earlier than now + lead time, and within
 * that day's opening hours (the closing minute itself allowed). Returns null when the time is fine.
 */
export function pickupProblem(pickupMs: number, nowMs: number, rule: HoursRule): PickupProblem | null {
  if (!Number.isFinite(pickupMs)) return 'invalid';
  if (pickupMs < nowMs + rule.leadMinutes * 60_000 - 30_000) return 'too_soon';
  const now = localParts(nowMs, rule.timezone);
  const at = localParts(pickupMs, rule.timezone);
  const tomorrow = localParts(nowMs + 24 * 3_600_000, rule.timezone);
  if (pickupMs > nowMs + 50 * 3_600_000 || (at.date !== now.date && at.date !== tomorrow.date)) return 'other_day';
  const day = rule.hours[at.weekday];
  if (!day) return 'closed';
  if (at.minutes < toMinutes(day.open) || at.minutes > toMinutes(day.close)) return 'closed';
  return null;
}

export const PICKUP_MESSAGES: Record<PickupProblem, string> = {
  invalid: 'choose a pickup time',
  too_soon: 'choose a later time: the kitchen needs the lead time',
  other_day: 'pickup is for today or tomorrow only',
  closed: 'choose a time within the opening hours',
};

/** Pickup slots still possible (today and tomorrow), every `slotMinutes`, as epoch ms. */
export function pickupSlots(
  nowMs: number,
  rule: HoursRule,
  slotMinutes: number = ORDERING_LIMITS.slotMinutes,
): number[] {
  const step = slotMinutes * 60_000;
  const slots: number[] = [];
  let t = Math.ceil((nowMs + rule.leadMinutes * 60_000) / step) * step;
  const end = nowMs + 50 * 3_600_000;
  for (; t <= end && slots.length < 400; t += step) {
    const problem = pickupProblem(t, nowMs, rule);
    if (problem === null) slots.push(t);
    else if (problem === 'other_day') break;
  }
  return slots;
}
