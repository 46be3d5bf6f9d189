import express, { type Router } from 'express';
import { z } from 'zod';
import {
  DEFAULT_QB_MAPPING,
  QB_FORMATS,
  QB_KINDS,
  qbMappingSchema,
  type QbFormat,
  type QbKind,
  type QbMapping,
  type QbPreview,
  type QbSettings,
} from '@hive/shared/schemas/backoffice/sales';
import { dayNumber, isoDay } from '@hive/shared/schemas/backoffice/reports';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, fieldProblem, noStore, toCsv, type Db } from '../merchant';
import { localTime, startOfDay, today } from '../../platform/time';
import { companyLocale } from '../settings';
import { storedInvoiceAmounts } from './invoiceAmounts';
import { decimal, journalCsv, toIif, usDate, type Entry, type Split } from './quickbooksFormat';
import { salesEntries, type Period } from './quickbooksSales';

const PAGE = '/quickbooks';
const PREVIEW_ROWS = 25;
const MAX_DAYS = 366;

export async function qbMapping(db: Db, companyId: number): Promise<QbMapping> {
  const row = await db
    .selectFrom('quickbooks_settings')
    .select('mapping_json')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return DEFAULT_QB_MAPPING;
  const parsed = qbMappingSchema.safeParse(
    (() => {
      try {
        return JSON.parse(row.mapping_json);
      } catch {
        return null;
      }
    })(),
  );
  return parsed.success ? parsed.data : DEFAULT_QB_MAPPING;
}

// -------------------------------------------------------------------------------------------------
// The data of a period

async function invoicesOf(db: Db, companyId: number, period: Period) {
  return db
    .selectFrom('invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select([
      'i.id',
      'i.number',
      'i.issue_date',
      'i.due_date',
      'i.subtotal_cents',
      'i.tax_cents',
      'i.total_cents',
      'i.discount_cents',
      'c.name',
    ])
    .where('i.company_id', '=', companyId)
    .where('i.number', 'is not', null)
    .where('i.status', '!=', 'void')
    .where('i.issue_date', '>=', period.from)
    .where('i.issue_date', '<=', period.to)
    .orderBy('i.number')
    .execute();
}

/** The lines of `invoices`, in order, by invoice id (one query for the period). */
async function invoiceLines(db: Db, companyId: number, invoices: readonly { id: number }[]) {
  const byInvoice = new Map<number, Awaited<ReturnType<typeof loadLines>>>();
  if (invoices.length === 0) return byInvoice;
  for (const line of await loadLines(db, companyId, invoices)) {
    const list = byInvoice.get(line.invoice_id) ?? [];
    list.push(line);
    byInvoice.set(line.invoice_id, list);
  }
  return byInvoice;
}

function loadLines(db: Db, companyId: number, invoices: readonly { id: number }[]) {
  return db
    .selectFrom('invoice_lines')
    .select(['invoice_id', 'description', 'quantity_hundredths', 'unit_price_cents', 'discount_cents', 'taxes_json'])
    .where('company_id', '=', companyId)
    .where(
      'invoice_id',
      'in',
      invoices.map((i) => i.id),
    )
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
}

/** Each sent invoice: receivable debited with the total, income and tax payable credited. */
async function invoiceEntries(db: Db, companyId: number, period: Period, mapping: QbMapping): Promise<Entry[]> {
  return (await invoicesOf(db, companyId, period)).map((i) => {
    const total = Number(i.total_cents);
    const tax = Number(i.tax_cents);
    const memo = `Invoice ${i.number}`;
    const splits: Split[] = [
      { account: mapping.receivable, cents: total, name: i.name, memo },
      { account: mapping.income, cents: -(total - tax), name: i.name, memo },
    ];
    if (tax !== 0) splits.push({ account: mapping.taxPayable, cents: -tax, name: i.name, memo });
    return { type: 'INVOICE' as const, date: i.issue_date, doc: String(i.number), splits };
  });
}

/** QuickBooks Online's invoice import: one row per invoice line. */
async function invoicesCsv(
  db: Db,
  companyId: number,
  period: Period,
): Promise<{ columns: string[]; rows: string[][] }> {
  const invoices = await invoicesOf(db, companyId, period);
  const linesOf = await invoiceLines(db, companyId, invoices);
  const columns = [
    'InvoiceNo',
    'Customer',
    'InvoiceDate',
    'DueDate',
    'Item(Product/Service)',
    'ItemDescription',
    'ItemQuantity',
    'ItemRate',
    'ItemAmount',
    'ItemTaxCode',
    'InvoiceDiscount',
    'InvoiceTotal',
  ];
  const rows = invoices.flatMap((i) =>
    (linesOf.get(i.id) ?? []).map((l) => {
      const amount =
        Math.floor((Number(l.quantity_hundredths) * Number(l.unit_price_cents) + 50) / 100) - Number(l.discount_cents);
      let taxed = false;
      try {
        taxed = (JSON.parse(l.taxes_json) as unknown[]).length > 0;
      } catch {
        taxed = false;
      }
      return [
        String(i.number),
        i.name,
        usDate(i.issue_date),
        usDate(i.due_date),
        'Services',
        l.description,
        (Number(l.quantity_hundredths) / 100).toString(),
        decimal(Number(l.unit_price_cents)),
        decimal(amount),
        taxed ? 'TAX' : 'NON',
        decimal(Number(i.discount_cents)),
        decimal(Number(i.total_cents)),
      ];
    }),
  );
  return { columns, rows };
}

