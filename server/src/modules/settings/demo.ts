import type { Kysely } from 'kysely';
import { type Address, type TaxType, EMPTY_ADDRESS } from '@hive/shared/schemas/backoffice/settings';
import type { Database } from '../../database';
import type { Reactions } from '../../module';
import { addressColumns } from './address';
import { ensureCompanySettings } from './defaults';
import { issueInvoices } from './invoices';

/** The demo's settings seeds: `locationsAdded` is what other modules do for a company's new locations. */
export interface SettingsDemoOptions {
  now: number;
  locationsAdded: Reactions['locationsAdded'];
}

/*
 * Settings of the demo companies: business information, one or two locations, tax rates matching
 * the demo catalogs' rates, a price level, the billing contact and a coupon. Idempotent: each part
 * is skipped when the company already has it (its owner may have changed it since).
 */

interface DemoLocation {
  name: string;
  address: Address;
  timezone: string;
  phone: string;
}

interface DemoSettings {
  legalName: string;
  taxId: string;
  email: string;
  phone: string;
  address: Address;
  currency: string;
  timezone: string;
  receiptHeader: string;
  receiptFooter: string;
  locations: DemoLocation[];
  /** `rate` in percent; the catalog's items get the rate with the same value. */
  taxes: { name: string; rate: number; type: TaxType; appliesToNewItems: boolean }[];
  priceLevels: {
    name: string;
    days: number[];
    startTime: string;
    endTime: string;
    /** Location names; empty = every location. */
    locations: string[];
  }[];
  contact: { name: string; email: string };
  coupon: string | null;
}

const address = (parts: Partial<Address>): Address => ({ ...EMPTY_ADDRESS, ...parts });

