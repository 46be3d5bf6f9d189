import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Settings (issue 16), frozen in time like every migration (typed against `unknown`, its own copy
 * of the defaults). Every row belongs to a company; money is BIGINT minor units, tax rates basis
 * points, times epoch ms.
 * - company_profiles / company_logos: business information (the trading name stays companies.name);
 *   the logo's bytes live in the database, so every instance serves them.
 * - locations: at least one per company.
 * - tax_rates + item_taxes: items point at tax rates instead of holding a bare `tax_rate_bp`. The
 *   existing rates become one rate per company and value, "included in the price" (what the item
 *   form told merchants), and `items.tax_rate_bp` goes.
 * - price_levels (+ their locations and per-item prices).
 * - order_types, payment_types: the defaults for every company; receipts and online orders name an
 *   order type (and receipts a location) from now on.
 * - company_billing, platform_invoices: the billing contact, the coupon staff applied, and the
 *   platform's monthly invoices to the company.
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function ids(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  return {
    type: pg ? ('serial' as const) : ('integer' as const),
    build: (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');
const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');

const ORDER_TYPES = [
  ['dine_in', 'Dine in'],
  ['takeaway', 'Takeaway'],
  ['delivery', 'Delivery'],
] as const;
const PAYMENT_TYPES = [
  ['cash', 'Cash', 1],
  ['card', 'Card', 0],
  ['gift_card', 'Gift card', 0],
  ['other', 'Other', 0],
] as const;

async function createTables(db: Kysely<unknown>): Promise<void> {
  const id = ids(db);
  const pg = isPostgres(db);

  await db.schema
    .createTable('company_profiles')
    .addColumn('company_id', 'integer', (c) => companyRef(c).primaryKey())
    .addColumn('legal_name', 'text', text)
    .addColumn('tax_id', 'text', text)
    .addColumn('email', 'text', text)
    .addColumn('phone', 'text', text)
    .addColumn('address_line1', 'text', text)
    .addColumn('address_line2', 'text', text)
    .addColumn('city', 'text', text)
    .addColumn('region', 'text', text)
    .addColumn('postal_code', 'text', text)
    .addColumn('country', 'text', text)
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('receipt_header', 'text', text)
    .addColumn('receipt_footer', 'text', text)
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('company_logos')
    .addColumn('company_id', 'integer', (c) => companyRef(c).primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('locations')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', text)
    .addColumn('address_line2', 'text', text)
    .addColumn('city', 'text', text)
    .addColumn('region', 'text', text)
    .addColumn('postal_code', 'text', text)
    .addColumn('country', 'text', text)
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('phone', 'text', text)
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('locations_company_name_uq')
    .on('locations')
    .columns(['company_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('tax_rates')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull().check(sql`rate_bp >= 0 and rate_bp <= 10000`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('added', 'included')`))
    .addColumn('applies_to_new_items', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tax_rates_company_name_uq')
    .on('tax_rates')
    .columns(['company_id', 'name'])
    .unique()
    .execute();

  // No ON DELETE on tax_rate_id: a rate that items use cannot be deleted, even in a race.
  await db.schema
    .createTable('item_taxes')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('tax_rate_id', 'integer', (c) => c.notNull().references('tax_rates.id'))
    .addColumn('company_id', 'integer', companyRef)
    .addPrimaryKeyConstraint('item_taxes_pk', ['item_id', 'tax_rate_id'])
    .execute();
  await db.schema.createIndex('item_taxes_rate_idx').on('item_taxes').column('tax_rate_id').execute();

  await db.schema
    .createTable('price_levels')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // Days as a bit mask (bit 0 = Sunday); 0 with no times = no schedule.
    .addColumn('days_mask', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_time', 'text', text)
    .addColumn('end_time', 'text', text)
    .addColumn('all_locations', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('price_levels_company_name_uq')
    .on('price_levels')
    .columns(['company_id', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('price_level_locations')
    .addColumn('price_level_id', 'integer', (c) => c.notNull().references('price_levels.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', companyRef)
    .addPrimaryKeyConstraint('price_level_locations_pk', ['price_level_id', 'location_id'])
    .execute();
  await db.schema
    .createIndex('price_level_locations_location_idx')
    .on('price_level_locations')
    .column('location_id')
    .execute();

  // An item's price at a level: its own price, or a percentage (basis points) of its base price.
  await db.schema
    .createTable('item_level_prices')
    .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('price_level_id', 'integer', (c) => c.notNull().references('price_levels.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode in ('price', 'percent')`))
    .addColumn('price_cents', 'bigint')
    .addColumn('percent_bp', 'integer')
    .addPrimaryKeyConstraint('item_level_prices_pk', ['item_id', 'price_level_id'])
    .execute();
  await db.schema.createIndex('item_level_prices_level_idx').on('item_level_prices').column('price_level_id').execute();

  for (const table of ['order_types', 'payment_types'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', id.type, id.build)
      .addColumn('company_id', 'integer', companyRef)
      .addColumn('name', 'text', (c) => c.notNull())
      // The default types keep their key (renamable, not deletable); the company's own have none.
      .addColumn('builtin', 'text')
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0));
    if (table === 'payment_types') {
      builder = builder.addColumn('cash_like', 'integer', (c) => c.notNull().defaultTo(0));
    }
    await builder
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex(`${table}_company_name_uq`)
      .on(table)
      .columns(['company_id', 'name'])
      .unique()
      .execute();
    await db.schema
      .createIndex(`${table}_company_builtin_uq`)
      .on(table)
      .columns(['company_id', 'builtin'])
      .unique()
      .where(sql.ref('builtin'), 'is not', null)
      .execute();
  }

  await db.schema
    .alterTable('receipts')
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('receipts')
    .addColumn('order_type_id', 'integer', (c) => c.references('order_types.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('ordering_orders')
    .addColumn('order_type_id', 'integer', (c) => c.references('order_types.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('receipts_order_type_idx').on('receipts').column('order_type_id').execute();
  await db.schema.createIndex('ordering_orders_order_type_idx').on('ordering_orders').column('order_type_id').execute();

  await db.schema
    .createTable('company_billing')
    .addColumn('company_id', 'integer', (c) => companyRef(c).primaryKey())
    .addColumn('contact_name', 'text', text)
    .addColumn('contact_email', 'text', text)
    // Set by staff in the admin console; the discount applies while the coupon is valid.
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('platform_invoices')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'paid')`))
    .addColumn('paid_at', 'bigint')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
    .addColumn('discount_cents', 'bigint', (c) => c.notNull())
    .addColumn('total_cents', 'bigint', (c) => c.notNull())
    // The lines (and the coupon) and who was billed, as issued: an invoice never changes after the fact.
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('billed_to_json', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('platform_invoices_company_period_uq')
    .on('platform_invoices')
    .columns(['company_id', 'period'])
    .unique()
    .execute();
  await db.schema
    .createIndex('platform_invoices_company_number_uq')
    .on('platform_invoices')
    .columns(['company_id', 'number'])
    .unique()
    .execute();
}

/** The settings every existing company needs from now on, and its items' rates as tax rates. */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  const companies = (
    await sql<{ id: number; name: string; timezone: string | null }>`
      select c.id, c.name, s.timezone from companies c
      left join ordering_settings s on s.company_id = c.id order by c.id`.execute(db)
  ).rows;
  for (const company of companies) {
    const timezone = company.timezone ?? 'UTC';
    await sql`insert into company_profiles (company_id, legal_name, timezone, updated_at)
      values (${company.id}, ${company.name}, ${timezone}, ${now})`.execute(db);
    await sql`insert into locations (company_id, name, timezone, created_at, updated_at)
      values (${company.id}, 'Main location', ${timezone}, ${now}, ${now})`.execute(db);
    for (const [position, [builtin, name]] of ORDER_TYPES.entries()) {
      await sql`insert into order_types (company_id, name, builtin, position, created_at, updated_at)
        values (${company.id}, ${name}, ${builtin}, ${position + 1}, ${now}, ${now})`.execute(db);
    }
    for (const [position, [builtin, name, cashLike]] of PAYMENT_TYPES.entries()) {
      await sql`insert into payment_types (company_id, name, builtin, cash_like, position, created_at, updated_at)
        values (${company.id}, ${name}, ${builtin}, ${cashLike}, ${position + 1}, ${now}, ${now})`.execute(db);
    }
    const rates = (
      await sql<{ tax_rate_bp: number }>`
        select distinct tax_rate_bp from items where company_id = ${company.id} and tax_rate_bp > 0
        order by tax_rate_bp`.execute(db)
    ).rows;
    for (const { tax_rate_bp: bp } of rates) {
      const percent = (Number(bp) / 100).toFixed(2).replace(/\.?0+$/, '');
      const created = (
        await sql<{ id: number }>`insert into tax_rates
          (company_id, name, rate_bp, type, applies_to_new_items, created_at, updated_at)
          values (${company.id}, ${`Tax ${percent} %`}, ${bp}, 'included', 0, ${now}, ${now})
          returning id`.execute(db)
      ).rows[0]!;
      await sql`insert into item_taxes (item_id, tax_rate_id, company_id)
        select id, ${created.id}, company_id from items where company_id = ${company.id} and tax_rate_bp = ${bp}`.execute(
        db,
      );
    }
  }
  // Online orders so far were pickup orders.
  await sql`update ordering_orders set order_type_id = (
    select t.id from order_types t where t.company_id = ordering_orders.company_id and t.builtin = 'takeaway')`.execute(
    db,
  );
  await db.schema.alterTable('items').dropColumn('tax_rate_bp').execute();
}

export const settingsMigrations: Record<string, Migration> = {
  '2026_12_100_settings': {
    async up(db: Kysely<unknown>) {
      await createTables(db);
      await backfill(db);
    },
    async down() {
      throw new Error('2026_12_100_settings cannot be undone: restore a backup instead.');
    },
  },
  // Issue 43: how the company's prices carry tax; companies so far got "added" rates by default.
  '2027_09_430_company_tax_mode': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('company_profiles')
        .addColumn('tax_mode', 'text', (c) => c.notNull().defaultTo('added'))
        .execute();
    },
  },
};
