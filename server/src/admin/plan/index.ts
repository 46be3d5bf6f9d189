import type { RequestHandler } from 'express';
import type { AuthContext } from '../../auth';
import { readSession } from '../../auth';
import { PLAN_CHANGED_HEADER, planChangedFor } from './planVersion';

export { PLAN_CHANGED_HEADER, bumpPlanVersion, markPlanSeen, planChangedFor, planVersionOf } from './planVersion';

/**
 * Mounted on /api before every route: a signed-in merchant whose company plan changed since they
 * last loaded their user data gets `X-Plan-Changed: 1` on the response (usercompany removes it
 * again, since it is the reload). Requests without a session cookie cost nothing; a failure here
 * is logged and never fails the request.
 */
export function planChangedHeader(ctx: AuthContext): RequestHandler {
  return async (req, res, next) => {
    if (!req.headers.cookie) return next();
    try {
      const session = await readSession(ctx, req);
      if (session && !session.profile.admin && (await planChangedFor(ctx.db, session.profile.id))) {
        res.setHeader(PLAN_CHANGED_HEADER, '1');
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'plan-change check failed');
    }
    next();
  };
}
