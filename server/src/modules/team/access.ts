import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import { BACKOFFICE_ROLES, type BackofficeRole } from '@hive/shared/config';
import {
  DEFAULT_REGISTER_RIGHTS,
  LOCKED_ADMIN_PERMISSIONS,
  REGISTER_RIGHTS,
  defaultRolePermissions,
  effectivePermissions,
  type RegisterRights,
} from '@hive/shared/schemas/backoffice/team';
import {
  INVITED_PASSWORD_HASH,
  addUserPermissions,
  bumpAccessVersion,
  disableUserAccount,
  removeUserPermissions,
  writeUserRole,
} from '../auth';
import type { Database } from '../../database';
import { type Merchant, refused } from '../merchant';

/*
 * Who may see what in the back-office (issue 20). Three tables decide it:
 *
 *   company_roles + role_permissions   each company's admin, manager and user roles: the `view_*_menu`
 *                                      permissions and the register rights each grants
 *   user_permission_overrides          per user: a permission granted or revoked whatever the role says
 *
 * and `user_permissions` holds the result for each merchant user: role's set + granted - revoked.
 * It is a cache kept in the same transaction as every change here (applyAccess), because it is
 * what the session reads on every request (auth/users.ts loadProfile, three compiled queries) and
 * so what the sidebar shows and what `requirePage` enforces: one set, read one way. A test
 * recomputes it from the three tables and compares (server/src/modules/team/team.test.ts).
 *
 * Whenever a user's effective set or role changes, their access version goes up: their next
 * request carries `X-Plan-Changed: 1` (admin/plan), and the reload with `?planChanged=true` shows
 * the new menu. Sessions are not ended.
 */

type Db = Kysely<Database> | Transaction<Database>;

export const isRole = (value: unknown): value is BackofficeRole =>
  typeof value === 'string' && (BACKOFFICE_ROLES as readonly string[]).includes(value);

const RIGHT_COLUMNS = {
  refunds: 'can_refund',
  discounts: 'can_discount',
  openDrawer: 'can_open_drawer',
  void: 'can_void',
} as const satisfies Record<(typeof REGISTER_RIGHTS)[number], string>;

type RightColumns = { can_refund: number; can_discount: number; can_open_drawer: number; can_void: number };

export function rightsOf(row: RightColumns): RegisterRights {
  return {
    refunds: Number(row.can_refund) === 1,
    discounts: Number(row.can_discount) === 1,
    openDrawer: Number(row.can_open_drawer) === 1,
    void: Number(row.can_void) === 1,
  };
}

export function rightColumns(rights: RegisterRights): RightColumns {
  return Object.fromEntries(
    REGISTER_RIGHTS.map((right) => [RIGHT_COLUMNS[right], rights[right] ? 1 : 0]),
  ) as RightColumns;
}

/** Serialises one company's access changes until the transaction ends (the lock-out rule reads several users). */
export async function lockCompanyAccess(trx: Db, companyId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return; // SQLite: one writer at a time
  await sql`select pg_advisory_xact_lock(hashtext(${`hive-access:${companyId}`}))`.execute(trx);
}

// -------------------------------------------------------------------------------------------------
// Reading the three tables

/** Each role's permissions (a role without rows grants nothing). */
export async function roleSets(db: Db, companyId: number): Promise<Map<string, Set<string>>> {
  const rows = await db
    .selectFrom('role_permissions')
    .select(['role', 'id_permission'])
    .where('company_id', '=', companyId)
    .execute();
  const out = new Map<string, Set<string>>(BACKOFFICE_ROLES.map((role) => [role, new Set<string>()]));
  for (const row of rows) out.get(row.role)?.add(row.id_permission);
  return out;
}

export interface Overrides {
  granted: string[];
  revoked: string[];
}

