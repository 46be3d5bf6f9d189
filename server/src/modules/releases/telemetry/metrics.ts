import type { ErrorSource, LoadFailureStage, VitalName } from '@hive/shared/schemas/telemetry';

/*
 * What a telemetry row counts (its `metric`), and the fixed histogram of the Web Vitals: each
 * value is counted in the bucket of the first bound at or above it, so a percentile is read back
 * from the counts alone (never from raw values, which are not kept).
 */

export const METRIC = {
  session: 'session',
  /** A page load whose release had an error: the events sent with `first: true`. */
  errorSession: 'error_session',
  contractMismatch: 'contract_mismatch',
  loadFailure: (stage: LoadFailureStage) => `load_failure.${stage}`,
  error: (source: ErrorSource) => `error.${source}`,
  vital: (name: VitalName) => `vital.${name}`,
} as const;

export const LOAD_FAILURE_PREFIX = 'load_failure.';

/** The bucket of the values above the last bound (stored as the largest 32-bit integer). */
export const OVERFLOW_BUCKET = 2_147_483_647;

/** Upper bounds in milliseconds (LCP, INP). */
const MS_BOUNDS = [
  50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000,
  8000, 10_000, 15_000, 20_000, 30_000, 60_000,
];
/** Upper bounds in thousandths of a layout-shift score (CLS). */
const CLS_BOUNDS = [10, 25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 750, 1000, 1500, 2000, 5000];

/** A vital's value in the integer unit its buckets are kept in. */
const unitOf = (name: VitalName, value: number) => (name === 'CLS' ? value * 1000 : value);
const boundsOf = (name: VitalName) => (name === 'CLS' ? CLS_BOUNDS : MS_BOUNDS);

/** The bucket a value is counted in: the first bound at or above it. */
export function vitalBucket(name: VitalName, value: number): number {
  const unit = unitOf(name, value);
  return boundsOf(name).find((bound) => unit <= bound) ?? OVERFLOW_BUCKET;
}

/**
 * The 75th percentile from a histogram (bucket -> count), as the upper bound of the bucket that
 * holds it (values above the last bound read as that bound), in the vital's own unit; null
 * without values.
 */
export function histogramP75(name: VitalName, histogram: ReadonlyMap<number, number>): number | null {
  let total = 0;
  for (const count of histogram.values()) total += count;
  if (total <= 0) return null;
  const rank = Math.ceil(total * 0.75);
  const bounds = boundsOf(name);
  let seen = 0;
  for (const bucket of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(bucket) ?? 0;
    if (seen >= rank) {
      const bound = bucket === OVERFLOW_BUCKET ? bounds[bounds.length - 1]! : bucket;
      return name === 'CLS' ? bound / 1000 : bound;
    }
  }
  return null;
}
