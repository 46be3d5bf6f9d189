import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import { backofficeBottomMenu, backofficeMainMenu, menuPaths, visibleMenu } from '@hive/shared/menu';
import {
  accessListQuerySchema,
  overridesInputSchema,
  type UserAccess,
  type UserAccessSummary,
  type UserStatus,
} from '@hive/shared/schemas/backoffice/team';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import type { BackofficeRole } from '@hive/shared/config';
import { type AuthContext, INVITED_PASSWORD_HASH } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  type Merchant,
  containsPattern,
  idParam,
  ilike,
  noStore,
  notFound,
  orderBy,
} from '../merchant';
import {
  applyAccess,
  assertHolds,
  assertMayTouchRole,
  assertUserChangeHeld,
  heldPermissions,
  isAdminActor,
  isRole,
  overridesOfUser,
  roleSets,
  setUserRole,
  withAccessChange,
  writeOverrides,
  actorOf,
  type Overrides,
} from './access';

const PAGE = '/permissions';
type Db = Kysely<Database> | Transaction<Database>;

/** invited: no password chosen yet; disabled: access taken away (or locked by platform staff). */
export function userStatusOf(row: { status: string; password_hash: string }): UserStatus {
  if (row.status === 'pending') return 'pending';
  if (row.status !== 'active') return 'disabled';
  return row.password_hash === INVITED_PASSWORD_HASH ? 'invited' : 'active';
}

const grantedCount = sql<number>`(select count(*) from user_permission_overrides o where o.user_id = users.id and o.granted = 1)`;
const revokedCount = sql<number>`(select count(*) from user_permission_overrides o where o.user_id = users.id and o.granted = 0)`;

function baseQuery(db: Db, companyId: number, search: string) {
  let query = db
    .selectFrom('users')
    .leftJoin('employees', (join) =>
      join.onRef('employees.user_id', '=', 'users.id').on('employees.company_id', '=', companyId),
    )
    .where('users.company_id', '=', companyId)
    .where('users.is_admin', '=', 0);
  if (search) {
    const pattern = containsPattern(search);
    query = query.where((eb) => eb.or([ilike('users.email', pattern), ilike('employees.name', pattern)]));
  }
  return query;
}

function selectUsers(db: Db, companyId: number, search: string) {
  return baseQuery(db, companyId, search).select([
    'users.id',
    'users.email',
    'users.role',
    'users.status',
    'users.password_hash',
    'employees.id as employee_id',
    'employees.name as employee_name',
    grantedCount.as('granted_count'),
    revokedCount.as('revoked_count'),
  ]);
}

type UserRowOf = Awaited<ReturnType<ReturnType<typeof selectUsers>['executeTakeFirstOrThrow']>>;

const toSummary = (row: UserRowOf): UserAccessSummary => ({
  userId: row.id,
  email: row.email,
  role: (isRole(row.role) ? row.role : 'user') as BackofficeRole,
  status: userStatusOf(row),
  employeeId: row.employee_id ?? null,
  employeeName: row.employee_name ?? null,
  grantedCount: Number(row.granted_count),
  revokedCount: Number(row.revoked_count),
});

const SORT_COLUMNS = { email: 'users.email', role: 'users.role' } as const;

/** One user's access as /permissions shows it: role's set, overrides, and the menu they get. */
export async function loadUserAccess(db: Db, merchant: Merchant, userId: number): Promise<UserAccess> {
  const { companyId, company } = merchant;
  const row = await selectUsers(db, companyId, '').where('users.id', '=', userId).executeTakeFirst();
  if (!row) throw notFound('user');
  const [sets, overrides, held] = await Promise.all([
    roleSets(db, companyId),
    overridesOfUser(db, companyId, userId),
    heldPermissions(db, userId),
  ]);
  // What the session serves (user_permissions), so the menu below is exactly the user's sidebar.
  const effective = [...held].sort();
  const ctx = {
    role: row.role,
    license: company.license,
    addons: company.addons,
    permissions: effective.map((name) => ({ id_permission: name, description: name })),
  };
  const main = visibleMenu(backofficeMainMenu, ctx);
  const bottom = visibleMenu(backofficeBottomMenu, ctx);
  const actor = actorOf(merchant);
  return {
    user: toSummary(row),
    rolePermissions: [...((row.role !== null && sets.get(row.role)) || [])].sort(),
    granted: overrides.granted,
    revoked: overrides.revoked,
    effective,
    menu: { main, bottom },
    visiblePaths: menuPaths([...main, ...bottom]),
    editable: row.role !== 'admin' || isAdminActor(actor),
  };
}

/**
 * Names newly granted by override: a grant stays pinned whatever the role later says, so only
 * someone who holds the permission pins it (revoking, or dropping an override, only moves what
 * the user ends up holding, which assertUserChangeHeld checks).
 */
function newGrants(before: Overrides, after: Overrides): string[] {
  const had = new Set(before.granted);
  return after.granted.filter((name) => !had.has(name));
}

/**
 * `/api/backoffice/team/permissions`: each back-office user's exceptions to their role (a permission
 * granted or revoked for them alone), and the menu that results.
 */
export function permissionsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(accessListQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    const [rows, count] = await Promise.all([
      selectUsers(db, companyId, q.search)
        .orderBy(orderBy(SORT_COLUMNS[q.sort], q.dir))
        .orderBy('users.id', 'asc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      baseQuery(db, companyId, q.search)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    const body: ListResponse<UserAccessSummary> = {
      rows: rows.map(toSummary),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadUserAccess(db, merchantOf(res), idParam(req.params.id)));
  });

  // The overrides (and optionally the role) of one user, replaced as a whole.
  router.put('/:id', async (req, res) => {
    const userId = idParam(req.params.id);
    const input = parseOrThrow(overridesInputSchema, req.body);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const actor = actorOf(merchant);
    const now = ctx.now();
    await withAccessChange(db, companyId, async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select(['id', 'role'])
        .where('id', '=', userId)
        .where('company_id', '=', companyId)
        .where('is_admin', '=', 0)
        .executeTakeFirst();
      if (!user) throw notFound('user');
      assertMayTouchRole(actor, user.role);
      const role = input.role ?? user.role;
      if (input.role !== undefined) assertMayTouchRole(actor, input.role);
      const next: Overrides = { granted: input.granted, revoked: input.revoked };
      const before = await overridesOfUser(trx, companyId, userId);
      assertHolds(actor, newGrants(before, next));
      await assertUserChangeHeld(trx, actor, companyId, userId, { role, overrides: next });
      await writeOverrides(trx, companyId, userId, next);
      if (input.role !== undefined && input.role !== user.role)
        await setUserRole(trx, companyId, userId, input.role, now);
      else await applyAccess(trx, companyId, [userId]);
    });
    noStore(res).json(await loadUserAccess(db, merchant, userId));
  });

  return router;
}
