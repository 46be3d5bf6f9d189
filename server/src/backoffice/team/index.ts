// Team (menu area "team"). Staff: employees (register PINs, back-office invitations), positions,
// the company's roles and per-user permission overrides (what the back-office menu shows).
// Scheduling (add-on): the weekly schedule, the time clock, labour and payroll, the print views.
import express, { type Router } from 'express';
import type { AuthContext } from '../../auth';
import { attendanceRouter } from './attendance';
import { employeesRouter } from './employees';
import { laborReportsRouter } from './labor';
import { permissionsRouter } from './permissions';
import { positionsRouter } from './positions';
import { rolesRouter } from './roles';
import { scheduleRouter } from './schedule';
import { teamSheetRouter } from './teamSheet';

export { teamMigrations } from './migrations';
export { clockStep } from './posting';
export { hashPin, verifyPin, PIN, PIN_SCRYPT_COST, pinKeyOf, pinLookup, pinTaken } from './pins';
export { activeEmployees, loadEmployee } from './employees';
export { seedTeamDemo, DEMO_EMPLOYEES, DEMO_POSITIONS } from './demo';
export { seedSchedulingDemo } from './scheduleDemo';
export { adoptUserIfRolesExist, applyAccess, ensureCompanyRoles, ensureTeamRoles, keyAdminCount } from './access';
export type { TeamTables } from './tables';

/** `/api/backoffice/team/...`: each page's API behind its own menu rule. */
export function teamRouter(ctx: AuthContext): Router {
  const router = express.Router();
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
