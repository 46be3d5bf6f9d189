import type { Kysely } from 'kysely';
import { allBackofficePermissionNames } from '@hive/shared/menu';
import type { AddonName, LicenseName } from '@hive/shared/config';
import type { Database } from '../../database';
import { INVITED_PASSWORD_HASH, addUserPermissions, insertUserUnlessTaken } from '../auth';
import { addCompanyAddons, insertCompanyUnlessTaken } from '../companies';

/*
 * Demo rows for the admin console: more companies (so lists page), merchant accounts, support
 * tickets, coupons and base prices. Idempotent and cheap: every row has a natural key and is
 * inserted with ON CONFLICT DO NOTHING; children are added only with a parent just inserted.
 * The extra companies' owners are invited users without a password (no scrypt work at start).
 */

const DAY = 86_400_000;
/** Not a scrypt record, so no password matches: the owner must use a reset link first. */
const NO_PASSWORD = INVITED_PASSWORD_HASH;

interface ExtraCompany {
  name: string;
  slug: string;
  license: LicenseName;
  addons: AddonName[];
  suspended?: boolean;
}

const EXTRA_COMPANIES: ExtraCompany[] = [
  { name: 'Harbor Books', slug: 'harbor-books', license: 'Retail', addons: ['Loyalty'] },
  {
    name: 'Maple Street Bakery',
    slug: 'maple-street-bakery',
    license: 'Restaurant',
    addons: ['Ordering Online', 'Kiosk'],
  },
  { name: 'Sunset Tacos', slug: 'sunset-tacos', license: 'Restaurant', addons: ['Scheduling', 'Loyalty'] },
  { name: 'Pixel Repair Lab', slug: 'pixel-repair-lab', license: 'Invoice', addons: ['Invoicing'] },
  { name: 'Northwind Café', slug: 'northwind-cafe', license: 'Restaurant', addons: ['Item Modifiers'] },
  { name: 'Cedar & Sage Spa', slug: 'cedar-sage-spa', license: 'Invoice', addons: ['Invoicing', 'Scheduling'] },
  { name: 'Riverbend Hardware', slug: 'riverbend-hardware', license: 'Retail', addons: ['Inventory'] },
  { name: 'Golden Wok', slug: 'golden-wok', license: 'Restaurant', addons: ['Ordering Online'], suspended: true },
  { name: 'Bright Smiles Dental', slug: 'bright-smiles-dental', license: 'Invoice', addons: [] },
  { name: 'Metro Florist', slug: 'metro-florist', license: 'Retail', addons: ['Kiosk'] },
  { name: 'Urban Threads', slug: 'urban-threads', license: 'Retail', addons: ['Loyalty', 'Inventory'] },
  { name: 'Lakeside Diner', slug: 'lakeside-diner', license: 'Restaurant', addons: ['Scheduling'] },
  {
    name: 'Summit Outfitters',
    slug: 'summit-outfitters',
    license: 'Retail',
    addons: ['Inventory', 'Loyalty', 'Kiosk'],
  },
  { name: 'Copper Kettle Brewing', slug: 'copper-kettle-brewing', license: 'Restaurant', addons: ['Loyalty'] },
  { name: 'Bloom Yoga Studio', slug: 'bloom-yoga-studio', license: 'Invoice', addons: ['Scheduling'] },
  { name: 'Velvet Records', slug: 'velvet-records', license: 'Retail', addons: [], suspended: true },
  { name: 'Little Sprouts Toys', slug: 'little-sprouts-toys', license: 'Retail', addons: ['Item Modifiers'] },
  { name: 'Oak & Ivy Law', slug: 'oak-ivy-law', license: 'Invoice', addons: ['Invoicing'] },
  { name: 'Peak Fitness', slug: 'peak-fitness', license: 'Retail', addons: ['Scheduling', 'Kiosk'] },
];

