/**
 * Reporting (the eight pages under Reporting): the queries every report takes, the definitions of
 * its figures, and the shapes of its answers. React-free: the server validates with these schemas,
 * the pages read the same types.
 *
 * Money is integer minor units (`...Cents`), like the sales model. Days are calendar dates
 * (`YYYY-MM-DD`) in the time zone of the location where the receipt was rung up (the business's
 * time zone for a receipt without a location).
 */
import { z } from 'zod';
import type { Address } from './settings';

// ---------------------------------------------------------------------------------------------
// The definitions, stated once (the pages show them; the server computes them exactly so)

/**
 * Every figure of the reports, in the order the definitions are listed. All sales figures are
 * before tax; taxes are shown on their own.
 * - grossSales: the sold lines at their price (quantity x (price + modifiers)), before discounts.
 * - discounts: line and receipt discounts of the sales.
 * - refunds: what refunds gave back, before tax.
 * - netSales: grossSales - discounts - refunds.
 * - taxes: taxes of the sales (added on top or included in the price) minus taxes refunded.
 * - tips: tips of the sales.
 * - totalCollected: netSales + taxes + tips (what the payments add up to, change given back).
 * - costOfGoods: the items' cost when they were sold, minus the cost of items refunded.
 * - grossProfit: netSales - costOfGoods.
 * - margin: grossProfit / netSales.
 * - receipts: sales receipts (refunds are counted apart).
 * - averageSale: (grossSales - discounts) / receipts.
 */
export const REPORT_METRICS = [
  'grossSales',
  'discounts',
  'refunds',
  'netSales',
  'taxes',
  'tips',
  'totalCollected',
  'costOfGoods',
  'grossProfit',
  'margin',
  'receipts',
  'averageSale',
] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** The kept sums a report reads (roll-ups or raw receipts), from which every metric follows. */
export interface SalesSums {
  sales: number;
  refundReceipts: number;
  grossCents: number;
  discountCents: number;
  refundCents: number;
  taxCents: number;
  refundTaxCents: number;
  tipCents: number;
  costCents: number;
  refundCostCents: number;
}

export const EMPTY_SUMS: SalesSums = {
  sales: 0,
  refundReceipts: 0,
  grossCents: 0,
  discountCents: 0,
  refundCents: 0,
  taxCents: 0,
  refundTaxCents: 0,
  tipCents: 0,
  costCents: 0,
  refundCostCents: 0,
};

export function addSums(a: SalesSums, b: SalesSums): SalesSums {
  const out = { ...a };
  for (const key of Object.keys(EMPTY_SUMS) as (keyof SalesSums)[]) out[key] += b[key];
  return out;
}

export interface SalesFigures {
  receipts: number;
  refundReceipts: number;
  grossSalesCents: number;
  discountsCents: number;
  refundsCents: number;
  netSalesCents: number;
  taxesCents: number;
  tipsCents: number;
  totalCollectedCents: number;
  costOfGoodsCents: number;
  grossProfitCents: number;
  /** grossProfit / netSales; null without net sales. */
  margin: number | null;
  /** Whole cents (rounded); 0 without receipts. */
  averageSaleCents: number;
}

/** The definitions above, applied. */
export function figuresOf(s: SalesSums): SalesFigures {
  const netSalesCents = s.grossCents - s.discountCents - s.refundCents;
  const taxesCents = s.taxCents - s.refundTaxCents;
  const costOfGoodsCents = s.costCents - s.refundCostCents;
  const grossProfitCents = netSalesCents - costOfGoodsCents;
  return {
    receipts: s.sales,
    refundReceipts: s.refundReceipts,
    grossSalesCents: s.grossCents,
    discountsCents: s.discountCents,
    refundsCents: s.refundCents,
    netSalesCents,
    taxesCents,
    tipsCents: s.tipCents,
    totalCollectedCents: netSalesCents + taxesCents + s.tipCents,
    costOfGoodsCents,
    grossProfitCents,
    margin: netSalesCents === 0 ? null : grossProfitCents / netSalesCents,
    averageSaleCents: s.sales === 0 ? 0 : Math.round((s.grossCents - s.discountCents) / s.sales),
  };
}

/** (value - previous) / |previous|, or null when there is nothing to compare with. */
export function changeOf(value: number, previous: number): number | null {
  return previous === 0 ? null : (value - previous) / Math.abs(previous);
}

