import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { BackofficeTables } from '../backoffice/tables';
import type { AdminTables } from '../admin/tables';
import type { OrderingTables } from '../ordering/tables';
import type { ReceiptTables } from '../receipts/tables';

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
  status: string; // 'active' | 'locked' (disabled by an operator) | 'pending' (sign-up not yet activated)
  session_version: number;
  /** Bumped when what the user may see changes (role, permissions): the X-Plan-Changed signal. */
  access_version: ColumnType<number, number | undefined, number>;
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

/** Single-use e-mailed tokens: password resets and sign-up activations. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Millis;
  used_at: Millis | null;
  created_at: Millis;
  purpose: ColumnType<string, string | undefined, string>; // 'reset' | 'activate'
}

/** Next number of each kind of numbered document, per company (db/counters.ts). */
export interface DocumentCountersTable {
  company_id: number;
  kind: string;
  value: number;
}

/** Every public address (company and storefront slugs), each owned by one company. */
export interface PublicSlugsTable {
  slug: string;
  company_id: number;
}

/** Session ids ended by a sign-out, kept until the session would have expired anyway. */
export interface RevokedSessionsTable {
  sid: string;
  user_id: number;
  expires_at: Millis;
}

/** Failed sign-ins by e-mail (sha-256 of the normalised address), known accounts or not. */
export interface SigninFailuresTable {
  email_key: string;
  failures: number;
  last_failed_at: Millis | null;
  locked_until: Millis | null;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Millis;
}

export interface Database extends BackofficeTables, AdminTables, OrderingTables, ReceiptTables {
  companies: CompaniesTable;
  company_addons: CompanyAddonsTable;
  users: UsersTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  password_resets: PasswordResetsTable;
  outbox: OutboxTable;
  document_counters: DocumentCountersTable;
  public_slugs: PublicSlugsTable;
  revoked_sessions: RevokedSessionsTable;
  signin_failures: SigninFailuresTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type CompanyRow = Selectable<CompaniesTable>;
