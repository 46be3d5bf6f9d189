import { createHash } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/*
 * Issue 14 (security hardening), frozen in time like every migration:
 * - money columns become BIGINT on PostgreSQL (SQLite integers are 64-bit already);
 * - `document_counters`: one row per company and kind of numbered document, incremented in the
 *   document's own transaction (unique, gap-free numbers under concurrency);
 * - `public_slugs`: every public address (company slug, storefront slug) in one table with one owner;
 * - `revoked_sessions`: signed-out session ids until they would have expired anyway;
 * - `signin_failures`: the sign-in lockout by e-mail (known or not, so the answers are alike),
 *   replacing the lockout columns of `users`;
 * - `rate_limits`: the limiter store shared by every instance (PostgreSQL);
 * - `password_resets.purpose`: the same single-use e-mailed tokens also activate new sign-ups.
 */

const MONEY_COLUMNS: Record<string, string[]> = {
  items: ['price_cents', 'cost_cents'],
  receipts: ['subtotal_cents', 'tax_cents', 'total_cents'],
  receipt_lines: ['unit_price_cents', 'total_cents'],
  coupons: ['amount_cents'],
  base_prices: ['monthly_cents'],
  base_price_history: ['monthly_cents', 'previous_cents'],
  ordering_item_options: ['price_cents'],
  ordering_orders: ['subtotal_cents', 'tax_cents', 'total_cents'],
  ordering_order_lines: ['unit_price_cents', 'tax_cents', 'total_cents'],
};

const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

export const hardeningMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    if (pg) {
      for (const [table, columns] of Object.entries(MONEY_COLUMNS)) {
        for (const column of columns) {
          await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type bigint`.execute(db);
        }
      }
    }

    await db.schema
      .createTable('document_counters')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('document_counters_pk', ['company_id', 'kind'])
      .execute();
    for (const [kind, table] of [
      ['order', 'ordering_orders'],
      ['receipt', 'receipts'],
    ] as const) {
      await sql`insert into document_counters (company_id, kind, value)
        select company_id, ${kind}, max(number) from ${sql.table(table)} group by company_id`.execute(db);
    }

    await db.schema
      .createTable('public_slugs')
      .addColumn('slug', 'text', (c) => c.primaryKey())
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('public_slugs_company_idx').on('public_slugs').column('company_id').execute();
    await sql`insert into public_slugs (slug, company_id) select slug, id from companies`.execute(db);
    // A storefront slug that another company already owns stays with the older owner.
    await sql`insert into public_slugs (slug, company_id)
      select s.slug, s.company_id from ordering_settings s
      where not exists (select 1 from public_slugs p where p.slug = s.slug)`.execute(db);

    await db.schema
      .createTable('revoked_sessions')
      .addColumn('sid', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('revoked_sessions_expires_idx').on('revoked_sessions').column('expires_at').execute();

    await db.schema
      .createTable('signin_failures')
      .addColumn('email_key', 'text', (c) => c.primaryKey())
      .addColumn('failures', 'integer', (c) => c.notNull())
      .addColumn('last_failed_at', 'bigint')
      .addColumn('locked_until', 'bigint')
      .execute();
    const locked = (
      await sql<{ email: string; failed_logins: number; last_failed_at: number | null; locked_until: number | null }>`
      select email, failed_logins, last_failed_at, locked_until from users
      where failed_logins > 0 or locked_until is not null`.execute(db)
    ).rows;
    for (const row of locked) {
      await sql`insert into signin_failures (email_key, failures, last_failed_at, locked_until)
        values (${emailKey(row.email)}, ${row.failed_logins}, ${row.last_failed_at}, ${row.locked_until})`.execute(db);
    }
    for (const column of ['failed_logins', 'last_failed_at', 'locked_until']) {
      await db.schema.alterTable('users').dropColumn(column).execute();
    }

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expire', 'bigint')
      .execute();

    await db.schema
      .alterTable('password_resets')
      .addColumn('purpose', 'text', (c) => c.notNull().defaultTo('reset'))
      .execute();
  },
  async down() {
    throw new Error('2026_11_200_hardening cannot be undone: restore a backup instead.');
  },
};
