import type { Generated } from 'kysely';

/** The customers table (created with the catalog's first migration, catalog/catalogMigration.ts). */

type Millis = number;

export interface CustomersTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  email: string;
  phone: string;
  notes: string;
  points: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface CustomersTables {
  customers: CustomersTable;
}
