/**
 * Sales (licence Invoice or add-on Invoicing), the invoices (/invoice): schemas shared by the form
 * and the server, the answer types, and the amounts rule both apply (`invoiceAmounts`).
 *
 * Money is integer minor units (`...Cents`). Quantities are in hundredths (150 = 1.5 hours), so a
 * consultant bills half hours exactly. Dates are calendar days (YYYY-MM-DD) of the company.
 */
import { z } from 'zod';
import { computeSale, type SaleAmounts } from '@hive/register-sdk/money';
import type { AppliedTax } from './settings';
import { dayNumber } from './reports';
import {
  englishMessages,
  idChoiceSchema,
  idListSchema,
  integerSchema,
  textSchema,
  type ValidationMessages,
} from './common';

export const INVOICE_LIMITS = {
  maxLines: 100,
  descriptionMax: 200,
  notesMax: 2000,
  /** 9,999.99 units. */
  maxQuantityHundredths: 999_999,
  /** 1,000,000.00 a unit. */
  maxUnitCents: 100_000_000,
  maxLineTaxes: 5,
  reasonMax: 200,
  /** A bank transfer's reference as the bank prints it (an IBAN-sized text is 34; leave room). */
  referenceMax: 60,
} as const;

/**
 * How an invoice payment arrived beyond the company's register payment types: a bank transfer is
 * the usual way an invoice is paid and has no register tender, so it is its own method (with the
 * transfer's reference) rather than a payment type the merchant must invent.
 */
export const INVOICE_PAYMENT_METHODS = ['bank_transfer'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/** The states an invoice is stored in; `overdue` is shown for sent or partly paid ones past their due day. */
export const INVOICE_STATUSES = ['draft', 'sent', 'partial', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type InvoiceShownStatus = InvoiceStatus | 'overdue';

export interface InvoiceLineInput {
  quantityHundredths: number;
  unitPriceCents: number;
  discountCents: number;
  taxes: readonly AppliedTax[];
}

/**
 * An invoice's amounts: each line is quantity x unit price (rounded half up to the cent), minus
 * its discount; the invoice discount is spread over the lines in proportion; taxes as on a sale
 * (included in the price or added on top). The same rule as the registers' `computeSale`.
 */
export function invoiceAmounts(
  lines: readonly InvoiceLineInput[],
  invoiceDiscountCents: number,
):
  | { amounts: SaleAmounts }
  | { problem: 'line_discount_too_large' | 'invoice_discount_too_large'; line: number | null } {
  const result = computeSale(
    lines.map((l) => ({
      quantity: 1,
      unitPriceCents: Math.floor((l.quantityHundredths * l.unitPriceCents + 50) / 100),
      discountCents: l.discountCents,
      taxes: l.taxes,
    })),
    invoiceDiscountCents,
  );
  if ('amounts' in result) return result;
  const first = result.problems[0]!;
  return {
    problem: first.line === null ? 'invoice_discount_too_large' : 'line_discount_too_large',
    line: first.line,
  };
}

const dateSchema = (m: ValidationMessages) =>
  z.string({ error: m('invalidDate') }).refine((v) => dayNumber(v) !== null, m('invalidDate'));

export function createInvoiceSchema(m: ValidationMessages = englishMessages) {
  const line = z.object({
    itemId: idChoiceSchema(m).nullable(),
    description: textSchema(m, INVOICE_LIMITS.descriptionMax, { required: true }),
    quantityHundredths: integerSchema(m, { min: 1, max: INVOICE_LIMITS.maxQuantityHundredths }),
    unitPriceCents: integerSchema(m, { min: 0, max: INVOICE_LIMITS.maxUnitCents }),
    discountCents: integerSchema(m, { min: 0, max: INVOICE_LIMITS.maxUnitCents }),
    taxRateIds: idListSchema(m, INVOICE_LIMITS.maxLineTaxes),
  });
  return z
    .object({
      customerId: idChoiceSchema(m),
      issueDate: dateSchema(m),
      dueDate: dateSchema(m),
      lines: z
        .array(line, { error: m('required') })
        .min(1, m('required'))
        .max(INVOICE_LIMITS.maxLines, m('tooMany', { max: INVOICE_LIMITS.maxLines })),
      discountCents: integerSchema(m, { min: 0, max: INVOICE_LIMITS.maxUnitCents }),
      notes: textSchema(m, INVOICE_LIMITS.notesMax, { multiline: true }),
    })
    .superRefine((value, ctx) => {
      if (value.dueDate < value.issueDate) {
        ctx.addIssue({ code: 'custom', path: ['dueDate'], message: m('endBeforeStart') });
      }
    });
}
export const invoiceInputSchema = createInvoiceSchema();
export type InvoiceInput = z.output<typeof invoiceInputSchema>;
export type InvoiceFormInput = z.input<typeof invoiceInputSchema>;

export function createInvoicePaymentSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      amountCents: integerSchema(m, { min: 1, max: INVOICE_LIMITS.maxUnitCents }),
      paidOn: dateSchema(m),
      paymentTypeId: idChoiceSchema(m).nullable(),
      /** Absent or null: paid by the payment type chosen (or not said). */
      method: z
        .enum(INVOICE_PAYMENT_METHODS, { error: m('invalidChoice') })
        .nullable()
        .optional()
        .transform((v) => v ?? null),
      reference: textSchema(m, INVOICE_LIMITS.referenceMax)
        .optional()
        .transform((v) => v ?? ''),
      note: textSchema(m, INVOICE_LIMITS.reasonMax),
    })
    .superRefine((value, ctx) => {
      // One way the money came: a transfer is not also a register tender.
      if (value.method === 'bank_transfer' && value.paymentTypeId !== null) {
        ctx.addIssue({ code: 'custom', path: ['paymentTypeId'], message: m('invalidChoice') });
      }
      if (value.reference !== '' && value.method !== 'bank_transfer') {
        ctx.addIssue({ code: 'custom', path: ['reference'], message: m('bankTransferOnly') });
      }
    });
}
export const invoicePaymentSchema = createInvoicePaymentSchema();
export type InvoicePaymentInput = z.output<typeof invoicePaymentSchema>;

