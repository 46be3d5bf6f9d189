import type { Kysely } from 'kysely';
import type { Database } from '../database';
import {
  DEMO_CATALOGS,
  DEMO_CUSTOMER_PARTS,
  FALLBACK_CATALOG_SLUG,
  seedBundlesDemo,
  seedModifiersDemo,
  type DemoCatalog,
} from '../modules/catalog';
import { seedSchedulingDemo, seedTeamDemo } from '../modules/team';
import { seedDevicesDemo } from '../modules/devices';
import { seedHistory } from './history';
import { seedInventoryDemo } from '../modules/inventory';
import { seedLoyaltyDemo, seedRewardsDemo } from '../modules/rewards';
import { seedOffersDemo, seedPromotionsDemo } from '../modules/offers';
import { seedRecurringDemo, seedSalesDemo } from '../modules/invoicing';
import { DEMO_COMPANIES } from './personas';

/*
 * Demo catalog, customers and 90 days of sales (with shifts, payments and cash movements, the
 * roll-ups kept as every writer keeps them) for every demo company. Deterministic (a PRNG seeded
 * from the company slug; the dates are relative to `now`), idempotent (each part is skipped when the
 * company already has rows of that kind) and fast: one transaction per company, multi-row inserts.
 */

export const DEMO_SALES_DAYS = 90;
export const DEMO_CUSTOMERS = 50;
const DAY_MS = 86_400_000;
/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 400;

export interface BackofficeSeedOptions {
  now: number;
  /** Generate the 90 days of receipts (default true; tests that do not need them turn it off). */
  sales?: boolean;
  /** Hashes the demo employees' PINs (default: the PIN cost; the seed passes its password hasher). */
  hashPin?: (pin: string) => Promise<string>;
}

export interface BackofficeSeedResult {
  categories: number;
  items: number;
  customers: number;
  receipts: number;
  lines: number;
}

/** mulberry32: small, fast, good enough for demo data; seeded from a string hash (FNV-1a). */
export function createRandom(seedText: string): () => number {
  let seed = 0x811c9dc5;
  for (let k = 0; k < seedText.length; k += 1) seed = Math.imul(seed ^ seedText.charCodeAt(k), 0x01000193);
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (amount: number) => Math.round(amount * 100);

async function insertBatched<T extends keyof Database & string>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    // The row shapes are built right here for `table`; Kysely's per-table insert types add nothing.
    await db
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(start, start + BATCH) as any)
      .execute();
  }
}

export async function seedBackofficeDemo(
  db: Kysely<Database>,
  options: BackofficeSeedOptions,
): Promise<BackofficeSeedResult> {
  const total: BackofficeSeedResult = { categories: 0, items: 0, customers: 0, receipts: 0, lines: 0 };
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'slug'])
    .where(
      'slug',
      'in',
      DEMO_COMPANIES.map((c) => c.slug),
    )
    .execute();
  for (const company of companies) {
    const catalog = DEMO_CATALOGS[company.slug] ?? DEMO_CATALOGS[FALLBACK_CATALOG_SLUG]!;
    const result = await db
      .transaction()
      .execute((trx) => seedCompany(trx, company.id, company.slug, catalog, options));
    for (const key of Object.keys(total) as (keyof BackofficeSeedResult)[]) total[key] += result[key];
  }
  return total;
}

