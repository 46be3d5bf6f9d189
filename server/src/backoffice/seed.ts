import type { Kysely } from 'kysely';
import { DEMO_COMPANIES } from '../db/demo';
import { reserveNumbers } from '../db/counters';
import type { Database } from '../db/schema';
import { lineTaxes, type AppliedTax } from '@hive/shared/schemas/backoffice/settings';
import { DEMO_CATALOGS, DEMO_CUSTOMER_PARTS, FALLBACK_CATALOG_SLUG, type DemoCatalog } from './catalog';
import { chargedTaxes } from './settings';
import { seedTeamDemo } from './team';
import { seedDevicesDemo } from './devices/demo';

/*
 * Demo catalog, customers and 90 days of sales for every demo company. Deterministic (a PRNG seeded
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

  if (sales && (await countOf(db, 'receipts', companyId)) === 0) {
    const generated = await seedSales(db, companyId, slug, catalog, now);
    result.receipts = generated.receipts;
    result.lines = generated.lines;
  }
  return result;
}

interface PlannedLine {
  item_id: number;
  name: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  taxes: AppliedTax[];
}

interface PlannedReceipt {
  number: number;
  kind: 'sale' | 'refund';
  at: number;
  customerId: number | null;
  lines: PlannedLine[];
  /** For a refund: the number of the sale it refunds. */
  refundOf?: number;
  locationId: number | null;
  orderTypeId: number | null;
}

