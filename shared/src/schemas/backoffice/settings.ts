/**
 * Settings (menu area "settings"): business information, billing, locations, taxes, price levels,
 * order types and payment types. Schemas shared by the forms and the server, the answer types, and
 * the pure rules both sides (and the registers, issue 17) apply: taxes of a line, a price level's
 * schedule and price. Money travels in major units (2 decimals) like the catalog, and is stored in
 * integer minor units; tax rates are basis points in the database (2100 = 21.00 %).
 */
import { z } from 'zod';
import { ADDONS, LICENSES, type AddonName, type Language, type LicenseName } from '@hive/shared/config';
import {
  LIMITS,
  createListQuerySchema,
  decimalSchema,
  emailSchema,
  englishMessages,
  flagSchema,
  idListSchema,
  integerSchema,
  phoneSchema,
  textSchema,
  type ValidationMessages,
} from './common';
import { isCountryCode, isTimeZone, supportedCurrencies } from '@hive/shared/schemas/countries';

export const SETTINGS_LIMITS = {
  addressLineMax: 200,
  cityMax: 100,
  postalCodeMax: 20,
  taxIdMax: 40,
  receiptTextMax: 500,
  shortNameMax: 60,
  requestMax: 2000,
  /** Logo images: PNG, JPEG or WebP, checked by their first bytes, at most 1 MB. */
  logoMaxBytes: 1_048_576,
  /** Order and payment types a company may have. */
  typesMax: 50,
  /** Locations named by one price level. */
  levelLocationsMax: 200,
} as const;

// ---------------------------------------------------------------------------------------------
// Countries, currencies and time zones

// The lists and checks themselves are zod-free (../countries) so that sign-up can use them cheaply.
export { COUNTRY_CODES, supportedCurrencies, isTimeZone, timeZoneChoices } from '@hive/shared/schemas/countries';

const countrySchema = (m: ValidationMessages) =>
  z
    .string({ error: m('invalidCountry') })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || isCountryCode(v), m('invalidCountry'));

export const currencySchema = (m: ValidationMessages) =>
  z
    .string({ error: m('invalidCurrency') })
    .trim()
    .toUpperCase()
    .refine((v) => /^[A-Z]{3}$/.test(v) && supportedCurrencies().includes(v), m('invalidCurrency'));

export const timeZoneSchema = (m: ValidationMessages) =>
  z
    .string({ error: m('invalidTimeZone') })
    .trim()
    .refine((v) => isTimeZone(v), m('invalidTimeZone'));

// ---------------------------------------------------------------------------------------------
// Address (business and locations: one set of fields)

export function createAddressSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    line1: textSchema(m, SETTINGS_LIMITS.addressLineMax),
    line2: textSchema(m, SETTINGS_LIMITS.addressLineMax),
    city: textSchema(m, SETTINGS_LIMITS.cityMax),
    region: textSchema(m, SETTINGS_LIMITS.cityMax),
    postalCode: textSchema(m, SETTINGS_LIMITS.postalCodeMax),
    country: countrySchema(m),
  });
}
export type Address = z.output<ReturnType<typeof createAddressSchema>>;
export const EMPTY_ADDRESS: Address = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

// ---------------------------------------------------------------------------------------------
// Business information (/generalinfo)

export function createBusinessSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    legalName: textSchema(m, LIMITS.nameMax, { required: true }),
    /** The name customers see (header, receipts, storefront): the company's name. */
    tradingName: textSchema(m, LIMITS.nameMax, { required: true }),
    taxId: textSchema(m, SETTINGS_LIMITS.taxIdMax),
    email: emailSchema(m),
    phone: phoneSchema(m),
    address: createAddressSchema(m),
    currency: currencySchema(m),
    timezone: timeZoneSchema(m),
    receiptHeader: textSchema(m, SETTINGS_LIMITS.receiptTextMax, { multiline: true }),
    receiptFooter: textSchema(m, SETTINGS_LIMITS.receiptTextMax, { multiline: true }),
  });
}
export const businessInputSchema = createBusinessSchema();
export type BusinessInput = z.output<typeof businessInputSchema>;

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];

/** The logo upload: the file's bytes in base64 (its type is read from the bytes, not claimed). */
export const logoUploadSchema = z.object({
  image: z
    .string({ error: 'send the image as base64 text' })
    .min(1, 'send the image as base64 text')
    // 1 MB of bytes is at most 1,398,104 base64 characters.
    .max(Math.ceil(SETTINGS_LIMITS.logoMaxBytes / 3) * 4, 'the image must be at most 1 MB')
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'send the image as base64 text'),
});

