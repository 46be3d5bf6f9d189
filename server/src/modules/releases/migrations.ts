import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { telemetryMigrations } from './telemetry/migrations';

/*
 * The release registry's tables (see tables.ts). Frozen in time like the other modules'
 * migrations: the database is typed `unknown`, only portable schema-builder SQL. The telemetry's
 * migrations (telemetry/migrations.ts) are merged in by name.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

const registry: Record<string, Migration> = {
  '2027_10_100_releases': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = pg ? ('serial' as const) : ('integer' as const);
      const autoId = (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement());

      await db.schema
        .createTable('deploy_tokens')
        .addColumn('id', id, autoId)
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('label', 'text')
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('contact_email', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by_user_id', 'integer')
        .addColumn('revoked_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .execute();

      await db.schema
        .createTable('releases')
        .addColumn('id', id, autoId)
        .addColumn('remote', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('manifest_url', 'text', (c) => c.notNull())
        .addColumn('contract_range', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('registered_by_user_id', 'integer')
        .addColumn('registered_by_token_id', 'integer')
        .addColumn('registered_at', 'bigint', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('canary_percent', 'integer')
        .addColumn('canary_company_ids', 'text')
        .addColumn('canary_started_at', 'bigint')
        .addColumn('state_changed_at', 'bigint', (c) => c.notNull())
        .addColumn('rollback_reason', 'text')
        .addColumn('rollback_automatic', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rollback_figures', 'text')
        .addUniqueConstraint('releases_remote_version_key', ['remote', 'version'])
        .execute();
      await db.schema.createIndex('releases_remote_state_idx').on('releases').columns(['remote', 'state']).execute();
      // One active release and at most one canary per remote, whatever two instances do at once.
      for (const state of ['active', 'canary']) {
        await db.schema
          .createIndex(`releases_one_${state}_idx`)
          .on('releases')
          .column('remote')
          .unique()
          .where(sql.ref('state'), '=', state)
          .execute();
      }

      await db.schema
        .createTable('release_events')
        .addColumn('id', id, autoId)
        .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('actor_user_id', 'integer')
        .addColumn('actor_token_id', 'integer')
        .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reason', 'text')
        .addColumn('details', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('release_events_release_idx')
        .on('release_events')
        .columns(['release_id', 'id'])
        .execute();
    },
  },
};

export const releasesMigrations: Record<string, Migration> = { ...registry, ...telemetryMigrations };
