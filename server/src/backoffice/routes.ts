import express, { type Express, type Router } from 'express';
import type { CompanySummary } from '@hive/shared/schemas/backoffice';
import type { AuthContext } from '../auth';
import { requireJson } from '../http';
import { merchantOf, requireMerchant } from './access';
import { categoriesRouter, itemsRouter } from './catalog';
import { customersRouter } from './customers';
import { DEFAULT_CURRENCY, overviewRouter } from './overview';
import { noStore } from './query';

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

  router.get('/company', requireMerchant(ctx), (_req, res) => {
    const { company } = merchantOf(res);
    const body: CompanySummary = {
      name: company.name,
      slug: company.slug,
      license: company.license,
      currency: DEFAULT_CURRENCY,
    };
    noStore(res).json(body);
  });
  router.use('/overview', overviewRouter(ctx));
  router.use('/items', itemsRouter(ctx));
  router.use('/categories', categoriesRouter(ctx));
  router.use('/customers', customersRouter(ctx));
  return router;
}

export function mountBackoffice(app: Express, ctx: AuthContext): void {
  app.use(BACKOFFICE_API, backofficeRouter(ctx));
}
