import express, { type Router } from 'express';
import { z } from 'zod';
import { BACKOFFICE_ROLES, type BackofficeRole } from '@hive/shared/config';
import { backofficePermissionTree, reachablePermissions } from '@hive/shared/menu';
import {
  DEFAULT_REGISTER_RIGHTS,
  LOCKED_ADMIN_PERMISSIONS,
  REGISTER_RIGHTS,
  defaultRolePermissions,
  roleInputSchema,
  type RegisterRights,
  type RoleChangeAnswer,
  type RoleInfo,
  type RoleInput,
  type RolesAnswer,
} from '@hive/shared/schemas/backoffice/team';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, type Merchant, noStore, notFound, refused } from '../merchant';
import type { Kysely, Transaction } from 'kysely';
import {
  applyAccess,
  assertHolds,
  assertMayTouchRole,
  changedNames,
  ensureCompanyRoles,
  isAdminActor,
  isRole,
  rightColumns,
  rightsOf,
  roleSets,
  withAccessChange,
  actorOf,
} from './access';

const PAGE = '/roles';
type Db = Kysely<Database> | Transaction<Database>;

const emptyBody = z.object({}).strict();

function roleParam(value: unknown): BackofficeRole {
  if (!isRole(value)) throw notFound('role');
  return value;
}

async function rightsByRole(db: Db, companyId: number): Promise<Map<string, RegisterRights>> {
  const rows = await db.selectFrom('company_roles').selectAll().where('company_id', '=', companyId).execute();
  return new Map(rows.map((row) => [row.role, rightsOf(row)]));
}

/** The company's three roles as the /roles page shows them. */
export async function loadRoles(db: Db, merchant: Merchant): Promise<RoleInfo[]> {
  const { companyId, company } = merchant;
  const actor = actorOf(merchant);
  const [sets, rights, counts] = await Promise.all([
    roleSets(db, companyId),
    rightsByRole(db, companyId),
    db
      .selectFrom('users')
      .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
      .where('company_id', '=', companyId)
      .where('is_admin', '=', 0)
      .groupBy('role')
      .execute(),
  ]);
  const userCount = new Map(counts.map((c) => [c.role, Number(c.n)]));
  return BACKOFFICE_ROLES.map((role) => ({
    role,
    permissions: [...(sets.get(role) ?? [])].sort(),
    registerRights: rights.get(role) ?? { ...DEFAULT_REGISTER_RIGHTS[role] },
    reachable: reachablePermissions({ role, license: company.license, addons: company.addons }).sort(),
    locked: role === 'admin' ? [...LOCKED_ADMIN_PERMISSIONS] : [],
    defaults: { permissions: defaultRolePermissions(role), registerRights: { ...DEFAULT_REGISTER_RIGHTS[role] } },
    userCount: userCount.get(role) ?? 0,
    editable: role !== 'admin' || isAdminActor(actor),
  }));
}

const ADMIN_ROLE_LOCKED =
  'The admin role always opens Roles and Permissions, so that the company can never lock itself out.';

/**
 * Replaces a role's permissions and register rights; its users' effective permissions follow in the
 * same transaction and those whose menu changed are bumped. Returns how many.
 */
async function changeRole(
  ctx: AuthContext,
  merchant: Merchant,
  role: BackofficeRole,
  input: RoleInput,
): Promise<number> {
  const actor = actorOf(merchant);
  assertMayTouchRole(actor, role);
  if (role === 'admin') {
    const lost = LOCKED_ADMIN_PERMISSIONS.filter((name) => !input.permissions.includes(name));
    if (lost.length > 0) throw refused('admin_role_locked', ADMIN_ROLE_LOCKED, { permissions: lost });
  }
  const { companyId } = merchant;
  const now = ctx.now();
  const changed = await withAccessChange(ctx.db, companyId, async (trx) => {
    await ensureCompanyRoles(trx, companyId, now);
    const current = (await roleSets(trx, companyId)).get(role) ?? new Set<string>();
    const rights = await rightsByRole(trx, companyId);
    assertHolds(actor, changedNames(current, input.permissions));
    // Nor does a manager hand out a register right their own role lacks.
    const currentRights = rights.get(role)!;
    const ownRights = (actor.role !== null && rights.get(actor.role)) || null;
    const rightsChanged = REGISTER_RIGHTS.filter((right) => currentRights[right] !== input.registerRights[right]);
    const notHeld = rightsChanged.filter((right) => !isAdminActor(actor) && !ownRights?.[right]);
    if (notHeld.length > 0) {
      throw refused('not_held', `You can only give or take register rights your own role has: ${notHeld.join(', ')}.`, {
        rights: notHeld,
      });
    }
    const wanted = new Set(input.permissions);
    const removed = [...current].filter((name) => !wanted.has(name));
    const added = input.permissions.filter((name) => !current.has(name));
    if (removed.length > 0) {
      await trx
        .deleteFrom('role_permissions')
        .where('company_id', '=', companyId)
        .where('role', '=', role)
        .where('id_permission', 'in', removed)
        .execute();
    }
    if (added.length > 0) {
      await trx
        .insertInto('role_permissions')
        .values(added.map((id_permission) => ({ company_id: companyId, role, id_permission })))
        .execute();
    }
    await trx
      .updateTable('company_roles')
      .set({ ...rightColumns(input.registerRights), updated_at: now })
      .where('company_id', '=', companyId)
      .where('role', '=', role)
      .execute();
    const users = await trx
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .where('is_admin', '=', 0)
      .where('role', '=', role)
      .execute();
    return applyAccess(
      trx,
      companyId,
      users.map((u) => u.id),
    );
  });
  return changed.length;
}

/**
 * `/api/backoffice/team/roles`: the company's admin, manager and user roles, with the back-office
 * permissions each grants (a matrix grouped like the menu) and its register rights.
 */
export function rolesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const answerFor = async (merchant: Merchant, role: BackofficeRole, changedUsers: number) => {
    const info = (await loadRoles(db, merchant)).find((r) => r.role === role)!;
    const body: RoleChangeAnswer = { ...info, changedUsers };
    return body;
  };

  router.get('/', async (_req, res) => {
    const merchant = merchantOf(res);
    const body: RolesAnswer = {
      menu: backofficePermissionTree(),
      registerRights: REGISTER_RIGHTS,
      roles: await loadRoles(db, merchant),
    };
    noStore(res).json(body);
  });

  router.put('/:role', async (req, res) => {
    const role = roleParam(req.params.role);
    const input = parseOrThrow(roleInputSchema, req.body);
    const merchant = merchantOf(res);
    const changedUsers = await changeRole(ctx, merchant, role, input);
    noStore(res).json(await answerFor(merchant, role, changedUsers));
  });

  // Back to what every company starts with.
  router.post('/:role/reset', async (req, res) => {
    const role = roleParam(req.params.role);
    parseOrThrow(emptyBody, req.body ?? {});
    const merchant = merchantOf(res);
    const known = new Set(
      (await db.selectFrom('permissions').select('id_permission').where('scope', '=', 'backoffice').execute()).map(
        (p) => p.id_permission,
      ),
    );
    const changedUsers = await changeRole(ctx, merchant, role, {
      permissions: defaultRolePermissions(role).filter((name) => known.has(name)),
      registerRights: { ...DEFAULT_REGISTER_RIGHTS[role] },
    });
    noStore(res).json(await answerFor(merchant, role, changedUsers));
  });

  return router;
}
