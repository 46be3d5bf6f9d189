import express, { type Router } from 'express';
import type { AuthContext } from '../../auth';
import { adjustmentsRouter } from './adjustments';
import { productionOrdersRouter, productionTemplatesRouter } from './production';
import { purchaseOrdersRouter } from './purchaseOrders';
import { countsRouter, inventorySettingsRouter, stockRouter } from './stock';
import { transfersRouter } from './transfers';
import { vendorsRouter } from './vendors';
import { warehousesRouter } from './warehouses';

export { postLedger, postReceiptStock } from './ledger';
export { stockStep } from './posting';
export { inventoryMigrations } from './migrations';
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
