/**
 * Offers and rewards, the gift cards (/giftcards): schemas shared by the forms and the server, the
 * answer types, and the card-number rules every side applies (registers, storefront, back-office).
 *
 * Money is integer minor units (`...Cents`). A card's balance never goes below zero: every
 * redemption is checked against it inside the transaction that writes the sale.
 */
import { z } from 'zod';
import { dayNumber } from './reports';
import { englishMessages, idChoiceSchema, integerSchema, textSchema, type ValidationMessages } from './common';
import { normalizeGiftCardNumber } from './giftCardNumber';

export const GIFT_CARD_LIMITS = {
  /** 10,000.00: the most one card may hold (issue plus loads). */
  maxBalanceCents: 1_000_000,
  reasonMax: 200,
  noteMax: 500,
} as const;

// ---------------------------------------------------------------------------------------------
// Card numbers (their rules live in giftCardNumber.ts, small enough for the storefront's bundle)

export {
  GIFT_CARD_DIGITS,
  formatGiftCardNumber,
  luhnDigit,
  maskGiftCardNumber,
  normalizeGiftCardNumber,
} from './giftCardNumber';

export const giftCardNumberSchema = (m: ValidationMessages = englishMessages) =>
  z
    .string({ error: m('required') })
    .max(40, m('invalidGiftCard'))
    .transform((v, ctx) => {
      const digits = normalizeGiftCardNumber(v);
      if (digits === null) {
        ctx.addIssue({ code: 'custom', message: m('invalidGiftCard') });
        return z.NEVER;
      }
      return digits;
    });

// ---------------------------------------------------------------------------------------------
// Forms

const amountSchema = (m: ValidationMessages) => integerSchema(m, { min: 1, max: GIFT_CARD_LIMITS.maxBalanceCents });

/** `YYYY-MM-DD` or null (no expiry). The card can be used up to and including that day. */
const expirySchema = (m: ValidationMessages) =>
  z
    .string({ error: m('invalidDate') })
    .refine((v) => dayNumber(v) !== null, m('invalidDate'))
    .nullable();

export function createGiftCardIssueSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    amountCents: amountSchema(m),
    customerId: idChoiceSchema(m).nullable(),
    expiresOn: expirySchema(m),
    note: textSchema(m, GIFT_CARD_LIMITS.noteMax, { multiline: true }),
  });
}
export const giftCardIssueSchema = createGiftCardIssueSchema();
export type GiftCardIssueInput = z.output<typeof giftCardIssueSchema>;

/** Edit: who holds it, until when, a note (the balance only moves through load and adjust). */
export function createGiftCardUpdateSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    customerId: idChoiceSchema(m).nullable(),
    expiresOn: expirySchema(m),
    note: textSchema(m, GIFT_CARD_LIMITS.noteMax, { multiline: true }),
  });
}
export const giftCardUpdateSchema = createGiftCardUpdateSchema();
export type GiftCardUpdateInput = z.output<typeof giftCardUpdateSchema>;

export function createGiftCardLoadSchema(m: ValidationMessages = englishMessages) {
  return z.object({ amountCents: amountSchema(m), note: textSchema(m, GIFT_CARD_LIMITS.noteMax) });
}
export const giftCardLoadSchema = createGiftCardLoadSchema();

/** A correction by hand, up or down, always with its reason. */
export function createGiftCardAdjustSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    amountCents: integerSchema(m, {
      min: -GIFT_CARD_LIMITS.maxBalanceCents,
      max: GIFT_CARD_LIMITS.maxBalanceCents,
    }).refine((v) => v !== 0, m('notZero')),
    reason: textSchema(m, GIFT_CARD_LIMITS.reasonMax, { required: true }),
  });
}
export const giftCardAdjustSchema = createGiftCardAdjustSchema();

export function createGiftCardVoidSchema(m: ValidationMessages = englishMessages) {
  return z.object({ reason: textSchema(m, GIFT_CARD_LIMITS.reasonMax, { required: true }) });
}
export const giftCardVoidSchema = createGiftCardVoidSchema();

// ---------------------------------------------------------------------------------------------
// Answers

/** `expired`: past its expiry day in the company's time zone; `void`: withdrawn (balance kept for the record). */
export const GIFT_CARD_STATUSES = ['active', 'expired', 'void'] as const;
export type GiftCardStatus = (typeof GIFT_CARD_STATUSES)[number];