/**
 * What a register's cash drawer should hold at the end of a shift: the opening float, plus cash
 * taken (cash-like payments minus the change given, plus their tips), minus cash refunded, plus
 * pay-ins, minus pay-outs. The closings report and the Z report add it up this way.
 */
export function expectedCashCents(parts: {
  openingFloatCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  payInsCents: number;
  payOutsCents: number;
}): number {
  return (
    parts.openingFloatCents + parts.cashSalesCents - parts.cashRefundsCents + parts.payInsCents - parts.payOutsCents
  );
}

// ---------------------------------------------------------------------------------------------
// Periods

export const PERIOD_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'last_7_days',
  'last_30_days',
  'custom',
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const GROUPINGS = ['hour', 'day', 'week', 'month'] as const;
export type Grouping = (typeof GROUPINGS)[number];

export const REPORT_LIMITS = {
  /** The longest period a report covers: five years. */
  maxDays: 5 * 366,
  /** Hour grouping lists every hour: at most a month of them. */
  maxHourDays: 31,
  earliestYear: 2000,
  latestYear: 2100,
  pageSizeMax: 100,
  defaultPageSize: 50,
  /** Rows a list report sends for a CSV export in one answer. */
  exportMax: 100_000,
  searchMax: 100,
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` -> days since 1970-01-01 (a calendar day, no time zone), or null when not a date. */
export function dayNumber(iso: string): number | null {
  const m = DATE.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = Date.UTC(y, mo - 1, d);
  const back = new Date(at);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return at / DAY_MS;
}

/** Days since 1970-01-01 -> `YYYY-MM-DD`. */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Monday ... 6 = Sunday (weeks start on Monday, ISO 8601). */
export function weekdayOf(day: number): number {
  return (new Date(day * DAY_MS).getUTCDay() + 6) % 7;
}

export interface DayRange {
  /** Days since 1970-01-01, both included. */
  from: number;
  to: number;
}

/**
 * The days of a preset, given today's date where the report is read. Weeks start on Monday; the
 * previous period is the same number of days just before.
 */
export function presetRange(preset: Exclude<PeriodPreset, 'custom'>, today: number): DayRange {
  const monday = today - weekdayOf(today);
  const date = new Date(today * DAY_MS);
  const firstOfMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS;
  const firstOfLastMonth = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1) / DAY_MS;
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: today - 1, to: today - 1 };
    case 'this_week':
      return { from: monday, to: today };
    case 'last_week':
      return { from: monday - 7, to: monday - 1 };
    case 'this_month':
      return { from: firstOfMonth, to: today };
    case 'last_month':
      return { from: firstOfLastMonth, to: firstOfMonth - 1 };
    case 'last_7_days':
      return { from: today - 6, to: today };
    case 'last_30_days':
      return { from: today - 29, to: today };
  }
}

export function previousRange(range: DayRange): DayRange {
  const length = range.to - range.from + 1;
  return { from: range.from - length, to: range.from - 1 };
}

// ---------------------------------------------------------------------------------------------
// Queries (query strings: every value arrives as text)

const flag = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1 or 0' })
  .optional()
  .transform((v) => v === '1' || v === 'true');

const idParam = (what: string) =>
  z
    .string({ error: `must be the id of a ${what}` })
    .regex(/^[1-9]\d{0,9}$/, `must be the id of a ${what}`)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, `must be the id of a ${what}`))
    .optional();

const dateParam = z
  .string({ error: 'must be a date as YYYY-MM-DD' })
  .transform((v, ctx) => {
    const day = dayNumber(v);
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a date as YYYY-MM-DD' });
      return z.NEVER;
    }
    const year = Number(v.slice(0, 4));
    if (year < REPORT_LIMITS.earliestYear || year > REPORT_LIMITS.latestYear) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a date between ${REPORT_LIMITS.earliestYear} and ${REPORT_LIMITS.latestYear}`,
      });
      return z.NEVER;
    }
    return day;
  })
  .optional();

const pageParam = (max: number, fallback: number) =>
  z
    .string({ error: 'must be a whole number' })
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be at least 1').max(max, `must be at most ${max}`))
    .optional()
    .transform((v) => v ?? fallback);

