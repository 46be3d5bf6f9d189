/**
 * Row types of the report roll-ups (see migrations.ts); merged into `Database` in
 * src/database.ts. Each row adds up the receipts of one key: `day` is the local calendar date
 * (days since 1970-01-01) where the receipt was rung up; 0 in location_id, employee_id,
 * order_type_id, item_id or category_id means "none". Amounts are positive; refunds have columns of
 * their own. Written only by rollups.ts, in the transaction of the receipt.
 */

/** Per local hour, location, employee and order type: the sums every sales metric follows from. */
export interface RollupSalesTable {
  company_id: number;
  day: number;
  hour: number;
  location_id: number;
  employee_id: number;
  order_type_id: number;
  sales: number;
  refunds: number;
  /** Sold lines before discounts, without tax. */
  gross_cents: number;
  /** Discounts of the sold lines, without tax (gross - discount = the lines' net). */
  discount_cents: number;
  tax_cents: number;
  tip_cents: number;
  cost_cents: number;
  /** Refund receipts' net (before tax). */
  refund_cents: number;
  refund_tax_cents: number;
  refund_cost_cents: number;
}

/** Per local day, location, item (and the name it was sold under) and category. */
export interface RollupItemsTable {
  company_id: number;
  day: number;
  location_id: number;
  item_id: number;
  category_id: number;
  name: string;
  sold_qty: number;
  net_cents: number;
  cost_cents: number;
  refunded_qty: number;
  refund_cents: number;
  refund_cost_cents: number;
}

/** Per local day, location and modifier name. */
export interface RollupModifiersTable {
  company_id: number;
  day: number;
  location_id: number;
  name: string;
  sold_qty: number;
  amount_cents: number;
  refunded_qty: number;
  refund_amount_cents: number;
}

/** Per local day, location, employee and payment type (by the name it was paid under). */
export interface RollupPaymentsTable {
  company_id: number;
  day: number;
  location_id: number;
  employee_id: number;
  name: string;
  payments: number;
  /** Toward the totals, the change given back taken off. */
  amount_cents: number;
  tip_cents: number;
  refunds: number;
  refund_cents: number;
}

/** Per local day, location, employee and tax (name, rate and type as charged). */
export interface RollupTaxesTable {
  company_id: number;
  day: number;
  location_id: number;
  employee_id: number;
  name: string;
  rate_bp: number;
  type: string;
  taxable_cents: number;
  tax_cents: number;
  refund_taxable_cents: number;
  refund_tax_cents: number;
}

/**
 * Per local day, location, employee, till and payment type: the receipts themselves (their count
 * and total), for the transactions list filtered by till or payment type. `payment` '' counts every
 * receipt; a payment type's name counts each receipt paid (in part) under it once.
 */
export interface RollupReceiptsTable {
  company_id: number;
  day: number;
  location_id: number;
  employee_id: number;
  terminal_id: number;
  payment: string;
  sales: number;
  refunds: number;
  /** The receipts' totals (total_cents), as the list shows them. */
  sales_cents: number;
  refunds_cents: number;
  /** Their net amounts (net_cents): the figure of a list by till. */
  sales_net_cents: number;
  refunds_net_cents: number;
  /** What the row's payment type took (after change, tips included; refunded): a list by payment type's figure. */
  sales_paid_cents: number;
  refunds_paid_cents: number;
}

/** Companies whose receipts predate the roll-ups: rebuilt at the next start, then removed. */
export interface RollupBackfillTable {
  company_id: number;
  /** One roll-up table to rebuild (a migration added sums to it); null: all of them. */
  only_table: string | null;
}

export interface ReportTables {
  rollup_backfill: RollupBackfillTable;
  rollup_sales: RollupSalesTable;
  rollup_items: RollupItemsTable;
  rollup_modifiers: RollupModifiersTable;
  rollup_payments: RollupPaymentsTable;
  rollup_taxes: RollupTaxesTable;
  rollup_receipts: RollupReceiptsTable;
}
