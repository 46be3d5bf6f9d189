// Inventory (add-on; menu area "inventory"): warehouses, vendors, stock and counts, purchase
// orders, transfers, adjustments and production; the stock ledger every movement goes through.
import express, { type Router } from 'express';
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import type { PostingStep } from '../receipts';
import { stockStep } from './posting';
import { adjustmentsRouter } from './adjustments';
import { inventoryMigrations } from './migrations';
import { productionOrdersRouter, productionTemplatesRouter } from './production';
import { purchaseOrdersRouter } from './purchaseOrders';
import { countsRouter, inventorySettingsRouter, stockRouter } from './stock';
import { transfersRouter } from './transfers';
import { ensureDefaultWarehouses } from './warehouseDefaults';
import { setStock } from './stockSet';
import { vendorsRouter } from './vendors';
import { warehousesRouter } from './warehouses';

export { postLedger, postReceiptStock } from './ledger';
export { seedInventoryDemo } from './demo';
export { ensureDefaultWarehouses } from './warehouseDefaults';
export type { InventoryTables } from './tables';

/** `/api/backoffice/inventory/...`: each sub-router behind its own page's menu rule (add-on Inventory). */
export function inventoryRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.use('/warehouses', warehousesRouter(ctx));
  router.use('/vendors', vendorsRouter(ctx));
  router.use('/stock', stockRouter(ctx));
  router.use('/settings', inventorySettingsRouter(ctx));
  router.use('/counts', countsRouter(ctx));
  router.use('/purchase_orders', purchaseOrdersRouter(ctx));
  router.use('/transfers', transfersRouter(ctx));
  router.use('/adjustments', adjustmentsRouter(ctx));
  router.use('/production_templates', productionTemplatesRouter(ctx));
  router.use('/production_orders', productionOrdersRouter(ctx));
  return router;
}

export const inventoryModule: ServerModule<AuthContext, PostingStep> = {
  name: 'inventory',
  reads: ['categories', 'companies', 'company_addons', 'items', 'locations', 'users'],
  postingSteps: [stockStep],
  migrations: inventoryMigrations,
  routes: { backoffice: (ctx) => [['/inventory', inventoryRouter(ctx)]] },
  // Each location has its default warehouse, in the transaction that made the location (settings
  // runs first: a new company's location exists when the owner's set-up runs here).
  companySetup: { owner: (trx, { companyId, now }) => ensureDefaultWarehouses(trx, companyId, now) },
  reactions: { locationsAdded: ensureDefaultWarehouses, stockSet: setStock },
};
