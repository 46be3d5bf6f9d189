import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Invoices to customers (issue 21): the invoice with its stored totals, its lines (the line's own
 * figures as entered, the tax rates as they were when it was saved), and the payments recorded
 * against it. The number comes from the company's 'invoice' counter when it is sent: drafts have
 * none, so a draft deleted leaves no gap. (number, company) is unique.
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

export const salesMigrations: Record<string, Migration> = {
  '2027_04_430_invoices': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('invoices')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer')
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('draft', 'sent', 'partial', 'paid', 'void')`),
        )
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('restrict'))
        .addColumn('issue_date', 'text', (c) => c.notNull())
        .addColumn('due_date', 'text', (c) => c.notNull())
        .addColumn('discount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
        .addColumn('tax_cents', 'bigint', (c) => c.notNull())
        .addColumn('total_cents', 'bigint', (c) => c.notNull())
        .addColumn('paid_cents', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`paid_cents >= 0`),
        )
        .addColumn('sent_at', 'bigint')
        .addColumn('void_reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoices_number_uq')
        .on('invoices')
        .columns(['company_id', 'number'])
        .unique()
        .where(sql.ref('number'), 'is not', null)
        .execute();
      await db.schema.createIndex('invoices_company_idx').on('invoices').columns(['company_id', 'status']).execute();
      await db.schema
        .createTable('invoice_lines')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('set null'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('quantity_hundredths', 'integer', (c) => c.notNull())
        .addColumn('unit_price_cents', 'bigint', (c) => c.notNull())
        .addColumn('discount_cents', 'bigint', (c) => c.notNull())
        /** JSON: [{taxRateId, name, rateBp, type}] as charged when saved. */
        .addColumn('taxes_json', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('invoice_lines_invoice_idx')
        .on('invoice_lines')
        .columns(['invoice_id', 'position'])
        .execute();
      await db.schema
        .createTable('invoice_payments')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('paid_on', 'text', (c) => c.notNull())
        .addColumn('payment_type_id', 'integer', (c) => c.references('payment_types.id').onDelete('set null'))
        .addColumn('payment_type_name', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('recorded_at', 'bigint', (c) => c.notNull())
        .addColumn('recorded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('invoice_payments_invoice_idx').on('invoice_payments').column('invoice_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('invoice_payments').ifExists().execute();
      await db.schema.dropTable('invoice_lines').ifExists().execute();
      await db.schema.dropTable('invoices').ifExists().execute();
    },
  },

  /*
   * Recurring invoices: a template (customer, lines, schedule) and one row per period it ran. The
   * unique (template, run date) is what makes the job idempotent: a restart, or two instances
   * running it at once, can create each period's invoice only once.
   */
  '2027_04_440_recurring_invoices': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('recurring_invoices')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('frequency', 'text', (c) => c.notNull().check(sql`frequency in ('weekly', 'monthly', 'yearly')`))
        .addColumn('interval', 'integer', (c) => c.notNull())
        .addColumn('start_date', 'text', (c) => c.notNull())
        .addColumn('end_date', 'text')
        .addColumn('due_days', 'integer', (c) => c.notNull())
        .addColumn('auto_send', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lines_json', 'text', (c) => c.notNull())
        .addColumn('discount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('active')
            .check(sql`status in ('active', 'paused', 'ended')`),
        )
        .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recurring_invoices_company_idx')
        .on('recurring_invoices')
        .column('company_id')
        .execute();
      await db.schema
        .createTable('recurring_runs')
        .addColumn('template_id', 'integer', (c) => c.notNull().references('recurring_invoices.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('run_date', 'text', (c) => c.notNull())
        .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('recurring_runs_pk', ['template_id', 'run_date'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('recurring_runs').ifExists().execute();
      await db.schema.dropTable('recurring_invoices').ifExists().execute();
    },
  },

  /** The QuickBooks account names each company's export posts to (JSON, see QbMapping). */
  '2027_04_450_quickbooks_mapping': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quickbooks_settings')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
        .addColumn('mapping_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('quickbooks_settings').ifExists().execute();
    },
  },

  /*
   * A bank transfer is how most invoices are paid and has no register payment type: it is the
   * payment's own method, with the reference the bank shows (what the merchant matches the
   * statement line with). Null keeps the old meaning: the payment type, or not said.
   */
  '2027_08_110_invoice_payment_method': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('invoice_payments')
        .addColumn('method', 'text', (c) => c.check(sql`method in ('bank_transfer')`))
        .execute();
      await db.schema
        .alterTable('invoice_payments')
        .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('invoice_payments').dropColumn('reference').execute();
      await db.schema.alterTable('invoice_payments').dropColumn('method').execute();
    },
  },
};
