// Reporting (menu areas "reports" and the overview): one file per report, the shared frame, and
// the roll-ups, kept up to date in the receipt's transaction by its posting step (posting.ts).
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import type { PostingStep } from '../receipts';
import { rollupsStep } from './posting';
import { reportsMigrations } from './migrations';
import { overviewRouter } from './overview';
import { backfillRollups, forgetInRollups, rebuildRollups } from './rollups';
import { reportsRouter } from './routes';

export { computeOverview, OVERVIEW_SHARE_MS } from './overview';
export { reportContext, reportMeta, inWindow, timeWindow, zoneOf, sumOf, type ReportContext } from './frame';
export { salesSums, SUM_COLUMNS, toSums } from './sums';
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
export type { ReportTables } from './tables';

export const reportsModule: ServerModule<AuthContext, PostingStep> = {
  name: 'reports',
  reads: [
    'cash_movements',
    'categories',
    'companies',
    'company_profiles',
    'customers',
    'employees',
    'items',
    'locations',
    'order_types',
    'receipt_discounts',
    'receipt_line_modifiers',
    'receipt_line_taxes',
    'receipt_lines',
    'receipt_payments',
    'receipt_taxes',
    'receipts',
    'shifts',
    'stock_ledger',
    'stock_ledger_days',
    'terminals',
    'warehouses',
  ],
  postingSteps: [rollupsStep],
  migrations: reportsMigrations,
  routes: {
    backoffice: (ctx) => [
      ['/overview', overviewRouter(ctx)],
      ['/reports', reportsRouter(ctx)],
    ],
  },
  reactions: {
    // A receipt's day is cut in its location's zone: the roll-ups of the changed zone are rebuilt.
    zoneChanged: async (trx, companyId, scope) => {
      await rebuildRollups(trx, companyId, scope);
    },
    // The roll-ups keep item and category ids: a deleted one's rows go too.
    catalogDeleted: (trx, companyId, kind, id) => forgetInRollups(trx, companyId, kind, id),
  },
  startup: {
    // Receipts stored before the report roll-ups existed get theirs (once).
    early: async (db, { log }) => {
      const backfilled = await backfillRollups(db);
      if (backfilled > 0) log.info({ receipts: backfilled }, 'built the report roll-ups of earlier receipts');
    },
  },
};
