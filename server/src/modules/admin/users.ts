import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { staffAccessSchema, userListQuerySchema, userLockSchema, type AdminUser } from '@hive/shared/schemas/admin';
import {
  type AuthContext,
  issueResetToken,
  clearSignInLock,
  lockedUntilByEmail,
  replaceStaffPermissions,
  setPlatformLock,
  writeUserRole,
} from '../auth';
import type { Database } from '../../database';
import { HttpError } from '../../platform/http';
import { allowMails } from '../../platform/outbox';
import { canDo, requireArea, requireRight, staffOf, type Staff } from './access';
import { recordAudit } from './audit';
import { conflict, contains, idParam, iso, isoAt, notFound, offsetOf, parseBody, parseQuery } from './query';

const emptyBody = z.union([z.undefined(), z.strictObject({})]);

function userQuery(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('companies', 'companies.id', 'users.company_id')
    .select([
      'users.id',
      'users.email',
      'users.is_admin',
      'users.role',
      'users.status',
      'users.created_at',
      'users.company_id',
      'companies.name as company_name',
    ]);
}

type UserRowOut = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirstOrThrow']>>;

async function permissionsByUser(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id_permission', 'user_permissions.id_permission')
    .select(['user_permissions.user_id', 'user_permissions.id_permission'])
    .where('user_permissions.user_id', 'in', ids)
    .where('permissions.scope', '=', 'admin')
    .orderBy('user_permissions.id_permission')
    .execute();
  for (const row of rows) out.get(row.user_id)?.push(row.id_permission);
  return out;
}

function toUser(row: UserRowOut, permissions: string[], lockedUntil: number | undefined): AdminUser {
  return {
    id: row.id,
    email: row.email,
    admin: row.is_admin === 1,
    role: row.role,
    company:
      row.company_id !== null && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
    status: row.status,
    lockedUntil: lockedUntil !== undefined ? iso(lockedUntil) : null,
    // Only the admin console's permissions: a merchant's back-office grants are theirs to manage.
    permissions,
    createdAt: isoAt(row.created_at),
  };
}

async function loadUser(db: Kysely<Database>, id: number, now: number): Promise<AdminUser> {
  const row = await userQuery(db).where('users.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('User');
  const [permissions, locks] = await Promise.all([
    permissionsByUser(db, [id]),
    lockedUntilByEmail(db, [row.email], now),
  ]);
  return toUser(row, permissions.get(id) ?? [], locks.get(row.email));
}

/**
 * Guards shared by lock and reset link: nobody acts on their own account here, and a staff
 * account is only touched by a role that may manage staff (support helps merchants, it cannot
 * lock out an admin).
 */
function assertMayTouch(staff: Staff, target: AdminUser): void {
  if (target.id === staff.id) throw conflict('own_account', 'You cannot do this to your own account.');
  if (target.admin && !canDo(staff, 'users.staff_access')) {
    throw new HttpError(403, {
      error: 'forbidden',
      message: 'Only the admin and dev roles may lock staff accounts or send them reset links.',
    });
  }
}

export function usersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use('/users', requireArea('users'));

  router.get('/users', async (req, res) => {
    const query = parseQuery(userListQuerySchema, req);
    let base = db.selectFrom('users').leftJoin('companies', 'companies.id', 'users.company_id');
    const search = contains(['users.email', 'companies.name'], query.q);
    if (search) base = base.where(search);
    if (query.kind) base = base.where('users.is_admin', '=', query.kind === 'staff' ? 1 : 0);
    if (query.status) base = base.where('users.status', '=', query.status);
    const ids = base.select('users.id');
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      userQuery(db)
        .where('users.id', 'in', ids)
        .orderBy('users.is_admin', 'desc')
        .orderBy(sql`lower(users.email)`)
        .orderBy('users.id')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    const now = ctx.now();
    const [permissions, locks] = await Promise.all([
      permissionsByUser(
        db,
        rows.map((r) => r.id),
      ),
      lockedUntilByEmail(
        db,
        rows.map((r) => r.email),
        now,
      ),
    ]);
    res.json({
      items: rows.map((row) => toUser(row, permissions.get(row.id) ?? [], locks.get(row.email))),
      total: Number(count.n),
      page: query.page,
      pageSize: query.pageSize,
    });
  });

  router.get('/users/:id', async (req, res) => {
    res.json(await loadUser(db, idParam(req), ctx.now()));
  });

  router.post('/users/:id/lock', requireRight('users.lock'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const { locked } = parseBody(userLockSchema, req);
    const now = ctx.now();
    const user = await loadUser(db, id, now);
    assertMayTouch(staff, user);
    const before = { status: user.status, lockedUntil: user.lockedUntil };
    const nextStatus = locked ? 'locked' : 'active';
    // An account the company disabled is 'locked' too: a staff lock on it still takes hold (the
    // company could give the account back otherwise).
    const platformLocked =
      (await db.selectFrom('users').select('platform_locked').where('id', '=', id).executeTakeFirst())
        ?.platform_locked === 1;
    if (user.status === nextStatus && platformLocked === locked && (locked || user.lockedUntil === null)) {
      res.json(user);
      return;
    }
    await db.transaction().execute(async (trx) => {
      // An operator lock ends every session of the user for good (a new session version: unlocking
      // later does not revive them) and holds until staff lift it (platform_locked: the company's
      // back-office cannot); unlocking also clears a sign-in lockout, which is what a locked-out
      // user calling support wants.
      await setPlatformLock(trx, id, locked, now);
      if (!locked) await clearSignInLock(trx, user.email);
      await recordAudit(trx, staff, now, {
        action: locked ? 'user.lock' : 'user.unlock',
        entityType: 'user',
        entityId: id,
        companyId: user.company?.id ?? null,
        before,
        after: { status: nextStatus, lockedUntil: null },
      });
    });
    res.json(await loadUser(db, id, now));
  });

  router.post('/users/:id/reset-link', requireRight('users.reset_link'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    parseBody(emptyBody, req);
    const now = ctx.now();
    const user = await loadUser(db, id, now);
    assertMayTouch(staff, user);
    // In the budget of the address's reset links (the public form's too): staff cannot flood an inbox.
    await allowMails(ctx.mail, { companyId: null, kind: 'account', to: [user.email] });
    await issueResetToken(ctx, user.email);
    // The token itself is never recorded (nor returned): only that a link went out, and to whom.
    await recordAudit(db, staff, now, {
      action: 'user.reset_link',
      entityType: 'user',
      entityId: id,
      companyId: user.company?.id ?? null,
      before: null,
      after: { sentTo: user.email },
    });
    res.json({ success: true, sentTo: user.email });
  });

  router.put('/users/:id/access', requireRight('users.staff_access'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const input = parseBody(staffAccessSchema, req);
    const now = ctx.now();
    const user = await loadUser(db, id, now);
    if (!user.admin) {
      throw conflict('not_staff', 'Roles and admin permissions belong to platform staff; this is a merchant user.');
    }
    if (user.id === staff.id) throw conflict('own_account', 'You cannot change your own role or permissions.');
    const permissions = [...input.permissions].sort();
    await db.transaction().execute(async (trx) => {
      await writeUserRole(trx, id, input.role, now);
      await replaceStaffPermissions(trx, id, permissions);
      await recordAudit(trx, staff, now, {
        action: 'user.staff_access',
        entityType: 'user',
        entityId: id,
        companyId: null,
        before: { role: user.role, permissions: user.permissions },
        after: { role: input.role, permissions },
      });
    });
    res.json(await loadUser(db, id, now));
  });

  return router;
}
