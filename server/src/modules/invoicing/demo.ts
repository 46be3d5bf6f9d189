import { invoiceAmounts } from '@hive/shared/schemas/backoffice/sales';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { reserveNumbers } from '../../platform/db/counters';
import type { Database } from '../../database';
import type { Transaction } from 'kysely';
import { today } from '../../platform/time';
import { insertCustomer } from '../customers';
import { companyLocale } from '../settings';
import type { Db } from '../merchant';

const DAY_MS = 86_400_000;

interface DemoInvoice {
  daysAgo: number;
  termDays: number;
  lines: { description: string; hours: number; rateCents: number }[];
  /** How much was paid, as a share of the total (1 = all). Null: a draft. */
  paid: number | null;
}

/** Atlas Consulting's invoices (paid, partly paid, overdue, just sent and a draft) and Green Leaf's wholesale ones. */
const DEMO_INVOICES: Record<string, DemoInvoice[]> = {
  'atlas-consulting': [
    { daysAgo: 75, termDays: 30, lines: [{ description: 'Strategy workshop', hours: 8, rateCents: 15_000 }], paid: 1 },
    {
      daysAgo: 50,
      termDays: 30,
      lines: [
        { description: 'Market analysis', hours: 12.5, rateCents: 12_000 },
        { description: 'Report writing', hours: 4, rateCents: 9_000 },
      ],
      paid: 1,
    },
    { daysAgo: 40, termDays: 14, lines: [{ description: 'Process review', hours: 6, rateCents: 12_000 }], paid: 0 },
    {
      daysAgo: 20,
      termDays: 30,
      lines: [{ description: 'Implementation support', hours: 20, rateCents: 11_000 }],
      paid: 0.4,
    },
    { daysAgo: 3, termDays: 30, lines: [{ description: 'Board presentation', hours: 3, rateCents: 15_000 }], paid: 0 },
    {
      daysAgo: 0,
      termDays: 30,
      lines: [{ description: 'Quarterly review (draft)', hours: 5, rateCents: 12_000 }],
      paid: null,
    },
  ],
  'green-leaf-grocers': [
    {
      daysAgo: 25,
      termDays: 14,
      lines: [{ description: 'Weekly produce delivery', hours: 4, rateCents: 18_500 }],
      paid: 1,
    },
    {
      daysAgo: 4,
      termDays: 14,
      lines: [{ description: 'Weekly produce delivery', hours: 4, rateCents: 19_250 }],
      paid: 0,
    },
  ],
};

