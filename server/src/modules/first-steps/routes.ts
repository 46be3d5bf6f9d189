import express, { type Router } from 'express';
import { z } from 'zod';
import type { AuthContext } from '../auth';
import { parseOrThrow, requireJson } from '../../platform/http';
import { merchantOf, noStore, requirePage } from '../merchant';
import { DISMISS_PAGE, firstSteps } from './steps';

const dismissBody = z.object({ dismissed: z.literal(true, 'must be true (the checklist cannot be brought back)') });

/** `/api/backoffice/first_steps`: the overview's checklist, and its dismissal. */
export function firstStepsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.get('/', requirePage(ctx, '/overview'), async (_req, res) => {
    const merchant = merchantOf(res);
    noStore(res).json(await firstSteps(ctx.db, merchant.companyId, merchant.menu));
  });
  router.put('/', requireJson(), requirePage(ctx, DISMISS_PAGE), async (req, res) => {
    parseOrThrow(dismissBody, req.body);
    const merchant = merchantOf(res);
    // Stored for the company, so it stays hidden on every device and for every user.
    await ctx.db
      .insertInto('company_first_steps')
      .values({ company_id: merchant.companyId, dismissed_at: ctx.now(), dismissed_by: merchant.userId })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
    noStore(res).json(await firstSteps(ctx.db, merchant.companyId, merchant.menu));
  });
  return router;
}