const MERCHANT_ACCOUNTS: {
  slug: string;
  legal: string;
  last4: string;
  status: string;
  reason?: string;
  age: number;
}[] = [
  { slug: 'corner-market', legal: 'Corner Market LLC', last4: '4821', status: 'active', age: 120 },
  { slug: 'blue-door-bistro', legal: 'Blue Door Hospitality Inc.', last4: '1177', status: 'pending', age: 3 },
  {
    slug: 'atlas-consulting',
    legal: 'Atlas Consulting Partners',
    last4: '9034',
    status: 'rejected',
    reason: 'The bank statement does not match the legal name on file.',
    age: 20,
  },
  { slug: 'tiny-kiosk', legal: 'Tiny Kiosk Co.', last4: '5550', status: 'pending', age: 1 },
  { slug: 'harbor-books', legal: 'Harbor Books Ltd.', last4: '2210', status: 'active', age: 200 },
  { slug: 'maple-street-bakery', legal: 'Maple Street Bakery LLC', last4: '7781', status: 'pending', age: 5 },
  { slug: 'sunset-tacos', legal: 'Sunset Tacos & Co.', last4: '3302', status: 'active', age: 90 },
  { slug: 'green-leaf-grocers', legal: 'Green Leaf Grocers Cooperative', last4: '6604', status: 'pending', age: 2 },
  {
    slug: 'golden-wok',
    legal: 'Golden Wok Restaurant Group',
    last4: '4410',
    status: 'rejected',
    reason: 'Business licence expired; ask for a current one.',
    age: 40,
  },
  { slug: 'urban-threads', legal: 'Urban Threads Apparel', last4: '8899', status: 'active', age: 60 },
];

interface DemoTicket {
  ref: string;
  slug: string;
  subject: string;
  status: string;
  age: number;
  messages: { from: 'merchant' | 'staff'; body: string }[];
  /** A plan request (Settings › Billing): the plan asked for, which staff can apply from the ticket. */
  plan?: { license: string; addons: string[] };
}

const TICKETS: DemoTicket[] = [
  {
    ref: 'HIVE-1001',
    slug: 'corner-market',
    subject: 'Receipt printer stopped printing logos',
    status: 'open',
    age: 2,
    messages: [
      { from: 'merchant', body: 'Since yesterday the receipts print without our logo. Text is fine.' },
      { from: 'staff', body: 'Thanks! Which printer model is it, and did the terminal update overnight?' },
      { from: 'merchant', body: 'Epson TM-m30III, and yes, there was an update.' },
    ],
  },
  {
    ref: 'HIVE-1002',
    slug: 'blue-door-bistro',
    subject: 'Online orders arrive twice',
    status: 'pending',
    age: 4,
    messages: [
      { from: 'merchant', body: 'Some online orders show up twice in the kitchen display.' },
      { from: 'staff', body: 'We found a retry issue and deployed a fix. Can you confirm tonight?' },
    ],
  },
  {
    ref: 'HIVE-1003',
    slug: 'atlas-consulting',
    subject: 'QuickBooks sync: invoices missing tax lines',
    status: 'open',
    age: 1,
    messages: [{ from: 'merchant', body: 'Invoices synced to QuickBooks have no tax lines since Monday.' }],
  },
  {
    ref: 'HIVE-1004',
    slug: 'tiny-kiosk',
    subject: 'How do I add a second kiosk banner?',
    status: 'closed',
    age: 15,
    messages: [
      { from: 'merchant', body: 'Where can I upload a second banner for the kiosk?' },
      { from: 'staff', body: 'Devices > Kiosk banners > Add banner. Up to five banners rotate.' },
      { from: 'merchant', body: 'Found it, thank you!' },
    ],
  },
  {
    ref: 'HIVE-1005',
    slug: 'harbor-books',
    subject: 'Loyalty points not shown on receipts',
    status: 'open',
    age: 3,
    messages: [{ from: 'merchant', body: 'Customers ask why their points balance is missing from receipts.' }],
  },
  {
    ref: 'HIVE-1006',
    slug: 'sunset-tacos',
    subject: 'Schedule export to CSV',
    status: 'pending',
    age: 6,
    messages: [
      { from: 'merchant', body: 'Can we export next week\u2019s schedule as CSV for payroll?' },
      { from: 'staff', body: 'Not yet; the payroll report has a CSV button. Would that cover it?' },
    ],
  },
  {
    ref: 'HIVE-1007',
    slug: 'golden-wok',
    subject: 'Account suspended: how to reactivate?',
    status: 'open',
    age: 8,
    messages: [{ from: 'merchant', body: 'Our account was suspended. What do we need to send you?' }],
  },
  {
    ref: 'HIVE-1008',
    slug: 'urban-threads',
    subject: 'Stock transfer between stores shows wrong quantity',
    status: 'closed',
    age: 30,
    messages: [
      { from: 'merchant', body: 'A transfer of 12 units arrived as 21.' },
      { from: 'staff', body: 'Fixed in 4.2: quantities were swapped on the receiving side.' },
    ],
  },
  {
    ref: 'HIVE-1009',
    slug: 'tiny-kiosk',
    subject: 'Plan change request: Retail with Kiosk, Loyalty',
    status: 'open',
    age: 1,
    messages: [
      {
        from: 'merchant',
        body: 'Current plan: Retail, no add-ons.\nRequested plan: Retail with Kiosk, Loyalty.\n\nWe are adding a self-order kiosk next month.',
      },
    ],
    plan: { license: 'Retail', addons: ['Kiosk', 'Loyalty'] },
  },
];

