import express, { type Express, type Router } from 'express';
import type { AuthContext } from '../auth';
import { requireJson } from '../http';
import { invalidateConfig } from '../device/config';
import { bundlesRouter, categoriesRouter, itemsRouter, modifiersRouter, priceListsRouter } from './catalog';
import { customersRouter } from './customers';
import { inventoryRouter } from './inventory';
import { overviewRouter } from './overview';
import { reportsRouter } from './reports';
import { giftCardsRouter, loyaltyRouter } from './rewards';
import { discountsRouter, promotionsRouter } from './offers';
import { invoicesRouter, quickbooksRouter, recurringRouter } from './sales';
import { teamRouter } from './team';
import { bannersRouter, printJobsRouter, printersRouter, terminalLogRouter, terminalsRouter } from './devices';
import {
  billingRouter,
  businessRouter,
  companyRouter,
  locationsRouter,
  orderTypesRouter,
  paymentTypesRouter,
  priceLevelsRouter,
  taxRatesRouter,
} from './settings';

export const BACKOFFICE_API = '/api/backoffice';

/**
 * `/api/backoffice/*`: the data behind the back-office pages. Every route reads the session,
 * scopes to its company (never to an id from the request) and applies the menu rule of its page.
 * Mounted after mountApi, whose JSON/form parsers (32 kB) already ran for `/api`.
 */
export function backofficeRouter(ctx: AuthContext): Router {
  const router = express.Router();
  // JSON only (the app-wide write guard already refused foreign origins).
  router.use(requireJson());
  // A change in the back-office reaches the registers' config at once (not after its cache expires).
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.on('finish', () => {
        const merchant = res.locals.merchant as { companyId: number } | undefined;
        if (merchant && res.statusCode < 400) invalidateConfig(ctx.db, merchant.companyId);
      });
    }
    next();
  });

  router.use('/company', companyRouter(ctx));
  router.use('/overview', overviewRouter(ctx));
  router.use('/reports', reportsRouter(ctx));
  router.use('/items', itemsRouter(ctx));
  router.use('/categories', categoriesRouter(ctx));
  router.use('/bundles', bundlesRouter(ctx));
  router.use('/price_lists', priceListsRouter(ctx));
  router.use('/modifier_groups', modifiersRouter(ctx));
  router.use('/customers', customersRouter(ctx));
  router.use('/business', businessRouter(ctx));
  router.use('/billing', billingRouter(ctx));
  router.use('/locations', locationsRouter(ctx));
  router.use('/tax_rates', taxRatesRouter(ctx));
  router.use('/price_levels', priceLevelsRouter(ctx));
  router.use('/order_types', orderTypesRouter(ctx));
  router.use('/payment_types', paymentTypesRouter(ctx));
  router.use('/terminals', terminalsRouter(ctx));
  router.use('/terminal_log', terminalLogRouter(ctx));
  router.use('/printers', printersRouter(ctx));
  router.use('/print_jobs', printJobsRouter(ctx));
  router.use('/kiosk_banners', bannersRouter(ctx, 'kiosk'));
  router.use('/customer_display_banners', bannersRouter(ctx, 'customer_display'));
  router.use('/inventory', inventoryRouter(ctx));
  router.use('/team', teamRouter(ctx));
  router.use('/giftcards', giftCardsRouter(ctx));
  router.use('/discounts', discountsRouter(ctx));
  router.use('/promotions', promotionsRouter(ctx));
  router.use('/loyalty', loyaltyRouter(ctx));
  router.use('/customer_invoices', invoicesRouter(ctx));
  router.use('/recurring_invoices', recurringRouter(ctx));
  router.use('/quickbooks', quickbooksRouter(ctx));
  return router;
}

export function mountBackoffice(app: Express, ctx: AuthContext): void {
  app.use(BACKOFFICE_API, backofficeRouter(ctx));
}
