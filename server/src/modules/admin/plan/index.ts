import type { RequestHandler } from 'express';
import { ACCESS_CHANGED_HEADER, PLAN_CHANGED_HEADER, readSession, staleProfileFor, type AuthContext } from '../../auth';

// The plan version lives in auth (usercompany marks it seen); the admin console bumps it.
export {
  ACCESS_CHANGED_HEADER,
  PLAN_CHANGED_HEADER,
  bumpPlanVersion,
  markPlanSeen,
  planChangedFor,
  planVersionOf,
  staleProfileFor,
} from '../../auth';
export { announcePlanChange, samePlan, sortedAddons, writePlanChange, type Plan } from './change';

/**
 * Mounted on /api before every route: a signed-in merchant whose company plan (or own access) changed
 * since they last loaded their user data gets `X-Plan-Changed: 1` on the response, and
 * `X-Access-Changed: 1` too when it was their access (usercompany removes both again, since it is
 * the reload). Requests without a session cookie cost nothing; a failure here
 * is logged and never fails the request.
 */
export function planChangedHeader(ctx: AuthContext): RequestHandler {
  return async (req, res, next) => {
    if (!req.headers.cookie) return next();
    try {
      const session = await readSession(ctx, req);
      if (session && !session.profile.admin) {
        const stale = await staleProfileFor(ctx.db, session.profile.id);
        if (stale.plan || stale.access) res.setHeader(PLAN_CHANGED_HEADER, '1');
        if (stale.access) res.setHeader(ACCESS_CHANGED_HEADER, '1');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'plan-change check failed');
    }
    next();
  };
}
