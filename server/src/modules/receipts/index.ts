// The sales model (receipts, refunds, shifts, cash movements): its migrations and tables, the ingest
// every register event goes through (parse -> plan -> post), the posting contract the areas
// implement for the consequences of a sale (stock, points, gift cards, time clock, roll-ups, kitchen
// tickets), and a builder of device events for what has no register (tests, benchmarks). (The demo
// history, built with the register simulator's generator and posted through the ingest, is the demo
// module's: src/demo/history.ts.)
import type { ServerModule } from '../../module';
import { firstSalesMigration } from './firstMigration';
import { receiptsMigrations } from './migrations';

export { ingestEvents, lockCompanyIngest, lockTillIngest, type IngestDevice, type IngestOptions, type IngestResult } from './ingest';
export { loadSales } from './plan';
export type { PlannedReceipt, PlannedLine, PlannedPayment } from './plan';
export { expectedCash } from './post/rows';
export {
  INGEST_STAGES,
  registerPostingSteps,
  type EventOutcome,
  type IngestStage,
  type PlanningBatch,
  type PostedBatch,
  type PostingStep,
} from './posting';
export {
  saleEvent,
  refundEvent,
  shiftOpenEvent,
  cashMovementEvent,
  shiftCloseEvent,
  saleAmounts,
  postEvents,
  type SaleSpec,
  type SaleLineSpec,
  type RefundSpec,
  type PostedEvents,
} from './events';
export type { ReceiptTables } from './tables';
export { recordShiftCloser, stampLineCosts } from './receiptWrites';

/** No routes of its own: the registers post through the device API, the reports read its tables. */
export const receiptsModule: ServerModule<unknown> = {
  name: 'receipts',
  reads: [
    'company_profiles',
    'customers',
    'employees',
    'items',
    'locations',
    'order_types',
    'payment_types',
    'tax_rates',
    'terminals',
  ],
  migrations: { ...firstSalesMigration, ...receiptsMigrations },
};
