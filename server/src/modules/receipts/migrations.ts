import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * The sales model (issue 17), frozen in time like every migration. Today's `receipts` and
 * `receipt_lines` are extended, not replaced, so every reader keeps working:
 * - receipts gain where and by whom (terminal, employee, shift), the client's event id, the
 *   amounts of a register sale (gross, discounts, tip, change) and `subtotal_cents` is renamed
 *   `net_cents` (what it always held: the amount without tax);
 * - receipt_lines gain their position, modifiers, discounts, net and tax, and for a refund line the
 *   sale line it returns;
 * - new: line modifiers, line taxes, tax lines per rate, receipt discounts, payments, shifts (the
 *   closings), cash movements, and device_events (every event id a register sent that was stored:
 *   the idempotency record).
 * Money BIGINT minor units; times epoch ms. Names and rates are copied onto the receipt: a receipt
 * never changes when a tax rate, payment type or item is renamed or deleted (set null).
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
const money = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);
const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');

async function createShifts(db: Kysely<unknown>): Promise<void> {
  const id = ids(db);
  await db.schema
    .createTable('shifts')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'))
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('open', 'closed')`))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
    .addColumn('opening_float_cents', 'bigint', money)
    .addColumn('closed_at', 'bigint')
    .addColumn('closed_by', 'integer', (c) => c.references('employees.id').onDelete('set null'))
    // At closing: what the drawer should hold, what was counted, and counted - expected.
    .addColumn('expected_cash_cents', 'bigint')
    .addColumn('counted_cash_cents', 'bigint')
    .addColumn('difference_cents', 'bigint')
    .addColumn('note', 'text', text)
    .execute();
  await db.schema
    .createIndex('shifts_company_client_uq')
    .on('shifts')
    .columns(['company_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('shifts_company_number_uq')
    .on('shifts')
    .columns(['company_id', 'number'])
    .unique()
    .execute();
  await db.schema.createIndex('shifts_company_opened_idx').on('shifts').columns(['company_id', 'opened_at']).execute();
  // One open shift per terminal at a time.
  await db.schema
    .createIndex('shifts_open_terminal_uq')
    .on('shifts')
    .column('terminal_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
}

async function extendReceipts(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipts').renameColumn('subtotal_cents', 'net_cents').execute();
  const add = async (
    name: string,
    type: 'integer' | 'bigint' | 'text',
    build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
  ) =>
    db.schema
      .alterTable('receipts')
      .addColumn(name, type, build ?? ((c) => c))
      .execute();
  await add('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'));
  await add('employee_id', 'integer', (c) => c.references('employees.id').onDelete('set null'));
  await add('shift_id', 'integer', (c) => c.references('shifts.id').onDelete('set null'));
  await add('client_id', 'text');
  await add('local_number', 'text', text);
  await add('gross_cents', 'bigint', money);
  await add('discount_cents', 'bigint', money);
  await add('tip_cents', 'bigint', money);
  await add('change_cents', 'bigint', money);
  await add('note', 'text', text);
  await add('synced_at', 'bigint');
  // Receipts from before: their amounts were shelf prices with the tax inside, no discounts.
  await sql`update receipts set gross_cents = total_cents`.execute(db);
  await db.schema
    .createIndex('receipts_company_client_uq')
    .on('receipts')
    .columns(['company_id', 'client_id'])
    .unique()
    .where(sql.ref('client_id'), 'is not', null)
    .execute();
  await db.schema.createIndex('receipts_shift_idx').on('receipts').column('shift_id').execute();
  await db.schema
    .createIndex('receipts_terminal_time_idx')
    .on('receipts')
    .columns(['terminal_id', 'created_at'])
    .execute();
  await db.schema.createIndex('receipts_refund_of_idx').on('receipts').column('refund_of').execute();

  const addLine = async (
    name: string,
    type: 'integer' | 'bigint',
    build?: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
  ) =>
    db.schema
      .alterTable('receipt_lines')
      .addColumn(name, type, build ?? ((c) => c))
      .execute();
  await addLine('position', 'integer', money);
  await addLine('category_id', 'integer', (c) => c.references('categories.id').onDelete('set null'));
  await addLine('modifiers_cents', 'bigint', money);
  await addLine('gross_cents', 'bigint', money);
  await addLine('discount_cents', 'bigint', money);
  await addLine('net_cents', 'bigint', money);
  await addLine('tax_cents', 'bigint', money);
  await addLine('refund_of_line_id', 'integer', (c) => c.references('receipt_lines.id').onDelete('set null'));
  // Existing lines: numbered in their order, shelf amount = gross; the tax stays on the receipt.
  await sql`update receipt_lines set gross_cents = total_cents, net_cents = total_cents,
    position = (select count(*) from receipt_lines l2 where l2.receipt_id = receipt_lines.receipt_id and l2.id <= receipt_lines.id)`.execute(
    db,
  );
  await db.schema.createIndex('receipt_lines_refund_of_idx').on('receipt_lines').column('refund_of_line_id').execute();
}

async function createDetails(db: Kysely<unknown>): Promise<void> {
  const id = ids(db);
  await db.schema
    .createTable('receipt_line_modifiers')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('line_id', 'integer', (c) => c.notNull().references('receipt_lines.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', money)
    .execute();
  await db.schema
    .createIndex('receipt_line_modifiers_line_idx')
    .on('receipt_line_modifiers')
    .column('line_id')
    .execute();

  await db.schema
    .createTable('receipt_line_taxes')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('line_id', 'integer', (c) => c.notNull().references('receipt_lines.id').onDelete('cascade'))
    .addColumn('tax_rate_id', 'integer', (c) => c.references('tax_rates.id').onDelete('set null'))
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('added', 'included')`))
    .addColumn('tax_cents', 'bigint', money)
    .execute();
  await db.schema.createIndex('receipt_line_taxes_line_idx').on('receipt_line_taxes').column('line_id').execute();

  await db.schema
    .createTable('receipt_taxes')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('tax_rate_id', 'integer', (c) => c.references('tax_rates.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('added', 'included')`))
    .addColumn('taxable_cents', 'bigint', money)
    .addColumn('tax_cents', 'bigint', money)
    .execute();
  await db.schema.createIndex('receipt_taxes_receipt_idx').on('receipt_taxes').column('receipt_id').execute();
  await db.schema.createIndex('receipt_taxes_rate_idx').on('receipt_taxes').column('tax_rate_id').execute();

  await db.schema
    .createTable('receipt_discounts')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', money)
    .execute();
  await db.schema.createIndex('receipt_discounts_receipt_idx').on('receipt_discounts').column('receipt_id').execute();

  await db.schema
    .createTable('receipt_payments')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.id').onDelete('cascade'))
    .addColumn('payment_type_id', 'integer', (c) => c.references('payment_types.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Counted in the cash drawer (copied from the payment type when paid).
    .addColumn('cash_like', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('amount_cents', 'bigint', money)
    .addColumn('tip_cents', 'bigint', money)
    .execute();
  await db.schema.createIndex('receipt_payments_receipt_idx').on('receipt_payments').column('receipt_id').execute();
  await db.schema.createIndex('receipt_payments_type_idx').on('receipt_payments').column('payment_type_id').execute();

  await db.schema
    .createTable('cash_movements')
    .addColumn('id', id.type, id.build)
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('shifts.id').onDelete('cascade'))
    .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'))
    .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pay_in', 'pay_out')`))
    .addColumn('amount_cents', 'bigint', money)
    .addColumn('reason', 'text', text)
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('synced_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cash_movements_company_client_uq')
    .on('cash_movements')
    .columns(['company_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cash_movements_company_at_idx')
    .on('cash_movements')
    .columns(['company_id', 'at'])
    .execute();
  await db.schema.createIndex('cash_movements_shift_idx').on('cash_movements').column('shift_id').execute();

  // Every event a register sent that was stored, by its client id: a resent event is a duplicate.
  await db.schema
    .createTable('device_events')
    .addColumn('company_id', 'integer', companyRef)
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    // The outcome's extra fields as stored (a receipt number, a shift's expected cash), JSON.
    .addColumn('result', 'text', (c) => c.notNull().defaultTo('{}'))
    .addPrimaryKeyConstraint('device_events_pk', ['company_id', 'id'])
    .execute();
}

export const receiptsMigrations: Record<string, Migration> = {
  '2027_01_120_sales_model': {
    async up(db: Kysely<unknown>) {
      await createShifts(db);
      await extendReceipts(db);
      await createDetails(db);
    },
    async down() {
      throw new Error('2027_01_120_sales_model cannot be undone: restore a backup instead.');
    },
  },
  // Issue 43: a shift a dead register left open, closed from the back-office. Who did it (the
  // account, and its e-mail then, kept when the account goes); null for a closing on the register.
  '2027_08_300_shifts_closed_in_backoffice': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('shifts')
        .addColumn('closed_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema.alterTable('shifts').addColumn('closed_by_email', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('shifts').dropColumn('closed_by_email').execute();
      await db.schema.alterTable('shifts').dropColumn('closed_by_user_id').execute();
    },
  },
};
