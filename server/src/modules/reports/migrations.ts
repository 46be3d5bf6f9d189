import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * The report roll-ups (issue 18), frozen in time like every migration. Each table adds up receipts
 * by a key whose first columns are (company_id, day): every report reads a range of local days of
 * one company, so the unique key is also the index the reports scan (see BENCHMARKS.md for the
 * plans). Rows are written only in the transaction of their receipt (rollups.ts).
 *
 * receipt_lines gains unit_cost_cents: the item's cost when it was sold (a refund line takes its sale
 * line's), so that cost of goods does not change when an item's cost does.
 *
 * Receipts stored before this migration get their roll-ups at the next start (rollup_backfill
 * lists the companies to rebuild; rollups.ts, backfillRollups).
 */

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');
const zero = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

async function rollupTable(
  db: Kysely<unknown>,
  name: string,
  keys: [string, 'integer' | 'text'][],
  sums: string[],
): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('day', 'integer', (c) => c.notNull());
  for (const [column, type] of keys) {
    table = table.addColumn(column, type, (c) => (type === 'text' ? c.notNull() : c.notNull().defaultTo(0)));
  }
  for (const column of sums) table = table.addColumn(column, 'bigint', zero);
  await table.execute();
  await db.schema
    .createIndex(`${name}_key_uq`)
    .on(name)
    .columns(['company_id', 'day', ...keys.map(([column]) => column)])
    .unique()
    .execute();
}

