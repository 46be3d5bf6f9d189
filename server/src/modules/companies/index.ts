// Companies: their public addresses (slugs), the creation of a company with its owner (and what
// the modules set up for it, src/modules.ts), and the platform's first migrations.
import type { ServerModule } from '../../module';
import { outboxMigrations } from '../../platform/outbox';
import { platformMigrations } from './migrations';

export { slugify, slugTakenBy, claimStoreSlug, syncPublicSlugs } from './slugs';
export { createCompanyWithOwner, type NewCompany, type CreatedCompany } from './create';
export {
  addCompanyAddons,
  deleteCompany,
  insertCompanyUnlessTaken,
  renameCompany,
  setCompanyPlan,
  setCompanyStatus,
} from './companyWrites';
export type { CompaniesTables, CompanyRow } from './tables';

/**
 * No routes of its own: sign-up (auth) and the admin console create companies through it. The
 * outbox's migrations ride here, beside the migration that made its table (infrastructure has no module).
 */
export const companiesModule: ServerModule<unknown> = {
  name: 'companies',
  reads: ['ordering_settings'],
  migrations: { ...platformMigrations, ...outboxMigrations },
};
