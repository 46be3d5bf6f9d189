import type { ColumnType, Generated } from 'kysely';

/** Row types of the team tables (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1
/** A column with a default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface EmployeesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** `scrypt$N$r$p$salt$hash` of the 4-6 digit PIN (the registers verify it offline). */
  pin_hash: string;
  /** HMAC of the PIN under the server's PIN key (team/pins.ts): unique per company; null before issue 20. */
  pin_lookup: Defaulted<string | null>;
  /** Which key made `pin_lookup` (a fingerprint): another key's lookups are stale. */
  pin_key: Defaulted<string | null>;
  pin_updated_at: Defaulted<Millis>;
  user_id: number | null;
  email: Defaulted<string>;
  phone: Defaulted<string>;
  position_id: Defaulted<number | null>;
  /** Own rate in minor units; null: the position's. */
  hourly_rate_cents: Defaulted<number | null>;
  /** 'admin' | 'manager' | 'user': register rights; with back-office access also the user's role. */
  role: Defaulted<string>;
  all_locations: Defaulted<Flag>;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

/** One row per new register PIN (team/pinChanges.ts): who set it, when and why; the PIN is not kept. */
export interface EmployeePinChangesTable {
  id: Generated<number>;
  company_id: number;
  employee_id: number;
  actor_user_id: number | null;
  /** The account's e-mail then (the account may go; the record stays). */
  actor_email: string;
  /** 'created' | 'changed' | 'reset' */
  reason: string;
  at: Millis;
}

export interface EmployeeLocationsTable {
  employee_id: number;
  location_id: number;
  company_id: number;
}

export interface JobPositionsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  hourly_rate_cents: number;
  color: string;
  created_at: Millis;
  updated_at: Millis;
}

/** The company's three roles and the register rights each grants. */
export interface CompanyRolesTable {
  company_id: number;
  role: string;
  can_refund: Flag;
  can_discount: Flag;
  can_open_drawer: Flag;
  can_void: Flag;
  updated_at: Millis;
}

/** The back-office permissions a role grants (the roles matrix). */
export interface RolePermissionsTable {
  company_id: number;
  role: string;
  id_permission: string;
}

/** Per-user exceptions to the role: granted 1 (held anyway) or 0 (not held anyway). */
export interface UserPermissionOverridesTable {
  user_id: number;
  company_id: number;
  id_permission: string;
  granted: Flag;
}

/** A planned shift of the weekly schedule (/scheduling). */
export interface ScheduleShiftsTable {
  id: Generated<number>;
  company_id: number;
  location_id: number;
  employee_id: number;
  position_id: number | null;
  /** Local date the shift starts on, days since 1970-01-01 in the location's zone. */
  day: number;
  /** Minutes after that local midnight; `end_minute` > `start_minute`, past 1440 into the next day. */
  start_minute: number;
  end_minute: number;
  break_minutes: Defaulted<number>;
  /** The start and end as instants (the location's zone applied when written). */
  starts_at: Millis;
  ends_at: Millis;
  note: Defaulted<string>;
  created_at: Millis;
  updated_at: Millis;
}

/** A location's week as last published (its Monday as days since 1970-01-01). */
export interface ScheduleWeeksTable {
  company_id: number;
  location_id: number;
  week_start: number;
  published_at: Millis;
  published_by: number | null;
}

/** Days an employee is away (inclusive local dates): a shift on them is a conflict. */
export interface TimeOffTable {
  id: Generated<number>;
  company_id: number;
  employee_id: number;
  first_day: number;
  last_day: number;
  reason: Defaulted<string>;
  created_by: number | null;
  created_at: Millis;
}

/** A time-clock entry: from the registers' clock events or entered by a manager. */
export interface TimeEntriesTable {
  id: Generated<number>;
  company_id: number;
  employee_id: number;
  location_id: number | null;
  terminal_id: Defaulted<number | null>;
  position_id: Defaulted<number | null>;
  /** The employee's hourly rate when the work was done (minor units). */
  rate_cents: Defaulted<number>;
  clock_in_at: Millis;
  /** Null while clocked in. */
  clock_out_at: Defaulted<Millis | null>;
  /** Closed breaks in minutes (the sum of time_breaks, kept for the reports). */
  break_minutes: Defaulted<number>;
  source: 'register' | 'manual';
  reason: Defaulted<string>;
  /** The clock_in event's id for register entries. */
  client_id: Defaulted<string | null>;
  status: Defaulted<'pending' | 'approved'>;
  approved_by: Defaulted<number | null>;
  approved_at: Defaulted<Millis | null>;
  edited_by: Defaulted<number | null>;
  created_at: Millis;
  updated_at: Millis;
}

export interface TimeBreaksTable {
  id: Generated<number>;
  company_id: number;
  entry_id: number;
  start_at: Millis;
  /** Null while on the break. */
  end_at: Defaulted<Millis | null>;
}

export interface TeamTables {
  schedule_shifts: ScheduleShiftsTable;
  schedule_weeks: ScheduleWeeksTable;
  time_off: TimeOffTable;
  time_entries: TimeEntriesTable;
  time_breaks: TimeBreaksTable;
  employees: EmployeesTable;
  employee_pin_changes: EmployeePinChangesTable;
  employee_locations: EmployeeLocationsTable;
  job_positions: JobPositionsTable;
  company_roles: CompanyRolesTable;
  role_permissions: RolePermissionsTable;
  user_permission_overrides: UserPermissionOverridesTable;
}
