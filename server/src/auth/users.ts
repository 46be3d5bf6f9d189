import { sql, type Kysely } from 'kysely';
import { prepared, type Database, type UserRow } from '../db';
import type { AuthContext } from './context';

export interface PermissionEntry {
  id_permission: string;
  description: string;
}

export interface UserProfile {
  id: number;
  email: string;
  admin: boolean;
  role: string | null;
  language: string;
  status: string;
  sessionVersion: number;
  company: { id: number; name: string; slug: string; license: string; status: string; addons: string[] } | null;
  permissions: PermissionEntry[];
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
}

// The three queries behind every authenticated request (see loadProfile), compiled once.
const profileUser = prepared(['userId'], (db, { userId }: { userId: number }) =>
  db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.is_admin',
      'users.role',
      'users.language',
      'users.status',
      'users.session_version',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.slug as company_slug',
      'companies.license as company_license',
      'companies.status as company_status',
    ])
    .where('users.id', '=', userId),
);
const profileAddons = prepared(['companyId'], (db, { companyId }: { companyId: number }) =>
  db.selectFrom('company_addons').select('addon').where('company_id', '=', companyId).orderBy('addon'),
);
const profilePermissions = prepared(['userId'], (db, { userId }: { userId: number }) =>
  db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id_permission', 'user_permissions.id_permission')
    .select(['permissions.id_permission', 'permissions.description'])
    .where('user_permissions.user_id', '=', userId)
    .orderBy('user_permissions.id_permission'),
);

/**
 * The user with company, add-ons and permissions: what sessions and usercompany are built from.
 * It runs on every authenticated request: three indexed queries, each compiled once.
 */
export async function loadProfile(db: Kysely<Database>, userId: number): Promise<UserProfile | null> {
  const [user] = await profileUser(db, { userId });
  if (!user) return null;

  let company: UserProfile['company'] = null;
  if (user.company_id !== null) {
    const addons = await profileAddons(db, { companyId: user.company_id });
    company = {
      id: user.company_id,
      name: user.company_name!,
      slug: user.company_slug!,
      license: user.company_license!,
      status: user.company_status!,
      addons: addons.map((a) => a.addon),
    };
  }

  const permissions = await profilePermissions(db, { userId: user.id });
  return {
    id: user.id,
    email: user.email,
    admin: user.is_admin === 1,
    role: user.role,
    language: user.language,
    status: user.status,
    sessionVersion: user.session_version,
    company,
    permissions,
  };
}

/** Why a profile may not hold a session (or sign in), or null when it may. */
export function accessProblem(
  profile: Pick<UserProfile, 'status' | 'company' | 'admin'>,
): 'account_disabled' | 'company_suspended' | null {
  if (profile.status !== 'active') return 'account_disabled';
  if (!profile.admin && profile.company?.status !== 'active') return 'company_suspended';
  return null;
}

/**
 * The user object the browser sees (session and usercompany). SPEC.md section 3: the role is a
 * plain string in the back-office and `{ name }` (or null) in the admin console.
 */
export function clientUser(profile: UserProfile) {
  return {
    user_id: profile.id,
    email: profile.email,
    admin: profile.admin,
    role: profile.admin ? (profile.role === null ? null : { name: profile.role }) : profile.role,
    language: profile.language,
    permissions: profile.permissions.map((p) => ({ id_permission: p.id_permission, description: p.description })),
  };
}

export function userCompanyBody(profile: UserProfile) {
  const merchant = !profile.admin && profile.company !== null;
  return {
    success: true as const,
    user: clientUser(profile),
    license: merchant ? { name: profile.company!.license } : null,
    addons: merchant ? [...profile.company!.addons] : [],
  };
}

/**
 * Counts a failed password. Failures further apart than the lockout window start a new count.
 * Two statements (increment, then lock) keep each one portable between SQLite and PostgreSQL;
 * the increment itself is atomic, so parallel attempts cannot under-count.
 * Returns the lock expiry when this failure locked the account.
 */
export async function recordLoginFailure(ctx: AuthContext, userId: number): Promise<number | null> {
  const now = ctx.now();
  const { maxFailures, windowMs, lockMs } = ctx.lockout;
  const row = await ctx.db
    .updateTable('users')
    .set({
      failed_logins: sql<number>`case when last_failed_at is null or last_failed_at < ${now - windowMs} then 1 else failed_logins + 1 end`,
      last_failed_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .returning('failed_logins')
    .executeTakeFirst();
  if (!row || row.failed_logins < maxFailures) return null;
  const lockedUntil = now + lockMs;
  await ctx.db
    .updateTable('users')
    .set({ locked_until: lockedUntil, failed_logins: 0, last_failed_at: null })
    .where('id', '=', userId)
    .execute();
  return lockedUntil;
}

export async function recordLoginSuccess(ctx: AuthContext, userId: number): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ failed_logins: 0, last_failed_at: null, locked_until: null })
    .where('id', '=', userId)
    .execute();
}
