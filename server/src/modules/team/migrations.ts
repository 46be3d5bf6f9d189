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

  /*
   * Scheduling (issue 20): the weekly schedule (planned shifts per location, cut in the location's
   * days), when each location's week was published, time off, and the time clock (entries from the
   * registers' clock events or entered by a manager, with their breaks and approval). Days are
   * local calendar dates as days since 1970-01-01, like the report roll-ups; instants are epoch ms.
   */
  '2027_03_200_team_scheduling': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      const id = (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement());
      const serial = pg ? 'serial' : 'integer';
      const employeeRef = (c: ColumnDefinitionBuilder) => c.notNull().references('employees.id').onDelete('cascade');

      await db.schema
        .createTable('schedule_shifts')
        .addColumn('id', serial, id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addColumn('employee_id', 'integer', employeeRef)
        .addColumn('position_id', 'integer', (c) => c.references('job_positions.id').onDelete('set null'))
        // The local date the shift starts on, and its start and end in minutes after that midnight
        // (an end past 1440 runs into the next day).
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('start_minute', 'integer', (c) => c.notNull())
        .addColumn('end_minute', 'integer', (c) => c.notNull())
        .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        // The same two times as instants in the location's zone, to compare with punches.
        .addColumn('starts_at', 'bigint', (c) => c.notNull())
        .addColumn('ends_at', 'bigint', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('schedule_shifts_location_day_idx')
        .on('schedule_shifts')
        .columns(['company_id', 'location_id', 'day'])
        .execute();
      await db.schema
        .createIndex('schedule_shifts_employee_idx')
        .on('schedule_shifts')
        .columns(['company_id', 'employee_id', 'starts_at'])
        .execute();

      await db.schema
        .createTable('schedule_weeks')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        // The week's Monday (days since 1970-01-01).
        .addColumn('week_start', 'integer', (c) => c.notNull())
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('schedule_weeks_pk', ['company_id', 'location_id', 'week_start'])
        .execute();

      await db.schema
        .createTable('time_off')
        .addColumn('id', serial, id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('employee_id', 'integer', employeeRef)
        .addColumn('first_day', 'integer', (c) => c.notNull())
        .addColumn('last_day', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('time_off_employee_idx')
        .on('time_off')
        .columns(['company_id', 'employee_id', 'first_day'])
        .execute();

      await db.schema
        .createTable('time_entries')
        .addColumn('id', serial, id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('employee_id', 'integer', employeeRef)
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'))
        .addColumn('position_id', 'integer', (c) => c.references('job_positions.id').onDelete('set null'))
        // The hourly rate when the work was done (minor units): payroll pays what was agreed then.
        .addColumn('rate_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('clock_in_at', 'bigint', (c) => c.notNull())
        .addColumn('clock_out_at', 'bigint', (c) => c)
        // Closed breaks, in minutes (kept beside time_breaks for the reports' sums).
        .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('register', 'manual')`))
        // Why a manager entered or changed it (required for manual entries and edits).
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        // The clock_in event's id (idempotency is the device_events table's; this finds the entry).
        .addColumn('client_id', 'text', (c) => c)
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending', 'approved')`),
        )
        .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('approved_at', 'bigint', (c) => c)
        .addColumn('edited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('time_entries_company_in_idx')
        .on('time_entries')
        .columns(['company_id', 'clock_in_at'])
        .execute();
      await db.schema
        .createIndex('time_entries_employee_idx')
        .on('time_entries')
        .columns(['company_id', 'employee_id', 'clock_in_at'])
        .execute();
      // At most one open entry per employee: a second clock_in is refused, never a second open entry.
      await db.schema
        .createIndex('time_entries_open_uq')
        .on('time_entries')
        .column('employee_id')
        .unique()
        .where(sql.ref('clock_out_at'), 'is', null)
        .execute();

      await db.schema
        .createTable('time_breaks')
        .addColumn('id', serial, id)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('entry_id', 'integer', (c) => c.notNull().references('time_entries.id').onDelete('cascade'))
        .addColumn('start_at', 'bigint', (c) => c.notNull())
        .addColumn('end_at', 'bigint', (c) => c)
        .execute();
      await db.schema.createIndex('time_breaks_entry_idx').on('time_breaks').column('entry_id').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['time_breaks', 'time_entries', 'time_off', 'schedule_weeks', 'schedule_shifts']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  // Who set each register PIN and when (security round four): PINs are made up by the server now,
  // and every change is on record.
  '2027_08_200_employee_pin_changes': {
    async up(db: Kysely<unknown>) {
      const pg = isPostgres(db);
      await db.schema
        .createTable('employee_pin_changes')
        .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('actor_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('created', 'changed', 'reset')`))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('employee_pin_changes_employee_idx')
        .on('employee_pin_changes')
        .columns(['employee_id', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('employee_pin_changes').ifExists().execute();
    },
  },
};
