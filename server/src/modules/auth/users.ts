import { createHash } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { prepared } from '../../platform/db';
import type { Database, UserRow } from '../../database';
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
  /** Bumped when the user's role or permissions change (read before the permissions). */
  accessVersion: number;
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
const profileUser = prepared(['userId'], (db: Kysely<Database>, { userId }: { userId: number }) =>
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
      'users.access_version',
      'companies.id as company_id',
      'companies.name as company_name',
      'companies.slug as company_slug',
      'companies.license as company_license',
      'companies.status as company_status',
    ])
    .where('users.id', '=', userId),
);
const profileAddons = prepared(['companyId'], (db: Kysely<Database>, { companyId }: { companyId: number }) =>
  db.selectFrom('company_addons').select('addon').where('company_id', '=', companyId).orderBy('addon'),
);
const profilePermissions = prepared(['userId'], (db: Kysely<Database>, { userId }: { userId: number }) =>
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
    accessVersion: user.access_version,
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

export const emailKey = (email: string) => createHash('sha256').update(normalizeEmail(email)).digest('hex');

export type AttemptResult = { ok: true } | { ok: false; lockedUntil: number };

/**
 * Takes a sign-in attempt for `email` BEFORE the password is checked: one atomic
 * `UPDATE ... RETURNING` counts it (failures within the lockout window, a lapsed lock starts
 * afresh), so 40 parallel guesses get at most `maxFailures` password checks between them; the rest
 * are refused as locked. Keyed by the e-mail, known account or not, so a lock looks the same for
 * both (no account enumeration). `finishSignInAttempt` settles the count afterwards.
 */
export async function beginSignInAttempt(ctx: AuthContext, email: string): Promise<AttemptResult> {
  const now = ctx.now();
  const { maxFailures, windowMs, lockMs } = ctx.lockout;
  const key = emailKey(email);
  await ctx.db
    .insertInto('signin_failures')
    .values({ email_key: key, failures: 0, last_failed_at: null, locked_until: null })
    .onConflict((oc) => oc.column('email_key').doNothing())
    .execute();
  const lapsed = sql<boolean>`locked_until is not null and locked_until <= ${now}`;
  const row = await ctx.db
    .updateTable('signin_failures')
    .set({
      failures: sql<number>`case when ${lapsed} or last_failed_at is null or last_failed_at < ${now - windowMs} then 1 else failures + 1 end`,
      locked_until: sql<number | null>`case when ${lapsed} then null else locked_until end`,
      last_failed_at: now,
    })
    .where('email_key', '=', key)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning('failures')
    .executeTakeFirst();
  if (row && row.failures <= maxFailures) return { ok: true };
  if (row) {
    // Beyond the allowance while earlier attempts are still being checked: lock now.
    await ctx.db
      .updateTable('signin_failures')
      .set({ locked_until: now + lockMs, failures: 0 })
      .where('email_key', '=', key)
      .where('locked_until', 'is', null)
      .execute();
  }
  return { ok: false, lockedUntil: (await lockedUntil(ctx.db, email, now)) ?? now + lockMs };
}

/**
 * After the password check: a success forgets the failures; a failure keeps its count and, when it
 * was the last one allowed, locks. Returns the lock's end when this failure locked the account.
 */
export async function finishSignInAttempt(ctx: AuthContext, email: string, success: boolean): Promise<number | null> {
  const key = emailKey(email);
  if (success) {
    await ctx.db.deleteFrom('signin_failures').where('email_key', '=', key).execute();
    return null;
  }
  const now = ctx.now();
  const until = now + ctx.lockout.lockMs;
  const locked = await ctx.db
    .updateTable('signin_failures')
    .set({ locked_until: until, failures: 0 })
    .where('email_key', '=', key)
    .where('failures', '>=', ctx.lockout.maxFailures)
    .where('locked_until', 'is', null)
    .executeTakeFirst();
  return Number(locked.numUpdatedRows) > 0 ? until : null;
}

/** The end of a current sign-in lock of `email`, or null. */
export async function lockedUntil(db: Kysely<Database>, email: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('signin_failures')
    .select('locked_until')
    .where('email_key', '=', emailKey(email))
    .executeTakeFirst();
  return row?.locked_until != null && row.locked_until > now ? row.locked_until : null;
}

/** Current sign-in locks of several e-mails at once (the admin console's user lists). */
export async function lockedUntilByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
  now: number,
): Promise<Map<string, number>> {
  const keys = new Map(emails.map((email) => [emailKey(email), email]));
  const out = new Map<string, number>();
  if (keys.size === 0) return out;
  const rows = await db
    .selectFrom('signin_failures')
    .select(['email_key', 'locked_until'])
    .where('email_key', 'in', [...keys.keys()])
    .where('locked_until', '>', now)
    .execute();
  for (const row of rows) out.set(keys.get(row.email_key)!, row.locked_until!);
  return out;
}

/** Support unlocking a user also lifts the sign-in lock. */
export async function clearSignInLock(db: Kysely<Database> | Transaction<Database>, email: string): Promise<void> {
  await db.deleteFrom('signin_failures').where('email_key', '=', emailKey(email)).execute();
}
