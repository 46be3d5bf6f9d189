// The sales model (receipts, refunds, shifts, cash movements): its migrations and tables, and the
// ingest every register event goes through. (The demo history, built with the register simulator's
// generator and posted through the ingest, is the demo module's: src/demo/history.ts.)
import type { ServerModule } from '../module';
import { firstSalesMigration } from './firstMigration';
import { receiptsMigrations } from './migrations';

export {
  ingestEvents,
  loadSales,
  expectedCash,
  type IngestDevice,
  type IngestOptions,
  type IngestResult,
} from './ingest';
export type { ReceiptTables } from './tables';

/** No routes of its own: the registers post through the device API, the reports read its tables. */
export const receiptsModule: ServerModule<unknown> = {
  name: 'receipts',
  migrations: { ...firstSalesMigration, ...receiptsMigrations },
};
