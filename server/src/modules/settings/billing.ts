import express, { type Router } from 'express';
import type { Kysely, Transaction } from 'kysely';
import {
  billingContactInputSchema,
  planRequestInputSchema,
  type Billing,
  type PlatformInvoice,
  type PlatformInvoiceStatus,
  type PlatformInvoiceSummary,
  type SupportRequestSummary,
} from '@hive/shared/schemas/backoffice/settings';
import { openSupportTicket } from '../admin';
import type { AuthContext } from '../auth';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, fieldProblem, idParam, money, noStore, notFound } from '../merchant';
import { issueInvoices, pricePlan } from './invoices';

const PAGE = '/company_billing';
type Db = Kysely<Database> | Transaction<Database>;

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

const invoiceStatus = (value: string): PlatformInvoiceStatus => (value === 'paid' ? 'paid' : 'open');

function selectInvoices(db: Db, companyId: number) {
  return db.selectFrom('platform_invoices').selectAll().where('company_id', '=', companyId);
}
type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['executeTakeFirstOrThrow']>>;

const toSummary = (row: InvoiceRow): PlatformInvoiceSummary => ({
  id: row.id,
  number: Number(row.number),
  period: row.period,
  issuedAt: Number(row.issued_at),
  dueAt: Number(row.due_at),
  status: invoiceStatus(row.status),
  total: money(row.total_cents),
  currency: row.currency,
});

async function contactOf(db: Db, companyId: number) {
  const row = await db
    .selectFrom('company_billing')
    .select(['contact_name', 'contact_email'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return { name: row?.contact_name ?? '', email: row?.contact_email ?? '' };
}

const planText = (license: string, addons: readonly string[]) =>
  `${license}${addons.length > 0 ? ` with ${addons.join(', ')}` : ', no add-ons'}`;

/**
 * `/api/backoffice/billing`: the plan as the admin console set it, its monthly price, the billing
 * contact, the platform's invoices and the company's support requests. The plan itself changes only
 * in the admin console: "Request a change" opens a support ticket there.
 */
/** The coupon a company's bills carry, chosen by platform staff (the admin console, `reactions.couponChosen`). */
export async function setBillingCoupon(
  trx: Transaction<Database>,
  companyId: number,
  couponId: number | null,
  now: number,
): Promise<void> {
  await trx
    .insertInto('company_billing')
    .values({ company_id: companyId, contact_name: '', contact_email: '', coupon_id: couponId, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ coupon_id: couponId, updated_at: now }))
    .execute();
}

export function billingRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const loadBilling = async (companyId: number): Promise<Billing> => {
    const now = ctx.now();
    // The months that ended since the last visit get their invoices now.
    await issueInvoices(db, companyId, now);
    const [{ plan }, contact, invoices, tickets] = await Promise.all([
      pricePlan(db, companyId, now),
      contactOf(db, companyId),
      selectInvoices(db, companyId).orderBy('period', 'desc').limit(24).execute(),
      db
        .selectFrom('support_tickets')
        .select(['ref', 'subject', 'status', 'created_at', 'updated_at'])
        .where('company_id', '=', companyId)
        .orderBy('updated_at', 'desc')
        .orderBy('id', 'desc')
        .limit(20)
        .execute(),
    ]);
    const requests: SupportRequestSummary[] = tickets.map((t) => ({
      ref: t.ref,
      subject: t.subject,
      status: t.status === 'closed' || t.status === 'pending' ? t.status : 'open',
      createdAt: Number(t.created_at),
      updatedAt: Number(t.updated_at),
    }));
    return { plan, contact, invoices: invoices.map(toSummary), requests };
  };

  router.get('/', async (_req, res) => {
    noStore(res).json(await loadBilling(merchantOf(res).companyId));
  });

  router.put('/contact', async (req, res) => {
    const input = parseOrThrow(billingContactInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    await db
      .insertInto('company_billing')
      .values({ company_id: companyId, contact_name: input.name, contact_email: input.email, updated_at: now })
      .onConflict((oc) =>
        oc.column('company_id').doUpdateSet({ contact_name: input.name, contact_email: input.email, updated_at: now }),
      )
      .execute();
    noStore(res).json(await contactOf(db, companyId));
  });

  router.get('/invoices/:id', async (req, res) => {
    const row = await selectInvoices(db, merchantOf(res).companyId)
      .where('id', '=', idParam(req.params.id))
      .executeTakeFirst();
    if (!row) throw notFound('invoice');
    const content = parseJson<{ lines?: { description: string; cents: number }[]; couponCode?: string | null }>(
      row.lines_json,
      {},
    );
    const invoice: PlatformInvoice = {
      ...toSummary(row),
      lines: (content.lines ?? []).map((l) => ({ description: String(l.description), amount: money(l.cents) })),
      couponCode: content.couponCode ?? null,
      subtotal: money(row.subtotal_cents),
      discount: money(row.discount_cents),
      billedTo: parseJson(row.billed_to_json, {
        name: '',
        legalName: '',
        address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
        taxId: '',
        email: '',
      }),
    };
    noStore(res).json(invoice);
  });

  /** "Request a change": a support ticket for the admin console's support area. */
  router.post('/requests', async (req, res) => {
    const input = parseOrThrow(planRequestInputSchema, req.body);
    const merchant = merchantOf(res);
    const { plan } = await pricePlan(db, merchant.companyId, ctx.now());
    const wanted = { license: input.license, addons: [...input.addons].sort() };
    const same = wanted.license === plan.license && wanted.addons.join() === [...plan.addons].sort().join();
    if (same && input.message === '') throw fieldProblem('message', 'say what you would like to change');
    const user = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', merchant.userId)
      .executeTakeFirstOrThrow();
    const subject = same ? 'Question about our plan' : `Plan change request: ${planText(input.license, input.addons)}`;
    const body = [
      `Current plan: ${planText(plan.license, plan.addons)}.`,
      same ? null : `Requested plan: ${planText(input.license, input.addons)}.`,
      input.message ? `\n${input.message}` : null,
    ]
      .filter((line) => line !== null)
      .join('\n');
    const now = ctx.now();
    // The reference is the highest one plus one: a parallel request that took it makes us retry.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const ref = await db.transaction().execute((trx) =>
          openSupportTicket(trx, {
            companyId: merchant.companyId,
            subject,
            planRequestJson: same ? null : JSON.stringify(wanted),
            authorUserId: merchant.userId,
            authorEmail: user.email,
            body,
            now,
          }),
        );
        const created: SupportRequestSummary = { ref, subject, status: 'open', createdAt: now, updatedAt: now };
        noStore(res).status(201).json(created);
        return;
      } catch (error) {
        if (attempt >= 4 || !isUniqueViolation(error)) throw error;
      }
    }
  });

  return router;
}
