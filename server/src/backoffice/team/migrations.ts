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

  /*
   * The staff part of Team (issue 20): job positions, the employee's contact, position, rate,
   * locations and role, a keyed lookup of the PIN for uniqueness, the company's roles with the
   * permissions and register rights each grants, per-user overrides, and the access version that
   * tells a signed-in user their menu changed. The roles of companies that exist are created at
   * start-up (team/access.ts, ensureTeamRoles), which keeps every user's permissions as they are.
   */
  '2027_03_100_team_staff': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      const flag = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(0);

      await db.schema
        .createTable('job_positions')
        .addColumn('id', pg ? 'serial' : 'integer', id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('hourly_rate_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('job_positions_company_name_uq')
        .on('job_positions')
        .columns(['company_id', 'name'])
        .unique()
        .execute();

      const add = (
        column: string,
        type: 'text' | 'integer' | 'bigint',
        build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
      ) => db.schema.alterTable('employees').addColumn(column, type, build).execute();
      await add('email', 'text', (c) => c.notNull().defaultTo(''));
      await add('phone', 'text', (c) => c.notNull().defaultTo(''));
      await add('position_id', 'integer', (c) => c.references('job_positions.id').onDelete('set null'));
      await add('hourly_rate_cents', 'bigint', (c) => c);
      await add('role', 'text', (c) => c.notNull().defaultTo('user'));
      await add('all_locations', 'integer', (c) => c.notNull().defaultTo(1));
      // HMAC of the PIN under a key derived from the server secret (team/pins.ts): unique per company.
      // Null for PINs set before (their uniqueness is checked against the scrypt hash instead).
      await add('pin_lookup', 'text', (c) => c);
      await add('pin_key', 'text', (c) => c);
      await add('pin_updated_at', 'bigint', (c) => c.notNull().defaultTo(0));
      await sql`update employees set pin_updated_at = updated_at`.execute(db);
      // An employee who is a back-office user has that user's role; the others are users.
      await sql`update employees set role = coalesce((select u.role from users u where u.id = employees.user_id
        and u.role in ('admin', 'manager', 'user')), 'user')`.execute(db);
      await db.schema
        .createIndex('employees_pin_lookup_uq')
        .on('employees')
        .columns(['company_id', 'pin_lookup'])
        .unique()
        .where(sql.ref('pin_lookup'), 'is not', null)
        .execute();
      await db.schema.createIndex('employees_position_idx').on('employees').column('position_id').execute();

      await db.schema
        .createTable('employee_locations')
        .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
        .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addPrimaryKeyConstraint('employee_locations_pk', ['employee_id', 'location_id'])
        .execute();
      await db.schema
        .createIndex('employee_locations_location_idx')
        .on('employee_locations')
        .column('location_id')
        .execute();

      await db.schema
        .createTable('company_roles')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'manager', 'user')`))
        .addColumn('can_refund', 'integer', flag)
        .addColumn('can_discount', 'integer', flag)
        .addColumn('can_open_drawer', 'integer', flag)
        .addColumn('can_void', 'integer', flag)
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('company_roles_pk', ['company_id', 'role'])
        .execute();

      await db.schema
        .createTable('role_permissions')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('id_permission', 'text', (c) =>
          c.notNull().references('permissions.id_permission').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('role_permissions_pk', ['company_id', 'role', 'id_permission'])
        .execute();

      // granted 1: held whatever the role says; 0: not held whatever the role says.
      await db.schema
        .createTable('user_permission_overrides')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('id_permission', 'text', (c) =>
          c.notNull().references('permissions.id_permission').onDelete('cascade'),
        )
        .addColumn('granted', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_permission_overrides_pk', ['user_id', 'id_permission'])
        .execute();
      await db.schema
        .createIndex('user_permission_overrides_company_idx')
        .on('user_permission_overrides')
        .column('company_id')
        .execute();

      // Bumped whenever what the user may see changes; plan_seen keeps the one they last loaded.
      await db.schema
        .alterTable('users')
        .addColumn('access_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('plan_seen')
        .addColumn('access_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['user_permission_overrides', 'role_permissions', 'company_roles', 'employee_locations']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.dropIndex('employees_pin_lookup_uq').ifExists().execute();
      await db.schema.dropIndex('employees_position_idx').ifExists().execute();
      for (const column of [
        'email',
        'phone',
        'position_id',
        'hourly_rate_cents',
        'role',
        'all_locations',
        'pin_lookup',
        'pin_key',
        'pin_updated_at',
      ]) {
        await db.schema.alterTable('employees').dropColumn(column).execute();
      }
      await db.schema.dropTable('job_positions').ifExists().execute();
      await db.schema.alterTable('users').dropColumn('access_version').execute();
      await db.schema.alterTable('plan_seen').dropColumn('access_version').execute();
    },
  },
};