export const invoiceVoidSchema = z.object({
  reason: textSchema(englishMessages, INVOICE_LIMITS.reasonMax, { required: true }),
});

export interface InvoiceLine {
  itemId: number | null;
  description: string;
  quantityHundredths: number;
  unitPriceCents: number;
  discountCents: number;
  taxRateIds: number[];
  /** Computed: quantity x price, the discount (its own and its share of the invoice's), tax, total. */
  grossCents: number;
  totalDiscountCents: number;
  taxCents: number;
  totalCents: number;
}

export interface InvoicePayment {
  id: number;
  amountCents: number;
  paidOn: string;
  paymentTypeName: string | null;
  /** 'bank_transfer', or null when paid by a payment type (paymentTypeName) or not said. */
  method: InvoicePaymentMethod | null;
  /** The bank transfer's reference ('' when none). */
  reference: string;
  note: string;
  recordedAt: number;
  by: string | null;
}

export interface Invoice {
  id: number;
  /** Given when the invoice is sent: 1, 2, 3 ... per company, without gaps. Null for a draft. */
  number: number | null;
  status: InvoiceStatus;
  shownStatus: InvoiceShownStatus;
  customer: { id: number; name: string; email: string };
  issueDate: string;
  dueDate: string;
  discountCents: number;
  notes: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  sentAt: number | null;
  voidReason: string;
  updatedAt: number;
}

export interface InvoiceDetail extends Invoice {
  lines: InvoiceLine[];
  payments: InvoicePayment[];
  /** The taxes by rate, as the invoice prints them. */
  taxes: { name: string; rateBp: number; type: 'added' | 'included'; taxCents: number }[];
  company: { name: string; legalName: string; taxId: string; address: string; email: string; phone: string };
}

/**
 * What an invoice shows, wherever it is shown (the page, its printable view, the send preview, the
 * PDF, the e-mail): one function, so that they agree to the cent. A line's amount is its quantity x
 * price less its own discount, before the invoice's discount and before tax; the lines add up to
 * the subtotal; then the invoice's discount, each tax by rate, the total, the payments and (once
 * sent) the balance. (The e-mail once listed each line with its tax and discount share, so its lines
 * did not add up to anything it showed.)
 */
export interface InvoiceFigures {
  lines: {
    description: string;
    quantityHundredths: number;
    unitPriceCents: number;
    discountCents: number;
    amountCents: number;
  }[];
  subtotalCents: number;
  discountCents: number;
  taxes: InvoiceDetail['taxes'];
  totalCents: number;
  payments: InvoicePayment[];
  /** Null for a draft or a void invoice, which owe nothing. */
  balanceCents: number | null;
}

export function invoiceFigures(invoice: InvoiceDetail): InvoiceFigures {
  const lines = invoice.lines.map((l) => ({
    description: l.description,
    quantityHundredths: l.quantityHundredths,
    unitPriceCents: l.unitPriceCents,
    discountCents: l.discountCents,
    amountCents: l.grossCents - l.discountCents,
  }));
  return {
    lines,
    subtotalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
    discountCents: invoice.discountCents,
    taxes: invoice.taxes,
    totalCents: invoice.totalCents,
    payments: invoice.payments,
    balanceCents: invoice.status === 'draft' || invoice.status === 'void' ? null : invoice.balanceCents,
  };
}

export interface InvoiceOptions {
  customers: { id: number; name: string; email: string }[];
  items: { id: number; name: string; priceCents: number; taxRateIds: number[] }[];
  taxRates: { id: number; name: string; rateBp: number; type: 'added' | 'included' }[];
  paymentTypes: { id: number; name: string }[];
  currency: string;
  today: string;
}