/** Each payment recorded on an invoice: the payment account debited, receivable credited. */
async function paymentEntries(db: Db, companyId: number, period: Period, mapping: QbMapping): Promise<Entry[]> {
  const payments = await db
    .selectFrom('invoice_payments as p')
    .innerJoin('invoices as i', 'i.id', 'p.invoice_id')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .select(['p.id', 'p.amount_cents', 'p.paid_on', 'p.payment_type_id', 'i.number', 'c.name'])
    .where('p.company_id', '=', companyId)
    .where('p.paid_on', '>=', period.from)
    .where('p.paid_on', '<=', period.to)
    .orderBy('p.paid_on')
    .orderBy('p.id')
    .execute();
  return payments.map((p) => {
    const account =
      (p.payment_type_id !== null ? mapping.paymentAccounts[String(p.payment_type_id)] : undefined) ??
      mapping.otherPayments;
    const cents = Number(p.amount_cents);
    const memo = `Payment of invoice ${p.number}`;
    return {
      type: 'PAYMENT' as const,
      date: p.paid_on,
      doc: `PAY-${p.id}`,
      splits: [
        { account, cents, name: p.name, memo },
        { account: mapping.receivable, cents: -cents, name: p.name, memo },
      ],
    };
  });
}

/** Tax collected per rate: register sales (refunds taken off) and sent invoices. */
async function taxSummary(
  db: Db,
  companyId: number,
  period: Period,
): Promise<{ columns: string[]; rows: string[][]; tax: number; taxable: number }> {
  const receipts = await db
    .selectFrom('receipt_taxes as t')
    .innerJoin('receipts as r', 'r.id', 't.receipt_id')
    .leftJoin('locations as l', 'l.id', 'r.location_id')
    .select(['t.name', 't.rate_bp', 't.type', 't.taxable_cents', 't.tax_cents', 'r.kind', 'r.created_at', 'l.timezone'])
    .where('t.company_id', '=', companyId)
    .where('r.created_at', '>=', period.start - 86_400_000)
    .where('r.created_at', '<', period.end + 86_400_000)
    .execute();
  const rates = new Map<string, { name: string; rateBp: number; taxable: number; tax: number; source: string }>();
  const add = (source: string, name: string, rateBp: number, taxable: number, tax: number) => {
    const key = `${source}:${name}:${rateBp}`;
    const entry = rates.get(key) ?? { name, rateBp, taxable: 0, tax: 0, source };
    entry.taxable += taxable;
    entry.tax += tax;
    rates.set(key, entry);
  };
  for (const t of receipts) {
    const day = isoDay(localTime(Number(t.created_at), t.timezone ?? period.timezone).day);
    if (day < period.from || day > period.to) continue;
    const sign = t.kind === 'refund' ? -1 : 1;
    add('Register sales', t.name, Number(t.rate_bp), sign * Number(t.taxable_cents), sign * Number(t.tax_cents));
  }
  const invoices = await invoicesOf(db, companyId, period);
  const linesOf = await invoiceLines(db, companyId, invoices);
  for (const i of invoices) {
    const { taxes } = storedInvoiceAmounts(linesOf.get(i.id) ?? [], Number(i.discount_cents));
    for (const t of taxes) add('Invoices', t.name, t.rateBp, t.taxableCents, t.taxCents);
  }
  const list = [...rates.values()].sort((a, b) => a.source.localeCompare(b.source) || a.name.localeCompare(b.name));
  return {
    columns: ['Source', 'TaxName', 'Rate', 'Taxable', 'Tax'],
    rows: list.map((r) => [r.source, r.name, `${(r.rateBp / 100).toFixed(2)}%`, decimal(r.taxable), decimal(r.tax)]),
    tax: list.reduce((s, r) => s + r.tax, 0),
    taxable: list.reduce((s, r) => s + r.taxable, 0),
  };
}

// -------------------------------------------------------------------------------------------------
// The file

export interface QbFile {
  fileName: string;
  contentType: string;
  body: string;
  columns: string[];
  rows: string[][];
  totals: { label: string; cents: number }[];
  entries: number;
}

