import express, { type Router } from 'express';
import { pinResetSchema, type PinResetResult } from '@hive/shared/schemas/backoffice/team';
import type { AuthContext } from '../auth';
import { HttpError, parseOrThrow } from '../../platform/http';
import { merchantOf, noStore, refused, requirePage } from '../merchant';
import { actorOf, isAdminActor } from './access';
import { changePin, chargePinChange } from './pinChanges';
import { pinKeyOf } from './pins';

/*
 * New PINs for many employees at once: what a merchant does when a register (its device token and
 * configuration) is lost or stolen, after unpairing it (docs/device-api.md section 3). Admins only:
 * a PIN acts as its employee at the registers, admins included. Each new PIN is answered this once
 * and recorded (team/pinChanges.ts); a reset counts as one change against the limits.
 */

const ADMINS_ONLY = 'Only an admin can reset PINs in bulk.';

/** `/api/backoffice/team/employees/pins`. */
export function pinResetRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  const key = pinKeyOf(ctx.secret);
  router.use(requirePage(ctx, '/employees'));

  router.post('/reset', async (req, res) => {
    const merchant = merchantOf(res);
    // As every role rule of the page (assertMayTouchRole): a 409 that says why, the page itself is theirs.
    if (!isAdminActor(actorOf(merchant))) throw refused('pin_reset_admin_only', ADMINS_ONLY);
    const { employeeIds } = parseOrThrow(pinResetSchema, req.body);
    await chargePinChange(ctx, merchant);
    const { companyId } = merchant;
    let query = db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id');
    query = employeeIds === 'all' ? query.where('active', '=', 1) : query.where('id', 'in', employeeIds);
    const employees = await query.execute();
    if (employeeIds !== 'all') {
      const found = new Set(employees.map((e) => e.id));
      const missing = employeeIds.find((id) => !found.has(id));
      if (missing !== undefined) {
        throw new HttpError(404, { error: 'not_found', message: `employeeIds: there is no employee ${missing}` });
      }
    }
    const pins: PinResetResult['pins'] = [];
    // One by one, each written before the next is made up: a new PIN is unique among all of them.
    for (const employee of employees) {
      const change = { companyId, employeeId: employee.id, actorUserId: merchant.userId, reason: 'reset' } as const;
      pins.push({ employeeId: employee.id, name: employee.name, pin: await changePin(ctx, key, change) });
    }
    const body: PinResetResult = { pins };
    noStore(res).json(body);
  });

  return router;
}
