import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * The catalog's and customers' first tables (categories, items, customers). Frozen in time like the initial migration: typed
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

export const catalogMigration: Record<string, Migration> = {
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
};
