/**
 * The building blocks every back-office area's schemas use: parameterised messages, limits, field
 * rules, list queries and the shapes of list and error answers. React-free: the server imports it.
 *
 * Messages are parameterised: the server uses the English defaults (its 400 answers name the field
 * and the problem); the browser passes translated messages for the same rules.
 */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Messages

export type ValidationMessageKey =
  | 'required'
  | 'notText'
  | 'tooLong'
  | 'unsafeChars'
  | 'invalidEmail'
  | 'oneAddress'
  | 'invalidPhone'
  | 'invalidSku'
  | 'invalidColor'
  | 'notANumber'
  | 'decimalSeparator'
  | 'ambiguousNumber'
  | 'notAnInteger'
  | 'min'
  | 'max'
  | 'decimals'
  | 'invalidChoice'
  | 'notABoolean'
  | 'invalidCurrency'
  | 'invalidTimeZone'
  | 'invalidCountry'
  | 'invalidTime'
  | 'sameTimes'
  | 'chooseDays'
  | 'chooseLocations'
  | 'tooMany'
  | 'invalidDate'
  | 'invalidDateTime'
  | 'endBeforeStart'
  | 'shiftTooLong'
  | 'breakTooLong'
  | 'invalidGiftCard'
  | 'notZero'
  | 'chooseTargets'
  | 'duplicateName'
  | 'bankTransferOnly';

export type ValidationValues = Record<string, string | number>;
export type ValidationMessages = (key: ValidationMessageKey, values?: ValidationValues) => string;

const ENGLISH: Record<ValidationMessageKey, string> = {
  required: 'this field is required',
  notText: 'must be text',
  tooLong: 'must be at most {{max}} characters',
  unsafeChars: 'must not contain control characters',
  invalidEmail: 'enter a valid e-mail address, like name@example.com',
  oneAddress: 'enter one e-mail address, not a list',
  invalidPhone: 'enter a phone number: digits, spaces and + ( ) - only',
  invalidSku: 'letters, digits and - _ . only',
  invalidColor: 'enter a colour like #1f2937',
  notANumber: 'enter a number',
  decimalSeparator: 'use a point for decimals, as in 1.80',
  ambiguousNumber: 'write thousands without a separator (1800) or decimals with the decimal separator',
  notAnInteger: 'enter a whole number',
  min: 'must be at least {{min}}',
  max: 'must be at most {{max}}',
  decimals: 'use at most {{decimals}} decimals',
  invalidChoice: 'choose one of the options',
  notABoolean: 'must be true or false',
  invalidCurrency: 'choose a currency from the list (a three-letter ISO 4217 code with cents, like USD)',
  invalidTimeZone: 'choose a time zone from the list, like Europe/Madrid',
  invalidCountry: 'choose a country from the list (a two-letter code, like ES)',
  invalidTime: 'enter a time as HH:MM (24 h)',
  sameTimes: 'the end must differ from the start',
  chooseDays: 'choose at least one day',
  chooseLocations: 'choose at least one location, or all of them',
  tooMany: 'choose at most {{max}}',
  invalidDate: 'enter a date as YYYY-MM-DD',
  invalidDateTime: 'enter a date and a time',
  endBeforeStart: 'must be after the start',
  shiftTooLong: 'must be at most {{hours}} hours after the start',
  breakTooLong: 'the break must be shorter than the shift',
  invalidGiftCard: 'enter the 16 digits of the gift card, as printed on it',
  notZero: 'must not be 0',
  chooseTargets: 'choose at least one item or category',
  duplicateName: 'another one already has this name',
  bankTransferOnly: 'only a bank transfer has a reference',
};

/** Every message key: the browser must have a text for each one (checked by the remote's tests). */
export const VALIDATION_MESSAGE_KEYS = Object.keys(ENGLISH) as ValidationMessageKey[];

/** English messages with `{{name}}` placeholders filled in (the server's 400 answers use these). */
export const englishMessages: ValidationMessages = (key, values = {}) =>
  ENGLISH[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

// ---------------------------------------------------------------------------------------------
// Limits (shared by forms, server and seed)

export const LIMITS = {
  nameMax: 120,
  skuMax: 40,
  emailMax: 254,
  phoneMax: 30,
  notesMax: 1000,
  searchMax: 100,
  moneyMax: 1_000_000,
  pointsMax: 10_000_000,
  positionMax: 9999,
  pageSizeMax: 100,
  exportMax: 10_000,
} as const;

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Building blocks

/**
 * C0/C1 control characters (except tab and newlines where allowed), U+2028/2029 and lone
 * surrogates: PostgreSQL refuses NUL, and such characters end up in CSV files, logs and other UIs.
 */
export function hasControlChars(value: string, allowNewlines = false): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (allowNewlines && (c === 0x09 || c === 0x0a || c === 0x0d)) continue;
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i += 1;
        continue;
      }
      return true;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

export const isMissing = (input: unknown) => input === undefined || input === null || input === '';

/** Trimmed text up to `max` characters, no control characters (newlines only when `multiline`). */
export function textSchema(
  m: ValidationMessages,
  max: number,
  options: { required?: boolean; multiline?: boolean } = {},
) {
  const base = z
    .string({ error: (iss) => (isMissing(iss.input) ? m('required') : m('notText')) })
    .trim()
    .max(max, m('tooLong', { max }))
    .refine((v) => !hasControlChars(v, options.multiline), m('unsafeChars'));
  return options.required ? base.refine((v) => v.length > 0, m('required')) : base;
}

