import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * The first sales tables (receipts and their lines), written with the back-office in 2026-02. Frozen in time like the initial migration: typed
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

export const firstSalesMigration: Record<string, Migration> = {
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
