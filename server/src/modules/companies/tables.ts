import type { Generated, Selectable } from 'kysely';
import type { Millis } from '../../platform/db/schema';

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  license: string;
  language: string;
  status: string; // 'active' | 'suspended'
  created_at: Millis;
}

export interface CompanyAddonsTable {
  company_id: number;
  addon: string;
}

/** Every public address (company and storefront slugs), each owned by one company. */
export interface PublicSlugsTable {
  slug: string;
  company_id: number;
}

export interface CompaniesTables {
  companies: CompaniesTable;
  company_addons: CompanyAddonsTable;
  public_slugs: PublicSlugsTable;
}

export type CompanyRow = Selectable<CompaniesTable>;
