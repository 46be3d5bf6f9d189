// Telemetry from real browsers per remote release (issue 44): `POST /api/telemetry`, per-minute
// aggregates with a retention limit, a release's health, and the canary's automatic rollback.
// The releases module (../index.ts) mounts `mountTelemetry` in its `first` routes (before the
// shared /api parsers), lists `telemetryRetentionJob` in its jobs and merges the migrations.
export type { TelemetryTables, ReleaseTelemetryTable } from './tables';
export { telemetryMigrations } from './migrations';
export { mountTelemetry, TELEMETRY_PATH, DEFAULT_TELEMETRY_RATE_LIMITS, type TelemetryRateLimits } from './routes';
export { releaseHealth, windowCounts, SERIES_POINTS, type HealthWindow } from './health';
export {
  judgeCanary,
  MIN_ERROR_RATE_GAP,
  type CanaryFigures,
  type CanaryReason,
  type CanaryThresholds,
  type CanaryVerdict,
  type WindowCounts,
} from './judge';
export { evaluateCanary, canaryWatch, JUDGE_EVERY_MS, type CanaryContext, type CanaryOutcome } from './canary';
export { aggregateEvents, pruneTelemetry, storeTelemetry, telemetryRetentionJob } from './store';
export { histogramP75, vitalBucket, METRIC } from './metrics';
export { AUTOMATIC_ROLLBACK_MAIL, rollbackRecipients } from './mail';