/** The frame's filters, shared by every report. */
export const reportFrameShape = {
  period: z.enum(PERIOD_PRESETS, { error: `must be one of ${PERIOD_PRESETS.join(', ')}` }).optional(),
  from: dateParam,
  to: dateParam,
  location: idParam('location'),
  employee: idParam('employee'),
  compare: flag,
  group: z.enum(GROUPINGS, { error: `must be one of ${GROUPINGS.join(', ')}` }).optional(),
};

/**
 * The period rules every report applies: a custom period needs both ends, in order, at most five
 * years long; hour grouping at most 31 days. (Unknown locations and employees are the server's to
 * refuse: it knows the company's.)
 */
function checkPeriod(
  q: { period?: PeriodPreset; from?: number; to?: number; group?: Grouping },
  ctx: z.RefinementCtx,
): void {
  const custom = q.period === 'custom' || (q.period === undefined && (q.from !== undefined || q.to !== undefined));
  if (!custom) {
    if (q.from !== undefined || q.to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'from and to go with period=custom' });
    }
    return;
  }
  if (q.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'a custom period needs from' });
  if (q.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'a custom period needs to' });
  if (q.from === undefined || q.to === undefined) return;
  if (q.to < q.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    return;
  }
  const days = q.to - q.from + 1;
  if (days > REPORT_LIMITS.maxDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'the period must be at most 5 years long' });
  } else if (q.group === 'hour' && days > REPORT_LIMITS.maxHourDays) {
    ctx.addIssue({
      code: 'custom',
      path: ['group'],
      message: `hour grouping needs a period of at most ${REPORT_LIMITS.maxHourDays} days`,
    });
  }
}

export const reportQuerySchema = z.object(reportFrameShape).superRefine(checkPeriod);
export type ReportQuery = z.output<typeof reportQuerySchema>;

export const TRANSACTION_KINDS = ['sale', 'refund'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

const listShape = {
  page: pageParam(1_000_000, 1),
  pageSize: pageParam(REPORT_LIMITS.pageSizeMax, REPORT_LIMITS.defaultPageSize),
  /** Every row (for a CSV export), up to REPORT_LIMITS.exportMax. */
  all: flag,
};

const searchParam = z
  .string({ error: 'must be text' })
  .trim()
  .max(REPORT_LIMITS.searchMax, `must be at most ${REPORT_LIMITS.searchMax} characters`)
  // eslint-disable-next-line no-control-regex
  .refine((v) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(v), 'must not contain control characters')
  .optional()
  .transform((v) => v ?? '');

const nameParam = (what: string) =>
  z
    .string({ error: `must be a ${what} name` })
    .trim()
    .min(1, `must be a ${what} name`)
    .max(120, `must be a ${what} name`)
    .optional();

export const transactionsQuerySchema = z
  .object({
    ...reportFrameShape,
    ...listShape,
    search: searchParam,
    kind: z.enum(TRANSACTION_KINDS, { error: 'must be sale or refund' }).optional(),
    terminal: idParam('terminal'),
    payment: nameParam('payment type'),
    /** The same filter under the name the drill-down links use. */
    paymentType: nameParam('payment type'),
    item: idParam('item'),
    category: idParam('category'),
    /** A tax as charged: its rate in basis points (825 = 8.25 %), with `tax` its name when given. */
    taxRate: z
      .string({ error: 'must be a rate in basis points' })
      .regex(/^\d{1,5}$/, 'must be a rate in basis points')
      .transform(Number)
      .optional(),
    tax: nameParam('tax'),
    shift: idParam('closing'),
    orderType: idParam('order type'),
    dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).optional(),
  })
  .superRefine(checkPeriod)
  .transform(({ paymentType, ...q }) => ({ ...q, payment: q.payment ?? paymentType }));
export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

export const closingsQuerySchema = z
  .object({ ...reportFrameShape, ...listShape, terminal: idParam('terminal') })
  .superRefine(checkPeriod);
export type ClosingsQuery = z.output<typeof closingsQuerySchema>;

export const CASH_MOVEMENT_KINDS = ['pay_in', 'pay_out'] as const;

export const cashMovementsQuerySchema = z
  .object({
    ...reportFrameShape,
    ...listShape,
    terminal: idParam('terminal'),
    kind: z.enum(CASH_MOVEMENT_KINDS, { error: 'must be pay_in or pay_out' }).optional(),
  })
  .superRefine(checkPeriod);
export type CashMovementsQuery = z.output<typeof cashMovementsQuerySchema>;

