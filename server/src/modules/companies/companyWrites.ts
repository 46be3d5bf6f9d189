import type { Insertable } from 'kysely';
import type { Db } from '../../module';
import type { CompaniesTable } from './tables';

/*
 * The writes other modules make to the companies (sign-up, the business settings, the admin
 * console's status and plan): this module owns companies and company_addons, so they are written
 * here, each in the caller's transaction (`db`).
 */

/** A company (its rows that cascade go with it). */
export async function deleteCompany(db: Db, companyId: number): Promise<void> {
  await db.deleteFrom('companies').where('id', '=', companyId).execute();
}

/** The trading name is the company's name: header, receipts, storefront, admin console. */
export async function renameCompany(db: Db, companyId: number, name: string): Promise<void> {
  await db.updateTable('companies').set({ name }).where('id', '=', companyId).execute();
}

export async function setCompanyStatus(db: Db, companyId: number, status: 'active' | 'suspended'): Promise<void> {
  await db.updateTable('companies').set({ status }).where('id', '=', companyId).execute();
}

/** The licence and add-ons the company pays for; `addons` replace the ones it had. */
export async function setCompanyPlan(
  db: Db,
  companyId: number,
  plan: { license: string; addons: readonly string[] },
): Promise<void> {
  await db.updateTable('companies').set({ license: plan.license }).where('id', '=', companyId).execute();
  await db.deleteFrom('company_addons').where('company_id', '=', companyId).execute();
  await addCompanyAddons(db, companyId, plan.addons);
}

export async function addCompanyAddons(db: Db, companyId: number, addons: readonly string[]): Promise<void> {
  if (addons.length === 0) return;
  await db
    .insertInto('company_addons')
    .values(addons.map((addon) => ({ company_id: companyId, addon })))
    .execute();
}

/** A company unless its slug is taken (the demo seed: idempotent); its id, or undefined. */
export async function insertCompanyUnlessTaken(
  db: Db,
  values: Insertable<CompaniesTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('companies')
    .values(values)
    .onConflict((oc) => oc.column('slug').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
