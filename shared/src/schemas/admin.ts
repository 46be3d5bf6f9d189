/**
 * The admin console's contract, shared by its forms (react-hook-form + zodResolver) and the server
 * (`/api/admin/...`): request schemas, the role rights matrix and the response shapes.
 * React-free: the server imports it. Every field message comes from ADMIN_FIELD_MESSAGES, so the
 * UI can translate a message by its key (`adminMessageKey`) while API clients read plain English.
 */
import { z } from 'zod';
import { ADDONS, ADMIN_ROLES, LICENSES, type AddonName, type AdminRole, type LicenseName } from '@hive/shared/config';

// ---------------------------------------------------------------------------------------------
// Areas, permissions and rights
// ---------------------------------------------------------------------------------------------

/**
 * One per admin sidebar entry: `/admin/<area>`, permission `view_<area>_menu`. The spec's six, then
 * `releases` (issue 44: the remotes' release registry, for super_admin and dev_admin).
 */
export const ADMIN_AREAS = [
  'companies',
  'users',
  'coupons',
  'support',
  'base_prices',
  'bee_merchant',
  'releases',
] as const;
export type AdminArea = (typeof ADMIN_AREAS)[number];

export function areaPermission(area: AdminArea): string {
  return `view_${area}_menu`;
}

/** Every write the admin API offers, with the area whose view permission it also needs. */
export const ADMIN_ACTIONS = {
  'companies.create': 'companies',
  'companies.plan': 'companies',
  'companies.status': 'companies',
  'users.lock': 'users',
  'users.reset_link': 'users',
  'users.staff_access': 'users',
  'coupons.write': 'coupons',
  'support.write': 'support',
  // Reading the outbox needs a right of its own: its messages carry reset and activation links.
  'support.outbox': 'support',
  'base_prices.write': 'base_prices',
  'bee_merchant.write': 'bee_merchant',
  // Register, canary, promote and roll back releases of the remotes: super_admin and dev_admin only.
  'releases.write': 'releases',
} as const satisfies Record<string, AdminArea>;
export type AdminAction = keyof typeof ADMIN_ACTIONS;
export const ALL_ADMIN_ACTIONS = Object.keys(ADMIN_ACTIONS) as AdminAction[];

/**
 * What each staff role may change (issue 6). Reading an area needs only its view permission;
 * a role missing here (viewer, no role, an unknown one) is read-only.
 */
export const ROLE_RIGHTS: Readonly<Record<string, readonly AdminAction[]>> = {
  super_admin: ALL_ADMIN_ACTIONS,
  dev_admin: ALL_ADMIN_ACTIONS,
  support: ['users.lock', 'users.reset_link', 'support.write'],
  billing: ['companies.plan', 'coupons.write', 'base_prices.write'],
  distributors: ['companies.create', 'bee_merchant.write'],
};

export function rightsOf(role: string | null | undefined): readonly AdminAction[] {
  if (typeof role !== 'string') return [];
  return ROLE_RIGHTS[role.trim().toLowerCase()] ?? [];
}

/** The role's right alone; the server also checks the area's view permission. */
export function roleMay(role: string | null | undefined, action: AdminAction): boolean {
  return rightsOf(role).includes(action);
}

// ---------------------------------------------------------------------------------------------
// Statuses and field messages
// ---------------------------------------------------------------------------------------------