/** The type of an image from its first bytes (PNG, JPEG, WebP), or null: SVG and the rest are refused. */
export function sniffImageType(bytes: Uint8Array): LogoType | null {
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) {
    return 'image/png';
  }
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export interface BusinessLogo {
  url: string;
  contentType: LogoType;
  size: number;
  updatedAt: number;
}

export interface Business extends BusinessInput {
  /** The currency cannot change once the company has sold something. */
  currencyLocked: boolean;
  logo: BusinessLogo | null;
  updatedAt: number;
}

// ---------------------------------------------------------------------------------------------
// Locations (/location)

export function createLocationSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    address: createAddressSchema(m),
    timezone: timeZoneSchema(m),
    phone: phoneSchema(m),
    active: flagSchema(m),
  });
}
export const locationInputSchema = createLocationSchema();
export type LocationInput = z.output<typeof locationInputSchema>;

export const LOCATION_SORTS = ['name', 'city', 'timezone', 'active'] as const;
export type LocationSort = (typeof LOCATION_SORTS)[number];
export const locationListQuerySchema = createListQuerySchema(LOCATION_SORTS);

export interface Location extends LocationInput {
  id: number;
  updatedAt: number;
}

export interface LocationOption {
  id: number;
  name: string;
  active: boolean;
}

// ---------------------------------------------------------------------------------------------
// Taxes (/taxes)

export const TAX_TYPES = ['added', 'included'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

export function createTaxRateSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, SETTINGS_LIMITS.shortNameMax, { required: true }),
    /** Percent with at most 2 decimals (stored in basis points). */
    rate: decimalSchema(m, { min: 0, max: 100, decimals: 2 }),
    type: z.enum(TAX_TYPES, { error: m('invalidChoice') }),
    appliesToNewItems: flagSchema(m),
    /** On create only: also charge it on every item the company has now. */
    applyToAllItems: flagSchema(m).optional(),
  });
}
export const taxRateInputSchema = createTaxRateSchema();
export type TaxRateInput = z.output<typeof taxRateInputSchema>;

export const TAX_RATE_SORTS = ['name', 'rate', 'type', 'itemCount'] as const;
export type TaxRateSort = (typeof TAX_RATE_SORTS)[number];
export const taxRateListQuerySchema = createListQuerySchema(TAX_RATE_SORTS);

export interface TaxRate {
  id: number;
  name: string;
  rate: number;
  type: TaxType;
  appliesToNewItems: boolean;
  /** Archived rates are kept on their items but no longer charged or offered. */
  archived: boolean;
  itemCount: number;
  updatedAt: number;
}

/**
 * A tax charged on a line: its rate in basis points and whether the price already includes it. One
 * rule prices every line with taxes (registers, invoices, online orders): lineTaxes in @hive/register-sdk.
 */
export type { AppliedTax } from '@hive/register-sdk/money';

// ---------------------------------------------------------------------------------------------
// Price levels (/price_hives)

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const; // Sunday first, like Date#getDay

export function createPriceLevelSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      name: textSchema(m, SETTINGS_LIMITS.shortNameMax, { required: true }),
      active: flagSchema(m),
      /** Off: the level applies whenever it is chosen; on: only on `days` between the two times. */
      scheduled: flagSchema(m),
      days: z.array(integerSchema(m, { min: 0, max: 6 }), { error: m('chooseDays') }).max(7, m('chooseDays')),
      startTime: z.string({ error: m('invalidTime') }).trim(),
      endTime: z.string({ error: m('invalidTime') }).trim(),
      allLocations: flagSchema(m),
      locationIds: idListSchema(m, SETTINGS_LIMITS.levelLocationsMax),
    })
    .superRefine((level, ctx) => {
      if (level.scheduled) {
        if (level.days.length === 0) ctx.addIssue({ code: 'custom', path: ['days'], message: m('chooseDays') });
        if (!TIME.test(level.startTime)) {
          ctx.addIssue({ code: 'custom', path: ['startTime'], message: m('invalidTime') });
        }
        if (!TIME.test(level.endTime)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: m('invalidTime') });
        else if (level.endTime === level.startTime) {
          ctx.addIssue({ code: 'custom', path: ['endTime'], message: m('sameTimes') });
        }
      }
      if (!level.allLocations && level.locationIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['locationIds'], message: m('chooseLocations') });
      }
    })
    .transform((level) => ({
      ...level,
      // Stored normalised: no schedule means no days or times; all locations means no list.
      days: level.scheduled ? [...new Set(level.days)].sort((a, b) => a - b) : [],
      startTime: level.scheduled ? level.startTime : '',
      endTime: level.scheduled ? level.endTime : '',
      locationIds: level.allLocations ? [] : [...new Set(level.locationIds)],
    }));
}
export const priceLevelInputSchema = createPriceLevelSchema();
export type PriceLevelInput = z.output<typeof priceLevelInputSchema>;

