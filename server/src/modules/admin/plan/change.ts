import type { Transaction } from 'kysely';
import type { AuthContext } from '../../auth';
import { bumpPlanVersion } from '../../auth';
import { setCompanyPlan } from '../../companies';
import type { Database } from '../../../database';
import type { Staff } from '../access';
import { recordAudit } from '../audit';

/** A company's plan as staff set it: its licence and its add-ons (sorted). */
export interface Plan {
  license: string;
  addons: string[];
}

export const sortedAddons = (addons: readonly string[]) => [...addons].sort((a, b) => a.localeCompare(b));

export const samePlan = (a: Plan, b: Plan) =>
  a.license === b.license && sortedAddons(a.addons).join('\n') === sortedAddons(b.addons).join('\n');

/**
 * Within the caller's transaction: the company's licence and add-ons become `after`, its plan
 * version goes up (X-Plan-Changed for its users) and the change is audited as `company.plan`.
 * Every plan change goes through here (the plan dialog, a plan request applied from its ticket);
 * `note` adds to the audit's `after` (e.g. the ticket). Returns the new plan version. After the
 * commit, call announcePlanChange.
 */
export async function writePlanChange(
  trx: Transaction<Database>,
  staff: Staff,
  now: number,
  company: Plan & { id: number; planVersion: number },
  after: Plan,
  note: Record<string, unknown> = {},
): Promise<number> {
  const addons = sortedAddons(after.addons);
  await setCompanyPlan(trx, company.id, { license: after.license, addons });
  const version = await bumpPlanVersion(trx, company.id, now);
  await recordAudit(trx, staff, now, {
    action: 'company.plan',
    entityType: 'company',
    entityId: company.id,
    companyId: company.id,
    before: { license: company.license, addons: company.addons, planVersion: company.planVersion },
    after: { license: after.license, addons, planVersion: version, ...note },
  });
  return version;
}

/**
 * After the commit: the company's open tabs, on every instance, re-read their user data (the live
 * stream's company-wide `plan` event; the shell runs the `?planChanged=true` flow), so the menus
 * follow without a reload. Only that company's streams hear it.
 */
export function announcePlanChange(ctx: AuthContext, companyId: number, version: number, staff: Staff): void {
  ctx.live.publishChange(companyId, 'plan', { version });
  ctx.log.info({ companyId, by: staff.id, version }, 'company plan changed');
}
