import type { Db } from '../../module';
import type { NewUser } from './tables';

/*
 * The writes other modules make to the accounts (team's access and invitations, the admin
 * console's locks and staff access): auth owns users, user_permissions and password_resets, so
 * they are written here, each in the caller's transaction (`db` is that transaction).
 */

/** Creates an account; its id. */
export async function insertUser(db: Db, values: NewUser): Promise<number> {
  const created = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return created.id;
}

/** An account unless its e-mail is taken (the demo seed: idempotent); its id, or undefined. */
export async function insertUserUnlessTaken(db: Db, values: NewUser): Promise<number | undefined> {
  const inserted = await db
    .insertInto('users')
    .values(values)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * Every platform staff user with one of `roles` holds `permission` (idempotent: only the missing
 * rows), the catalog row too, so the grant never waits for the permission catalog. How many got it.
 */
export async function grantStaffPermission(db: Db, permission: string, roles: readonly string[]): Promise<number> {
  await db
    .insertInto('permissions')
    .values({ id_permission: permission, description: permission, scope: 'admin' })
    .onConflict((oc) => oc.column('id_permission').doNothing())
    .execute();
  const missing = await db
    .selectFrom('users')
    .select('id')
    .where('is_admin', '=', 1)
    .where('role', 'in', [...roles])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_permissions')
            .select('user_permissions.user_id')
            .whereRef('user_permissions.user_id', '=', 'users.id')
            .where('user_permissions.id_permission', '=', permission),
        ),
      ),
    )
    .execute();
  if (missing.length === 0) return 0;
  await db
    .insertInto('user_permissions')
    .values(missing.map((user) => ({ user_id: user.id, id_permission: permission })))
    .onConflict((oc) => oc.columns(['user_id', 'id_permission']).doNothing())
    .execute();
  return missing.length;
}

/** What the users may see changed (role, permissions): the X-Plan-Changed signal. */
export async function bumpAccessVersion(db: Db, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ access_version: eb('access_version', '+', 1) }))
    .where('id', 'in', userIds)
    .execute();
}

export async function writeUserRole(db: Db, userId: number, role: string | null, now: number): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: now }).where('id', '=', userId).execute();
}

export async function activateUser(db: Db, userId: number, now: number): Promise<void> {
  await db.updateTable('users').set({ status: 'active', updated_at: now }).where('id', '=', userId).execute();
}

/** The company takes the account's access away: locked, its sessions ended. */
export async function disableUserAccount(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      status: 'locked',
      session_version: eb('session_version', '+', 1),
      access_version: eb('access_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Platform staff lock an account (every session ends for good: a new session version) or lift
 * their lock; only they can (platform_locked).
 */
export async function setPlatformLock(db: Db, userId: number, locked: boolean, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) =>
      locked
        ? {
            status: 'locked',
            platform_locked: 1,
            session_version: eb('session_version', '+', 1),
            updated_at: now,
          }
        : { status: 'active', platform_locked: 0, updated_at: now },
    )
    .where('id', '=', userId)
    .execute();
}

/** Every session of the company's users ends (a new session version each). */
export async function endCompanySessions(db: Db, companyId: number, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ session_version: eb('session_version', '+', 1), updated_at: now }))
    .where('company_id', '=', companyId)
    .execute();
}

export async function removeUserPermissions(db: Db, userId: number, names: readonly string[]): Promise<void> {
  await db.deleteFrom('user_permissions').where('user_id', '=', userId).where('id_permission', 'in', names).execute();
}

/** Grants, 400 rows a statement (the databases' parameter limits). */
export async function addUserPermissions(
  db: Db,
  grants: readonly { user_id: number; id_permission: string }[],
): Promise<void> {
  for (let start = 0; start < grants.length; start += 400) {
    await db
      .insertInto('user_permissions')
      .values(grants.slice(start, start + 400))
      .execute();
  }
}

/** A staff member's admin-console permissions become `permissions` (back-office ones stay). */
export async function replaceStaffPermissions(db: Db, userId: number, permissions: readonly string[]): Promise<void> {
  const adminScope = db.selectFrom('permissions').select('id_permission').where('scope', '=', 'admin');
  await db
    .deleteFrom('user_permissions')
    .where('user_id', '=', userId)
    .where('id_permission', 'in', adminScope)
    .execute();
  if (permissions.length > 0) {
    await db
      .insertInto('user_permissions')
      .values(permissions.map((id_permission) => ({ user_id: userId, id_permission })))
      .execute();
  }
}

/** The user's e-mailed links still out (an invitation, a reset) stop working. */
export async function voidOpenTokens(db: Db, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
