import type { Kysely, Migration } from 'kysely';

/* The first-steps checklist (issue 43): only its dismissal is stored; the steps come from the data. */
export const firstStepsMigrations: Record<string, Migration> = {
  '2027_09_440_first_steps': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('company_first_steps')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
        .addColumn('dismissed_at', 'bigint', (c) => c.notNull())
        .addColumn('dismissed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
  },
};