/** Demo invoices (dev and demo only); skipped when the company has invoices already. */
export async function seedSalesDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  const list = DEMO_INVOICES[slug];
  if (!list) return;
  const has = await db
    .selectFrom('invoices')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  // A company without demo customers (the grocer) bills a wholesale customer of its own.
  if (
    !(await db.selectFrom('customers').select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst())
  ) {
    await insertCustomer(db, {
      company_id: companyId,
      name: 'Riverside Café',
      email: 'accounts@riverside-cafe.example.com',
      phone: '+1 555-0142',
      notes: 'Wholesale: invoiced weekly, 14 days.',
      points: 0,
      created_at: now,
      updated_at: now,
    });
  }
  const customers = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(6)
    .execute();
  if (customers.length === 0) return;
  const tax = await db
    .selectFrom('tax_rates')
    .select(['id', 'name', 'rate_bp', 'type'])
    .where('company_id', '=', companyId)
    .where('archived_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  const taxes = tax
    ? [{ taxRateId: tax.id, name: tax.name, rateBp: Number(tax.rate_bp), type: tax.type as 'added' | 'included' }]
    : [];
  const day = today(now, (await companyLocale(db, companyId)).timezone);
  const sent = list.filter((i) => i.paid !== null).length;
  let number = sent > 0 ? await reserveNumbers(db as Transaction<Database>, companyId, 'invoice', sent) : 0;
  for (const [k, invoice] of list.entries()) {
    const lines = invoice.lines.map((l) => ({
      quantityHundredths: Math.round(l.hours * 100),
      unitPriceCents: l.rateCents,
      discountCents: 0,
      taxes,
    }));
    const computed = invoiceAmounts(lines, 0);
    if (!('amounts' in computed)) continue;
    const { amounts } = computed;
    const at = now - invoice.daysAgo * DAY_MS;
    const draft = invoice.paid === null;
    const paid = draft ? 0 : Math.round(amounts.totalCents * invoice.paid!);
    const invoiceNumber = draft ? null : number++;
    const row = await db
      .insertInto('invoices')
      .values({
        company_id: companyId,
        number: invoiceNumber,
        status: draft ? 'draft' : paid === 0 ? 'sent' : paid >= amounts.totalCents ? 'paid' : 'partial',
        customer_id: customers[k % customers.length]!.id,
        issue_date: isoDay(day - invoice.daysAgo),
        due_date: isoDay(day - invoice.daysAgo + invoice.termDays),
        discount_cents: 0,
        notes: 'Payment by bank transfer, please quote the invoice number.',
        subtotal_cents: amounts.subtotalCents,
        tax_cents: amounts.taxCents,
        total_cents: amounts.totalCents,
        paid_cents: paid,
        sent_at: draft ? null : at,
        created_at: at,
        created_by: null,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invoice_lines')
      .values(
        invoice.lines.map((l, position) => ({
          company_id: companyId,
          invoice_id: row.id,
          position,
          item_id: null,
          description: l.description,
          quantity_hundredths: Math.round(l.hours * 100),
          unit_price_cents: l.rateCents,
          discount_cents: 0,
          taxes_json: JSON.stringify(taxes),
        })),
      )
      .execute();
    if (paid > 0) {
      await db
        .insertInto('invoice_payments')
        .values({
          company_id: companyId,
          invoice_id: row.id,
          amount_cents: paid,
          paid_on: isoDay(day - Math.max(0, invoice.daysAgo - 10)),
          payment_type_id: null,
          payment_type_name: null,
          method: 'bank_transfer',
          // The customer quoted the invoice number, as the notes ask.
          reference: `Invoice ${invoiceNumber}`,
          note: '',
          recorded_at: at + 10 * DAY_MS,
          recorded_by: null,
        })
        .execute();
    }
  }
}

/** Recurring templates: a monthly retainer starting in a few days (sent automatically) and a paused weekly one. */
export async function seedRecurringDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  if (slug !== 'atlas-consulting' && slug !== 'green-leaf-grocers') return;
  const has = await db
    .selectFrom('recurring_invoices')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  const customers = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(2)
    .execute();
  if (customers.length === 0) return;
  const day = today(now, (await companyLocale(db, companyId)).timezone);
  const line = (description: string, cents: number) => ({
    itemId: null,
    description,
    quantityHundredths: 100,
    unitPriceCents: cents,
    discountCents: 0,
    taxRateIds: [],
  });
  const templates =
    slug === 'atlas-consulting'
      ? [
          {
            frequency: 'monthly' as const,
            start: day + 5,
            auto: 1,
            status: 'active' as const,
            lines: [line('Monthly advisory retainer', 250_000)],
          },
          {
            frequency: 'weekly' as const,
            start: day + 2,
            auto: 0,
            status: 'paused' as const,
            lines: [line('Weekly coaching session', 30_000)],
          },
        ]
      : [
          {
            frequency: 'weekly' as const,
            start: day + 3,
            auto: 0,
            status: 'active' as const,
            lines: [line('Weekly produce delivery', 19_000)],
          },
        ];
  for (const [k, t] of templates.entries()) {
    await db
      .insertInto('recurring_invoices')
      .values({
        company_id: companyId,
        customer_id: customers[k % customers.length]!.id,
        frequency: t.frequency,
        interval: 1,
        start_date: isoDay(t.start),
        end_date: null,
        due_days: 30,
        auto_send: t.auto,
        lines_json: JSON.stringify(t.lines),
        discount_cents: 0,
        notes: 'Thank you for your business.',
        status: t.status,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