/** Validity in days relative to the seeding day, so the demo looks current whenever it starts. */
const COUPONS = [
  {
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    from: -60,
    to: 300,
    max: null,
    used: 37,
    licenses: ['Retail', 'Restaurant', 'Invoice'],
    active: 1,
  },
  {
    code: 'SPRING25',
    kind: 'percent',
    value: 25,
    from: 20,
    to: 110,
    max: 200,
    used: 0,
    licenses: ['Retail', 'Restaurant'],
    active: 1,
  },
  {
    code: 'RESTO15',
    kind: 'percent',
    value: 15,
    from: -30,
    to: 150,
    max: 100,
    used: 41,
    licenses: ['Restaurant'],
    active: 1,
  },
  {
    code: 'RETAIL5OFF',
    kind: 'amount',
    value: 500,
    from: -10,
    to: 170,
    max: null,
    used: 8,
    licenses: ['Retail'],
    active: 1,
  },
  {
    code: 'INVOICE20',
    kind: 'percent',
    value: 20,
    from: -90,
    to: 90,
    max: 50,
    used: 50,
    licenses: ['Invoice'],
    active: 1,
  },
  {
    code: 'PARTNER-50',
    kind: 'amount',
    value: 5000,
    from: -45,
    to: 320,
    max: 10,
    used: 3,
    licenses: ['Retail', 'Restaurant', 'Invoice'],
    active: 1,
  },
  {
    code: 'BLACKFRIDAY',
    kind: 'percent',
    value: 40,
    from: -360,
    to: -356,
    max: 500,
    used: 312,
    licenses: ['Retail'],
    active: 0,
  },
  {
    code: 'LAUNCH2025',
    kind: 'amount',
    value: 2000,
    from: -700,
    to: -335,
    max: null,
    used: 95,
    licenses: ['Retail', 'Restaurant', 'Invoice'],
    active: 0,
  },
] as const;

const day = (now: number, offset: number) => new Date(now + offset * DAY).toISOString().slice(0, 10);

/** Monthly base prices in cents, with the earlier price where there was one. */
const PRICES: { kind: 'license' | 'addon'; name: string; cents: number; was?: number }[] = [
  { kind: 'license', name: 'Retail', cents: 4900, was: 4500 },
  { kind: 'license', name: 'Restaurant', cents: 6900, was: 5900 },
  { kind: 'license', name: 'Invoice', cents: 2900 },
  { kind: 'addon', name: 'Item Modifiers', cents: 900 },
  { kind: 'addon', name: 'Loyalty', cents: 1500, was: 1200 },
  { kind: 'addon', name: 'Invoicing', cents: 1200 },
  { kind: 'addon', name: 'Inventory', cents: 2500 },
  { kind: 'addon', name: 'Scheduling', cents: 1900 },
  { kind: 'addon', name: 'Ordering Online', cents: 2900 },
  { kind: 'addon', name: 'Kiosk', cents: 3500 },
];

