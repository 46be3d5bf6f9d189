/** Overview: the query and the answer of the KPI page. */
import { z } from 'zod';
import { englishMessages } from './common';

export const overviewQuerySchema = z.object({
  /** Minutes to add to UTC to get the user's local time (e.g. 120 in Madrid in summer). */
  tzOffset: z
    .string()
    .regex(/^-?\d{1,4}$/, englishMessages('notAnInteger'))
    .transform(Number)
    .pipe(z.number().int().min(-840).max(840))
    .optional()
    .transform((v) => v ?? 0),
});

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
  /** Each period runs from local midnight (today, 6 or 29 days back) to now; "previous" is the same span just before. */
  periods: Record<OverviewPeriod, OverviewKpis>;
  /** The last 30 local days, oldest first: `date` is YYYY-MM-DD. */
  salesPerDay: { date: string; netSales: number; receipts: number }[];
  /** Best sellers of the last 30 days by revenue. */
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
