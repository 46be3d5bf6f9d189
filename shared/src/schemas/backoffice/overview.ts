/** Overview: the query and the answer of the KPI page. */
import { z } from 'zod';

/** The overview takes no parameters: its days are the business's (Settings › General information). */
export const overviewQuerySchema = z.object({});

export const OVERVIEW_PERIODS = ['today', '7d', '30d'] as const;
export type OverviewPeriod = (typeof OVERVIEW_PERIODS)[number];

export interface KpiValue {
  value: number;
  previous: number;
  /** (value - previous) / previous, or null when the previous period had nothing. */
  change: number | null;
}

export interface OverviewKpis {
  netSales: KpiValue;
  receipts: KpiValue;
  averageTicket: KpiValue;
  refunds: KpiValue;
}

export interface Overview {
  /**
   * The receipt counter these figures include (see OverviewVersion): when the polled version is
   * newer, reload. The server shares one computation among a company's users for up to a second.
   */
  version: string;
  currency: string;
  /**
   * Each period runs from the start of today (6 or 29 days back) to now, in the business's time
   * zone; "previous" is the same span just before, to the hour. Money before tax, as in the reports.
   */
  periods: Record<OverviewPeriod, OverviewKpis>;
  /** The last 30 local days, oldest first: `date` is YYYY-MM-DD. */
  salesPerDay: { date: string; netSales: number; receipts: number }[];
  /** Best sellers of the last 30 days by net sales (refunds taken off). */
  topItems: { name: string; quantity: number; revenue: number }[];
}

/**
 * A cheap check for the live overview: `version` changes whenever a receipt or refund is stored
 * (the company's receipt counter). The page polls it every LIVE_POLL_MS and reloads the overview
 * when it moved.
 */
export interface OverviewVersion {
  version: string;
  serverTime: number;
}