export const COMPANY_STATUSES = ['active', 'suspended'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
export const USER_KINDS = ['staff', 'merchant'] as const;
export type UserKind = (typeof USER_KINDS)[number];
export const USER_STATUSES = ['active', 'locked', 'pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const MERCHANT_ACCOUNT_STATUSES = ['pending', 'active', 'rejected'] as const;
export type MerchantAccountStatus = (typeof MERCHANT_ACCOUNT_STATUSES)[number];
export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const PRICE_ITEM_KINDS = ['license', 'addon'] as const;
export type PriceItemKind = (typeof PRICE_ITEM_KINDS)[number];
/**
 * Where an e-mail of the outbox is (server/src/platform/outbox/delivery.ts): `pending` waits for its next
 * try (or for a mail server to be configured), `sending` is with a server instance now, `sent` left,
 * `failed` gave up after its tries, `held` was written before mail left at all (only Retry sends it).
 */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'held'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Largest money value (coupon amount, monthly price) in currency units. */
export const MAX_MONEY = 100_000;

export const ADMIN_FIELD_MESSAGES = {
  required: 'this field is required',
  textTooLong: 'is too long',
  unsafeText: 'must not contain control characters',
  companyName: 'enter the company name (2 to 100 characters)',
  email: 'enter a valid e-mail address',
  license: `must be one of ${LICENSES.join(', ')}`,
  addons: `each must be one of ${ADDONS.join(', ')}, at most once`,
  companyStatus: `must be one of ${COMPANY_STATUSES.join(', ')}`,
  reason: 'enter a reason (5 to 500 characters)',
  boolean: 'must be true or false',
  staffRole: `must be one of ${ADMIN_ROLES.join(', ')}, or none`,
  adminPermissions: 'each must be an admin console permission, at most once',
  couponCode: 'use 3 to 32 capital letters, digits, - or _',
  couponUnknown: 'no coupon has this code',
  couponInactive: 'this coupon is deactivated',
  couponNotNow: 'this coupon is not valid today',
  couponLicense: 'this coupon is not valid for this licence',
  couponUsedUp: 'this coupon has no redemptions left',
  couponKind: `must be one of ${COUPON_KINDS.join(', ')}`,
  percent: 'enter a whole percentage from 1 to 100',
  amount: `enter an amount above 0 and at most ${MAX_MONEY}, with at most 2 decimals`,
  date: 'enter a date as YYYY-MM-DD',
  dateOrder: 'must be on or after the start date',
  maxRedemptions: 'enter a whole number from 1 to 1000000, or leave it empty for no limit',
  licenses: 'choose at least one licence, each at most once',
  message: 'write a message (1 to 5000 characters)',
  ticketStatus: `must be one of ${TICKET_STATUSES.join(', ')}`,
  priceKind: `must be one of ${PRICE_ITEM_KINDS.join(', ')}`,
  priceItem: 'must be a licence name for kind license, an add-on name for kind addon',
  price: `enter a monthly price from 0 to ${MAX_MONEY}, with at most 2 decimals`,
  note: 'must be at most 200 characters',
  page: 'must be a whole number from 1',
  pageSize: `must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  search: 'must be at most 100 characters',
  filter: 'is not one of the allowed values',
  id: 'must be a positive whole number',
} as const;
export type AdminFieldMessageKey = keyof typeof ADMIN_FIELD_MESSAGES;
const M = ADMIN_FIELD_MESSAGES;

const MESSAGE_KEYS = new Map<string, AdminFieldMessageKey>(
  Object.entries(ADMIN_FIELD_MESSAGES).map(([key, text]) => [text, key as AdminFieldMessageKey]),
);

/** The key of one of our field messages (for translation), or null for any other text. */
export function adminMessageKey(message: string | undefined | null): AdminFieldMessageKey | null {
  return message ? (MESSAGE_KEYS.get(message) ?? null) : null;
}

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

// Control characters, U+2028/2029 and lone surrogates end up in logs, mails and other UIs (and
// PostgreSQL refuses NUL): refused in every text field.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNSAFE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSAFE_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/* eslint-enable no-control-regex */

export function hasUnsafeText(value: string, multiline = false): boolean {
  return UNSAFE.test(value) || (!multiline && UNSAFE_SINGLE_LINE.test(value));
}

/** A trimmed single-line text of min..max characters. */
/** The reason of a staff action (suspending a company, rejecting an account): the forms say it up front. */
export const REASON_LIMITS = { min: 5, max: 500 } as const;

const line = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, message)
    .refine((v) => !hasUnsafeText(v), M.unsafeText);

const emailField = z.string({ error: M.email }).trim().toLowerCase().max(254, M.email).pipe(z.email(M.email));

const licenseField = z.enum(LICENSES, M.license);
const addonsField = z
  .array(z.enum(ADDONS, M.addons), M.addons)
  .max(ADDONS.length, M.addons)
  .refine((list) => new Set(list).size === list.length, M.addons);

/** Money in currency units with at most two decimals (stored as integer cents). */
const money = (min: number, message: string) =>
  z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && v >= min && v <= MAX_MONEY, message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message);

const isoDate = z
  .string({ error: M.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, M.date);

// ---------------------------------------------------------------------------------------------
// Query strings (lists)
// ---------------------------------------------------------------------------------------------

/** Query-string numbers arrive as strings; arrays (`?page=1&page=2`) fail. */
const queryInt = (min: number, max: number, fallback: number, message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(max, message),
  );

const queryEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, M.filter).optional());

export const listQuerySchema = z.object({
  q: z.preprocess(
    (v) => (v === undefined ? '' : v),
    z
      .string({ error: M.search })
      .trim()
      .max(100, M.search)
      .refine((v) => !hasUnsafeText(v), M.unsafeText),
  ),
  page: queryInt(1, 1_000_000, 1, M.page),
  pageSize: queryInt(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, M.pageSize),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export const companyListQuerySchema = listQuerySchema.extend({
  status: queryEnum(COMPANY_STATUSES),
  license: queryEnum(LICENSES),
});
export const userListQuerySchema = listQuerySchema.extend({
  kind: queryEnum(USER_KINDS),
  status: queryEnum(USER_STATUSES),
});
export const couponListQuerySchema = listQuerySchema.extend({
  active: queryEnum(['true', 'false'] as const),
});
export const ticketListQuerySchema = listQuerySchema.extend({ status: queryEnum(TICKET_STATUSES) });
export const outboxQuerySchema = listQuerySchema;
export const merchantListQuerySchema = listQuerySchema.extend({ status: queryEnum(MERCHANT_ACCOUNT_STATUSES) });
export const priceListQuerySchema = listQuerySchema.extend({ kind: queryEnum(PRICE_ITEM_KINDS) });
export const priceHistoryQuerySchema = listQuerySchema.extend({
  kind: z.enum(PRICE_ITEM_KINDS, M.priceKind),
  name: z.string({ error: M.priceItem }).max(100, M.priceItem),
});

export const idParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, M.id)
    .transform(Number),
});

// ---------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------

/** Strict objects: an unknown field is a client mistake worth a 400, not something to ignore. */
export const companyCreateSchema = z.strictObject({
  name: line(2, 100, M.companyName),
  license: licenseField,
  addons: addonsField,
  ownerEmail: emailField,
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

export const companyPlanSchema = z.strictObject({
  license: licenseField,
  addons: addonsField,
  /**
   * The coupon its monthly price gets (Settings › Billing): a code, '' or null for none; left out,
   * the coupon stays as it is.
   */
  coupon: z
    .string({ error: M.couponCode })
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || /^[A-Z0-9_-]{3,32}$/.test(v), M.couponCode)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type CompanyPlan = z.output<typeof companyPlanSchema>;

export const companyStatusSchema = z.strictObject({
  status: z.enum(COMPANY_STATUSES, M.companyStatus),
  reason: line(REASON_LIMITS.min, REASON_LIMITS.max, M.reason),
});
export type CompanyStatusChange = z.output<typeof companyStatusSchema>;

export const userLockSchema = z.strictObject({
  locked: z.boolean({ error: M.boolean }),
});

export const ADMIN_PERMISSION_NAMES = ADMIN_AREAS.map(areaPermission) as readonly string[];

export const staffAccessSchema = z.strictObject({
  role: z.union([z.enum(ADMIN_ROLES, M.staffRole), z.null()], M.staffRole),
  permissions: z
    .array(
      z.string({ error: M.adminPermissions }).refine((p) => ADMIN_PERMISSION_NAMES.includes(p), M.adminPermissions),
      M.adminPermissions,
    )
    .max(ADMIN_AREAS.length, M.adminPermissions)
    .refine((list) => new Set(list).size === list.length, M.adminPermissions),
});
export type StaffAccess = z.output<typeof staffAccessSchema>;

const couponFields = {
  code: z
    .string({ error: M.couponCode })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9_-]{3,32}$/, M.couponCode),
  kind: z.enum(COUPON_KINDS, M.couponKind),
  value: z.number({ error: M.amount }),
  validFrom: isoDate,
  validTo: isoDate,
  maxRedemptions: z.union(
    [
      z.null(),
      z
        .number({ error: M.maxRedemptions })
        .int(M.maxRedemptions)
        .min(1, M.maxRedemptions)
        .max(1_000_000, M.maxRedemptions),
    ],
    M.maxRedemptions,
  ),
  licenses: z
    .array(licenseField, M.licenses)
    .min(1, M.licenses)
    .max(LICENSES.length, M.licenses)
    .refine((list) => new Set(list).size === list.length, M.licenses),
};

/** Percent: whole 1..100. Amount: > 0, two decimals. The end date is not before the start. */
export const couponSchema = z.strictObject(couponFields).superRefine((coupon, ctx) => {
  if (coupon.kind === 'percent') {
    if (!Number.isInteger(coupon.value) || coupon.value < 1 || coupon.value > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: M.percent });
    }
  } else if (!money(0.01, M.amount).safeParse(coupon.value).success) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: M.amount });
  }
  if (coupon.validTo < coupon.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: M.dateOrder });
});
export type CouponInput = z.input<typeof couponSchema>;
export type Coupon = z.output<typeof couponSchema>;

export const ticketReplySchema = z.strictObject({
  body: z
    .string({ error: M.message })
    .trim()
    .min(1, M.message)
    .max(5000, M.message)
    .refine((v) => !hasUnsafeText(v, true), M.unsafeText),
});

export const ticketStatusSchema = z.strictObject({
  status: z.enum(TICKET_STATUSES, M.ticketStatus),
});

export const basePriceSchema = z
  .strictObject({
    kind: z.enum(PRICE_ITEM_KINDS, M.priceKind),
    name: z.string({ error: M.priceItem }).max(100, M.priceItem),
    monthlyPrice: money(0, M.price),
    note: z
      .string({ error: M.note })
      .trim()
      .max(200, M.note)
      .refine((v) => !hasUnsafeText(v), M.unsafeText)
      .optional(),
  })
  .superRefine((price, ctx) => {
    const names: readonly string[] = price.kind === 'license' ? LICENSES : ADDONS;
    if (!names.includes(price.name)) ctx.addIssue({ code: 'custom', path: ['name'], message: M.priceItem });
  });
export type BasePriceChange = z.output<typeof basePriceSchema>;

export const merchantRejectSchema = z.strictObject({
  reason: line(REASON_LIMITS.min, REASON_LIMITS.max, M.reason),
});

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminMe {
  user: { id: number; email: string; role: string | null; roleLabel: string };
  permissions: string[];
  /** Actions the server will accept from this user (role right and area permission). */
  rights: AdminAction[];
}

export interface AdminCompany {
  id: number;
  name: string;
  slug: string;
  license: LicenseName | string;
  addons: (AddonName | string)[];
  status: CompanyStatus | string;
  users: number;
  planVersion: number;
  /** The code of the coupon applied to its monthly price, or null. */
  coupon: string | null;
  createdAt: string;
}

export interface AdminCompanyDetail extends AdminCompany {
  members: { id: number; email: string; role: string | null; status: string }[];
  merchantAccount: { id: number; status: MerchantAccountStatus | string } | null;
}

export interface AdminUser {
  id: number;
  email: string;
  admin: boolean;
  role: string | null;
  company: { id: number; name: string } | null;
  status: UserStatus | string;
  /** Locked by failed sign-ins until this time (ISO), or null. */
  lockedUntil: string | null;
  permissions: string[];
  createdAt: string;
}

export interface AdminCoupon {
  id: number;
  code: string;
  kind: CouponKind;
  value: number;
  validFrom: string;
  validTo: string;
  maxRedemptions: number | null;
  redemptions: number;
  licenses: LicenseName[];
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface AdminTicketMessage {
  id: number;
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: string;
}

/** One e-mail of the outbox (the admin console's Outbox page). */
export interface AdminOutboxMessage {
  id: number;
  to: string;
  subject: string;
  body: string;
  createdAt: string;
  status: OutboxStatus;
  /** Tries so far (a Retry starts the count again). */
  attempts: number;
  /** The mail server's answer to the last failed try (never a credential). */
  lastError: string | null;
  /** When a `pending` message is tried next. */
  nextAttemptAt: string | null;
  sentAt: string | null;
}

/** The outbox list, and whether this server delivers mail at all (SMTP_URL set). */
export interface AdminOutboxPage extends Page<AdminOutboxMessage> {
  delivery: boolean;
}

export interface AdminTicket {
  id: number;
  ref: string;
  company: { id: number; name: string };
  subject: string;
  status: TicketStatus | string;
  messages: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The plan a merchant asked for from Settings › Billing (a plan request ticket), and whether staff
 * applied it from the ticket (POST /api/admin/support/:id/apply-plan, once).
 */
export interface AdminPlanRequest {
  license: string;
  addons: string[];
  appliedAt: string | null;
  appliedBy: string | null;
}

export interface AdminTicketDetail extends Omit<AdminTicket, 'messages'> {
  messages: AdminTicketMessage[];
  /** Null: a conversation, not a plan request. */
  planRequest: AdminPlanRequest | null;
}

export interface AdminBasePrice {
  kind: PriceItemKind;
  name: string;
  monthlyPrice: number;
  updatedAt: string;
  updatedBy: string | null;
}

export interface AdminPriceChange {
  id: number;
  kind: PriceItemKind;
  name: string;
  monthlyPrice: number;
  previousPrice: number | null;
  note: string | null;
  changedAt: string;
  changedBy: string | null;
}

export interface AdminMerchantAccount {
  id: number;
  company: { id: number; name: string };
  legalName: string;
  /** Masked bank account, e.g. "•••• 4821". */
  payoutAccount: string;
  status: MerchantAccountStatus | string;
  rejectionReason: string | null;
  submittedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

export interface AdminAuditEntry {
  id: number;
  at: string;
  actor: { id: number | null; email: string; role: string | null };
  action: string;
  entity: { type: string; id: number | null };
  companyId: number | null;
  before: unknown;
  after: unknown;
}

/** Re-exported so forms need one import for the option lists. */
export { ADDONS, ADMIN_ROLES, LICENSES };
export type { AddonName, AdminRole, LicenseName };
