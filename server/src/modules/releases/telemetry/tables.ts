import type { Millis } from '../../../platform/db/schema';

/**
 * Telemetry from real browsers as per-minute aggregates per release (issue 44), never the events:
 * one row per (release, minute, route pattern, metric, bucket) with the number of events and a
 * short sample of their message. `bucket` is 0 except for Web Vitals, where it is the upper bound
 * of a fixed histogram bucket (metrics.ts), so a p75 can be computed from the counts.
 */
export interface ReleaseTelemetryTable {
  release_id: number;
  /** The start of the minute (epoch ms). */
  minute: Millis;
  /** The route pattern (`/sales/:id`); '' when the client did not say. */
  route: string;
  /** metrics.ts: `session`, `load_failure.entry`, `error.uncaught`, `error_session`, `vital.LCP` ... */
  metric: string;
  bucket: number;
  count: number;
  sample: string | null;
}

export interface TelemetryTables {
  release_telemetry: ReleaseTelemetryTable;
}
