import express, { type Router } from 'express';
import {
  cashMovementsQuerySchema,
  closingsQuerySchema,
  reportQuerySchema,
  stockMovementsQuerySchema,
  transactionsQuerySchema,
} from '@hive/shared/schemas/backoffice/reports';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, idParam, noStore } from '../merchant';
import { cashMovementsReport } from './cashMovements';
import { closingsReport, shiftDetail } from './closings';
import { reportContext, type FrameDefaults } from './frame';
import { itemSalesReport } from './itemSales';
import { SALES_PER_DAY_GROUPINGS, salesPerDayReport } from './salesPerDay';
import { salesSummaryReport } from './salesSummary';
import { stockMovementsReport } from './stockMovements';
import { taxReport } from './taxes';
import { receiptDetail, transactionsReport } from './transactions';

/**
 * `/api/backoffice/reports/...`: one route per report, each behind the menu rule of its page.
 * Every report takes the frame's query (period or from/to, location, employee, compare, group).
 */
export function reportsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  const frame = (req: express.Request, res: express.Response, schema = reportQuerySchema, defaults?: FrameDefaults) => {
    const q = parseOrThrow(schema, req.query);
    return { q, context: reportContext(db, merchantOf(res).companyId, q, ctx.now(), defaults) };
  };

  router.get('/sales_per_day', requirePage(ctx, '/salesperday'), async (req, res) => {
    const { context } = frame(req, res, reportQuerySchema, { groupings: SALES_PER_DAY_GROUPINGS });
    noStore(res).json(await salesPerDayReport(db, await context));
  });
  router.get('/sales', requirePage(ctx, '/sales'), async (req, res) => {
    noStore(res).json(await salesSummaryReport(db, await frame(req, res).context));
  });
  router.get('/item_sales', requirePage(ctx, '/itemsales'), async (req, res) => {
    noStore(res).json(await itemSalesReport(db, await frame(req, res).context));
  });
  // Today's receipts unless asked otherwise.
  router.get('/transactions', requirePage(ctx, '/transaction'), async (req, res) => {
    const q = parseOrThrow(transactionsQuerySchema, req.query);
    const context = await reportContext(db, merchantOf(res).companyId, q, ctx.now(), { preset: 'today' });
    noStore(res).json(await transactionsReport(db, context, q));
  });
  router.get('/transactions/:id', requirePage(ctx, '/transaction'), async (req, res) => {
    noStore(res).json(await receiptDetail(db, merchantOf(res).companyId, idParam(req.params.id)));
  });
  // Taxes are filed by the month: last month unless asked otherwise.
  router.get('/taxes', requirePage(ctx, '/tax_report'), async (req, res) => {
    noStore(res).json(await taxReport(db, await frame(req, res, reportQuerySchema, { preset: 'last_month' }).context));
  });
  router.get('/closings', requirePage(ctx, '/closings'), async (req, res) => {
    const q = parseOrThrow(closingsQuerySchema, req.query);
    const context = await reportContext(db, merchantOf(res).companyId, q, ctx.now());
    noStore(res).json(await closingsReport(db, context, q));
  });
  router.get('/closings/:id', requirePage(ctx, '/closings'), async (req, res) => {
    noStore(res).json(await shiftDetail(db, merchantOf(res).companyId, idParam(req.params.id)));
  });
  router.get('/cash_movements', requirePage(ctx, '/cash_movement'), async (req, res) => {
    const q = parseOrThrow(cashMovementsQuerySchema, req.query);
    const context = await reportContext(db, merchantOf(res).companyId, q, ctx.now());
    noStore(res).json(await cashMovementsReport(db, context, q));
  });
  router.get('/stock_movements', requirePage(ctx, '/stock_movement'), async (req, res) => {
    const q = parseOrThrow(stockMovementsQuerySchema, req.query);
    const context = await reportContext(db, merchantOf(res).companyId, q, ctx.now());
    noStore(res).json(await stockMovementsReport(db, context, q));
  });
  return router;
}
