import type { Generated } from 'kysely';

/** Row types of the team tables (see migrations.ts); merged into `Database` through BackofficeTables. */

type Millis = number;
type Flag = number; // 0 / 1

export interface EmployeesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** `scrypt$N$r$p$salt$hash` of the 4-6 digit PIN (the registers verify it offline). */
  pin_hash: string;
  user_id: number | null;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface TeamTables {
  employees: EmployeesTable;
}