async function countOf(
  db: Kysely<Database>,
  table: 'categories' | 'customers' | 'receipts',
  companyId: number,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function seedCompany(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  catalog: DemoCatalog,
  { now, sales = true, hashPin }: BackofficeSeedOptions,
): Promise<BackofficeSeedResult> {
  const result: BackofficeSeedResult = { categories: 0, items: 0, customers: 0, receipts: 0, lines: 0 };

  if ((await countOf(db, 'categories', companyId)) === 0) {
    await insertBatched(
      db,
      'categories',
      catalog.categories.map((category, position) => ({
        company_id: companyId,
        name: category.name,
        color: category.color,
        position: position + 1,
        created_at: now,
        updated_at: now,
      })),
    );
    const categoryIds = new Map(
      (await db.selectFrom('categories').select(['id', 'name']).where('company_id', '=', companyId).execute()).map(
        (row) => [row.name, row.id],
      ),
    );
    const items = catalog.categories.flatMap((category) =>
      category.items.map((item) => ({
        company_id: companyId,
        category_id: categoryIds.get(category.name) ?? null,
        name: item.name,
        sku: item.sku,
        price_cents: cents(item.price),
        cost_cents: cents(item.cost),
        track_stock: item.track ? 1 : 0,
        active: 1,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertBatched(db, 'items', items);
    // Each item gets the company's tax rate of its catalog rate (Settings › Taxes), when there is one.
    const rates = await db
      .selectFrom('tax_rates')
      .select(['id', 'rate_bp'])
      .where('company_id', '=', companyId)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute();
    const itemIds = new Map(
      (await db.selectFrom('items').select(['id', 'sku']).where('company_id', '=', companyId).execute()).map((row) => [
        row.sku,
        row.id,
      ]),
    );
    const links = catalog.categories.flatMap((category) =>
      category.items.flatMap((item) => {
        const rate = rates.find((r) => r.rate_bp === Math.round(item.tax * 100));
        const id = itemIds.get(item.sku);
        return rate && id ? [{ item_id: id, tax_rate_id: rate.id, company_id: companyId }] : [];
      }),
    );
    await insertBatched(db, 'item_taxes', links);
    result.categories = catalog.categories.length;
    result.items = items.length;
  }

  if ((await countOf(db, 'customers', companyId)) === 0) {
    const random = createRandom(`${slug}:customers`);
    const { FIRST_NAMES, LAST_NAMES, NOTES } = DEMO_CUSTOMER_PARTS;
    const used = new Set<string>();
    const rows: Record<string, unknown>[] = [];
    while (rows.length < DEMO_CUSTOMERS) {
      const first = FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]!;
      const last = LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]!;
      const name = `${first} ${last}`;
      if (used.has(name)) continue;
      used.add(name);
      const n = rows.length;
      rows.push({
        company_id: companyId,
        name,
        // example.com and 555-01xx are reserved for fiction: no real person is mailed or called.
        email: n % 7 === 6 ? '' : `${first}.${last}@example.com`.toLowerCase(),
        phone: n % 5 === 4 ? '' : `+1 555-01${String(n).padStart(2, '0')}`,
        notes: NOTES[Math.floor(random() * NOTES.length)]!,
        points: Math.floor(random() * 40) * 25,
        created_at: now - (DEMO_SALES_DAYS + 10 - n) * DAY_MS,
        updated_at: now,
      });
    }
    await insertBatched(db, 'customers', rows);
    result.customers = rows.length;
  }

  // The register staff and the terminals, printers and banners (the sales below name them).
  await seedTeamDemo(db, companyId, slug, { now, hashPin });
  await seedDevicesDemo(db, companyId, slug, { now });

  // The loyalty ledger opens on the seeded balances; the add-on's companies earn points from here on.
  const addons = await db.selectFrom('company_addons').select('addon').where('company_id', '=', companyId).execute();
  await seedLoyaltyDemo(
    db,
    companyId,
    addons.map((a) => a.addon),
    now,
  );

  // Modifier groups before the sales: the registers' config offers them and the history sells them.
  await seedModifiersDemo(db, companyId, slug, now);
  if (sales && (await countOf(db, 'receipts', companyId)) === 0) {
    const generated = await seedSales(db, companyId, slug, catalog, now);
    result.receipts = generated.receipts;
    result.lines = generated.lines;
  }
  // Inventory (the add-on's companies): purchase orders and the rest, consistent with the sales above.
  await seedInventoryDemo(db, companyId, { now });
  // Bundles of catalog items (after the history, which sells single items).
  await seedBundlesDemo(db, companyId, slug, now);
  // Gift cards and discounts (Retail and Restaurant companies).
  await seedRewardsDemo(db, companyId, slug, now);
  await seedOffersDemo(db, companyId, slug, now);
  await seedPromotionsDemo(db, companyId, slug, now);
  // Invoices (the Invoice licence's company).
  await seedSalesDemo(db, companyId, slug, now);
  await seedRecurringDemo(db, companyId, slug, now);
  // Scheduling (the add-on's companies): weeks of shifts, clock entries and time off.
  await seedSchedulingDemo(db, companyId, slug, { now, random: createRandom(`schedule:${slug}`) });
  return result;
}

/** 90 days of sales through the register simulator's generator and the device ingest (history.ts). */
async function seedSales(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  catalog: DemoCatalog,
  now: number,
): Promise<{ receipts: number; lines: number }> {
  const items = await db.selectFrom('items').select(['id', 'sku']).where('company_id', '=', companyId).execute();
  // Popularity from the catalog (by SKU); items added by hand sell now and then.
  const weightBySku = new Map(catalog.categories.flatMap((c) => c.items.map((it) => [it.sku, it.weight] as const)));
  const customers = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const { receipts } = await seedHistory(db, companyId, {
    slug,
    now,
    days: DEMO_SALES_DAYS,
    profile: catalog.sales,
    weights: new Map(items.map((i) => [i.id, weightBySku.get(i.sku) ?? 0.5])),
    customerIds: customers.map((c) => c.id),
  });
  const lines = await db
    .selectFrom('receipt_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return { receipts, lines: Number(lines.n) };
}