export const reportsMigrations: Record<string, Migration> = {
  '2027_02_100_report_rollups': {
    async up(db: Kysely<unknown>) {
      await rollupTable(
        db,
        'rollup_sales',
        [
          ['location_id', 'integer'],
          ['employee_id', 'integer'],
          ['order_type_id', 'integer'],
          ['hour', 'integer'],
        ],
        [
          'sales',
          'refunds',
          'gross_cents',
          'discount_cents',
          'tax_cents',
          'tip_cents',
          'cost_cents',
          'refund_cents',
          'refund_tax_cents',
          'refund_cost_cents',
        ],
      );
      await rollupTable(
        db,
        'rollup_items',
        [
          ['location_id', 'integer'],
          ['item_id', 'integer'],
          ['category_id', 'integer'],
          ['name', 'text'],
        ],
        ['sold_qty', 'net_cents', 'cost_cents', 'refunded_qty', 'refund_cents', 'refund_cost_cents'],
      );
      await rollupTable(
        db,
        'rollup_modifiers',
        [
          ['location_id', 'integer'],
          ['name', 'text'],
        ],
        ['sold_qty', 'amount_cents', 'refunded_qty', 'refund_amount_cents'],
      );
      await rollupTable(
        db,
        'rollup_payments',
        [
          ['location_id', 'integer'],
          ['employee_id', 'integer'],
          ['name', 'text'],
        ],
        ['payments', 'amount_cents', 'tip_cents', 'refunds', 'refund_cents'],
      );
      await rollupTable(
        db,
        'rollup_taxes',
        [
          ['location_id', 'integer'],
          ['employee_id', 'integer'],
          ['name', 'text'],
          ['rate_bp', 'integer'],
          ['type', 'text'],
        ],
        ['taxable_cents', 'tax_cents', 'refund_taxable_cents', 'refund_tax_cents'],
      );

      await db.schema.alterTable('receipt_lines').addColumn('unit_cost_cents', 'bigint').execute();

      // Raw reads of the reports (transactions, an employee's item sales, stock movements).
      await db.schema
        .createIndex('receipts_company_employee_time_idx')
        .on('receipts')
        .columns(['company_id', 'employee_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('receipt_lines_item_receipt_idx')
        .on('receipt_lines')
        .columns(['item_id', 'receipt_id'])
        .execute();
      await db.schema
        .createIndex('cash_movements_company_shift_idx')
        .on('cash_movements')
        .columns(['company_id', 'shift_id'])
        .execute();

      await db.schema
        .createTable('rollup_backfill')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
        .execute();
      await sql`insert into rollup_backfill (company_id) select distinct company_id from receipts`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'rollup_backfill',
        'rollup_taxes',
        'rollup_payments',
        'rollup_modifiers',
        'rollup_items',
        'rollup_sales',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.dropIndex('receipts_company_employee_time_idx').ifExists().execute();
      await db.schema.dropIndex('receipt_lines_item_receipt_idx').ifExists().execute();
      await db.schema.dropIndex('cash_movements_company_shift_idx').ifExists().execute();
      await db.schema.alterTable('receipt_lines').dropColumn('unit_cost_cents').execute();
    },
  },
  // Found by the reports benchmark (BENCHMARKS.md, "Reports at scale"): without statistics SQLite
  // answered `company_id = ? and shift_id in (...)` (a shift's cash and receipts: the closings and
  // a Z report) and `company_id = ? and refund_of = ? order by created_at` (a receipt's refunds)
  // from an index on company_id alone, every receipt of the company, instead of the one-column
  // indexes: 0.4-1.5 s at a million receipts. With the columns in one index each is a lookup.
  '2027_02_120_report_lookup_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('receipts_company_shift_idx')
        .on('receipts')
        .columns(['company_id', 'shift_id'])
        .execute();
      await db.schema
        .createIndex('receipts_company_refund_of_idx')
        .on('receipts')
        .columns(['company_id', 'refund_of', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('receipts_company_shift_idx').ifExists().execute();
      await db.schema.dropIndex('receipts_company_refund_of_idx').ifExists().execute();
    },
  },
  // The transactions list pages by (created_at, id): with id in the index PostgreSQL reads a page
  // from the index alone, in order, instead of fetching every skipped row to sort by id (a deep page
  // of a year of 120,000 receipts: 51 ms, BENCHMARKS.md). SQLite's indexes end with the rowid (id)
  // already, so there they change nothing but the name.
  '2027_02_130_receipts_time_id_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('receipts_company_time_id_idx')
        .on('receipts')
        .columns(['company_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('receipts_company_employee_time_id_idx')
        .on('receipts')
        .columns(['company_id', 'employee_id', 'created_at', 'id'])
        .execute();
      await db.schema.dropIndex('receipts_company_time_idx').execute();
      await db.schema.dropIndex('receipts_company_employee_time_idx').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .createIndex('receipts_company_time_idx')
        .on('receipts')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('receipts_company_employee_time_idx')
        .on('receipts')
        .columns(['company_id', 'employee_id', 'created_at'])
        .execute();
      await db.schema.dropIndex('receipts_company_time_id_idx').ifExists().execute();
      await db.schema.dropIndex('receipts_company_employee_time_id_idx').ifExists().execute();
    },
  },
  // The payment roll-ups took a sale's change off its last payment when that was not cash (a card
  // paid after the cash): rebuild every company's roll-ups once with the change off the cash.
  // The transactions list filtered by till or payment type added up its count and sums from the
  // period's receipts (428 ms for a year paid by card at a million receipts on SQLite):
  // rollup_receipts counts the receipts themselves per till and payment type. Receipts stored
  // before it are added at the next start (the companies go to rollup_backfill, which rebuilds
  // every roll-up of theirs).
  '2027_07_210_rollup_receipts': {
    async up(db: Kysely<unknown>) {
      await rollupTable(
        db,
        'rollup_receipts',
        [
          ['location_id', 'integer'],
          ['employee_id', 'integer'],
          ['terminal_id', 'integer'],
          ['payment', 'text'],
        ],
        ['sales', 'refunds', 'sales_cents', 'refunds_cents'],
      );
      await sql`insert into rollup_backfill (company_id) select distinct company_id from receipts where company_id not in (select company_id from rollup_backfill)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rollup_receipts').ifExists().execute();
    },
  },
  // The transactions list searched by a register's own receipt number (local_number) read every
  // receipt of the period; with this index that term is a lookup like the others (the receipt
  // number's unique index, the customer's).
  '2027_07_220_receipts_local_number_index': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('receipts_company_local_number_idx')
        .on('receipts')
        // With the time last SQLite (no statistics) takes it over the time index even when the
        // period's bounds are pushed into the lookup.
        .columns(['company_id', 'local_number', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('receipts_company_local_number_idx').ifExists().execute();
    },
  },
  // A search by a customer's name reads that customer's receipts in the period, not all of theirs.
  '2027_07_230_receipts_customer_time_index': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('receipts_customer_time_idx')
        .on('receipts')
        .columns(['customer_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('receipts_customer_time_idx').ifExists().execute();
    },
  },
  // The transactions list by till or payment type added up its figure (a till's net sales, what a
  // payment type took) from every receipt of the period: 958 ms for a year paid by card at a
  // million receipts. rollup_receipts now keeps those sums too. Each company's rollup_receipts
  // alone is rebuilt once at the next start (rollup_backfill.only_table; a company already waiting
  // for a full rebuild keeps it).
  '2027_11_100_rollup_receipts_figures': {
    async up(db: Kysely<unknown>) {
      for (const column of ['sales_net_cents', 'refunds_net_cents', 'sales_paid_cents', 'refunds_paid_cents']) {
        await db.schema.alterTable('rollup_receipts').addColumn(column, 'bigint', zero).execute();
      }
      await db.schema.alterTable('rollup_backfill').addColumn('only_table', 'text').execute();
      await sql`insert into rollup_backfill (company_id, only_table) select distinct company_id, 'rollup_receipts' from receipts where company_id not in (select company_id from rollup_backfill)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('rollup_backfill').dropColumn('only_table').execute();
      for (const column of ['sales_net_cents', 'refunds_net_cents', 'sales_paid_cents', 'refunds_paid_cents']) {
        await db.schema.alterTable('rollup_receipts').dropColumn(column).execute();
      }
    },
  },
  // The transactions list of one till, and of the refunds alone, walked the company's time index
  // and filtered it: a till with few receipts, or the few refunds, read thousands of rows a page
  // (PostgreSQL sorted them instead on small tables, reports/query-plans.test.ts). Each now has an
  // index in the list's order (the refunds' a partial one: PostgreSQL plans with the kind given).
  '2027_11_110_receipts_till_and_refund_indexes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('receipts_company_terminal_time_id_idx')
        .on('receipts')
        .columns(['company_id', 'terminal_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('receipts_company_refunds_time_id_idx')
        .on('receipts')
        .columns(['company_id', 'created_at', 'id'])
        .where(sql.ref('kind'), '=', 'refund')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('receipts_company_terminal_time_id_idx').ifExists().execute();
      await db.schema.dropIndex('receipts_company_refunds_time_id_idx').ifExists().execute();
    },
  },
  '2027_05_500_rollups_change_from_cash': {
    async up(db: Kysely<unknown>) {
      await sql`insert into rollup_backfill (company_id) select distinct company_id from receipts where company_id not in (select company_id from rollup_backfill)`.execute(
        db,
      );
    },
    async down() {},
  },
};
