import type { RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import type { OutboxTables } from '../outbox';
import { createFamilies, type Families } from './families';
import { httpMetrics } from './http';
import { processRegistry } from './process';

/** What the ingest reports (src/modules/receipts/ingest.ts, the device API's events route). */
export interface IngestMetrics {
  /** A register's batch as the device API took it: its time and outcome, or 'error' when it failed. */
  batch(
    seconds: number,
    outcome: { stored: number; duplicate: number; rejected: number; receipts: number } | 'error',
  ): void;
  /**
   * How long a batch's transaction waited for a lock: its till's (held throughout), then its
   * company's (held from its first write to the commit; SQLite: the one connection).
   */
  lockWaited(seconds: number, lock: 'till' | 'company'): void;
}

/** What the gauges read at scrape time. */
export interface MetricSources {
  /** The app's database (the outbox table). */
  db: Kysely<OutboxTables>;
  /** PostgreSQL's pool; SQLite has one connection. */
  pgPool?: pg.Pool;
  /** Live streams open on this instance. */
  openStreams(): number;
  /** The app's clock (the outbox's ages are in it). */
  now(): number;
}

export interface Metrics {
  readonly registry: Registry;
  /** Times every request (mounted first, so it sees every answer). */
  readonly http: RequestHandler;
  readonly ingest: IngestMetrics;
  /** The gauges' sources, once the app has built them. */
  watch(sources: MetricSources): void;
  /** The exposition (Prometheus text format): this app's families, then the process's. */
  render(): Promise<string>;
  readonly contentType: string;
}

function createIngestMetrics(families: Families): IngestMetrics {
  return {
    batch(seconds, outcome) {
      families.ingestDuration.observe(seconds);
      if (outcome === 'error') {
        families.ingestBatches.inc({ outcome: 'error' });
        return;
      }
      families.ingestBatches.inc({ outcome: 'ok' });
      for (const status of ['stored', 'duplicate', 'rejected'] as const) {
        if (outcome[status] > 0) families.ingestEvents.inc({ status }, outcome[status]);
      }
      if (outcome.receipts > 0) families.ingestReceipts.inc(outcome.receipts);
    },
    lockWaited(seconds, lock) {
      families.ingestLockWait.observe({ lock }, seconds);
    },
  };
}

/** Reads the gauges' sources: the outbox (one indexed query), the pool, the streams. */
async function readGauges(families: Families, sources: MetricSources, log: Logger): Promise<void> {
  families.liveStreams.set(sources.openStreams());
  const pool = sources.pgPool;
  families.poolConnections.set(pool ? pool.totalCount : 1);
  families.poolIdle.set(pool ? pool.idleCount : 1);
  families.poolWaiting.set(pool ? pool.waitingCount : 0);
  families.poolMax.set(pool ? (pool.options.max ?? 10) : 1);
  try {
    const row = await sources.db
      .selectFrom('outbox')
      .select((eb) => [eb.fn.countAll<number>().as('depth'), eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', ['pending', 'sending'])
      .executeTakeFirstOrThrow();
    const oldest = row.oldest === null ? null : Number(row.oldest);
    families.outboxDepth.set(Number(row.depth));
    families.outboxOldest.set(oldest === null ? 0 : Math.max(0, (sources.now() - oldest) / 1000));
  } catch (error) {
    // No value rather than a stale one: the series disappears, which an absent() alert sees.
    families.outboxDepth.reset();
    families.outboxOldest.reset();
    log.warn({ err: error }, 'metrics: could not read the outbox');
  }
}

/** The app's registry and families; the gauges read their sources when scraped. */
export function createMetrics(log: Logger): Metrics {
  const registry = new Registry();
  const families = createFamilies(registry);
  let sources: MetricSources | undefined;
  const processMetrics = processRegistry();
  return {
    registry,
    http: httpMetrics(families),
    ingest: createIngestMetrics(families),
    watch(given) {
      sources = given;
    },
    async render() {
      if (sources) await readGauges(families, sources, log);
      return `${await registry.metrics()}\n${await processMetrics.metrics()}`;
    },
    contentType: registry.contentType,
  };
}
