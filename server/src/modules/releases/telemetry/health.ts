import type { ReleaseHealthJson } from '@hive/shared/schemas/releases';
import type { VitalName } from '@hive/shared/schemas/telemetry';
import type { Db } from '../../../module';
import type { WindowCounts } from './judge';
import { LOAD_FAILURE_PREFIX, METRIC, histogramP75 } from './metrics';
import { MINUTE_MS } from './store';

/*
 * A release's health over a window, from its per-minute aggregates: sessions, the share of them
 * whose remote failed to load, the share with errors, p75 LCP/INP/CLS, and the same over about
 * 24 points of time for the admin page's charts.
 */

export interface HealthWindow {
  /** Epoch ms; the minute it falls in counts whole. */
  from: number;
  to: number;
}

/** How many points a series has at most (the window split into whole minutes). */
export const SERIES_POINTS = 24;

const floorMinute = (ms: number) => Math.floor(ms / MINUTE_MS) * MINUTE_MS;

interface Tally extends WindowCounts {
  vitals: Record<VitalName, Map<number, number>>;
}

const emptyTally = (): Tally => ({
  sessions: 0,
  loadFailures: 0,
  errorSessions: 0,
  vitals: { LCP: new Map(), INP: new Map(), CLS: new Map() },
});

function addRow(tally: Tally, metric: string, bucket: number, count: number): void {
  if (metric === METRIC.session) tally.sessions += count;
  else if (metric === METRIC.errorSession) tally.errorSessions += count;
  else if (metric.startsWith(LOAD_FAILURE_PREFIX)) tally.loadFailures += count;
  else if (metric.startsWith('vital.')) {
    const histogram = tally.vitals[metric.slice('vital.'.length) as VitalName] as Map<number, number> | undefined;
    histogram?.set(bucket, (histogram.get(bucket) ?? 0) + count);
  }
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

async function readRows(db: Db, releaseId: number, window: HealthWindow) {
  const rows = await db
    .selectFrom('release_telemetry')
    .select((eb) => ['minute', 'metric', 'bucket', eb.fn.sum<number | string>('count').as('count')])
    .where('release_id', '=', releaseId)
    .where('minute', '>=', floorMinute(window.from))
    .where('minute', '<', window.to)
    .groupBy(['minute', 'metric', 'bucket'])
    .execute();
  return rows.map((row) => ({
    minute: Number(row.minute),
    metric: row.metric,
    bucket: Number(row.bucket),
    count: Number(row.count),
  }));
}

/** The counts the canary is judged by (sessions, load failures, error sessions) over a window. */
export async function windowCounts(db: Db, releaseId: number, window: HealthWindow): Promise<WindowCounts> {
  const rows = await db
    .selectFrom('release_telemetry')
    .select((eb) => ['metric', eb.fn.sum<number | string>('count').as('count')])
    .where('release_id', '=', releaseId)
    .where('minute', '>=', floorMinute(window.from))
    .where('minute', '<', window.to)
    .where((eb) =>
      eb.or([
        eb('metric', 'in', [METRIC.session, METRIC.errorSession]),
        eb('metric', 'like', `${LOAD_FAILURE_PREFIX}%`),
      ]),
    )
    .groupBy('metric')
    .execute();
  const tally = emptyTally();
  for (const row of rows) addRow(tally, row.metric, 0, Number(row.count));
  return { sessions: tally.sessions, loadFailures: tally.loadFailures, errorSessions: tally.errorSessions };
}

export async function releaseHealth(db: Db, releaseId: number, window: HealthWindow): Promise<ReleaseHealthJson> {
  const rows = await readRows(db, releaseId, window);
  const start = floorMinute(window.from);
  const span = Math.max(MINUTE_MS, window.to - start);
  const step = Math.max(1, Math.ceil(span / MINUTE_MS / SERIES_POINTS)) * MINUTE_MS;
  const points = Math.max(1, Math.ceil(span / step));
  const total = emptyTally();
  const series = Array.from({ length: points }, emptyTally);
  for (const row of rows) {
    addRow(total, row.metric, row.bucket, row.count);
    const index = Math.min(points - 1, Math.floor((row.minute - start) / step));
    addRow(series[index]!, row.metric, row.bucket, row.count);
  }
  return {
    window: { from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString() },
    sessions: total.sessions,
    loadFailures: total.loadFailures,
    loadFailureRate: rate(total.loadFailures, total.sessions),
    errorSessions: total.errorSessions,
    errorRate: rate(total.errorSessions, total.sessions),
    lcpP75Ms: histogramP75('LCP', total.vitals.LCP),
    inpP75Ms: histogramP75('INP', total.vitals.INP),
    clsP75: histogramP75('CLS', total.vitals.CLS),
    series: series.map((point, i) => ({
      at: new Date(start + i * step).toISOString(),
      sessions: point.sessions,
      loadFailureRate: rate(point.loadFailures, point.sessions),
      errorRate: rate(point.errorSessions, point.sessions),
      lcpP75Ms: histogramP75('LCP', point.vitals.LCP),
      inpP75Ms: histogramP75('INP', point.vitals.INP),
    })),
  };
}
