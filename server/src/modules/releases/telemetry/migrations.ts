import type { Kysely, Migration } from 'kysely';

/*
 * The telemetry aggregates (issue 44). Frozen in time (typed against `unknown`). Rows go with their
 * release; the minute index serves the retention job and the health windows.
 */
export const telemetryMigrations: Record<string, Migration> = {
  '2027_10_200_release_telemetry': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('release_telemetry')
        .addColumn('release_id', 'integer', (c) => c.notNull().references('releases.id').onDelete('cascade'))
        .addColumn('minute', 'bigint', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('sample', 'text')
        .addPrimaryKeyConstraint('release_telemetry_pk', ['release_id', 'minute', 'route', 'metric', 'bucket'])
        .execute();
      await db.schema.createIndex('release_telemetry_minute_idx').on('release_telemetry').column('minute').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('release_telemetry').execute();
    },
  },
};
