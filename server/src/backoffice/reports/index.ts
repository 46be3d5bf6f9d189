// Reporting (menu area "reports"): one module per report, the shared frame, and the roll-ups the
// receipts ingest keeps up to date in the receipt's transaction (its posting step, posting.ts).
export { reportsRouter } from './routes';
export { reportsMigrations } from './migrations';
export {
  recordReceiptRollups,
  rebuildRollups,
  forgetInRollups,
  recomputeRollups,
  compareRollups,
  backfillRollups,
  summarizeReceipts,
} from './rollups';
export type { RollupDifference } from './rollups';
export { rollupsStep } from './posting';
export type { ReportTables } from './tables';