// ---------------------------------------------------------------------------------------------
// Recurring invoices (/recurring)

export const RECURRING_FREQUENCIES = ['weekly', 'monthly', 'yearly'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];
export type RecurringStatus = 'active' | 'paused' | 'ended';

const addDaysIso = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/**
 * The date of run `k` (0 = the start date) of a schedule: every `interval` weeks, months or years
 * counted from the start, so months never drift; a start on the 29th-31st runs on the last day of
 * shorter months (and 29 February on 28 February in other years).
 */
export function runDate(startDate: string, frequency: RecurringFrequency, interval: number, k: number): string {
  if (frequency === 'weekly') return addDaysIso(startDate, 7 * interval * k);
  const [y, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const months = (frequency === 'monthly' ? 1 : 12) * interval * k;
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export function createRecurringSchema(m: ValidationMessages = englishMessages) {
  const invoice = createInvoiceSchema(m);
  return z
    .object({
      customerId: idChoiceSchema(m),
      frequency: z.enum(RECURRING_FREQUENCIES, { error: m('invalidChoice') }),
      interval: integerSchema(m, { min: 1, max: 12 }),
      startDate: dateSchema(m),
      endDate: dateSchema(m).nullable(),
      /** Days from the invoice date to its due date. */
      dueDays: integerSchema(m, { min: 0, max: 365 }),
      /** Sent (numbered and e-mailed) when created, or left as a draft to check first. */
      autoSend: z.boolean({ error: m('notABoolean') }),
      lines: invoice.shape.lines,
      discountCents: invoice.shape.discountCents,
      notes: invoice.shape.notes,
    })
    .superRefine((value, ctx) => {
      if (value.endDate !== null && value.endDate < value.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: m('endBeforeStart') });
      }
    });
}
export const recurringInputSchema = createRecurringSchema();
export type RecurringInput = z.output<typeof recurringInputSchema>;

export interface Recurring extends Omit<RecurringInput, 'lines'> {
  id: number;
  customer: { id: number; name: string; email: string };
  lines: RecurringInput['lines'];
  status: RecurringStatus;
  /** The next invoice date, or null when the schedule is over. */
  nextRun: string | null;
  invoicesCreated: number;
  lastInvoice: { id: number; number: number | null; issueDate: string } | null;
  /** Why the last run could not create its invoice (the template is paused then). */
  lastError: string;
  updatedAt: number;
}

// ---------------------------------------------------------------------------------------------
// QuickBooks export (/quickbooks)

/**
 * What is exported: register sales as one journal entry per day, invoices, invoice payments, and a
 * tax summary. QuickBooks Online imports CSV; QuickBooks Desktop imports IIF (no tax summary: the
 * taxes are inside the sales and invoice entries).
 */
export const QB_KINDS = ['sales', 'invoices', 'payments', 'taxes'] as const;
export type QbKind = (typeof QB_KINDS)[number];
export const QB_FORMATS = ['csv', 'iif'] as const;
export type QbFormat = (typeof QB_FORMATS)[number];

/** The accounts the export posts to, as named in the company's QuickBooks chart of accounts. */
export interface QbMapping {
  income: string;
  taxPayable: string;
  tipsPayable: string;
  receivable: string;
  /** Per payment type (Settings › Payment types), by id; a type not listed uses `otherPayments`. */
  paymentAccounts: Record<string, string>;
  otherPayments: string;
}

export const DEFAULT_QB_MAPPING: QbMapping = {
  income: 'Sales',
  taxPayable: 'Sales Tax Payable',
  tipsPayable: 'Tips Payable',
  receivable: 'Accounts Receivable',
  paymentAccounts: {},
  otherPayments: 'Undeposited Funds',
};

const accountSchema = (m: ValidationMessages) =>
  textSchema(m, 100, { required: true }).refine((v) => !/[\t":]/.test(v), m('unsafeChars'));

export function createQbMappingSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    income: accountSchema(m),
    taxPayable: accountSchema(m),
    tipsPayable: accountSchema(m),
    receivable: accountSchema(m),
    paymentAccounts: z.record(z.string().regex(/^\d{1,10}$/), accountSchema(m)),
    otherPayments: accountSchema(m),
  });
}
export const qbMappingSchema = createQbMappingSchema();

export interface QbPreview {
  fileName: string;
  /** The file's columns and its first rows, as a table. */
  columns: string[];
  rows: string[][];
  totalRows: number;
  /** Journal files: debits and credits (equal); the tax summary: taxable and tax. */
  totals: { label: string; cents: number }[];
  entries: number;
}

export interface QbSettings {
  mapping: QbMapping;
  paymentTypes: { id: number; name: string }[];
  today: string;
}
