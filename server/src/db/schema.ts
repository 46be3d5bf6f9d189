import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { BackofficeTables } from '../backoffice/tables';
import type { AdminTables } from '../admin/tables';
import type { OrderingTables } from '../ordering/tables';

/**
 * Milliseconds since the epoch. Stored as BIGINT on both databases; the pg pool is configured to
 * parse int8 as a JS number (see connection.ts), so reads are numbers everywhere.
 */
export type Millis = number;

/** Booleans are 0/1 integers: better-sqlite3 cannot bind JS booleans, PostgreSQL accepts both. */
export type Flag = ColumnType<number, number, number>;

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  license: string;
  language: string;
  status: string; // 'active' | 'suspended'
  created_at: Millis;
}

export interface CompanyAddonsTable {
  company_id: number;
  addon: string;
}

export interface UsersTable {
  id: Generated<number>;
  email: string; // stored lower-cased
  password_hash: string;
  is_admin: Flag; // platform staff
  role: string | null;
  company_id: number | null;
  language: string;
  status: string; // 'active' | 'locked' (disabled by an operator)
  failed_logins: number;
  last_failed_at: Millis | null;
  locked_until: Millis | null;
  session_version: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface PermissionsTable {
  id_permission: string;
  description: string;
  scope: string; // 'backoffice' | 'admin'
}

export interface UserPermissionsTable {
  user_id: number;
  id_permission: string;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Millis;
}

export interface Database extends BackofficeTables, AdminTables, OrderingTables {
  companies: CompaniesTable;
  company_addons: CompanyAddonsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