export const GIFT_CARD_ENTRY_KINDS = ['issue', 'load', 'redeem', 'refund', 'adjust', 'void'] as const;
export type GiftCardEntryKind = (typeof GIFT_CARD_ENTRY_KINDS)[number];

export interface GiftCard {
  id: number;
  last4: string;
  balanceCents: number;
  initialCents: number;
  status: GiftCardStatus;
  expiresOn: string | null;
  customer: { id: number; name: string } | null;
  note: string;
  issuedAt: number;
  lastUsedAt: number | null;
}

export interface GiftCardEntry {
  id: number;
  kind: GiftCardEntryKind;
  /** Signed: what the entry added to the balance (a redemption is negative). */
  amountCents: number;
  balanceAfterCents: number;
  at: number;
  /** Who did it in the back-office, when it was done there. */
  by: string | null;
  /** The receipt (register) or online order it was used on. */
  receiptNumber: number | null;
  orderNumber: number | null;
  note: string;
}

export interface GiftCardDetail extends GiftCard {
  entries: GiftCardEntry[];
}

/** The answer to an issue: the only time the whole number is shown. */
export interface IssuedGiftCard extends GiftCardDetail {
  number: string;
}

export interface GiftCardOptions {
  customers: { id: number; name: string }[];
  currency: string;
}

/** What a register or the storefront learns from a number (never who holds it). */
export interface GiftCardBalance {
  last4: string;
  balanceCents: number;
  status: GiftCardStatus;
  expiresOn: string | null;
}

// ---------------------------------------------------------------------------------------------
// Loyalty points (/nectar_points, add-on Loyalty)

export const LOYALTY_LIMITS = {
  /** Points earned per 1.00 of net sales. */
  maxPointsPerUnit: 1000,
  /** What 100 points are worth, in cents (at most 100.00). */
  maxValuePer100Cents: 10_000,
  maxMinRedeem: 1_000_000,
  reasonMax: 200,
} as const;

export function createLoyaltySettingsSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    enabled: z.boolean({ error: m('notABoolean') }),
    pointsPerUnit: integerSchema(m, { min: 0, max: LOYALTY_LIMITS.maxPointsPerUnit }),
    valuePer100Cents: integerSchema(m, { min: 1, max: LOYALTY_LIMITS.maxValuePer100Cents }),
    minRedeemPoints: integerSchema(m, { min: 0, max: LOYALTY_LIMITS.maxMinRedeem }),
  });
}
export const loyaltySettingsSchema = createLoyaltySettingsSchema();
export type LoyaltySettings = z.output<typeof loyaltySettingsSchema>;

/** The defaults of a company that never set its programme: 1 point per 1.00, 100 points = 1.00. */
export const DEFAULT_LOYALTY: LoyaltySettings = {
  enabled: false,
  pointsPerUnit: 1,
  valuePer100Cents: 100,
  minRedeemPoints: 100,
};

export function createPointsAdjustSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    points: integerSchema(m, { min: -10_000_000, max: 10_000_000 }).refine((v) => v !== 0, m('notZero')),
    reason: textSchema(m, LOYALTY_LIMITS.reasonMax, { required: true }),
  });
}
export const pointsAdjustSchema = createPointsAdjustSchema();

export const LOYALTY_ENTRY_KINDS = ['earn', 'redeem', 'refund', 'adjust'] as const;
export type LoyaltyEntryKind = (typeof LOYALTY_ENTRY_KINDS)[number];

export interface LoyaltyEntry {
  id: number;
  kind: LoyaltyEntryKind;
  /** Signed: what the entry added to the balance. */
  points: number;
  balanceAfter: number;
  at: number;
  receiptNumber: number | null;
  by: string | null;
  note: string;
}

export interface LoyaltyMember {
  id: number;
  name: string;
  email: string;
  points: number;
  /** What the points are worth now, in cents. */
  valueCents: number;
  lastActivityAt: number | null;
}

export interface LoyaltyOverview {
  settings: LoyaltySettings;
  currency: string;
  members: LoyaltyMember[];
  totals: { points: number; valueCents: number; earned30d: number; redeemed30d: number };
}

export interface LoyaltyHistory {
  customer: { id: number; name: string; points: number };
  entries: LoyaltyEntry[];
}
