// pages/reports/api.ts: the reports API of the back-office (one place for its endpoints).
// Each report is read (and exported, `all=1`) by the report frame, which takes its `endpoint`;
// the pages read only a single receipt or shift themselves.
import { API } from '../../api';

/** The reports as the report frame takes them (`endpoint`, under /api/backoffice). */
export const REPORTS_ENDPOINT = {
  sales: 'reports/sales',
  salesPerDay: 'reports/sales_per_day',
  itemSales: 'reports/item_sales',
  transactions: 'reports/transactions',
  closings: 'reports/closings',
  cashMovements: 'reports/cash_movements',
  stockMovements: 'reports/stock_movements',
  taxes: 'reports/taxes',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const REPORTS_URL = {
  /** One receipt (the id as the page's `?receipt=` gives it, encoded here). */
  receipt: (id: string) => `${API}/${REPORTS_ENDPOINT.transactions}/${encodeURIComponent(id)}`,
  /** One shift's closing (the id as the page's `?shift=` gives it, encoded here). */
  shift: (id: string) => `${API}/${REPORTS_ENDPOINT.closings}/${encodeURIComponent(id)}`,
} as const;
