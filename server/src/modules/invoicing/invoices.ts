import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  invoiceAmounts,
  invoiceInputSchema,
  invoicePaymentSchema,
  invoiceVoidSchema,
  INVOICE_STATUSES,
  type Invoice,
  type InvoiceDetail,
  type InvoiceInput,
  type InvoiceOptions,
  type InvoiceShownStatus,
  type InvoiceStatus,
} from '@hive/shared/schemas/backoffice/sales';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import type { AuthContext } from '../auth';
import { nextNumber } from '../../platform/db/counters';
import { parseOrThrow } from '../../platform/http';
import { allowMails, mailLanguage, sendMail } from '../../platform/outbox';
import {
  sendExport,
  merchantOf,
  requirePage,
  fieldProblem,
  idParam,
  noStore,
  notFound,
  refused,
  isPostgres,
  userNames,
  type Db,
} from '../merchant';
import { today } from '../../platform/time';
import { companyLocale } from '../settings';
import { storedInvoiceAmounts, type StoredTax } from './invoiceAmounts';
import { INVOICE_CSV_COLUMNS } from './invoiceCsv';
import { INVOICE_MAIL } from './invoiceText';
import { invoicePdf, pdfLanguage } from './invoicePdf';

const PAGE = '/invoice';
const WHAT = 'invoice';

export async function companyTodayIso(db: Db, companyId: number, now: number): Promise<string> {
  return isoDay(today(now, (await companyLocale(db, companyId)).timezone));
}

/** `overdue`: sent or partly paid, and its due day is over where the company is. */
export const shownStatus = (status: InvoiceStatus, dueDate: string, todayIso: string): InvoiceShownStatus =>
  (status === 'sent' || status === 'partial') && dueDate < todayIso ? 'overdue' : status;

async function loadInvoices(db: Db, companyId: number, todayIso: string, only?: number): Promise<Invoice[]> {
  let query = db
    .selectFrom('invoices as i')
    .innerJoin('customers as c', 'c.id', 'i.customer_id')
    .selectAll('i')
    .select(['c.name as customer_name', 'c.email as customer_email'])
    .where('i.company_id', '=', companyId);
  if (only !== undefined) query = query.where('i.id', '=', only);
  const rows = await query
    .orderBy(sql`i.number is null`, 'desc')
    .orderBy('i.number', 'desc')
    .orderBy('i.id', 'desc')
    .limit(5000)
    .execute();
  return rows.map((r) => {
    const total = Number(r.total_cents);
    const paid = Number(r.paid_cents);
    return {
      id: r.id,
      number: r.number === null ? null : Number(r.number),
      status: r.status,
      shownStatus: shownStatus(r.status, r.due_date, todayIso),
      customer: { id: r.customer_id, name: r.customer_name, email: r.customer_email },
      issueDate: r.issue_date,
      dueDate: r.due_date,
      discountCents: Number(r.discount_cents),
      notes: r.notes,
      subtotalCents: Number(r.subtotal_cents),
      taxCents: Number(r.tax_cents),
      totalCents: total,
      paidCents: paid,
      balanceCents: r.status === 'void' ? 0 : total - paid,
      sentAt: r.sent_at === null ? null : Number(r.sent_at),
      voidReason: r.void_reason,
      updatedAt: Number(r.updated_at),
    };
  });
}

