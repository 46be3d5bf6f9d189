export { invoicesRouter } from './invoices';
export { salesMigrations } from './migrations';
export type { SalesTables } from './tables';
export { recurringRouter, runRecurringInvoices, scheduleRecurringInvoices } from './recurring';
export { quickbooksRouter, buildQbFile } from './quickbooks';
