import type { Kysely } from 'kysely';
import type { TelemetryEvent } from '@hive/shared/schemas/telemetry';
import type { Database } from '../../../database';
import type { Db, JobContext, ModuleJob } from '../../../module';
import { DEFAULT_RELEASE_SETTINGS } from '../../../platform/config';
import { METRIC, vitalBucket } from './metrics';

/*
 * A batch of events becomes counts added to per-minute rows. A batch is one page load's (the shell
 * sends its own page's events), so it counts at most one session, one load failure and one error
 * session per release whatever it repeats: a forged batch cannot weigh more than a page load.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

export interface TelemetryRow {
  release_id: number;
  minute: number;
  route: string;
  metric: string;
  bucket: number;
  count: number;
  sample: string | null;
}

const ONCE_PER_PAGE_LOAD = new Set<string>([METRIC.session, METRIC.errorSession, 'load_failure']);

/** The rows a batch adds, one per key, in key order (concurrent upserts lock rows in one order). */
export function aggregateEvents(events: readonly TelemetryEvent[], now: number): TelemetryRow[] {
  const minute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const rows = new Map<string, TelemetryRow>();
  const counted = new Set<string>();
  const add = (event: TelemetryEvent, metric: string, bucket = 0, sample: string | null = null) => {
    // Once per release and batch: sessions, error sessions and load failures (of any stage).
    const once = metric.startsWith('load_failure.') ? 'load_failure' : metric;
    if (ONCE_PER_PAGE_LOAD.has(once)) {
      const key = `${event.release}|${once}`;
      if (counted.has(key)) return;
      counted.add(key);
    }
    const route = event.route ?? '';
    const key = JSON.stringify([event.release, route, metric, bucket]);
    const row = rows.get(key);
    if (row) {
      row.count += 1;
      if (sample) row.sample = sample;
    } else {
      rows.set(key, { release_id: event.release, minute, route, metric, bucket, count: 1, sample: sample || null });
    }
  };
  for (const event of events) {
    switch (event.kind) {
      case 'session':
        add(event, METRIC.session);
        break;
      case 'load_failure':
        add(event, METRIC.loadFailure(event.stage), 0, event.message ?? null);
        break;
      case 'contract_mismatch':
        add(event, METRIC.contractMismatch, 0, event.message ?? null);
        break;
      case 'error':
        add(event, METRIC.error(event.source), 0, event.message ?? null);
        if (event.first) add(event, METRIC.errorSession);
        break;
      case 'vital':
        add(event, METRIC.vital(event.name), vitalBucket(event.name, event.value));
        break;
    }
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** Adds the rows' counts (both databases: insert, or add to the row of the same key). */
export async function storeTelemetry(db: Db, rows: readonly TelemetryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('release_telemetry')
    .values([...rows])
    .onConflict((oc) =>
      oc.columns(['release_id', 'minute', 'route', 'metric', 'bucket']).doUpdateSet((eb) => ({
        count: eb('release_telemetry.count', '+', eb.ref('excluded.count')),
        sample: eb.fn.coalesce('excluded.sample', 'release_telemetry.sample'),
      })),
    )
    .execute();
}

/** Deletes the aggregates older than `days` days: telemetry is never kept forever. */
export async function pruneTelemetry(db: Kysely<Database>, now: number, days: number): Promise<number> {
  const result = await db
    .deleteFrom('release_telemetry')
    .where('minute', '<', now - days * DAY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Hourly (the app may run it more often): RELEASE_TELEMETRY_DAYS of aggregates are kept. */
export const telemetryRetentionJob: ModuleJob = {
  name: 'release telemetry retention',
  everyMs: 60 * 60_000,
  start(job: JobContext, everyMs: number, onError: (error: unknown) => void) {
    let running = false;
    const tick = () => {
      if (running) return;
      running = true;
      const days = job.releaseSettings?.telemetryDays ?? DEFAULT_RELEASE_SETTINGS.telemetryDays;
      pruneTelemetry(job.db, job.now(), days)
        .catch(onError)
        .finally(() => {
          running = false;
        });
    };
    const timer = setInterval(tick, everyMs);
    timer.unref();
    const first = setTimeout(tick, Math.min(1_000, everyMs));
    first.unref();
    return () => {
      clearInterval(timer);
      clearTimeout(first);
    };
  },
};
