import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../db';
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

/** The user with company, add-ons and permissions: what sessions and usercompany are built from. */
export async function loadProfile(db: Kysely<Database>, userId: number): Promise<UserProfile | null> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return null;

  let company: UserProfile['company'] = null;
  if (user.company_id !== null) {
    const row = await db.selectFrom('companies').selectAll().where('id', '=', user.company_id).executeTakeFirst();
    if (row) {
      const addons = await db
        .selectFrom('company_addons')
        .select('addon')
        .where('company_id', '=', row.id)
        .orderBy('addon')
        .execute();
      company = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        license: row.license,
        status: row.status,
        addons: addons.map((a) => a.addon),
      };
    }
  }

  const permissions = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id_permission', 'user_permissions.id_permission')
    .select(['permissions.id_permission', 'permissions.description'])
    .where('user_permissions.user_id', '=', user.id)
    .orderBy('permissions.id_permission')
    .execute();

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