/** The kinds of change of stock in the stock ledger (sale and refund come from the registers). */
export const STOCK_MOVEMENT_KINDS = [
  'sale',
  'refund',
  'receipt',
  'transfer_out',
  'transfer_in',
  'adjustment',
  'production_consumption',
  'production_output',
  'count',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The document behind a change of stock: a register receipt or an inventory document. */
export const STOCK_DOCUMENT_TYPES = [
  'receipt',
  'purchase_order',
  'transfer',
  'adjustment',
  'count',
  'production_order',
] as const;
export type StockDocumentType = (typeof STOCK_DOCUMENT_TYPES)[number];

export const stockMovementsQuerySchema = z
  .object({
    ...reportFrameShape,
    ...listShape,
    item: idParam('stock-tracked item'),
    warehouse: idParam('warehouse'),
  })
  .superRefine(checkPeriod);
export type StockMovementsQuery = z.output<typeof stockMovementsQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export interface ReportPeriod {
  preset: PeriodPreset;
  from: string;
  to: string;
  days: number;
}

/** What every report answers besides its figures: the period as resolved and the filter choices. */
export interface ReportMeta {
  currency: string;
  /** The time zone "today" was read in (the chosen location's, else the business's). */
  timezone: string;
  period: ReportPeriod;
  /** The previous period of the same length, when comparing. */
  previous: ReportPeriod | null;
  group: Grouping | null;
  filters: {
    locations: { id: number; name: string; timezone: string }[];
    employees: { id: number; name: string }[];
  };
}

export interface Compared<T> {
  current: T;
  previous: T | null;
}

export interface SalesPerDayRow extends SalesFigures {
  /** First day of the bucket (YYYY-MM-DD); `hour` 0-23 for hour grouping, else null. */
  date: string;
  hour: number | null;
}

export interface SalesPerDayReport extends ReportMeta {
  rows: SalesPerDayRow[];
  /** The previous period's buckets, in the same order (bucket k compares with bucket k). */
  previousRows: SalesPerDayRow[] | null;
  totals: Compared<SalesFigures>;
}

export interface BreakdownRow {
  key: string;
  name: string;
  /** Sales receipts (payments: payments taken). */
  count: number;
  netSalesCents: number;
  previousNetSalesCents: number | null;
}

export interface PaymentBreakdownRow {
  name: string;
  payments: number;
  /** Toward the totals, change given back taken off. */
  amountCents: number;
  tipsCents: number;
  refunds: number;
  refundedCents: number;
  /** amount + tips - refunded. */
  netCents: number;
  previousNetCents: number | null;
}

export interface CategoryBreakdownRow {
  key: string;
  name: string;
  quantity: number;
  netSalesCents: number;
  costOfGoodsCents: number;
  grossProfitCents: number;
  previousNetSalesCents: number | null;
}

export interface EmployeeBreakdownRow {
  key: string;
  name: string;
  receipts: number;
  netSalesCents: number;
  averageSaleCents: number;
  tipsCents: number;
  previousNetSalesCents: number | null;
}

export interface SalesSummaryReport extends ReportMeta {
  totals: Compared<SalesFigures>;
  payments: PaymentBreakdownRow[];
  orderTypes: BreakdownRow[];
  categories: CategoryBreakdownRow[];
  employees: EmployeeBreakdownRow[];
}

export interface ItemSalesRow {
  /** `item:<id>` or `name:<name as sold>` for lines without a catalog item. */
  key: string;
  itemId: number | null;
  name: string;
  category: string | null;
  soldQuantity: number;
  refundedQuantity: number;
  netSalesCents: number;
  costOfGoodsCents: number;
  grossProfitCents: number;
  margin: number | null;
  previousNetSalesCents: number | null;
}

export interface ModifierSalesRow {
  name: string;
  soldQuantity: number;
  refundedQuantity: number;
  /** Modifier prices of the units sold minus those refunded, before line discounts. */
  amountCents: number;
}

export interface ItemSalesReport extends ReportMeta {
  items: ItemSalesRow[];
  categories: CategoryBreakdownRow[];
  modifiers: ModifierSalesRow[];
  totals: Compared<{
    soldQuantity: number;
    refundedQuantity: number;
    netSalesCents: number;
    costOfGoodsCents: number;
    grossProfitCents: number;
  }>;
}

export interface TransactionRow {
  id: number;
  number: number;
  kind: TransactionKind;
  at: number;
  /** The receipt's local date and time where it was rung up: `YYYY-MM-DD HH:MM`. */
  localTime: string;
  location: string | null;
  terminal: string | null;
  employee: string | null;
  customer: string | null;
  /** What the customer paid (refunds: what was given back), tips apart. */
  totalCents: number;
  tipCents: number;
  /** Payment type names, e.g. "Cash + Card". */
  payment: string;
  /** For a refund: the number of the sale it returns. */
  refundOf: number | null;
  /**
   * This receipt's part of the list's figure (`figure.cents`, by its kind): its card payment for a
   * payment figure, its lines of the item for an item figure... A refund's part takes off (except
   * in `refunds`, a sum of refunds). The parts of every listed receipt add up to the figure.
   */
  figureCents: number;
}

export interface TransactionsReport extends ReportMeta {
  rows: TransactionRow[];
  total: number;
  page: number;
  pageSize: number;
  /** Sums over every matching receipt (not just this page). */
  sums: Compared<{ sales: number; refunds: number; salesCents: number; refundsCents: number }>;
  terminals: { id: number; name: string }[];
  paymentTypes: string[];
  /**
   * The figure a report showed for these receipts, as that report defines it (sales minus refunds):
   * `net_sales` (receipts before tax), `refunds` (refunds alone: what they gave back before tax), `item` / `category` (their lines' net amounts), `payment`
   * (the amounts paid with that type, change taken off), `tax` (tax collected minus refunded).
   */
  figure: { kind: FigureKind; cents: number; receipts: number };
  /** Names of the filters given by id, for their chips. */
  names: { item?: string; category?: string; employee?: string; location?: string; shift?: number; orderType?: string };
}

export const FIGURE_KINDS = ['net_sales', 'refunds', 'item', 'category', 'payment', 'tax'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];

export interface ReceiptDetail {
  id: number;
  number: number;
  kind: TransactionKind;
  at: number;
  localTime: string;
  timezone: string;
  localNumber: string;
  location: string | null;
  terminal: string | null;
  employee: string | null;
  customer: string | null;
  orderType: string | null;
  shiftNumber: number | null;
  note: string;
  currency: string;
  /** What the receipt prints at its top and bottom (the receipt preview of the settings shows the same). */
  business: { name: string; address: Address; phone: string; taxId: string; header: string; footer: string };
  lines: {
    position: number;
    name: string;
    quantity: number;
    unitPriceCents: number;
    modifiers: { name: string; priceCents: number }[];
    grossCents: number;
    discountCents: number;
    totalCents: number;
  }[];
  discounts: { name: string; amountCents: number }[];
  taxes: { name: string; rateBp: number; type: 'added' | 'included'; taxableCents: number; taxCents: number }[];
  payments: { name: string; amountCents: number; tipCents: number }[];
  grossCents: number;
  discountCents: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
  tipCents: number;
  changeCents: number;
  /** A refund: the sale it returns. */
  refundOf: { id: number; number: number } | null;
  /** A sale: the refunds that returned some of it. */
  refunds: { id: number; number: number; at: number; localTime: string; totalCents: number }[];
}

export interface TaxReportRow {
  name: string;
  rateBp: number;
  type: 'added' | 'included';
  taxableSalesCents: number;
  taxCollectedCents: number;
  taxableRefundedCents: number;
  taxRefundedCents: number;
  netTaxableCents: number;
  netTaxCents: number;
  previousNetTaxCents: number | null;
}

export interface TaxReport extends ReportMeta {
  rows: TaxReportRow[];
  totals: Compared<{
    taxableSalesCents: number;
    taxCollectedCents: number;
    taxableRefundedCents: number;
    taxRefundedCents: number;
    netTaxableCents: number;
    netTaxCents: number;
  }>;
}

export interface ClosingRow {
  id: number;
  number: number;
  status: 'open' | 'closed';
  terminal: string | null;
  location: string | null;
  openedAt: number;
  openedLocal: string;
  openedBy: string | null;
  closedAt: number | null;
  closedLocal: string | null;
  closedBy: string | null;
  openingFloatCents: number;
  receipts: number;
  netSalesCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  payInsCents: number;
  payOutsCents: number;
  /** As the register recorded it at closing; for an open shift, what it should hold now. */
  expectedCashCents: number;
  countedCashCents: number | null;
  differenceCents: number | null;
  note: string;
  /** The local days its receipts fall on (from its opening to its last receipt or closing): its figures' period. */
  receiptDays: { from: string; to: string };
}

/**
 * The transactions list's query behind a closing row's figures: the shift's receipts over their
 * days, and no other filter. A row counts its whole shift, whoever rang it up and whatever the
 * closings were filtered by (an employee filter picks the shifts they opened or closed).
 */
export function shiftReceiptsQuery(row: Pick<ClosingRow, 'id' | 'receiptDays'>): Record<string, string> {
  return { period: 'custom', from: row.receiptDays.from, to: row.receiptDays.to, shift: String(row.id) };
}

export interface ClosingsReport extends ReportMeta {
  rows: ClosingRow[];
  total: number;
  page: number;
  pageSize: number;
  sums: Compared<{ shifts: number; expectedCashCents: number; countedCashCents: number; differenceCents: number }>;
  terminals: { id: number; name: string }[];
}

/** A Z report: one shift with its sales by payment type and its cash movements. */
export interface ShiftDetail extends ClosingRow {
  currency: string;
  timezone: string;
  business: { name: string };
  totals: SalesFigures;
  payments: PaymentBreakdownRow[];
  taxes: { name: string; rateBp: number; type: 'added' | 'included'; taxCents: number }[];
  movements: {
    kind: 'pay_in' | 'pay_out';
    amountCents: number;
    reason: string;
    employee: string | null;
    localTime: string;
  }[];
}

export interface CashMovementRow {
  id: number;
  at: number;
  localTime: string;
  kind: 'pay_in' | 'pay_out';
  amountCents: number;
  reason: string;
  employee: string | null;
  terminal: string | null;
  location: string | null;
  shiftNumber: number | null;
}

export interface CashMovementsReport extends ReportMeta {
  rows: CashMovementRow[];
  total: number;
  page: number;
  pageSize: number;
  sums: Compared<{ payIns: number; payOuts: number; payInsCents: number; payOutsCents: number; netCents: number }>;
  terminals: { id: number; name: string }[];
}

export interface StockSummaryRow {
  itemId: number;
  name: string;
  warehouseId: number;
  warehouse: string;
  /** The warehouse's location (none for a warehouse of no location). */
  location: string | null;
  locationId: number | null;
  /** On hand at the warehouse when the period starts (every earlier ledger row). */
  opening: number;
  /** Every movement into the warehouse in the period (receipts of goods, transfers in, refunds, ...). */
  in: number;
  /** Every movement out of it in the period, as a positive number. */
  out: number;
  /** Net change per kind of movement in the period (kinds without a movement left out). */
  byKind: Partial<Record<StockMovementKind, number>>;
  sold: number;
  refunded: number;
  /** in - out: the change of stock in the period. */
  change: number;
  /** opening + change: on hand when the period ends. */
  closing: number;
}

export interface StockMovementRow {
  /** The ledger row. */
  id: number;
  at: number;
  localTime: string;
  kind: StockMovementKind;
  document: { type: StockDocumentType; id: number; number: number | null };
  /** The register receipt of a sale or refund (null for the inventory documents). */
  receiptId: number | null;
  receiptNumber: number | null;
  warehouseId: number;
  warehouse: string;
  locationId: number | null;
  location: string | null;
  /** Signed: positive into the warehouse, negative out of it. */
  quantity: number;
  /** The reason of an adjustment ('' otherwise). */
  reason: string;
  /**
   * On hand at the warehouse after this movement (its opening balance plus the movements so far);
   * with an employee filter, the sum of that employee's movements so far in the period.
   */
  balance: number;
}

export interface StockMovementsReport extends ReportMeta {
  /** The stock-tracked items (the item filter's choices). */
  items: { id: number; name: string }[];
  /** The warehouses (the warehouse filter's choices). */
  warehouses: { id: number; name: string; locationId: number | null }[];
  /** Without an item: the change per item and warehouse. */
  summary: StockSummaryRow[];
  /** With an item: its movements, newest first, each with the balance after it. */
  item: { id: number; name: string } | null;
  warehouse: { id: number; name: string } | null;
  rows: StockMovementRow[];
  total: number;
  page: number;
  pageSize: number;
  totals: Compared<{ sold: number; refunded: number; in: number; out: number; change: number }>;
}