export const PRICE_LEVEL_SORTS = ['name', 'active', 'itemPriceCount'] as const;
export type PriceLevelSort = (typeof PRICE_LEVEL_SORTS)[number];
export const priceLevelListQuerySchema = createListQuerySchema(PRICE_LEVEL_SORTS);

export interface PriceLevel extends PriceLevelInput {
  id: number;
  /** Names of `locationIds`, in the same order. */
  locationNames: string[];
  /** Items with a price of their own at this level (set on the price lists page). */
  itemPriceCount: number;
  updatedAt: number;
}

/**
 * Whether a level's schedule covers a local moment (`weekday` 0 = Sunday, `minutes` since local
 * midnight). A schedule whose end is before its start runs past midnight into the next day.
 */
export function priceLevelActiveAt(
  level: Pick<PriceLevelInput, 'active' | 'scheduled' | 'days' | 'startTime' | 'endTime'>,
  at: { weekday: number; minutes: number },
): boolean {
  if (!level.active) return false;
  if (!level.scheduled) return true;
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const start = toMinutes(level.startTime);
  const end = toMinutes(level.endTime);
  const on = (weekday: number) => level.days.includes(((weekday % 7) + 7) % 7);
  if (start < end) return on(at.weekday) && at.minutes >= start && at.minutes < end;
  return (on(at.weekday) && at.minutes >= start) || (on(at.weekday - 1) && at.minutes < end);
}

/** An item's price at a level: a price of its own, or a percentage of its base price. */
export type LevelPriceRule = { mode: 'price'; priceCents: number } | { mode: 'percent'; percentBp: number };

export function levelPriceCents(baseCents: number, rule: LevelPriceRule | null): number {
  if (!rule) return baseCents;
  return rule.mode === 'price' ? rule.priceCents : Math.round((baseCents * rule.percentBp) / 10_000);
}

// ---------------------------------------------------------------------------------------------
// Order types (/orderTypes) and payment types (/paymentType)

export const ORDER_TYPE_BUILTINS = ['dine_in', 'takeaway', 'delivery'] as const;
export type OrderTypeBuiltin = (typeof ORDER_TYPE_BUILTINS)[number];
export const PAYMENT_TYPE_BUILTINS = ['cash', 'card', 'gift_card', 'other'] as const;
export type PaymentTypeBuiltin = (typeof PAYMENT_TYPE_BUILTINS)[number];

/**
 * Every company starts with these, named in the company's language when it is created (they are
 * the company's data, printed on its receipts, so they do not change with a reader's language);
 * renamable.
 */
export const DEFAULT_ORDER_TYPES: readonly { builtin: OrderTypeBuiltin; names: Record<Language, string> }[] = [
  { builtin: 'dine_in', names: { en: 'Dine in', es: 'Para tomar aquí' } },
  { builtin: 'takeaway', names: { en: 'Takeaway', es: 'Para llevar' } },
  { builtin: 'delivery', names: { en: 'Delivery', es: 'A domicilio' } },
];
export const DEFAULT_PAYMENT_TYPES: readonly {
  builtin: PaymentTypeBuiltin;
  names: Record<Language, string>;
  cashLike: boolean;
}[] = [
  { builtin: 'cash', names: { en: 'Cash', es: 'Efectivo' }, cashLike: true },
  { builtin: 'card', names: { en: 'Card', es: 'Tarjeta' }, cashLike: false },
  { builtin: 'gift_card', names: { en: 'Gift card', es: 'Tarjeta regalo' }, cashLike: false },
  { builtin: 'other', names: { en: 'Other', es: 'Otro' }, cashLike: false },
];