export async function buildQbFile(
  db: Db,
  companyId: number,
  kind: QbKind,
  format: QbFormat,
  period: Period,
): Promise<QbFile> {
  const mapping = await qbMapping(db, companyId);
  const fileName = `quickbooks-${kind}-${period.from}-to-${period.to}.${format}`;
  if (kind === 'taxes') {
    const summary = await taxSummary(db, companyId, period);
    return {
      fileName: fileName.replace(/\.iif$/, '.csv'),
      contentType: 'text/csv; charset=utf-8',
      body: toCsv(
        summary.columns.map((header, i) => ({ header, value: (row: string[]) => row[i] })),
        summary.rows,
      ),
      columns: summary.columns,
      rows: summary.rows,
      totals: [
        { label: 'taxable', cents: summary.taxable },
        { label: 'tax', cents: summary.tax },
      ],
      entries: summary.rows.length,
    };
  }
  const entries =
    kind === 'sales'
      ? await salesEntries(db, companyId, period, mapping)
      : kind === 'invoices'
        ? await invoiceEntries(db, companyId, period, mapping)
        : await paymentEntries(db, companyId, period, mapping);
  const debits = entries.reduce((s, e) => s + e.splits.filter((x) => x.cents > 0).reduce((a, x) => a + x.cents, 0), 0);
  const credits = entries.reduce((s, e) => s + e.splits.filter((x) => x.cents < 0).reduce((a, x) => a - x.cents, 0), 0);
  const totals = [
    { label: 'debits', cents: debits },
    { label: 'credits', cents: credits },
  ];
  if (format === 'iif') {
    const body = toIif(entries);
    const rows = body
      .trim()
      .split('\r\n')
      .map((line) => line.split('\t'));
    return {
      fileName,
      contentType: 'text/plain; charset=utf-8',
      body,
      columns: rows[0]!,
      rows: rows.slice(3),
      totals,
      entries: entries.length,
    };
  }
  const table = kind === 'invoices' ? await invoicesCsv(db, companyId, period) : journalCsv(entries);
  return {
    fileName,
    contentType: 'text/csv; charset=utf-8',
    body: toCsv(
      table.columns.map((header, i) => ({ header, value: (row: string[]) => row[i] })),
      table.rows,
    ),
    columns: table.columns,
    rows: table.rows,
    totals,
    entries: entries.length,
  };
}

const exportQuerySchema = z.object({
  kind: z.enum(QB_KINDS, { error: 'choose one of the options' }),
  format: z.enum(QB_FORMATS, { error: 'choose one of the options' }),
  from: z
    .string({ error: 'enter a date as YYYY-MM-DD' })
    .refine((v) => dayNumber(v) !== null, 'enter a date as YYYY-MM-DD'),
  to: z
    .string({ error: 'enter a date as YYYY-MM-DD' })
    .refine((v) => dayNumber(v) !== null, 'enter a date as YYYY-MM-DD'),
});

/** `/api/backoffice/quickbooks`: the account mapping, a preview of a file and the file itself. */
export function quickbooksRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const periodOf = async (companyId: number, query: unknown) => {
    const q = parseOrThrow(exportQuerySchema, query);
    const from = dayNumber(q.from)!;
    const to = dayNumber(q.to)!;
    if (to < from) throw fieldProblem('to', 'must be after the start');
    if (to - from + 1 > MAX_DAYS) throw fieldProblem('to', `choose at most ${MAX_DAYS} days`);
    const { timezone } = await companyLocale(db, companyId);
    return {
      q,
      period: {
        from: q.from,
        to: q.to,
        start: startOfDay(from, timezone),
        end: startOfDay(to + 1, timezone),
        timezone,
      },
    };
  };

  router.get('/settings', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const [mapping, paymentTypes, locale] = await Promise.all([
      qbMapping(db, companyId),
      db
        .selectFrom('payment_types')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('position')
        .execute(),
      companyLocale(db, companyId),
    ]);
    const body: QbSettings = { mapping, paymentTypes, today: isoDay(today(ctx.now(), locale.timezone)) };
    noStore(res).json(body);
  });

  router.put('/settings', async (req, res) => {
    const mapping = parseOrThrow(qbMappingSchema, req.body);
    const { companyId } = merchantOf(res);
    const known = new Set(
      (await db.selectFrom('payment_types').select('id').where('company_id', '=', companyId).execute()).map((p) =>
        String(p.id),
      ),
    );
    for (const id of Object.keys(mapping.paymentAccounts)) {
      if (!known.has(id)) throw fieldProblem(`paymentAccounts.${id}`, 'choose one of the options');
    }
    const values = { mapping_json: JSON.stringify(mapping), updated_at: ctx.now() };
    await db
      .insertInto('quickbooks_settings')
      .values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
      .execute();
    noStore(res).json(mapping);
  });

  router.get('/preview', async (req, res) => {
    const { companyId } = merchantOf(res);
    const { q, period } = await periodOf(companyId, req.query);
    const file = await buildQbFile(db, companyId, q.kind, q.format, period);
    const body: QbPreview = {
      fileName: file.fileName,
      columns: file.columns,
      rows: file.rows.slice(0, PREVIEW_ROWS),
      totalRows: file.rows.length,
      totals: file.totals,
      entries: file.entries,
    };
    noStore(res).json(body);
  });

  router.get('/export', async (req, res) => {
    const { companyId } = merchantOf(res);
    const { q, period } = await periodOf(companyId, req.query);
    const file = await buildQbFile(db, companyId, q.kind, q.format, period);
    noStore(res)
      .type(file.contentType)
      .set('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });

  return router;
}
