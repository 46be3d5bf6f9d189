// Team (menu area "team"). Staff: employees (register PINs, back-office invitations), positions,
// the company's roles and per-user permission overrides (what the back-office menu shows).
// Scheduling (add-on): the weekly schedule, the time clock, labour and payroll, the print views.
import express, { type Router } from 'express';
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import type { PostingStep } from '../receipts';
import { clockStep } from './posting';
import { applyAccess, ensureCompanyRoles, ensureTeamRoles } from './access';
import { attendanceRouter } from './attendance';
import { employeesRouter } from './employees';
import { pinResetRouter } from './pinReset';
import { laborReportsRouter } from './labor';
import { permissionsRouter } from './permissions';
import { positionsRouter } from './positions';
import { rolesRouter } from './roles';
import { scheduleRouter } from './schedule';
import { teamSheetRouter } from './teamSheet';
import { teamMigrations } from './migrations';

export { localInstant, mondayOf, costOfMinutes } from './time';
export { hashPin, verifyPin, PIN, PIN_SCRYPT_COST, pinKeyOf, pinLookup, pinTaken } from './pins';
export { activeEmployees, loadEmployee } from './employees';
export { seedTeamDemo, DEMO_EMPLOYEES, DEMO_POSITIONS } from './demo';
export { seedSchedulingDemo } from './scheduleDemo';
export {
  adoptUserIfRolesExist,
  applyAccess,
  ensureCompanyRoles,
  ensureTeamRoles,
  keyAdminCount,
  isRole,
  rightsOf,
} from './access';
export type { TeamTables } from './tables';

/** `/api/backoffice/team/...`: each page's API behind its own menu rule. */
export function teamRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.use('/employees/pins', pinResetRouter(ctx));
  router.use('/employees', employeesRouter(ctx));
  router.use('/positions', positionsRouter(ctx));
  router.use('/roles', rolesRouter(ctx));
  router.use('/permissions', permissionsRouter(ctx));
  router.use('/attendance', attendanceRouter(ctx));
  router.use('/reports', laborReportsRouter(ctx));
  router.use('/schedule', scheduleRouter(ctx));
  router.use('/teamsheet', teamSheetRouter(ctx));
  return router;
}

export const teamModule: ServerModule<AuthContext, PostingStep> = {
  name: 'team',
  reads: [
    'cash_movements',
    'companies',
    'locations',
    'permissions',
    'receipts',
    'rollup_sales',
    'shifts',
    'user_permissions',
    'users',
  ],
  postingSteps: [clockStep],
  migrations: teamMigrations,
  routes: { backoffice: (ctx) => [['/team', teamRouter(ctx)]] },
  companySetup: {
    // Its admin, manager and user roles with their default permissions (before anyone is in them).
    company: async (trx, companyId, now) => {
      await ensureCompanyRoles(trx, companyId, now);
    },
    // The owner holds what the admin role gives: every back-office page.
    owner: async (trx, { companyId, userId }) => {
      await applyAccess(trx, companyId, [userId]);
    },
  },
  startup: {
    // Every company has its roles; an install upgraded from before them keeps everyone's menu.
    late: async (db, { now, log }) => {
      const teams = await ensureTeamRoles(db, now);
      if (teams > 0) log.info({ companies: teams }, 'set up the roles of companies that had none');
    },
  },
};
