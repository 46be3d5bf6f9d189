import express, { type Express, type RequestHandler } from 'express';
import { ExpressAuth } from '@auth/express';
import { AUTH_BASE_PATH } from '@hive/shared/config';
import { buildAuthConfig } from './authjs';
import type { AuthContext } from './context';
import {
  authActionGuard,
  authBodyGuard,
  callbackUrlGuard,
  clearCookiesOnSignout,
  credentialsThrottle,
  normalizeSessionUpdate,
} from './guards';
import { clientLogRoute, customAuthRoutes } from './routes';
import { sessionReadRoute } from './sessionRead';
import type { ServerModule } from '../../module';
import { syncPermissions } from './permissionCatalog';

export type { AuthContext, AuthLimiters, LockoutPolicy, RateLimits, RateLimitRule } from './context';
export { DEFAULT_LOCKOUT, DEFAULT_RATE_LIMITS, RESET_TOKEN_LIFETIME_MS, buildLimiters, cookieNames } from './context';
export { PasswordHasher, DEFAULT_SCRYPT_COST, passwordProblem, PASSWORD_RULE, type ScryptCost } from './passwords';
export { resolveAuthSecret, NO_SECRET_MESSAGE } from './secret';
export { readSession, rereadSession, type RequestSession } from './session';
export { syncPermissions } from './permissionCatalog';
export { findUserByEmail, normalizeEmail, emailKey, clearSignInLock, lockedUntilByEmail } from './users';
export { INVITED_PASSWORD_HASH, hashPassword, verifyPassword } from './passwords';
export { issueInvitation } from './emailTokens';
export {
  activateUser,
  addUserPermissions,
  bumpAccessVersion,
  disableUserAccount,
  endCompanySessions,
  grantStaffPermission,
  insertUser,
  insertUserUnlessTaken,
  removeUserPermissions,
  replaceStaffPermissions,
  setPlatformLock,
  voidOpenTokens,
  writeUserRole,
} from './userWrites';
export { issueResetToken } from './routes';
export type { AuthTables, UserRow, NewUser } from './tables';
export {
  ACCESS_CHANGED_HEADER,
  PLAN_CHANGED_HEADER,
  bumpPlanVersion,
  markPlanSeen,
  planChangedFor,
  planVersionOf,
  staleProfileFor,
} from './planVersion';

export const BODY_LIMIT = '32kb';

/**
 * Everything under /api. Order matters: `_log` has its own smaller body limit so it comes before
 * the shared parsers; our routes and guards come before ExpressAuth (which would otherwise parse
 * bodies itself, up to 100 kB, and answer every path under /api/auth).
 */
export function mountApi(app: Express, ctx: AuthContext): void {
  app.post(`${AUTH_BASE_PATH}/_log`, ...clientLogRoute(ctx));

  app.use(
    '/api',
    express.json({ limit: BODY_LIMIT }),
    express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 100 }),
  );

  app.use(AUTH_BASE_PATH, customAuthRoutes(ctx));

  app.use(AUTH_BASE_PATH, authActionGuard(ctx), callbackUrlGuard(ctx), authBodyGuard());
  app.post(`${AUTH_BASE_PATH}/callback/credentials`, ...credentialsThrottle(ctx));
  app.get(`${AUTH_BASE_PATH}/session`, sessionReadRoute(ctx));
  app.post(`${AUTH_BASE_PATH}/session`, normalizeSessionUpdate());
  app.post(`${AUTH_BASE_PATH}/signout`, clearCookiesOnSignout(ctx));
  // Typed against the root's @types/express 4 (see http/rate-limit.ts); plain middleware at run time.
  app.use(AUTH_BASE_PATH, ExpressAuth(buildAuthConfig(ctx)) as unknown as RequestHandler);
}

export const authModule: ServerModule<AuthContext> = {
  name: 'auth',
  reads: ['companies', 'company_addons'],
  routes: { api: mountApi },
  startup: {
    // The permission catalog, on every start (also without the demo): sign-up grants from it.
    early: async (db) => {
      await syncPermissions(db);
    },
  },
};
