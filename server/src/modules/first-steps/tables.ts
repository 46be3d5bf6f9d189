/** Row types of the first-steps table (see migrations.ts); merged into `Database` in src/database.ts. */

/** One row once someone of the company dismissed the checklist. */
export interface CompanyFirstStepsTable {
  company_id: number;
  dismissed_at: number;
  dismissed_by: number | null;
}

export interface FirstStepsTables {
  company_first_steps: CompanyFirstStepsTable;
}
