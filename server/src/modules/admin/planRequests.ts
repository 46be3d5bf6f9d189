import { ADDONS, LICENSES } from '@hive/shared/config';
import type { AuthContext } from '../auth';
import type { Staff } from './access';
import { recordAudit } from './audit';
import { loadCompany } from './companies';
import { announcePlanChange, samePlan, sortedAddons, writePlanChange, type Plan } from './plan';
import { conflict, notFound } from './query';

/*
 * A merchant's plan request (Settings › Billing › Request a change) is a support ticket that keeps
 * the plan asked for (support_tickets.plan_request_json, written by the billing route); staff
 * apply it from the ticket once.
 */

/** What a plan request ticket stores: the plan asked for, as JSON. */
export const planRequestJson = (plan: Plan): string =>
  JSON.stringify({ license: plan.license, addons: sortedAddons(plan.addons) });

/** The plan a ticket asks for, or null (a conversation, or a request naming a plan that does not exist). */
export function planRequestOf(json: string | null): Plan | null {
  if (json === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const { license, addons } = (value ?? {}) as { license?: unknown; addons?: unknown };
  if (!(LICENSES as readonly unknown[]).includes(license)) return null;
  if (!Array.isArray(addons) || !addons.every((a) => (ADDONS as readonly unknown[]).includes(a))) return null;
  return { license: license as string, addons: sortedAddons([...new Set(addons as string[])]) };
}

const notAPlanRequest = () => conflict('not_plan_request', 'This ticket does not ask for a plan change.');
const alreadyApplied = () => conflict('already_applied', 'This plan request was applied already.');

/**
 * Applies the plan a ticket asks for: the plan change of the plan dialog (same audit, plus the
 * ticket), the ticket marked applied and closed, all in one transaction; then the company's open
 * tabs hear of it. 404 for an unknown ticket, 409 for a ticket that is no plan request or was
 * applied already (of two staff applying at once, one wins).
 */
export async function applyPlanRequest(ctx: AuthContext, staff: Staff, ticketId: number): Promise<void> {
  const { db } = ctx;
  const ticket = await db
    .selectFrom('support_tickets')
    .select(['id', 'ref', 'company_id', 'status', 'plan_request_json', 'plan_applied_at'])
    .where('id', '=', ticketId)
    .executeTakeFirst();
  if (!ticket) throw notFound('Ticket');
  const wanted = planRequestOf(ticket.plan_request_json);
  if (!wanted) throw notAPlanRequest();
  if (ticket.plan_applied_at !== null) throw alreadyApplied();
  const company = await loadCompany(db, ticket.company_id);
  if (!company) throw notFound('Company');
  const now = ctx.now();
  const version = await db.transaction().execute(async (trx) => {
    // Claimed first, under the condition: a second apply (another tab, another staff) updates nothing.
    const claimed = await trx
      .updateTable('support_tickets')
      .set({ plan_applied_at: now, plan_applied_by: staff.email, status: 'closed', updated_at: now })
      .where('id', '=', ticket.id)
      .where('plan_applied_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) throw alreadyApplied();
    // Already the plan (changed by hand meanwhile): nothing to change, the request is still settled.
    const written = samePlan(company, wanted)
      ? null
      : await writePlanChange(trx, staff, now, company, wanted, { ticket: ticket.ref });
    await recordAudit(trx, staff, now, {
      action: 'ticket.apply_plan',
      entityType: 'ticket',
      entityId: ticket.id,
      companyId: company.id,
      before: { ref: ticket.ref, status: ticket.status, license: company.license, addons: company.addons },
      after: { ref: ticket.ref, status: 'closed', license: wanted.license, addons: wanted.addons },
    });
    return written;
  });
  if (version !== null) announcePlanChange(ctx, company.id, version, staff);
}