export function createOrderTypeSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, SETTINGS_LIMITS.shortNameMax, { required: true }),
    active: flagSchema(m),
  });
}
export const orderTypeInputSchema = createOrderTypeSchema();
export type OrderTypeInput = z.output<typeof orderTypeInputSchema>;

export function createPaymentTypeSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, SETTINGS_LIMITS.shortNameMax, { required: true }),
    /** Counted in the cash drawer at closing (cash, cheques, vouchers kept in the till). */
    cashLike: flagSchema(m),
    active: flagSchema(m),
  });
}
export const paymentTypeInputSchema = createPaymentTypeSchema();
export type PaymentTypeInput = z.output<typeof paymentTypeInputSchema>;

/** The new order of a company's order or payment types: every id once, first one first. */
export const reorderSchema = z.object({
  ids: idListSchema(englishMessages, SETTINGS_LIMITS.typesMax).refine(
    (ids) => ids.length > 0,
    'give the ids in their new order',
  ),
});

export interface OrderType extends OrderTypeInput {
  id: number;
  /** A default type (renamable, not deletable), or null for the company's own. */
  builtin: OrderTypeBuiltin | null;
  position: number;
  /** Receipts and online orders of this type. */
  usage: number;
  updatedAt: number;
}

export interface PaymentType extends PaymentTypeInput {
  id: number;
  builtin: PaymentTypeBuiltin | null;
  position: number;
  updatedAt: number;
}

// ---------------------------------------------------------------------------------------------
// Billing (/company_billing)

export const PLATFORM_CURRENCY = 'USD';

export function createBillingContactSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    email: emailSchema(m).refine((v) => v !== '', m('required')),
  });
}
export const billingContactInputSchema = createBillingContactSchema();
export type BillingContact = z.output<typeof billingContactInputSchema>;

export function createPlanRequestSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    license: z.enum(LICENSES, { error: m('invalidChoice') }),
    // A bad element is reported on the list (`addons`), where the form shows it.
    addons: z
      .array(z.unknown(), { error: m('invalidChoice') })
      .max(ADDONS.length, m('invalidChoice'))
      .refine((list) => list.every((v) => (ADDONS as readonly unknown[]).includes(v)), m('invalidChoice'))
      .refine((list) => new Set(list).size === list.length, m('invalidChoice'))
      .transform((list) => list as AddonName[]),
    message: textSchema(m, SETTINGS_LIMITS.requestMax, { multiline: true }),
  });
}
export const planRequestInputSchema = createPlanRequestSchema();
export type PlanRequestInput = z.output<typeof planRequestInputSchema>;

export interface PlanPriceLine {
  kind: 'license' | 'addon';
  name: string;
  /** Null when the admin console has no base price for it yet. */
  monthly: number | null;
}

export interface BillingCoupon {
  code: string;
  kind: 'percent' | 'amount';
  /** Percent off, or an amount off in the platform currency. */
  value: number;
  validTo: string;
  /** False when expired, deactivated, or not valid for the company's licence. */
  applies: boolean;
}

export interface BillingPlan {
  license: LicenseName;
  addons: AddonName[];
  lines: PlanPriceLine[];
  coupon: BillingCoupon | null;
  subtotal: number;
  discount: number;
  monthlyTotal: number;
  currency: string;
}

export const PLATFORM_INVOICE_STATUSES = ['open', 'paid'] as const;
export type PlatformInvoiceStatus = (typeof PLATFORM_INVOICE_STATUSES)[number];

export interface PlatformInvoiceSummary {
  id: number;
  number: number;
  /** YYYY-MM: the month billed. */
  period: string;
  issuedAt: number;
  dueAt: number;
  status: PlatformInvoiceStatus;
  total: number;
  currency: string;
}

export interface PlatformInvoice extends PlatformInvoiceSummary {
  lines: { description: string; amount: number }[];
  subtotal: number;
  discount: number;
  /** The coupon behind the discount, if any. */
  couponCode: string | null;
  /** Who is billed, as the invoice was issued. */
  billedTo: { name: string; legalName: string; address: Address; taxId: string; email: string };
}

export interface SupportRequestSummary {
  ref: string;
  subject: string;
  status: 'open' | 'pending' | 'closed';
  createdAt: number;
  updatedAt: number;
}

export interface Billing {
  plan: BillingPlan;
  contact: BillingContact;
  invoices: PlatformInvoiceSummary[];
  /** The company's support tickets, newest first (plan change requests among them). */
  requests: SupportRequestSummary[];
}