async function loadDetail(db: Db, companyId: number, id: number, todayIso: string): Promise<InvoiceDetail> {
  const [invoice] = await loadInvoices(db, companyId, todayIso, id);
  if (!invoice) throw notFound(WHAT);
  const [lines, payments, profile, company] = await Promise.all([
    db
      .selectFrom('invoice_lines')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('invoice_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('invoice_payments')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('invoice_id', '=', id)
      .orderBy('id')
      .execute(),
    db.selectFrom('company_profiles').selectAll().where('company_id', '=', companyId).executeTakeFirst(),
    db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow(),
  ]);
  const { taxesOf, amounts, taxes } = storedInvoiceAmounts(lines, invoice.discountCents);
  const names = await userNames(
    db,
    payments.map((p) => p.recorded_by),
  );
  return {
    ...invoice,
    lines: lines.map((l, i) => ({
      itemId: l.item_id,
      description: l.description,
      quantityHundredths: Number(l.quantity_hundredths),
      unitPriceCents: Number(l.unit_price_cents),
      discountCents: Number(l.discount_cents),
      taxRateIds: taxesOf[i]!.map((t) => t.taxRateId),
      grossCents: amounts[i]?.grossCents ?? 0,
      totalDiscountCents: amounts[i]?.discountCents ?? 0,
      taxCents: (amounts[i]?.includedTaxCents ?? 0) + (amounts[i]?.addedTaxCents ?? 0),
      totalCents: amounts[i]?.totalCents ?? 0,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      amountCents: Number(p.amount_cents),
      paidOn: p.paid_on,
      paymentTypeName: p.payment_type_name,
      method: p.method,
      reference: p.reference,
      note: p.note,
      recordedAt: Number(p.recorded_at),
      by: p.recorded_by === null ? null : (names.get(p.recorded_by) ?? null),
    })),
    taxes: taxes.map(({ name, rateBp, type, taxCents }) => ({ name, rateBp, type, taxCents })),
    company: {
      name: company.name,
      legalName: profile?.legal_name ?? '',
      taxId: profile?.tax_id ?? '',
      address: [
        profile?.address_line1,
        profile?.address_line2,
        [profile?.postal_code, profile?.city].filter(Boolean).join(' '),
        profile?.region,
        profile?.country,
      ]
        .filter((part) => part)
        .join(', '),
      email: profile?.email ?? '',
      phone: profile?.phone ?? '',
    },
  };
}

/** The lines as stored, with their taxes looked up now, and the invoice's totals (400s on the fields). */
export async function prepare(db: Db, companyId: number, input: InvoiceInput) {
  const customer = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', input.customerId)
    .executeTakeFirst();
  if (!customer) throw fieldProblem('customerId', 'choose one of the options');
  const rateIds = [...new Set(input.lines.flatMap((l) => l.taxRateIds))];
  const rates = rateIds.length
    ? await db
        .selectFrom('tax_rates')
        .select(['id', 'name', 'rate_bp', 'type'])
        .where('company_id', '=', companyId)
        .where('id', 'in', rateIds)
        .execute()
    : [];
  const byId = new Map(rates.map((r) => [r.id, r]));
  const itemIds = [...new Set(input.lines.flatMap((l) => (l.itemId === null ? [] : [l.itemId])))];
  const items = itemIds.length
    ? await db.selectFrom('items').select('id').where('company_id', '=', companyId).where('id', 'in', itemIds).execute()
    : [];
  const known = new Set(items.map((i) => i.id));
  const taxes = input.lines.map((l, i) =>
    l.taxRateIds.map((id) => {
      const rate = byId.get(id);
      if (!rate) throw fieldProblem(`lines.${i}.taxRateIds`, 'choose one of the options');
      return { taxRateId: id, name: rate.name, rateBp: Number(rate.rate_bp), type: rate.type as 'added' | 'included' };
    }),
  );
  input.lines.forEach((l, i) => {
    if (l.itemId !== null && !known.has(l.itemId)) throw fieldProblem(`lines.${i}.itemId`, 'choose one of the options');
  });
  const computed = invoiceAmounts(
    input.lines.map((l, i) => ({ ...l, taxes: taxes[i]! })),
    input.discountCents,
  );
  if ('problem' in computed) {
    throw computed.line === null
      ? fieldProblem('discountCents', 'must not be more than the lines come to')
      : fieldProblem(`lines.${computed.line}.discountCents`, 'must not be more than the line comes to');
  }
  return { taxes, amounts: computed.amounts };
}

/** Writes a new draft invoice (after `prepare`), in the caller's transaction; returns its id. */
export async function insertDraft(
  trx: Db,
  companyId: number,
  input: InvoiceInput,
  prepared: Awaited<ReturnType<typeof prepare>>,
  userId: number | null,
  now: number,
): Promise<number> {
  const { taxes, amounts } = prepared;
  const row = await trx
    .insertInto('invoices')
    .values({
      company_id: companyId,
      number: null,
      status: 'draft',
      customer_id: input.customerId,
      issue_date: input.issueDate,
      due_date: input.dueDate,
      discount_cents: input.discountCents,
      notes: input.notes,
      subtotal_cents: amounts.subtotalCents,
      tax_cents: amounts.taxCents,
      total_cents: amounts.totalCents,
      created_at: now,
      created_by: userId,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeLines(trx, companyId, row.id, input, taxes);
  return row.id;
}

/** Numbers a draft from the company's counter and marks it sent, in the caller's transaction. */
export async function markSent(trx: Db, companyId: number, id: number, now: number): Promise<number> {
  const number = await nextNumber(trx as never, companyId, 'invoice');
  await trx
    .updateTable('invoices')
    .set({ status: 'sent', number, sent_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
  return number;
}

/** E-mails a sent invoice to its customer through the outbox (when they have an address). */
export async function mailInvoice(db: Db, companyId: number, id: number, now: number): Promise<string | null> {
  const detail = await loadDetail(db, companyId, id, await companyTodayIso(db, companyId, now));
  const { currency } = await companyLocale(db, companyId);
  const to = detail.customer.email;
  if (!to) return null;
  // The customer is outside the product: the invoice speaks the company's language.
  const company = await db.selectFrom('companies').select('language').where('id', '=', companyId).executeTakeFirst();
  const mail = INVOICE_MAIL[mailLanguage(company?.language)]({ invoice: detail, currency });
  await sendMail(db as never, { to, ...mail }, now);
  return to;
}

async function writeLines(trx: Db, companyId: number, invoiceId: number, input: InvoiceInput, taxes: StoredTax[][]) {
  await trx.deleteFrom('invoice_lines').where('invoice_id', '=', invoiceId).execute();
  await trx
    .insertInto('invoice_lines')
    .values(
      input.lines.map((l, position) => ({
        company_id: companyId,
        invoice_id: invoiceId,
        position,
        item_id: l.itemId,
        description: l.description,
        quantity_hundredths: l.quantityHundredths,
        unit_price_cents: l.unitPriceCents,
        discount_cents: l.discountCents,
        taxes_json: JSON.stringify(taxes[position]),
      })),
    )
    .execute();
}

/** The invoice row locked for a state change; 404 when not the company's. */
async function lockInvoice(trx: Db, companyId: number, id: number) {
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const row = (
    await sql<{
      id: number;
      status: InvoiceStatus;
      total_cents: number;
      paid_cents: number;
      number: number | null;
    }>`select id, status, total_cents, paid_cents, number from invoices where id = ${id} and company_id = ${companyId}${lock}`.execute(
      trx,
    )
  ).rows[0];
  if (!row) throw notFound(WHAT);
  return { ...row, total_cents: Number(row.total_cents), paid_cents: Number(row.paid_cents) };
}

const wrongState = (status: string, action: string) =>
  refused('invalid_transition', `This invoice is ${status}: it cannot be ${action}.`, { status, action });

/**
 * `/api/backoffice/customer_invoices`: draft -> sent -> partial -> paid, or void (before any payment). Only a
 * draft is edited or deleted; sending gives the number (the company's counter, in the same
 * transaction) and e-mails the customer through the outbox when they have an address.
 */
export function invoicesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const todayOf = (companyId: number) => companyTodayIso(db, companyId, ctx.now());

  // The list and its CSV: every invoice, or those of one shown status (?status=).
  const listed = async (req: express.Request, companyId: number) => {
    const status = typeof req.query.status === 'string' && req.query.status !== '' ? req.query.status : undefined;
    if (status !== undefined && ![...INVOICE_STATUSES, 'overdue'].includes(status)) {
      throw fieldProblem('status', 'choose one of the options');
    }
    const rows = await loadInvoices(db, companyId, await todayOf(companyId));
    return status === undefined ? rows : rows.filter((r) => r.shownStatus === status);
  };

  router.get('/', async (req, res) => {
    noStore(res).json({ rows: await listed(req, merchantOf(res).companyId) });
  });

  router.get('/export', async (req, res) => {
    const rows = await listed(req, merchantOf(res).companyId);
    await sendExport(ctx.db, req, res, { name: 'invoices', now: ctx.now() }, INVOICE_CSV_COLUMNS, rows);
  });

  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const [customers, items, itemTaxes, taxRates, paymentTypes, locale] = await Promise.all([
      db
        .selectFrom('customers')
        .select(['id', 'name', 'email'])
        .where('company_id', '=', companyId)
        .orderBy(sql`lower(name)`)
        .limit(5000)
        .execute(),
      db
        .selectFrom('items')
        .select(['id', 'name', 'price_cents'])
        .where('company_id', '=', companyId)
        .where('active', '=', 1)
        .orderBy(sql`lower(name)`)
        .limit(5000)
        .execute(),
      db.selectFrom('item_taxes').select(['item_id', 'tax_rate_id']).where('company_id', '=', companyId).execute(),
      db
        .selectFrom('tax_rates')
        .select(['id', 'name', 'rate_bp', 'type'])
        .where('company_id', '=', companyId)
        .where('archived_at', 'is', null)
        .orderBy('name')
        .execute(),
      db
        .selectFrom('payment_types')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('position')
        .execute(),
      companyLocale(db, companyId),
    ]);
    const body: InvoiceOptions = {
      customers,
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        priceCents: Number(i.price_cents),
        taxRateIds: itemTaxes.filter((t) => t.item_id === i.id).map((t) => t.tax_rate_id),
      })),
      taxRates: taxRates.map((t) => ({
        id: t.id,
        name: t.name,
        rateBp: Number(t.rate_bp),
        type: t.type as 'added' | 'included',
      })),
      paymentTypes,
      currency: locale.currency,
      today: await todayOf(companyId),
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    const { companyId } = merchantOf(res);
    noStore(res).json(await loadDetail(db, companyId, idParam(req.params.id), await todayOf(companyId)));
  });

  // The invoice as a PDF file, the printable view's figures; ?lang= picks the texts (default en).
  router.get('/:id/pdf', async (req, res) => {
    const { companyId } = merchantOf(res);
    const lang = pdfLanguage(req.query.lang);
    const detail = await loadDetail(db, companyId, idParam(req.params.id), await todayOf(companyId));
    const { currency } = await companyLocale(db, companyId);
    const file = await invoicePdf(detail, currency, lang);
    const name = detail.number === null ? `invoice-draft-${detail.id}` : `invoice-${detail.number}`;
    noStore(res).type('application/pdf').set('Content-Disposition', `attachment; filename="${name}.pdf"`).send(file);
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(invoiceInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const prepared = await prepare(db, companyId, input);
    const now = ctx.now();
    const id = await db.transaction().execute((trx) => insertDraft(trx, companyId, input, prepared, userId, now));
    noStore(res)
      .status(201)
      .json(await loadDetail(db, companyId, id, await todayOf(companyId)));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(invoiceInputSchema, req.body);
    const { companyId } = merchantOf(res);
    // Another company's invoice is a 404 before anything in the body is looked at.
    const exists = await db
      .selectFrom('invoices')
      .select('id')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!exists) throw notFound(WHAT);
    const { taxes, amounts } = await prepare(db, companyId, input);
    await db.transaction().execute(async (trx) => {
      const current = await lockInvoice(trx, companyId, id);
      if (current.status !== 'draft') throw wrongState(current.status, 'edited');
      await trx
        .updateTable('invoices')
        .set({
          customer_id: input.customerId,
          issue_date: input.issueDate,
          due_date: input.dueDate,
          discount_cents: input.discountCents,
          notes: input.notes,
          subtotal_cents: amounts.subtotalCents,
          tax_cents: amounts.taxCents,
          total_cents: amounts.totalCents,
          updated_at: ctx.now(),
        })
        .where('id', '=', id)
        .execute();
      await writeLines(trx, companyId, id, input, taxes);
    });
    noStore(res).json(await loadDetail(db, companyId, id, await todayOf(companyId)));
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      const current = await lockInvoice(trx, companyId, id);
      if (current.status !== 'draft') throw wrongState(current.status, 'deleted (void it instead)');
      await trx.deleteFrom('invoices').where('id', '=', id).execute();
    });
    res.status(204).end();
  });

  // Send: the number from the counter (so two sent at once get two numbers, none skipped), then the e-mail.
  router.post('/:id/send', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const before = await db
      .selectFrom('invoices as i')
      .innerJoin('customers as c', 'c.id', 'i.customer_id')
      .select(['i.status', 'c.email'])
      .where('i.id', '=', id)
      .where('i.company_id', '=', companyId)
      .executeTakeFirst();
    if (!before) throw notFound(WHAT);
    if (before.status === 'void' || before.status === 'paid') throw wrongState(before.status, 'sent');
    // The mail limits before anything changes: a refused send leaves a draft a draft and mails nothing.
    const allowance = before.email
      ? await allowMails(ctx.mail, { companyId, kind: 'invoice', to: [before.email], document: `invoice:${id}` })
      : null;
    let resend: boolean;
    try {
      resend = await db.transaction().execute(async (trx) => {
        const current = await lockInvoice(trx, companyId, id);
        if (current.status === 'void' || current.status === 'paid') throw wrongState(current.status, 'sent');
        if (current.status !== 'draft') return true;
        await markSent(trx, companyId, id, now);
        return false;
      });
    } catch (error) {
      await allowance?.refund();
      throw error;
    }
    const to = await mailInvoice(db, companyId, id, now);
    const detail = await loadDetail(db, companyId, id, await todayOf(companyId));
    noStore(res).json({ ...detail, emailedTo: to || null, resent: resend });
  });

  router.post('/:id/payments', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(invoicePaymentSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    let typeName: string | null = null;
    if (input.paymentTypeId !== null) {
      const type = await db
        .selectFrom('payment_types')
        .select('name')
        .where('company_id', '=', companyId)
        .where('id', '=', input.paymentTypeId)
        .executeTakeFirst();
      if (!type) throw fieldProblem('paymentTypeId', 'choose one of the options');
      typeName = type.name;
    }
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const current = await lockInvoice(trx, companyId, id);
      if (current.status !== 'sent' && current.status !== 'partial') throw wrongState(current.status, 'paid');
      const balance = current.total_cents - current.paid_cents;
      if (input.amountCents > balance)
        throw fieldProblem('amountCents', `must be at most the balance due (${balance} cents)`);
      const paid = current.paid_cents + input.amountCents;
      await trx
        .insertInto('invoice_payments')
        .values({
          company_id: companyId,
          invoice_id: id,
          amount_cents: input.amountCents,
          paid_on: input.paidOn,
          payment_type_id: input.paymentTypeId,
          payment_type_name: typeName,
          method: input.method,
          reference: input.reference,
          note: input.note,
          recorded_at: now,
          recorded_by: userId,
        })
        .execute();
      await trx
        .updateTable('invoices')
        .set({ paid_cents: paid, status: paid >= current.total_cents ? 'paid' : 'partial', updated_at: now })
        .where('id', '=', id)
        .execute();
    });
    noStore(res).json(await loadDetail(db, companyId, id, await todayOf(companyId)));
  });

  // Void keeps the number (numbers never have gaps); an invoice with payments is not voided.
  router.post('/:id/void', async (req, res) => {
    const id = idParam(req.params.id);
    const { reason } = parseOrThrow(invoiceVoidSchema, req.body);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      const current = await lockInvoice(trx, companyId, id);
      if (current.status !== 'sent') {
        if (current.paid_cents > 0) {
          throw refused('has_payments', 'Payments were recorded on this invoice: it cannot be voided.', {
            status: current.status,
          });
        }
        throw wrongState(current.status, 'voided');
      }
      await trx
        .updateTable('invoices')
        .set({ status: 'void', void_reason: reason, updated_at: ctx.now() })
        .where('id', '=', id)
        .execute();
    });
    noStore(res).json(await loadDetail(db, companyId, id, await todayOf(companyId)));
  });

  return router;
}
