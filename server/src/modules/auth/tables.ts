import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Flag, Millis } from '../../platform/db/schema';

export interface UsersTable {
  id: Generated<number>;
  email: string; // stored lower-cased
  password_hash: string;
  is_admin: Flag; // platform staff
  role: string | null;
  company_id: number | null;
  language: string;
  status: string; // 'active' | 'locked' (by platform staff or the company) | 'pending' (sign-up not yet activated)
  /**
   * 1 while platform staff hold the account locked (admin console): only they lift it; the
   * company's back-office refuses to link, invite or re-activate the account meanwhile.
   */
  platform_locked: ColumnType<number, number | undefined, number>;
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

/*
 * The plan-version signal's tables (X-Plan-Changed, planVersion.ts): made by the admin console's
 * migration, written only by auth.
 */
/** One row per company whose plan (licence, add-ons) was ever changed by staff. */
export interface CompanyPlansTable {
  company_id: number;
  plan_version: number;
  changed_at: Millis;
}

/** The plan version each merchant user last loaded through POST /api/auth/usercompany. */
export interface PlanSeenTable {
  user_id: number;
  plan_version: number;
  /** The user's access version (users.access_version) they last loaded. */
  access_version: ColumnType<number, number | undefined, number>;
  seen_at: Millis;
}

export interface AuthTables {
  users: UsersTable;
  permissions: PermissionsTable;
  user_permissions: UserPermissionsTable;
  password_resets: PasswordResetsTable;
  revoked_sessions: RevokedSessionsTable;
  signin_failures: SigninFailuresTable;
  company_plans: CompanyPlansTable;
  plan_seen: PlanSeenTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
