import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Back-office tables (catalog, customers, sales). Frozen in time like the initial migration: typed
 * against `unknown`, portable SQL from the schema builder. Names sort after '2026_01_001_initial'.
 * Money is stored in integer cents, tax rates in basis points (2100 = 21.00 %), times in epoch ms.
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

export const backofficeMigrations: Record<string, Migration> = {
  '2026_02_100_backoffice_catalog': {
    async up(db: Kysely<unknown>) {
      const id = ids(db);
      await db.schema
        .createTable('categories')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('categories_company_name_uq')
        .on('categories')
        .columns(['company_id', 'name'])
        .unique()
        .execute();

      await db.schema
        .createTable('items')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sku', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('cost_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tax_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('track_stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('items_company_idx').on('items').columns(['company_id', 'name']).execute();
      await db.schema.createIndex('items_category_idx').on('items').column('category_id').execute();
      // An empty SKU means "none"; a real one is unique within the company.
      await db.schema
        .createIndex('items_company_sku_uq')
        .on('items')
        .columns(['company_id', 'sku'])
        .unique()
        .where(sql.ref('sku'), '<>', '')
        .execute();

      await db.schema
        .createTable('customers')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customers_company_idx').on('customers').columns(['company_id', 'name']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['customers', 'items', 'categories']) await db.schema.dropTable(table).ifExists().execute();
    },
  },

  '2026_02_110_backoffice_sales': {
    async up(db: Kysely<unknown>) {
      const id = ids(db);
      // A receipt is a sale or a refund (kind); amounts are positive either way.
      await db.schema
        .createTable('receipts')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('sale', 'refund')`))
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
        .addColumn('refund_of', 'integer', (c) => c.references('receipts.id').onDelete('set null'))
        .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('receipts_company_number_uq')
        .on('receipts')
        .columns(['company_id', 'number'])
        .unique()
        .execute();
      await db.schema
        .createIndex('receipts_company_time_idx')
        .on('receipts')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema.createIndex('receipts_customer_idx').on('receipts').column('customer_id').execute();

      await db.schema
        .createTable('receipt_lines')
        .addColumn('id', id.type, id.build)
        .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
        // The name as sold: a receipt keeps its text when the item is renamed or deleted.
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('receipt_lines_receipt_idx').on('receipt_lines').column('receipt_id').execute();
      await db.schema.createIndex('receipt_lines_item_idx').on('receipt_lines').column('item_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['receipt_lines', 'receipts']) await db.schema.dropTable(table).ifExists().execute();
    },
  },
};
