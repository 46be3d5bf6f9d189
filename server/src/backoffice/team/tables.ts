import type { ColumnType, Generated } from 'kysely';

/** Row types of the team tables (see migrations.ts); merged into `Database` through BackofficeTables. */

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

export interface TeamTables {
  employees: EmployeesTable;
  employee_locations: EmployeeLocationsTable;
  job_positions: JobPositionsTable;
  company_roles: CompanyRolesTable;
  role_permissions: RolePermissionsTable;
  user_permission_overrides: UserPermissionOverridesTable;
}