/** A decimal amount with at most `decimals` places, between `min` and `max`. */
export function decimalSchema(
  m: ValidationMessages,
  { min, max, decimals }: { min: number; max: number; decimals: number },
) {
  const factor = 10 ** decimals;
  return z
    .number({
      error: (iss) => (isMissing(iss.input) || Number.isNaN(iss.input) ? m('required') : m('notANumber')),
    })
    .min(min, m('min', { min }))
    .max(max, m('max', { max }))
    .refine((v) => Math.abs(Math.round(v * factor) - v * factor) < 1e-6, m('decimals', { decimals }));
}

export function integerSchema(m: ValidationMessages, { min, max }: { min: number; max: number }) {
  return z
    .number({
      error: (iss) => (isMissing(iss.input) || Number.isNaN(iss.input) ? m('required') : m('notANumber')),
    })
    .int(m('notAnInteger'))
    .min(min, m('min', { min }))
    .max(max, m('max', { max }));
}

export const flagSchema = (m: ValidationMessages) => z.boolean({ error: m('notABoolean') });

/** A database id chosen from a list the server sent (another company's id reads as "choose one"). */
export const idChoiceSchema = (m: ValidationMessages) =>
  z
    .number({ error: m('invalidChoice') })
    .int(m('invalidChoice'))
    .positive(m('invalidChoice'))
    .max(2_147_483_647, m('invalidChoice'));

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;

/**
 * A list of distinct ids chosen from lists the server sent. A bad element is reported on the list
 * itself (`taxIds`, not `taxIds.0`), where the form shows it.
 */
export const idListSchema = (m: ValidationMessages, max: number) =>
  z
    .array(z.unknown(), { error: m('invalidChoice') })
    .max(max, m('tooMany', { max }))
    .refine((ids) => ids.every(isId), m('invalidChoice'))
    .refine((ids) => new Set(ids).size === ids.length, m('invalidChoice'))
    .transform((ids) => ids as number[]);

export const PHONE = /^[0-9+()\-. ]*$/;
/**
 * One plain address and nothing around it: a mailbox name of the characters it may use unquoted,
 * and a domain of letters, digits and hyphens with at least one dot. No comments, display names,
 * angle brackets or lists: mail software reads `(1)v@x.test`, `x<v@x.test>` and `a,v@x.test` as
 * other addresses than the text looks like (and the last as two).
 */
export const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** An optional e-mail address ('' = none). */
export const emailSchema = (m: ValidationMessages) =>
  textSchema(m, LIMITS.emailMax).refine((v) => v === '' || EMAIL.test(v), m('invalidEmail'));

/** An optional phone number ('' = none): digits, spaces and + ( ) - . with at least one digit. */
export const phoneSchema = (m: ValidationMessages) =>
  textSchema(m, LIMITS.phoneMax).refine((v) => PHONE.test(v) && (v === '' || /\d/.test(v)), m('invalidPhone'));

// ---------------------------------------------------------------------------------------------
// List queries (query string: every value arrives as a string)

export type SortDir = 'asc' | 'desc';

export function createListQuerySchema<const S extends readonly [string, ...string[]]>(sorts: S) {
  const m = englishMessages;
  const pageNumber = (max: number, fallback: number) =>
    z
      .string({ error: m('notAnInteger') })
      .regex(/^\d{1,9}$/, m('notAnInteger'))
      .transform(Number)
      .pipe(
        z
          .number()
          .int()
          .min(1, m('min', { min: 1 }))
          .max(max, m('max', { max })),
      )
      .optional()
      .transform((v) => v ?? fallback);
  return z.object({
    search: textSchema(m, LIMITS.searchMax)
      .optional()
      .transform((v) => v ?? ''),
    sort: z
      .enum(sorts, { error: `must be one of ${sorts.join(', ')}` })
      .optional()
      .transform((v): S[number] => v ?? sorts[0]),
    dir: z
      .enum(['asc', 'desc'], { error: 'must be asc or desc' })
      .optional()
      .transform((v): SortDir => v ?? 'asc'),
    page: pageNumber(1_000_000, 1),
    pageSize: pageNumber(LIMITS.pageSizeMax, DEFAULT_PAGE_SIZE),
  });
}

export type ListQuery<S extends string> = {
  search: string;
  sort: S;
  dir: SortDir;
  page: number;
  pageSize: number;
};

// ---------------------------------------------------------------------------------------------
// Responses

export interface ListResponse<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The header's view of the signed-in user's company. */
export interface CompanySummary {
  /** The trading name (Settings › General information). */
  name: string;
  slug: string;
  license: string;
  /** ISO 4217 code every amount of the company is in. */
  currency: string;
  /** The business's time zone (IANA name). */
  timezone: string;
  /** The type new tax rates start as: prices with tax included (VAT) or tax added (US sales tax). */
  taxMode?: 'included' | 'added';
  /** The logo's URL (versioned by its content), or null when there is none. */
  logoUrl: string | null;
}

/** The `{ error, message, fields }` body of a 400/409 answer (409s may carry more, e.g. `count`). */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
  [extra: string]: unknown;
}
