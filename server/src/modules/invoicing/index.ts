// Sales documents (menu area "sales"): invoices to customers, recurring invoices and the
// QuickBooks export.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { invoicesRouter } from './invoices';
import { salesMigrations } from './migrations';
import { quickbooksRouter } from './quickbooks';
import { recurringRouter, scheduleRecurringInvoices } from './recurring';

export { runRecurringInvoices, scheduleRecurringInvoices } from './recurring';
export { buildQbFile } from './quickbooks';
export { seedRecurringDemo, seedSalesDemo } from './demo';
export type { SalesTables } from './tables';

export const invoicingModule: ServerModule<AuthContext> = {
  name: 'invoicing',
  reads: [
    'companies',
    'company_profiles',
    'customers',
    'item_taxes',
    'items',
    'locations',
    'payment_types',
    'receipt_payments',
    'receipt_taxes',
    'receipts',
    'tax_rates',
  ],
  migrations: salesMigrations,
  routes: {
    backoffice: (ctx) => [
      ['/customer_invoices', invoicesRouter(ctx)],
      ['/recurring_invoices', recurringRouter(ctx)],
      ['/quickbooks', quickbooksRouter(ctx)],
    ],
  },
  // Creates each due period's invoice (idempotent, see recurring.ts).
  jobs: [{ name: 'recurring invoices', everyMs: 5 * 60_000, start: scheduleRecurringInvoices }],
};