export const DEMO_SETTINGS: Record<string, DemoSettings> = {
  'corner-market': {
    legalName: 'Corner Market LLC',
    taxId: 'US-47-1234567',
    email: 'hello@cornermarket.test',
    phone: '+1 217 555 0142',
    address: address({
      line1: '12 Main Street',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701',
      country: 'US',
    }),
    currency: 'USD',
    timezone: 'America/Chicago',
    receiptHeader: 'Fresh every day, 7 am to 11 pm',
    receiptFooter: 'Thank you for shopping with us!\nReturns within 30 days with this receipt.',
    locations: [
      {
        name: 'Main Street',
        address: address({
          line1: '12 Main Street',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62701',
          country: 'US',
        }),
        timezone: 'America/Chicago',
        phone: '+1 217 555 0142',
      },
      {
        name: 'Station kiosk',
        address: address({
          line1: 'Union Station, Hall B',
          city: 'Springfield',
          region: 'IL',
          postalCode: '62702',
          country: 'US',
        }),
        timezone: 'America/Chicago',
        phone: '+1 217 555 0188',
      },
    ],
    // Shelf prices include tax (the demo receipts were always computed that way).
    taxes: [
      { name: 'Standard rate', rate: 8, type: 'included', appliesToNewItems: true },
      { name: 'Reduced rate (food)', rate: 2.5, type: 'included', appliesToNewItems: false },
    ],
    priceLevels: [{ name: 'Wholesale', days: [], startTime: '', endTime: '', locations: ['Main Street'] }],
    contact: { name: 'Dana Corner', email: 'owner@cornermarket.test' },
    coupon: 'RETAIL5OFF',
  },
  'blue-door-bistro': {
    legalName: 'Blue Door Bistro Ltd',
    taxId: 'GB 123 4567 89',
    email: 'table@bluedoor.test',
    phone: '+44 20 7946 0321',
    address: address({ line1: '4 Canal Walk', city: 'London', postalCode: 'N1 9GU', country: 'GB' }),
    currency: 'USD',
    timezone: 'Europe/London',
    receiptHeader: 'Table service from noon to 11 pm',
    receiptFooter: 'Service is not included.\nThank you, see you soon!',
    locations: [
      {
        name: 'Canal Walk',
        address: address({ line1: '4 Canal Walk', city: 'London', postalCode: 'N1 9GU', country: 'GB' }),
        timezone: 'Europe/London',
        phone: '+44 20 7946 0321',
      },
    ],
    // Menu prices plus tax (the storefront has always added it at checkout).
    taxes: [
      { name: 'Food and drink', rate: 10, type: 'added', appliesToNewItems: true },
      { name: 'Alcohol', rate: 21, type: 'added', appliesToNewItems: false },
      { name: 'Soft drinks (reduced)', rate: 4, type: 'added', appliesToNewItems: false },
    ],
    priceLevels: [{ name: 'Happy hour', days: [1, 2, 3, 4, 5], startTime: '17:00', endTime: '19:00', locations: [] }],
    contact: { name: 'Sam Okafor', email: 'owner@bluedoor.test' },
    coupon: 'RESTO15',
  },
  'atlas-consulting': {
    legalName: 'Atlas Consulting S.L.',
    taxId: 'ESB12345678',
    email: 'billing@atlas.test',
    phone: '+34 910 555 012',
    address: address({ line1: 'Calle de Alcalá 120', city: 'Madrid', postalCode: '28009', country: 'ES' }),
    currency: 'USD',
    timezone: 'Europe/Madrid',
    receiptHeader: 'Strategy, audits and training',
    receiptFooter: 'Payment within 30 days.',
    locations: [
      {
        name: 'Madrid office',
        address: address({ line1: 'Calle de Alcalá 120', city: 'Madrid', postalCode: '28009', country: 'ES' }),
        timezone: 'Europe/Madrid',
        phone: '+34 910 555 012',
      },
    ],
    taxes: [{ name: 'VAT', rate: 21, type: 'added', appliesToNewItems: true }],
    priceLevels: [],
    contact: { name: 'Irene Jensen', email: 'owner@atlas.test' },
    coupon: null,
  },
  'tiny-kiosk': {
    legalName: 'Tiny Kiosk',
    taxId: '',
    email: '',
    phone: '+1 555 0100',
    address: address({ line1: 'Pier 3', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' }),
    currency: 'USD',
    timezone: 'America/New_York',
    receiptHeader: 'Open every day on Pier 3',
    receiptFooter: 'Thanks!',
    locations: [
      {
        name: 'Pier 3',
        address: address({ line1: 'Pier 3', city: 'Portland', region: 'ME', postalCode: '04101', country: 'US' }),
        timezone: 'America/New_York',
        phone: '+1 555 0100',
      },
    ],
    taxes: [{ name: 'Sales tax', rate: 8, type: 'included', appliesToNewItems: true }],
    priceLevels: [],
    contact: { name: '', email: 'owner@tinykiosk.test' },
    coupon: null,
  },
  'green-leaf-grocers': {
    legalName: 'Green Leaf Grocers Cooperative',
    taxId: 'US-56-7654321',
    email: 'hello@greenleaf.test',
    phone: '+1 828 555 0160',
    address: address({
      line1: '418 Haywood Road',
      city: 'Asheville',
      region: 'NC',
      postalCode: '28806',
      country: 'US',
    }),
    currency: 'USD',
    timezone: 'America/New_York',
    receiptHeader: 'Local and organic, 8 am to 9 pm every day',
    receiptFooter: 'Thank you for shopping local!\nBring this receipt back within 14 days for returns.',
    locations: [
      {
        name: 'Haywood Road',
        address: address({
          line1: '418 Haywood Road',
          city: 'Asheville',
          region: 'NC',
          postalCode: '28806',
          country: 'US',
        }),
        timezone: 'America/New_York',
        phone: '+1 828 555 0160',
      },
    ],
    // Shelf prices before tax: food at the local rate, candy, soft drinks and the rest at the full one.
    taxes: [
      { name: 'Sales tax', rate: 7, type: 'added', appliesToNewItems: true },
      { name: 'Food (local rate)', rate: 2, type: 'added', appliesToNewItems: false },
    ],
    priceLevels: [],
    contact: { name: 'Nora Hale', email: 'owner@greenleaf.test' },
    coupon: null,
  },
};

/** Before the catalog: the catalog's items point at these tax rates, its receipts at these locations. */
export async function seedSettingsDemo(
  db: Kysely<Database>,
  { now, locationsAdded }: SettingsDemoOptions,
): Promise<void> {
  for (const [slug, demo] of Object.entries(DEMO_SETTINGS)) {
    const company = await db.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirst();
    if (!company) continue;
    await db.transaction().execute(async (trx) => {
      const companyId = company.id;
      const profile = await trx
        .insertInto('company_profiles')
        .values({
          company_id: companyId,
          legal_name: demo.legalName,
          tax_id: demo.taxId,
          email: demo.email,
          phone: demo.phone,
          ...addressColumns(demo.address),
          currency: demo.currency,
          timezone: demo.timezone,
          receipt_header: demo.receiptHeader,
          receipt_footer: demo.receiptFooter,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('company_id').doNothing())
        .returning('company_id')
        .executeTakeFirst();
      if (!profile) return; // seeded before: leave the owner's changes alone
      await trx
        .insertInto('company_billing')
        .values({
          company_id: companyId,
          contact_name: demo.contact.name,
          contact_email: demo.contact.email,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('company_id').doNothing())
        .execute();
      if (demo.locations.length > 0) {
        await trx
          .insertInto('locations')
          .values(
            demo.locations.map((l) => ({
              company_id: companyId,
              name: l.name,
              ...addressColumns(l.address),
              timezone: l.timezone,
              phone: l.phone,
              active: 1,
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (demo.taxes.length > 0) {
        await trx
          .insertInto('tax_rates')
          .values(
            demo.taxes.map((t) => ({
              company_id: companyId,
              name: t.name,
              rate_bp: Math.round(t.rate * 100),
              type: t.type,
              applies_to_new_items: t.appliesToNewItems ? 1 : 0,
              archived_at: null,
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      const locationIds = new Map(
        (await trx.selectFrom('locations').select(['id', 'name']).where('company_id', '=', companyId).execute()).map(
          (l) => [l.name, l.id],
        ),
      );
      for (const level of demo.priceLevels) {
        const created = await trx
          .insertInto('price_levels')
          .values({
            company_id: companyId,
            name: level.name,
            active: 1,
            days_mask: level.days.reduce((mask, day) => mask | (1 << day), 0),
            start_time: level.startTime,
            end_time: level.endTime,
            all_locations: level.locations.length === 0 ? 1 : 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const ids = level.locations.map((name) => locationIds.get(name)).filter((id) => id !== undefined);
        if (ids.length > 0) {
          await trx
            .insertInto('price_level_locations')
            .values(ids.map((id) => ({ price_level_id: created.id, location_id: id, company_id: companyId })))
            .execute();
        }
      }
      // Order and payment types are the defaults every company gets.
      await ensureCompanySettings(trx, companyId, now, { timezone: demo.timezone });
      await locationsAdded(trx, companyId, now);
    });
  }
}

/** Months of platform invoices issued for the demo data, the latest still open. */
export const DEMO_INVOICE_MONTHS = 6;

/**
 * After the admin console's demo data (coupons, more companies): every company gets its settings
 * defaults and six months of platform invoices; the demo companies their coupon.
 */
export async function seedBillingDemo(
  db: Kysely<Database>,
  { now, locationsAdded }: SettingsDemoOptions,
): Promise<void> {
  for (const [slug, demo] of Object.entries(DEMO_SETTINGS)) {
    if (!demo.coupon) continue;
    const company = await db.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirst();
    const coupon = await db.selectFrom('coupons').select('id').where('code', '=', demo.coupon).executeTakeFirst();
    if (!company || !coupon) continue;
    await db
      .updateTable('company_billing')
      .set({ coupon_id: coupon.id })
      .where('company_id', '=', company.id)
      .where('coupon_id', 'is', null)
      .execute();
  }
  const companies = await db.selectFrom('companies').select(['id']).orderBy('id').execute();
  for (const company of companies) {
    await ensureCompanySettings(db, company.id, now);
    await locationsAdded(db, company.id, now);
    const has = await db
      .selectFrom('platform_invoices')
      .select('id')
      .where('company_id', '=', company.id)
      .limit(1)
      .executeTakeFirst();
    if (!has) await issueInvoices(db, company.id, now, { months: DEMO_INVOICE_MONTHS, demo: true });
  }
}
