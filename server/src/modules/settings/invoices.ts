import type { Kysely, Transaction } from 'kysely';
import { ADDONS, LICENSES, type AddonName, type LicenseName } from '@hive/shared/config';
import {
  PLATFORM_CURRENCY,
  type BillingCoupon,
  type BillingPlan,
  type PlatformInvoice,
  type PlatformInvoiceStatus,
} from '@hive/shared/schemas/backoffice/settings';
import { reserveNumbers } from '../../platform/db/counters';
import type { Database } from '../../database';
import { money } from '../merchant';
import { addressOf } from './address';

/*
 * The platform's bill to a company: the monthly price of its plan (licence and add-ons at the
 * admin console's base prices, less the coupon staff applied while it is valid), and the monthly
 * invoices issued from it. An invoice keeps its lines and addressee as issued.
 */

type Db = Kysely<Database> | Transaction<Database>;
const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant (UTC), the format of the coupons' validity dates. */
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10);

interface PlanCents {
  plan: BillingPlan;
  lines: { description: string; cents: number }[];
  subtotalCents: number;
  discountCents: number;
}

/** The company's plan priced now (amounts in minor units inside, major units in `plan`). */
export async function pricePlan(db: Db, companyId: number, now: number): Promise<PlanCents> {
  const company = await db
    .selectFrom('companies')
    .select('license')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const license = (LICENSES.find((l) => l.toLowerCase() === company.license.toLowerCase()) ??
    company.license) as LicenseName;
  const addonRows = await db.selectFrom('company_addons').select('addon').where('company_id', '=', companyId).execute();
  // The menu's order, so the page and the invoices list them alike.
  const addons = ADDONS.filter((name) => addonRows.some((row) => row.addon.toLowerCase() === name.toLowerCase()));
  const prices = await db.selectFrom('base_prices').select(['item_kind', 'item_name', 'monthly_cents']).execute();
  const priceOf = (kind: 'license' | 'addon', name: string) => {
    const row = prices.find((p) => p.item_kind === kind && p.item_name.toLowerCase() === name.toLowerCase());
    return row ? Number(row.monthly_cents) : null;
  };
  const priced = [
    { kind: 'license' as const, name: license as string, cents: priceOf('license', license) },
    ...addons.map((name: AddonName) => ({
      kind: 'addon' as const,
      name: name as string,
      cents: priceOf('addon', name),
    })),
  ];
  const subtotalCents = priced.reduce((sum, line) => sum + (line.cents ?? 0), 0);

  const couponRow = await db
    .selectFrom('company_billing')
    .innerJoin('coupons', 'coupons.id', 'company_billing.coupon_id')
    .select([
      'coupons.code',
      'coupons.kind',
      'coupons.percent_off',
      'coupons.amount_cents',
      'coupons.valid_from',
      'coupons.valid_to',
      'coupons.licenses_json',
      'coupons.active',
    ])
    .where('company_billing.company_id', '=', companyId)
    .executeTakeFirst();
  let coupon: BillingCoupon | null = null;
  let discountCents = 0;
  if (couponRow) {
    let licenses: unknown = [];
    try {
      licenses = JSON.parse(couponRow.licenses_json);
    } catch {
      licenses = [];
    }
    const today = isoDay(now);
    const forLicense = !Array.isArray(licenses) || licenses.length === 0 || licenses.includes(license);
    const applies =
      couponRow.active === 1 && couponRow.valid_from <= today && today <= couponRow.valid_to && forLicense;
    const kind = couponRow.kind === 'amount' ? 'amount' : 'percent';
    coupon = {
      code: couponRow.code,
      kind,
      value: kind === 'amount' ? money(couponRow.amount_cents ?? 0) : Number(couponRow.percent_off ?? 0),
      validTo: couponRow.valid_to,
      applies,
    };
    if (applies) {
      discountCents =
        kind === 'amount'
          ? Math.min(subtotalCents, Number(couponRow.amount_cents ?? 0))
          : Math.round((subtotalCents * Number(couponRow.percent_off ?? 0)) / 100);
    }
  }

  return {
    plan: {
      license,
      addons,
      lines: priced.map((line) => ({
        kind: line.kind,
        name: line.name,
        monthly: line.cents === null ? null : money(line.cents),
      })),
      coupon,
      subtotal: money(subtotalCents),
      discount: money(discountCents),
      monthlyTotal: money(subtotalCents - discountCents),
      currency: PLATFORM_CURRENCY,
    },
    lines: priced.map((line) => ({
      description: line.kind === 'license' ? `${line.name} licence` : `${line.name} add-on`,
      cents: line.cents ?? 0,
    })),
    subtotalCents,
    discountCents,
  };
}

