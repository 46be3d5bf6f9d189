import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Gift cards (issue 21): the card with its balance, and a ledger of every movement of it (issue,
 * load, redemption on a receipt or an online order, refund back to it, adjustment, void). The
 * balance is the ledger's sum, kept on the card so a redemption is one conditional update; the
 * CHECK makes a balance below zero impossible whatever the code above it does.
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

export const rewardsMigrations: Record<string, Migration> = {
  '2027_04_400_gift_cards': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('gift_cards')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('initial_cents', 'bigint', (c) => c.notNull())
        .addColumn('balance_cents', 'bigint', (c) => c.notNull().check(sql`balance_cents >= 0`))
        .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
        .addColumn('expires_on', 'text')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('active')
            .check(sql`status in ('active', 'void')`),
        )
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      // Unique over the platform: the storefront and a register look a card up by its number alone
      // within their company, and a number is never reused.
      await db.schema.createIndex('gift_cards_number_uq').on('gift_cards').column('number').unique().execute();
      await db.schema.createIndex('gift_cards_company_idx').on('gift_cards').columns(['company_id', 'id']).execute();

      await db.schema
        .createTable('gift_card_entries')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('gift_card_id', 'integer', (c) => c.notNull().references('gift_cards.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('issue', 'load', 'redeem', 'refund', 'adjust', 'void')`),
        )
        .addColumn('amount_cents', 'bigint', (c) => c.notNull())
        .addColumn('balance_after_cents', 'bigint', (c) => c.notNull())
        .addColumn('receipt_id', 'integer', (c) => c.references('receipts.id').onDelete('set null'))
        .addColumn('order_id', 'integer', (c) => c.references('ordering_orders.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gift_card_entries_card_idx')
        .on('gift_card_entries')
        .columns(['gift_card_id', 'id'])
        .execute();

      // Which card paid a payment (a refund's payment: which card it went back to).
      await db.schema
        .alterTable('receipt_payments')
        .addColumn('gift_card_id', 'integer', (c) => c.references('gift_cards.id').onDelete('set null'))
        .execute();
      // What an online order took from a card (the rest is paid at pickup).
      await db.schema
        .alterTable('ordering_orders')
        .addColumn('gift_card_id', 'integer', (c) => c.references('gift_cards.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('ordering_orders')
        .addColumn('gift_card_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('ordering_orders').dropColumn('gift_card_cents').execute();
      await db.schema.alterTable('ordering_orders').dropColumn('gift_card_id').execute();
      await db.schema.alterTable('receipt_payments').dropColumn('gift_card_id').execute();
      await db.schema.dropTable('gift_card_entries').ifExists().execute();
      await db.schema.dropTable('gift_cards').ifExists().execute();
    },
  },

  /*
   * Loyalty points (issue 21): the company's programme, and a ledger of every change of a
   * customer's points (earned on a sale, redeemed as a discount, taken back by a refund, adjusted
   * by hand). customers.points stays the balance and equals the ledger's sum; a CHECK keeps it >= 0.
   */
  '2027_04_420_loyalty': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      await db.schema
        .createTable('loyalty_settings')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('points_per_unit', 'integer', (c) => c.notNull())
        .addColumn('value_per_100_cents', 'bigint', (c) => c.notNull())
        .addColumn('min_redeem_points', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('loyalty_entries')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('earn', 'redeem', 'refund', 'adjust')`))
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('balance_after', 'integer', (c) => c.notNull())
        .addColumn('receipt_id', 'integer', (c) => c.references('receipts.id').onDelete('set null'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('loyalty_entries_customer_idx')
        .on('loyalty_entries')
        .columns(['customer_id', 'id'])
        .execute();
      await db.schema
        .createIndex('loyalty_entries_company_at_idx')
        .on('loyalty_entries')
        .columns(['company_id', 'at'])
        .execute();
      // Which receipt discount was a points redemption, and of how many points.
      await db.schema.alterTable('receipt_discounts').addColumn('points', 'integer').execute();
      // The balances customers already had become their first entry, so the ledger adds up.
      const now = Date.now();
      await sql`insert into loyalty_entries (company_id, customer_id, kind, points, balance_after, note, at)
        select company_id, id, 'adjust', points, points, 'Balance before the loyalty ledger', ${now}
          from customers where points <> 0`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('receipt_discounts').dropColumn('points').execute();
      await db.schema.dropTable('loyalty_entries').ifExists().execute();
      await db.schema.dropTable('loyalty_settings').ifExists().execute();
    },
  },
};