async function overridesOf(db: Db, companyId: number, userIds: number[]): Promise<Map<number, Overrides>> {
  const out = new Map<number, Overrides>(userIds.map((id) => [id, { granted: [], revoked: [] }]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_permission_overrides')
    .select(['user_id', 'id_permission', 'granted'])
    .where('company_id', '=', companyId)
    .where('user_id', 'in', userIds)
    .orderBy('id_permission')
    .execute();
  for (const row of rows) {
    const entry = out.get(row.user_id);
    if (entry) (Number(row.granted) === 1 ? entry.granted : entry.revoked).push(row.id_permission);
  }
  return out;
}

export async function overridesOfUser(db: Db, companyId: number, userId: number): Promise<Overrides> {
  return (await overridesOf(db, companyId, [userId])).get(userId)!;
}

/** The back-office permissions users hold now (user_permissions). */
async function heldOf(db: Db, userIds: number[]): Promise<Map<number, Set<string>>> {
  const out = new Map<number, Set<string>>(userIds.map((id) => [id, new Set<string>()]));
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id_permission', 'user_permissions.id_permission')
    .select(['user_permissions.user_id', 'user_permissions.id_permission'])
    .where('permissions.scope', '=', 'backoffice')
    .where('user_permissions.user_id', 'in', userIds)
    .execute();
  for (const row of rows) out.get(row.user_id)?.add(row.id_permission);
  return out;
}

/** The company's back-office users (never platform staff), or the ones named. */
async function merchantUsers(db: Db, companyId: number, userIds?: number[]) {
  let query = db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('company_id', '=', companyId)
    .where('is_admin', '=', 0);
  if (userIds !== undefined) {
    if (userIds.length === 0) return [];
    query = query.where('id', 'in', userIds);
  }
  return query.orderBy('id').execute();
}

// -------------------------------------------------------------------------------------------------
// Keeping user_permissions equal to role + overrides

/**
 * Writes each named user's (default: every user's of the company) effective permissions into
 * user_permissions and bumps the access version of those whose set changed. Returns their ids.
 */
export async function applyAccess(trx: Db, companyId: number, userIds?: number[]): Promise<number[]> {
  const users = await merchantUsers(trx, companyId, userIds);
  if (users.length === 0) return [];
  const ids = users.map((u) => u.id);
  const [sets, overrides, held] = await Promise.all([
    roleSets(trx, companyId),
    overridesOf(trx, companyId, ids),
    heldOf(trx, ids),
  ]);
  const changed: number[] = [];
  const additions: { user_id: number; id_permission: string }[] = [];
  for (const user of users) {
    const roleSet = (user.role !== null && sets.get(user.role)) || new Set<string>();
    const wanted = new Set(effectivePermissions([...roleSet], overrides.get(user.id)!));
    const current = held.get(user.id)!;
    const remove = [...current].filter((name) => !wanted.has(name));
    const add = [...wanted].filter((name) => !current.has(name));
    if (remove.length === 0 && add.length === 0) continue;
    changed.push(user.id);
    if (remove.length > 0) await removeUserPermissions(trx, user.id, remove);
    for (const name of add) additions.push({ user_id: user.id, id_permission: name });
  }
  await addUserPermissions(trx, additions);
  await bumpAccessVersion(trx, changed);
  return changed;
}

/** Replaces a user's overrides (the caller then runs applyAccess). */
export async function writeOverrides(trx: Db, companyId: number, userId: number, overrides: Overrides) {
  await trx.deleteFrom('user_permission_overrides').where('user_id', '=', userId).execute();
  const rows = [
    ...overrides.granted.map((name) => ({ user_id: userId, company_id: companyId, id_permission: name, granted: 1 })),
    ...overrides.revoked.map((name) => ({ user_id: userId, company_id: companyId, id_permission: name, granted: 0 })),
  ];
  if (rows.length > 0) await trx.insertInto('user_permission_overrides').values(rows).execute();
}

/**
 * Makes what the named users (default: every user of the company) hold now the result of their
 * role: whatever the role does not give becomes a grant, whatever it gives that they lack a revoke.
 * Used when a company's roles are first made, so nobody's menu changes by it.
 */
export async function adoptPermissions(trx: Db, companyId: number, userIds?: number[]): Promise<void> {
  const users = await merchantUsers(trx, companyId, userIds);
  if (users.length === 0) return;
  const ids = users.map((u) => u.id);
  const [sets, held] = await Promise.all([roleSets(trx, companyId), heldOf(trx, ids)]);
  for (const user of users) {
    const roleSet = (user.role !== null && sets.get(user.role)) || new Set<string>();
    const current = held.get(user.id)!;
    await writeOverrides(trx, companyId, user.id, {
      granted: [...current].filter((name) => !roleSet.has(name)).sort(),
      revoked: [...roleSet].filter((name) => !current.has(name)).sort(),
    });
  }
}

/**
 * The company's three roles with the product's defaults (permissions known to the catalog), made
 * once. When the company already has users (an install upgraded from before the roles existed, or
 * rows written by a seed) their current permissions are adopted as overrides: nothing changes for
 * anyone. The demo's manager@cornermarket.test, who never had /tax_report and /transfers, keeps
 * the manager role (every page) with those two revoked, so the /permissions page shows them as
 * what they are: exceptions for one person, not the company's idea of a manager.
 */
export async function ensureCompanyRoles(trx: Db, companyId: number, now: number): Promise<boolean> {
  const existing = new Set(
    (await trx.selectFrom('company_roles').select('role').where('company_id', '=', companyId).execute()).map(
      (r) => r.role,
    ),
  );
  const missing = BACKOFFICE_ROLES.filter((role) => !existing.has(role));
  if (missing.length === 0) return false;
  const known = new Set(
    (await trx.selectFrom('permissions').select('id_permission').where('scope', '=', 'backoffice').execute()).map(
      (p) => p.id_permission,
    ),
  );
  for (const role of missing) {
    await trx
      .insertInto('company_roles')
      .values({ company_id: companyId, role, ...rightColumns(DEFAULT_REGISTER_RIGHTS[role]), updated_at: now })
      .onConflict((oc) => oc.columns(['company_id', 'role']).doNothing())
      .execute();
    const names = defaultRolePermissions(role).filter((name) => known.has(name));
    if (names.length > 0) {
      await trx
        .insertInto('role_permissions')
        .values(names.map((id_permission) => ({ company_id: companyId, role, id_permission })))
        .onConflict((oc) => oc.columns(['company_id', 'role', 'id_permission']).doNothing())
        .execute();
    }
  }
  await adoptPermissions(trx, companyId);
  return true;
}

/**
 * At start-up, after the permission catalog sync and the demo seed: every company without its
 * roles gets them (ensureCompanyRoles), in one transaction per company. Companies made by the
 * product's own paths already have them; this covers installs upgraded from before issue 20 and
 * rows written directly (seeds). Returns how many companies it set up.
 */
export async function ensureTeamRoles(db: Kysely<Database>, now: number): Promise<number> {
  const rows = await db
    .selectFrom('companies')
    .select('id')
    .where((eb) =>
      eb(
        eb
          .selectFrom('company_roles')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('company_roles.company_id', '=', 'companies.id'),
        '<',
        BACKOFFICE_ROLES.length,
      ),
    )
    .orderBy('id')
    .execute();
  let made = 0;
  for (const { id } of rows) {
    await db.transaction().execute(async (trx) => {
      await lockCompanyAccess(trx, id);
      if (await ensureCompanyRoles(trx, id, now)) made += 1;
    });
  }
  return made;
}

/**
 * A user written directly with their permissions (the demo seed) into a company whose roles exist:
 * adopt what they hold as overrides, so role + overrides stays what user_permissions says.
 */
export async function adoptUserIfRolesExist(trx: Db, companyId: number, userId: number): Promise<void> {
  const roles = await trx.selectFrom('company_roles').select('role').where('company_id', '=', companyId).execute();
  if (roles.length > 0) await adoptPermissions(trx, companyId, [userId]);
}

// -------------------------------------------------------------------------------------------------
// Roles of users

/** Gives a user a role (and their employee record with it); their access is applied and bumped. */
export async function setUserRole(trx: Db, companyId: number, userId: number, role: BackofficeRole, now: number) {
  const current = await trx
    .selectFrom('users')
    .select('role')
    .where('id', '=', userId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!current || current.role === role) return;
  await writeUserRole(trx, userId, role, now);
  await trx
    .updateTable('employees')
    .set({ role, updated_at: now })
    .where('user_id', '=', userId)
    .where('company_id', '=', companyId)
    .execute();
  const changed = await applyAccess(trx, companyId, [userId]);
  // The menu's role rule changed even when the permissions did not.
  if (!changed.includes(userId)) await bumpAccessVersion(trx, [userId]);
}

/** Takes a user's back-office access away: the account is disabled and its sessions end. */
export async function disableUser(trx: Db, userId: number, now: number): Promise<void> {
  await disableUserAccount(trx, userId, now);
}

// -------------------------------------------------------------------------------------------------
// The lock-out rule and who may change what

const LAST_ADMIN =
  'The company would have no admin left who can open Roles and Permissions (someone must be able to give access back): keep at least one active admin with both.';

/**
 * Active admins (a password chosen, account enabled) holding both LOCKED_ADMIN_PERMISSIONS: the
 * people who can always give access back.
 */
export async function keyAdminCount(trx: Db, companyId: number): Promise<number> {
  const row = await trx
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('is_admin', '=', 0)
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .where('password_hash', '<>', INVITED_PASSWORD_HASH)
    .where((eb) =>
      eb.and(
        LOCKED_ADMIN_PERMISSIONS.map((name) =>
          eb.exists(
            eb
              .selectFrom('user_permissions')
              .select('user_permissions.user_id')
              .whereRef('user_permissions.user_id', '=', 'users.id')
              .where('user_permissions.id_permission', '=', name),
          ),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Runs an access change of one company in a transaction, under the company's access lock, and
 * refuses it (409 `last_admin`, nothing written) when it leaves no admin who can open /roles and
 * /permissions where there was one before.
 */
export async function withAccessChange<T>(
  db: Kysely<Database>,
  companyId: number,
  change: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockCompanyAccess(trx, companyId);
    const before = await keyAdminCount(trx, companyId);
    const result = await change(trx);
    if (before > 0 && (await keyAdminCount(trx, companyId)) === 0) throw refused('last_admin', LAST_ADMIN);
    return result;
  });
}

/** The signed-in user making a change. */
export interface Actor {
  userId: number;
  role: string | null;
  /** What they hold (their session's permissions). */
  permissions: ReadonlySet<string>;
}

export const isAdminActor = (actor: Actor) => actor.role === 'admin';

/** The signed-in user as the access rules see them (their session's role and permissions). */
export function actorOf(merchant: Merchant): Actor {
  const { role, permissions } = merchant.menu;
  return {
    userId: merchant.userId,
    role: typeof role === 'string' ? role : null,
    permissions: new Set((permissions ?? []).map((p) => String(p.description))),
  };
}

const ADMIN_ONLY = 'Only an admin can change an admin, the admin role, or make someone an admin.';

/** Only an admin touches admins, the admin role, or gives the admin role. */
export function assertMayTouchRole(actor: Actor, role: string | null | undefined): void {
  if (role === 'admin' && !isAdminActor(actor)) throw refused('admin_only', ADMIN_ONLY);
}

/**
 * No one gives what they do not have: a manager changes only permissions they hold themselves
 * (granting or taking them away). Admins change anything (the lock-out rule still applies).
 */
export function assertHolds(actor: Actor, changed: readonly string[]): void {
  if (isAdminActor(actor)) return;
  const missing = [...new Set(changed)].filter((name) => !actor.permissions.has(name)).sort();
  if (missing.length > 0) {
    throw refused(
      'not_held',
      `You can only give or take permissions you hold yourself; you do not hold ${missing.join(', ')}.`,
      { permissions: missing },
    );
  }
}

/** The names that differ between two sets. */
export function changedNames(a: Iterable<string>, b: Iterable<string>): string[] {
  const x = new Set(a);
  const y = new Set(b);
  return [...[...x].filter((n) => !y.has(n)), ...[...y].filter((n) => !x.has(n))].sort();
}

/** What a user holds now (user_permissions, back-office scope). */
export async function heldPermissions(db: Db, userId: number): Promise<Set<string>> {
  return (await heldOf(db, [userId])).get(userId)!;
}

/**
 * A change to a user (new role, new overrides) by a non-admin may only move permissions the actor
 * holds: what the user would gain or lose, computed before anything is written.
 */
export async function assertUserChangeHeld(
  trx: Db,
  actor: Actor,
  companyId: number,
  userId: number,
  next: { role: string | null; overrides: Overrides },
): Promise<void> {
  if (isAdminActor(actor)) return;
  const sets = await roleSets(trx, companyId);
  const roleSet = (next.role !== null && sets.get(next.role)) || new Set<string>();
  const after = effectivePermissions([...roleSet], next.overrides);
  assertHolds(actor, changedNames(await heldPermissions(trx, userId), after));
}
