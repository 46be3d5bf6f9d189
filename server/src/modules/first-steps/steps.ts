import { allBackofficePermissionNames, canSeePath, type MenuContext } from '@hive/shared/menu';
import type { FirstStep, FirstSteps } from '@hive/shared/schemas/backoffice/firstSteps';
import type { Db } from '../merchant';

/** Whether the company's plan (licence, add-ons) has the page, whoever reads: the steps are the company's. */
function planHas(path: string, menu: MenuContext): boolean {
  const everything = allBackofficePermissionNames().map((description) => ({ id_permission: description, description }));
  return canSeePath(path, { role: 'admin', license: menu.license, addons: menu.addons, permissions: everything });
}

const exists = async (query: { executeTakeFirst(): Promise<unknown> }) =>
  (await query.executeTakeFirst()) !== undefined;

/**
 * Each step from the company's own rows: business details once its address is filled in (the
 * receipts print it), a tax rate not archived, an item on sale, a register paired once (the demo's
 * retired registers count), a first sale (a receipt, or an issued invoice for an invoicing business
 * without registers), and the storefront taking orders where the plan has one.
 */
export async function firstSteps(db: Db, companyId: number, menu: MenuContext): Promise<FirstSteps> {
  const stores = planHas('/terminal', menu);
  const storefront = planHas('/ordering_online', menu);
  const invoices = planHas('/invoice', menu);
  const steps: FirstStep[] = [
    {
      key: 'business',
      path: '/generalinfo',
      done: await exists(
        db
          .selectFrom('company_profiles')
          .select('company_id')
          .where('company_id', '=', companyId)
          .where('address_line1', '<>', ''),
      ),
    },
    {
      key: 'tax',
      path: '/taxes',
      done: await exists(
        db
          .selectFrom('tax_rates')
          .select('id')
          .where('company_id', '=', companyId)
          .where('archived_at', 'is', null)
          .limit(1),
      ),
    },
    {
      key: 'items',
      path: '/items',
      done: await exists(
        db.selectFrom('items').select('id').where('company_id', '=', companyId).where('active', '=', 1).limit(1),
      ),
    },
  ];
  if (stores) {
    steps.push({
      key: 'register',
      path: '/terminal',
      done: await exists(
        db
          .selectFrom('terminals')
          .select('id')
          .where('company_id', '=', companyId)
          .where('paired_at', 'is not', null)
          .limit(1),
      ),
    });
  }
  const sold = await exists(db.selectFrom('receipts').select('id').where('company_id', '=', companyId).limit(1));
  const invoiced =
    !stores &&
    invoices &&
    (await exists(
      db
        .selectFrom('invoices')
        .select('id')
        .where('company_id', '=', companyId)
        .where('number', 'is not', null)
        .limit(1),
    ));
  steps.push({ key: 'sale', path: stores || !invoices ? '/transaction' : '/invoice', done: sold || invoiced });
  if (storefront) {
    steps.push({
      key: 'storefront',
      path: '/ordering_online',
      done: await exists(
        db
          .selectFrom('ordering_settings')
          .select('company_id')
          .where('company_id', '=', companyId)
          .where('taking_orders', '=', 1),
      ),
    });
  }
  const dismissed = await exists(
    db.selectFrom('company_first_steps').select('company_id').where('company_id', '=', companyId),
  );
  return { steps, dismissed, canDismiss: canDismiss(menu) };
}

/**
 * Who may hide it for the company: whoever may edit the business settings (admins, managers with
 * the page). Its route answers by the same page rule (routes.ts), so the two never disagree.
 */
export const DISMISS_PAGE = '/generalinfo';

export function canDismiss(menu: MenuContext): boolean {
  return canSeePath(DISMISS_PAGE, menu);
}
