import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Online ordering tables. Frozen in time (typed against `unknown`). The storefront menu is the
 * back-office catalog (`items`, `categories`); only the online extras (options) live here.
 */

function ids(db: Kysely<unknown>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    type: pg ? ('serial' as const) : ('integer' as const),
    build: (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

export const orderingMigrations: Record<string, Migration> = {
  '2026_04_100_ordering': {
    async up(db: Kysely<unknown>) {
      const id = ids(db);
      await db.schema
        .createTable('ordering_settings')
        .addColumn('company_id', 'integer', (c) => companyRef(c).primaryKey())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('taking_orders', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lead_minutes', 'integer', (c) => c.notNull().defaultTo(20))
        .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
        .addColumn('hours_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('ordering_item_options')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('ordering_item_options_item_idx')
        .on('ordering_item_options')
        .column('item_id')
        .execute();

      await db.schema
        .createTable('ordering_orders')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('public_id', 'text', (c) => c.notNull().unique())
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('customer_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('pickup_at', 'bigint', (c) => c.notNull())
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ordering_orders_company_number_uq')
        .on('ordering_orders')
        .columns(['company_id', 'number'])
        .unique()
        .execute();

      await db.schema
        .createTable('ordering_order_lines')
        .addColumn('id', id.type, id.build)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('ordering_orders.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('options_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
        .addColumn('tax_cents', 'integer', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ordering_order_lines_order_idx')
        .on('ordering_order_lines')
        .column('order_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['ordering_order_lines', 'ordering_orders', 'ordering_item_options', 'ordering_settings']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
};
