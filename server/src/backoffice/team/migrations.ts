import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Employees (issue 17): the people who ring up sales on the registers. Frozen in time like every
 * migration. The Team pages come later; this is the minimum the sales model needs: a name, a 4-6
 * digit PIN stored hashed (scrypt, the registers check it offline), an optional link to a
 * back-office user, and whether the employee may still sign in on a register.
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

export const teamMigrations: Record<string, Migration> = {
  '2027_01_100_employees': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      await db.schema
        .createTable('employees')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('pin_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('employees_company_idx').on('employees').columns(['company_id', 'name']).execute();
      // A back-office user is at most one employee of their company.
      await db.schema
        .createIndex('employees_user_uq')
        .on('employees')
        .columns(['company_id', 'user_id'])
        .unique()
        .where(sql.ref('user_id'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('employees').ifExists().execute();
    },
  },
};
