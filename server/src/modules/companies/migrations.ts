import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { hardeningMigration } from './hardeningMigration';

/*
 * The platform's first migrations, kept here (they came before the modules): the initial tables
 * every module stands on (companies, users, permissions, password resets, the outbox) and the
 * security hardening of issue 14, which touched tables across modules. The composition root
 * (src/modules.ts) merges every module's migrations; Kysely runs them in name order.
 *
 * Migrations are frozen in time: they type the database as `unknown` rather than against today's
 * schema types. The schema builder writes portable SQL; only the auto-increment key differs.
 */
function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function idColumnType(db: Kysely<unknown>) {
  return isPostgres(db) ? ('serial' as const) : ('integer' as const);
}

export const platformMigrations: Record<string, Migration> = {
  '2026_01_001_initial': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = idColumnType(db);
      const autoId = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

      await db.schema
        .createTable('companies')
        .addColumn('id', id, autoId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('license', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('company_addons')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('addon', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('company_addons_pk', ['company_id', 'addon'])
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', id, autoId)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('role', 'text')
        .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_failed_at', 'bigint')
        .addColumn('locked_until', 'bigint')
        .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_company_idx').on('users').column('company_id').execute();

      await db.schema
        .createTable('permissions')
        .addColumn('id_permission', 'text', (c) => c.primaryKey())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope in ('backoffice', 'admin')`))
        .execute();

      await db.schema
        .createTable('user_permissions')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('id_permission', 'text', (c) =>
          c.notNull().references('permissions.id_permission').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'id_permission'])
        .execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', id, autoId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', id, autoId)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('outbox_to_idx').on('outbox').column('to_address').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'outbox',
        'password_resets',
        'user_permissions',
        'permissions',
        'users',
        'company_addons',
        'companies',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  '2026_11_200_hardening': hardeningMigration,
};
