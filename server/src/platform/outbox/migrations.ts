import { sql, type Kysely, type Migration } from 'kysely';

/*
 * The outbox's own migrations (its table came with the platform's first one, companies/migrations.ts,
 * which spreads these in). Frozen in time like every migration: the database is typed `unknown`.
 */
export const outboxMigrations: Record<string, Migration> = {
  /*
   * Issue 31: the outbox becomes a delivery queue (delivery.ts). Rows written before it were never
   * meant to leave (their links expired long ago): they are `held`, sent only if staff press Retry.
   */
  '2027_07_300_outbox_delivery': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('outbox')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .execute();
      await db.schema
        .alterTable('outbox')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('outbox').addColumn('last_error', 'text').execute();
      await db.schema
        .alterTable('outbox')
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('outbox').addColumn('sent_at', 'bigint').execute();
      await db.schema.alterTable('outbox').addColumn('claimed_by', 'text').execute();
      await db.schema.alterTable('outbox').addColumn('claimed_until', 'bigint').execute();
      await sql`update outbox set status = 'held', next_attempt_at = created_at`.execute(db);
      // The worker's question: what is due (status, next_attempt_at); and which leases ran out.
      await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('outbox_due_idx').execute();
      for (const column of [
        'claimed_until',
        'claimed_by',
        'sent_at',
        'next_attempt_at',
        'last_error',
        'attempts',
        'status',
      ]) {
        await db.schema.alterTable('outbox').dropColumn(column).execute();
      }
    },
  },
};
