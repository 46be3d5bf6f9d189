// The sales model (receipts, refunds, shifts, cash movements): its migration and tables, the ingest
// every register event goes through, and the demo history built with the register simulator's
// generator.
export {
  ingestEvents,
  loadSales,
  expectedCash,
  type IngestDevice,
  type IngestOptions,
  type IngestResult,
} from './ingest';
export { seedHistory, type HistoryOptions, type HistoryProfile } from './history';
export { receiptsMigrations } from './migrations';
export { startOfLocalDay, zoneOffsetMs } from './time';
export type { ReceiptTables } from './tables';