export async function seedAdminDemo(db: Kysely<Database>, { now }: { now: number }): Promise<void> {
  const known = new Set(
    (await db.selectFrom('permissions').select('id_permission').where('scope', '=', 'backoffice').execute()).map(
      (p) => p.id_permission,
    ),
  );
  const grants = allBackofficePermissionNames().filter((name) => known.has(name));

  for (const [index, company] of EXTRA_COMPANIES.entries()) {
    const createdAt = now - (300 - index * 11) * DAY;
    const companyId = await insertCompanyUnlessTaken(db, {
      name: company.name,
      slug: company.slug,
      license: company.license,
      language: 'en',
      status: company.suspended ? 'suspended' : 'active',
      created_at: createdAt,
    });
    if (companyId === undefined) continue;
    await addCompanyAddons(db, companyId, company.addons);
    const ownerId = await insertUserUnlessTaken(db, {
      email: `owner@${company.slug.replace(/-/g, '')}.test`,
      password_hash: NO_PASSWORD,
      is_admin: 0,
      role: 'admin',
      company_id: companyId,
      language: 'en',
      status: 'active',
      session_version: 0,
      created_at: createdAt,
      updated_at: createdAt,
    });
    if (ownerId !== undefined && grants.length > 0) {
      await addUserPermissions(
        db,
        grants.map((id_permission) => ({ user_id: ownerId, id_permission })),
      );
    }
  }

  const companies = new Map(
    (await db.selectFrom('companies').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]),
  );
  const owners = new Map(
    (
      await db
        .selectFrom('users')
        .select(['id', 'email', 'company_id'])
        .where('role', '=', 'admin')
        .where('is_admin', '=', 0)
        .orderBy('id')
        .execute()
    )
      .reverse()
      .map((row) => [row.company_id, row]),
  );
  const support = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', 'support@hive.test')
    .executeTakeFirst();

  for (const account of MERCHANT_ACCOUNTS) {
    const companyId = companies.get(account.slug);
    if (companyId === undefined) continue;
    const submitted = now - account.age * DAY;
    const decided = account.status === 'pending' ? null : submitted + DAY;
    await db
      .insertInto('merchant_accounts')
      .values({
        company_id: companyId,
        legal_name: account.legal,
        payout_last4: account.last4,
        status: account.status,
        rejection_reason: account.reason ?? null,
        submitted_at: submitted,
        decided_at: decided,
        decided_by: decided === null ? null : 'distributor@hive.test',
      })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
  }

  for (const ticket of TICKETS) {
    const companyId = companies.get(ticket.slug);
    if (companyId === undefined) continue;
    const opened = now - ticket.age * DAY;
    const inserted = await db
      .insertInto('support_tickets')
      .values({
        ref: ticket.ref,
        company_id: companyId,
        subject: ticket.subject,
        status: ticket.status,
        created_at: opened,
        updated_at: opened + (ticket.messages.length - 1) * 3_600_000,
        plan_request_json: ticket.plan ? JSON.stringify(ticket.plan) : null,
      })
      .onConflict((oc) => oc.column('ref').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    const owner = owners.get(companyId);
    await db
      .insertInto('support_messages')
      .values(
        ticket.messages.map((message, i) => {
          const staff = message.from === 'staff';
          return {
            ticket_id: inserted.id,
            author_user_id: staff ? (support?.id ?? null) : (owner?.id ?? null),
            author_email: staff
              ? (support?.email ?? 'support@hive.test')
              : (owner?.email ?? `owner@${ticket.slug}.test`),
            from_staff: staff ? 1 : 0,
            body: message.body,
            created_at: opened + i * 3_600_000,
          };
        }),
      )
      .execute();
  }

  for (const [index, coupon] of COUPONS.entries()) {
    const at = now - (60 - index * 5) * DAY;
    await db
      .insertInto('coupons')
      .values({
        code: coupon.code,
        kind: coupon.kind,
        percent_off: coupon.kind === 'percent' ? coupon.value : null,
        amount_cents: coupon.kind === 'amount' ? coupon.value : null,
        valid_from: day(now, coupon.from),
        valid_to: day(now, coupon.to),
        max_redemptions: coupon.max,
        redemptions: coupon.used,
        licenses_json: JSON.stringify(coupon.licenses),
        active: coupon.active,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
  }

  for (const price of PRICES) {
    const changedAt = now - 30 * DAY;
    const launchedAt = now - 400 * DAY;
    const inserted = await db
      .insertInto('base_prices')
      .values({
        item_kind: price.kind,
        item_name: price.name,
        monthly_cents: price.cents,
        updated_at: price.was === undefined ? launchedAt : changedAt,
        updated_by: price.was === undefined ? null : 'billing@hive.test',
      })
      .onConflict((oc) => oc.columns(['item_kind', 'item_name']).doNothing())
      .returning('item_name')
      .executeTakeFirst();
    if (!inserted) continue;
    const history = [
      { cents: price.was ?? price.cents, previous: null, at: launchedAt, by: null, note: 'Launch price' },
      ...(price.was === undefined
        ? []
        : [{ cents: price.cents, previous: price.was, at: changedAt, by: 'billing@hive.test', note: 'Yearly review' }]),
    ];
    await db
      .insertInto('base_price_history')
      .values(
        history.map((h) => ({
          item_kind: price.kind,
          item_name: price.name,
          monthly_cents: h.cents,
          previous_cents: h.previous,
          note: h.note,
          changed_at: h.at,
          changed_by: h.by,
        })),
      )
      .execute();
  }
}
