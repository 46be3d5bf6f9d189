import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * The admin console's tables (see tables.ts). Frozen in time like companies/migrations.ts: the database
 * is typed `unknown`, only portable schema-builder SQL. Spread into the migration record there;
 * the name sorts after 2026_01_001_initial, whose companies and users tables it references.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const adminMigrations: Record<string, Migration> = {
  '2026_03_100_admin_console': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = pg ? ('serial' as const) : ('integer' as const);
      const autoId = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

      await db.schema
        .createTable('company_plans')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
        .addColumn('plan_version', 'integer', (c) => c.notNull())
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('plan_seen')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('plan_version', 'integer', (c) => c.notNull())
        .addColumn('seen_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', id, autoId)
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('actor_role', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('company_id', 'integer')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('audit_log_company_idx').on('audit_log').columns(['company_id', 'id']).execute();
      await db.schema
        .createIndex('audit_log_entity_idx')
        .on('audit_log')
        .columns(['entity_type', 'entity_id'])
        .execute();

      await db.schema
        .createTable('coupons')
        .addColumn('id', id, autoId)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('percent', 'amount')`))
        .addColumn('percent_off', 'integer')
        .addColumn('amount_cents', 'integer')
        .addColumn('valid_from', 'text', (c) => c.notNull())
        .addColumn('valid_to', 'text', (c) => c.notNull())
        .addColumn('max_redemptions', 'integer')
        .addColumn('redemptions', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('licenses_json', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('support_tickets')
        .addColumn('id', id, autoId)
        .addColumn('ref', 'text', (c) => c.notNull().unique())
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_tickets_company_idx').on('support_tickets').column('company_id').execute();

      await db.schema
        .createTable('support_messages')
        .addColumn('id', id, autoId)
        .addColumn('ticket_id', 'integer', (c) => c.notNull().references('support_tickets.id').onDelete('cascade'))
        .addColumn('author_user_id', 'integer')
        .addColumn('author_email', 'text', (c) => c.notNull())
        .addColumn('from_staff', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_messages_ticket_idx').on('support_messages').column('ticket_id').execute();

      await db.schema
        .createTable('base_prices')
        .addColumn('item_kind', 'text', (c) => c.notNull())
        .addColumn('item_name', 'text', (c) => c.notNull())
        .addColumn('monthly_cents', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addPrimaryKeyConstraint('base_prices_pk', ['item_kind', 'item_name'])
        .execute();

      await db.schema
        .createTable('base_price_history')
        .addColumn('id', id, autoId)
        .addColumn('item_kind', 'text', (c) => c.notNull())
        .addColumn('item_name', 'text', (c) => c.notNull())
        .addColumn('monthly_cents', 'integer', (c) => c.notNull())
        .addColumn('previous_cents', 'integer')
        .addColumn('note', 'text')
        .addColumn('changed_at', 'bigint', (c) => c.notNull())
        .addColumn('changed_by', 'text')
        .execute();
      await db.schema
        .createIndex('base_price_history_item_idx')
        .on('base_price_history')
        .columns(['item_kind', 'item_name', 'id'])
        .execute();

      await db.schema
        .createTable('merchant_accounts')
        .addColumn('id', id, autoId)
        .addColumn('company_id', 'integer', (c) => c.notNull().unique().references('companies.id').onDelete('cascade'))
        .addColumn('legal_name', 'text', (c) => c.notNull())
        .addColumn('payout_last4', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('rejection_reason', 'text')
        .addColumn('submitted_at', 'bigint', (c) => c.notNull())
        .addColumn('decided_at', 'bigint')
        .addColumn('decided_by', 'text')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'merchant_accounts',
        'base_price_history',
        'base_prices',
        'support_messages',
        'support_tickets',
        'coupons',
        'audit_log',
        'plan_seen',
        'company_plans',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  /*
   * Issue 30: a lock by platform staff is lifted by platform staff only. `users.status` 'locked'
   * also means "access taken away by the company" (team/access.ts disableUser), which the company
   * may give back; this flag tells the two apart. Accounts locked before it: those whose last
   * lock or unlock in the audit log is a staff lock.
   */
  '2027_06_100_platform_lock': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('platform_locked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update users set platform_locked = 1
        where status = 'locked' and (
          select a.action from audit_log a
          where a.entity_type = 'user' and a.entity_id = users.id and a.action in ('user.lock', 'user.unlock')
          order by a.id desc limit 1
        ) = 'user.lock'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('platform_locked').execute();
    },
  },
  /*
   * Issue 43: a plan request keeps the plan asked for, so that staff can apply it from its ticket
   * (once). Tickets from before it are plain conversations.
   */
  '2027_08_400_support_plan_requests': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('support_tickets').addColumn('plan_request_json', 'text').execute();
      await db.schema.alterTable('support_tickets').addColumn('plan_applied_at', 'bigint').execute();
      await db.schema.alterTable('support_tickets').addColumn('plan_applied_by', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of ['plan_applied_by', 'plan_applied_at', 'plan_request_json']) {
        await db.schema.alterTable('support_tickets').dropColumn(column).execute();
      }
    },
  },
};
