import type { RequestHandler, Response } from 'express';
import { roleLabel } from '@hive/shared/menu';
import { ADMIN_ACTIONS, areaPermission, rightsOf, type AdminAction, type AdminArea } from '@hive/shared/schemas/admin';
import { readSession, type AuthContext } from '../auth';
import { HttpError } from '../../platform/http';

/** The signed-in platform staff member behind an /api/admin request. */
export interface Staff {
  id: number;
  email: string;
  role: string | null;
  permissions: ReadonlySet<string>;
}

export function staffOf(res: Response): Staff {
  const staff = res.locals.staff as Staff | undefined;
  if (!staff) throw new Error('requireStaff must run before this handler');
  return staff;
}

const forbidden = (message: string) => new HttpError(403, { error: 'forbidden', message });

/** 401 without a session, 403 for a merchant: /api/admin/... is for platform staff only. */
export function requireStaff(ctx: AuthContext): RequestHandler {
  return async (req, res, next) => {
    const session = await readSession(ctx, req);
    if (!session) {
      throw new HttpError(401, { error: 'unauthorized', message: 'Sign in first: there is no valid session.' });
    }
    const { profile } = session;
    if (!profile.admin) throw forbidden('The admin console is for platform staff only.');
    res.locals.staff = {
      id: profile.id,
      email: profile.email,
      role: profile.role,
      permissions: new Set(profile.permissions.map((p) => p.id_permission)),
    } satisfies Staff;
    next();
  };
}

export function canRead(staff: Staff, area: AdminArea): boolean {
  return staff.permissions.has(areaPermission(area));
}

/** A write needs the area's view permission and the role's right (shared ROLE_RIGHTS). */
export function canDo(staff: Staff, action: AdminAction): boolean {
  return canRead(staff, ADMIN_ACTIONS[action]) && rightsOf(staff.role).includes(action);
}

export function rightsFor(staff: Staff): AdminAction[] {
  return (Object.keys(ADMIN_ACTIONS) as AdminAction[]).filter((action) => canDo(staff, action));
}

/** Reading an area needs its `view_<area>_menu` permission. */
export function requireArea(area: AdminArea): RequestHandler {
  return (_req, res, next) => {
    if (!canRead(staffOf(res), area))
      throw forbidden(`You need the ${areaPermission(area)} permission to open this area.`);
    next();
  };
}

const ACTION_WORDS: Record<AdminAction, string> = {
  'companies.create': 'create companies',
  'companies.plan': 'change company plans',
  'companies.status': 'suspend or reactivate companies',
  'users.lock': 'lock or unlock users',
  'users.reset_link': 'send password-reset links',
  'users.staff_access': 'change staff roles and permissions',
  'coupons.write': 'change coupons',
  'support.write': 'answer support tickets',
  'support.outbox': 'read the outbox',
  'base_prices.write': 'change base prices',
  'bee_merchant.write': 'review merchant accounts',
  'releases.write': 'change releases of the remotes',
};

export function assertRight(staff: Staff, action: AdminAction): void {
  if (!canRead(staff, ADMIN_ACTIONS[action])) {
    throw forbidden(`You need the ${areaPermission(ADMIN_ACTIONS[action])} permission to open this area.`);
  }
  if (!rightsOf(staff.role).includes(action)) {
    throw forbidden(`Your role (${roleLabel(staff.role)}) may not ${ACTION_WORDS[action]}.`);
  }
}

/** Runs before body validation: whoever may not write learns nothing from a 400. */
export function requireRight(action: AdminAction): RequestHandler {
  return (_req, res, next) => {
    assertRight(staffOf(res), action);
    next();
  };
}
