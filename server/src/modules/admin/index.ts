import express, { type Express, type Router } from 'express';
import { roleLabel } from '@hive/shared/menu';
import type { AdminMe } from '@hive/shared/schemas/admin';
import { BODY_LIMIT, type AuthContext } from '../auth';
import { requireJson } from '../../platform/http';
import type { ServerModule } from '../../module';
import { requireStaff, rightsFor, staffOf } from './access';
import { basePricesRouter } from './basePrices';
import { companiesRouter } from './companies';
import { couponsRouter } from './coupons';
import { merchantsRouter } from './merchants';
import { outboxRouter } from './outbox';
import { planChangedHeader } from './plan';
import { supportRouter } from './support';
import { usersRouter } from './users';

import { adminMigrations } from './migrations';

export { seedAdminDemo } from './seed';
export type { AdminTables } from './tables';
export { insertAuditRow } from './audit';
export { openSupportTicket, type SupportRequest } from './supportWrites';
export { PLAN_CHANGED_HEADER, bumpPlanVersion, markPlanSeen, planChangedFor } from './plan';
export { canDo, canRead, requireArea, requireRight, requireStaff, staffOf, type Staff } from './access';

/**
 * The admin console API under /api/admin (issue 6). Every request: a session of platform staff
 * (401 / 403), then the area's `view_<area>_menu` permission (403), then for a write the role's
 * right from the shared matrix (403), then the body (400 with field messages). Every write is
 * recorded in audit_log in its own transaction.
 */
export function adminRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.use(requireStaff(ctx));

  router.get('/me', (_req, res) => {
    const staff = staffOf(res);
    const me: AdminMe = {
      user: { id: staff.id, email: staff.email, role: staff.role, roleLabel: roleLabel(staff.role) },
      permissions: [...staff.permissions].sort(),
      rights: rightsFor(staff),
    };
    res.set('Cache-Control', 'no-store').json(me);
  });

  router.use(companiesRouter(ctx));
  router.use(usersRouter(ctx));
  router.use(couponsRouter(ctx));
  router.use(outboxRouter(ctx));
  router.use(supportRouter(ctx));
  router.use(basePricesRouter(ctx));
  router.use(merchantsRouter(ctx));
  return router;
}

/**
 * Mounted first (before auth's shared parsers): the plan-change header on every /api response
 * (so it must come first), then the admin routes with their own JSON parser (JSON only).
 */
export function mountAdmin(app: Express, ctx: AuthContext): void {
  app.use('/api', planChangedHeader(ctx));
  app.use('/api/admin', requireJson(), express.json({ limit: BODY_LIMIT }), (_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  app.use('/api/admin', adminRouter(ctx));
}

export const adminModule: ServerModule<AuthContext> = {
  name: 'admin',
  reads: [
    'companies',
    'company_addons',
    'company_billing',
    'company_plans',
    'permissions',
    'user_permissions',
    'users',
  ],
  migrations: adminMigrations,
  routes: { first: mountAdmin },
};
