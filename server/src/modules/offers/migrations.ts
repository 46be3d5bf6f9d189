import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Discounts (issue 21): what a cashier may apply at the register, and which discount a receipt's
 * discounts were (receipt-level on receipt_discounts, a line's own on receipt_lines), so their use
 * can be counted. A discount deleted later leaves its receipts as they were (set null).
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

export const offersMigrations: Record<string, Migration> = {
  '2027_04_410_discounts': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('discounts')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('percent', 'amount')`))
        .addColumn('percent_bp', 'integer')
        .addColumn('amount_cents', 'bigint')
        .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('receipt', 'items')`))
        .addColumn('restricted', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('discounts_name_uq')
        .on('discounts')
        .expression(sql`company_id, lower(name)`)
        .unique()
        .execute();
      await db.schema
        .createTable('discount_targets')
        .addColumn('discount_id', 'integer', (c) => c.notNull().references('discounts.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('discount_targets_idx').on('discount_targets').column('discount_id').execute();
      await db.schema
        .alterTable('receipt_discounts')
        .addColumn('discount_id', 'integer', (c) => c.references('discounts.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('receipt_lines')
        .addColumn('discount_id', 'integer', (c) => c.references('discounts.id').onDelete('set null'))
        .execute();
      // The line's own discount as the register sent it (discount_cents also holds its share of the receipt's).
      await db.schema
        .alterTable('receipt_lines')
        .addColumn('line_discount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('receipt_discounts_discount_idx')
        .on('receipt_discounts')
        .column('discount_id')
        .execute();
      await db.schema.createIndex('receipt_lines_discount_idx').on('receipt_lines').column('discount_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('receipt_lines').dropColumn('line_discount_cents').execute();
      await db.schema.alterTable('receipt_lines').dropColumn('discount_id').execute();
      await db.schema.alterTable('receipt_discounts').dropColumn('discount_id').execute();
      await db.schema.dropTable('discount_targets').ifExists().execute();
      await db.schema.dropTable('discounts').ifExists().execute();
    },
  },

  /*
   * Promotions: automatic rules (evaluatePromotions, shared), their items and categories, and which
   * promotion a receipt discount or an online order's discount was.
   */
  '2027_04_470_promotions': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      const int0 = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);
      await db.schema
        .createTable('promotions')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('buy_get', 'percent_off', 'spend_get')`))
        .addColumn('priority', 'integer', int0)
        .addColumn('stackable', 'integer', int0)
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('buy_quantity', 'integer', int0)
        .addColumn('get_quantity', 'integer', int0)
        .addColumn('get_percent_bp', 'integer', int0)
        .addColumn('percent_bp', 'integer', int0)
        .addColumn('threshold_cents', 'bigint', int0)
        .addColumn('amount_cents', 'bigint', int0)
        .addColumn('days_mask', 'integer', int0)
        .addColumn('start_time', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('end_time', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('starts_on', 'text')
        .addColumn('ends_on', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('promotions_company_idx').on('promotions').column('company_id').execute();
      await db.schema
        .createTable('promotion_targets')
        .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.references('items.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
        .execute();
      await db.schema.createIndex('promotion_targets_idx').on('promotion_targets').column('promotion_id').execute();
      await db.schema
        .alterTable('receipt_discounts')
        .addColumn('promotion_id', 'integer', (c) => c.references('promotions.id').onDelete('set null'))
        .execute();
      // What an online order's promotions took off (already out of its subtotal, tax and total).
      await db.schema
        .alterTable('ordering_orders')
        .addColumn('discount_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('ordering_orders')
        .addColumn('promotions_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('ordering_orders').dropColumn('promotions_json').execute();
      await db.schema.alterTable('ordering_orders').dropColumn('discount_cents').execute();
      await db.schema.alterTable('receipt_discounts').dropColumn('promotion_id').execute();
      await db.schema.dropTable('promotion_targets').ifExists().execute();
      await db.schema.dropTable('promotions').ifExists().execute();
    },
  },
};