async function seedSales(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  catalog: DemoCatalog,
  now: number,
): Promise<{ receipts: number; lines: number }> {
  const items = await db
    .selectFrom('items')
    .select(['id', 'name', 'sku', 'price_cents'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  if (items.length === 0) return { receipts: 0, lines: 0 };
  const taxes = await chargedTaxes(
    db,
    companyId,
    items.map((it) => it.id),
  );
  const where = await salesPlaces(db, companyId, slug);
  const customers = (
    await db.selectFrom('customers').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((row) => row.id);

  // Popularity from the catalog (by SKU); items added by hand sell now and then.
  const weightBySku = new Map(catalog.categories.flatMap((c) => c.items.map((it) => [it.sku, it.weight] as const)));
  const weights = items.map((it) => weightBySku.get(it.sku) ?? 0.5);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const random = createRandom(`${slug}:sales`);
  const pickItem = () => {
    let r = random() * weightSum;
    for (let k = 0; k < items.length; k += 1) {
      r -= weights[k]!;
      if (r <= 0) return items[k]!;
    }
    return items[items.length - 1]!;
  };

  const { perDay, weekday, hours, maxLines, maxQty, refundRate } = catalog.sales;
  const hourTotal = hours.reduce((a, b) => a + b, 0);
  const pickHour = () => {
    let r = random() * hourTotal;
    for (let h = 0; h < 24; h += 1) {
      r -= hours[h]!;
      if (r < 0) return h;
    }
    return 23;
  };
  const firstDay = Math.floor(now / DAY_MS) * DAY_MS - (DEMO_SALES_DAYS - 1) * DAY_MS;
  const planned: PlannedReceipt[] = [];
  for (let day = 0; day < DEMO_SALES_DAYS; day += 1) {
    const dayStart = firstDay + day * DAY_MS;
    // A gentle upward trend and some day-to-day noise, so "change vs previous period" says something.
    const trend = 0.85 + (0.3 * day) / DEMO_SALES_DAYS;
    const noise = 0.8 + random() * 0.4;
    const count = Math.round(perDay * weekday[new Date(dayStart).getUTCDay()]! * trend * noise);
    const times: number[] = [];
    for (let k = 0; k < count; k += 1) {
      const at = dayStart + pickHour() * 3_600_000 + Math.floor(random() * 3_600_000);
      if (at <= now) times.push(at);
    }
    times.sort((a, b) => a - b);
    for (const at of times) {
      const lineCount = 1 + Math.floor(random() * random() * maxLines);
      const lines = new Map<number, PlannedLine>();
      for (let k = 0; k < lineCount; k += 1) {
        const item = pickItem();
        const quantity = 1 + Math.floor(random() * random() * maxQty);
        const existing = lines.get(item.id);
        if (existing) {
          existing.quantity += quantity;
          existing.total_cents = existing.quantity * existing.unit_price_cents;
        } else {
          lines.set(item.id, {
            item_id: item.id,
            name: item.name,
            quantity,
            unit_price_cents: item.price_cents,
            total_cents: quantity * item.price_cents,
            taxes: taxes.get(item.id) ?? [],
          });
        }
      }
      const customerId =
        customers.length > 0 && random() < 0.3 ? customers[Math.floor(random() * customers.length)]! : null;
      planned.push({ number: 0, kind: 'sale', at, customerId, lines: [...lines.values()], ...where() });
    }
  }
  // Refunds: a few sales are returned within the next two days (if that is already in the past).
  const refunds: PlannedReceipt[] = [];
  const refundedSale: PlannedReceipt[] = [];
  for (const sale of planned) {
    if (random() >= refundRate) continue;
    const at = sale.at + Math.floor((0.05 + random() * 1.95) * DAY_MS);
    if (at > now) continue;
    refunds.push({
      number: 0,
      kind: 'refund',
      at,
      customerId: sale.customerId,
      lines: sale.lines,
      locationId: sale.locationId,
      orderTypeId: sale.orderTypeId,
    });
    refundedSale.push(sale);
  }
  const all = [...planned, ...refunds].sort((a, b) => a.at - b.at || (a.kind === 'sale' ? -1 : 1));
  // Numbers from the company's receipt counter, like every numbered document (db/counters.ts).
  const first = await reserveNumbers(db, companyId, 'receipt', all.length);
  all.forEach((receipt, index) => (receipt.number = first + index));
  refunds.forEach((refund, k) => (refund.refundOf = refundedSale[k]!.number));

  // The same tax rule as every sale (included tax inside the price, added tax on top).
  const amounts = (lines: PlannedLine[]) => {
    const taxed = lines.map((l) => lineTaxes(l.total_cents, l.taxes));
    const subtotal = taxed.reduce((sum, t) => sum + t.netCents, 0);
    const tax = taxed.reduce((sum, t) => sum + t.includedCents + t.addedCents, 0);
    return { net_cents: subtotal, tax_cents: tax, total_cents: subtotal + tax, gross_cents: subtotal + tax };
  };

  // Sales first, then refunds (which point at their sale's id).
  await insertBatched(
    db,
    'receipts',
    planned.map((r) => ({
      company_id: companyId,
      number: r.number,
      kind: 'sale',
      customer_id: r.customerId,
      refund_of: null,
      ...amounts(r.lines),
      created_at: r.at,
      location_id: r.locationId,
      order_type_id: r.orderTypeId,
    })),
  );
  const idByNumber = async () =>
    new Map(
      (await db.selectFrom('receipts').select(['id', 'number']).where('company_id', '=', companyId).execute()).map(
        (row) => [row.number, row.id],
      ),
    );
  const saleIds = await idByNumber();
  await insertBatched(
    db,
    'receipts',
    refunds.map((r) => ({
      company_id: companyId,
      number: r.number,
      kind: 'refund',
      customer_id: r.customerId,
      refund_of: saleIds.get(r.refundOf!) ?? null,
      ...amounts(r.lines),
      created_at: r.at,
      location_id: r.locationId,
      order_type_id: r.orderTypeId,
    })),
  );
  const ids = refunds.length > 0 ? await idByNumber() : saleIds;
  const lineRows = all.flatMap((r) =>
    r.lines.map((l) => ({
      receipt_id: ids.get(r.number)!,
      company_id: companyId,
      item_id: l.item_id,
      name: l.name,
      quantity: l.quantity,
      unit_price_cents: l.unit_price_cents,
      total_cents: l.total_cents,
    })),
  );
  await insertBatched(db, 'receipt_lines', lineRows);
  return { receipts: all.length, lines: lineRows.length };
}

/**
 * Where each demo sale happens: mostly at the first location; a restaurant's sales are dine-in,
 * takeaway or delivery. A random stream of its own, so the sales themselves stay as they were.
 */
async function salesPlaces(db: Kysely<Database>, companyId: number, slug: string) {
  const locations = (
    await db
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute()
  ).map((l) => l.id);
  const company = await db.selectFrom('companies').select('license').where('id', '=', companyId).executeTakeFirst();
  const types = new Map(
    (
      await db
        .selectFrom('order_types')
        .select(['id', 'builtin'])
        .where('company_id', '=', companyId)
        .where('builtin', 'is not', null)
        .execute()
    ).map((t) => [t.builtin, t.id]),
  );
  const restaurant = company?.license.toLowerCase() === 'restaurant';
  const random = createRandom(`${slug}:places`);
  return () => {
    const r = random();
    const locationId =
      locations.length === 0
        ? null
        : locations.length === 1 || r < 0.75
          ? locations[0]!
          : locations[1 + Math.floor(random() * (locations.length - 1))]!;
    let orderTypeId: number | null = null;
    if (restaurant) {
      const t = random();
      orderTypeId =
        (t < 0.65 ? types.get('dine_in') : t < 0.95 ? types.get('takeaway') : types.get('delivery')) ?? null;
    }
    return { locationId, orderTypeId };
  };
}