/** `YYYY-MM` of the month `offset` months from the one holding `at` (UTC). */
function monthOf(at: number, offset = 0): string {
  const date = new Date(at);
  const month = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
  return month.toISOString().slice(0, 7);
}

/** Midnight UTC of the first day after the month `period`. */
function monthEnd(period: string): number {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return Date.UTC(year, month, 1);
}

class AlreadyIssued extends Error {}

/**
 * Issues the invoices of every complete month not invoiced yet (at most 12 back): normally the
 * months after the one the company was created in; for the demo data the last `months` months,
 * all paid but the latest. Priced at the plan of the moment of issue; numbered from the company's
 * own counter in the same transaction. Two requests issuing at once: one wins, the other stops.
 */
export async function issueInvoices(
  db: Kysely<Database>,
  companyId: number,
  now: number,
  options: { months?: number; demo?: boolean } = {},
): Promise<number> {
  const company = await db.selectFrom('companies').select('created_at').where('id', '=', companyId).executeTakeFirst();
  if (!company) return 0;
  const last = monthOf(now, -1);
  const first = options.demo ? monthOf(now, -(options.months ?? 6)) : monthOf(Number(company.created_at), 1);
  const issued = new Set(
    (await db.selectFrom('platform_invoices').select('period').where('company_id', '=', companyId).execute()).map(
      (r) => r.period,
    ),
  );
  const periods: string[] = [];
  for (let offset = -12; offset <= -1; offset += 1) {
    const period = monthOf(now, offset);
    if (period >= first && period <= last && !issued.has(period)) periods.push(period);
  }
  if (periods.length === 0) return 0;

  const priced = await pricePlan(db, companyId, now);
  const profile = await db
    .selectFrom('company_profiles as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .leftJoin('company_billing as b', 'b.company_id', 'p.company_id')
    .selectAll('p')
    .select(['c.name as trading_name', 'b.contact_email'])
    .where('p.company_id', '=', companyId)
    .executeTakeFirst();
  const billedTo: PlatformInvoice['billedTo'] = {
    name: profile?.trading_name ?? '',
    legalName: profile?.legal_name ?? '',
    address: profile ? addressOf(profile) : { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
    taxId: profile?.tax_id ?? '',
    email: profile?.contact_email ?? '',
  };
  // The lines of the plan, and the coupon that made the discount (shown under the subtotal).
  const content = {
    lines: priced.lines,
    couponCode: priced.discountCents > 0 && priced.plan.coupon ? priced.plan.coupon.code : null,
  };

  try {
    await db.transaction().execute(async (trx) => {
      const firstNumber = await reserveNumbers(trx, companyId, 'platform_invoice', periods.length);
      for (const [index, period] of periods.entries()) {
        const issuedAt = monthEnd(period);
        const latest = index === periods.length - 1;
        const status: PlatformInvoiceStatus = options.demo && !latest ? 'paid' : 'open';
        const inserted = await trx
          .insertInto('platform_invoices')
          .values({
            company_id: companyId,
            number: firstNumber + index,
            period,
            issued_at: issuedAt,
            due_at: issuedAt + 14 * DAY_MS,
            status,
            paid_at: status === 'paid' ? issuedAt + 3 * DAY_MS : null,
            currency: PLATFORM_CURRENCY,
            subtotal_cents: priced.subtotalCents,
            discount_cents: priced.discountCents,
            total_cents: priced.subtotalCents - priced.discountCents,
            lines_json: JSON.stringify(content),
            billed_to_json: JSON.stringify(billedTo),
          })
          .onConflict((oc) => oc.columns(['company_id', 'period']).doNothing())
          .returning('id')
          .executeTakeFirst();
        // Another request issued this month meanwhile: give the numbers back, keep its invoices.
        if (!inserted) throw new AlreadyIssued();
      }
    });
  } catch (error) {
    if (error instanceof AlreadyIssued) return 0;
    throw error;
  }
  return periods.length;
}
