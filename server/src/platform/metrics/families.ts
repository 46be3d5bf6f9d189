import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/*
 * The app's own metric families, in one Registry per app (never prom-client's global one: the
 * tests start many servers in one process, and two apps must not count into each other).
 */

/** Request and batch latencies: 5 ms to 10 s (the API targets are p99 < 250 ms). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Lock waits are mostly near nothing: finer at the bottom. */
const LOCK_WAIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createFamilies(registry: Registry) {
  const registers = [registry];
  return {
    httpDuration: new Histogram({
      name: 'hive_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer finishing, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    ingestBatches: new Counter({
      name: 'hive_ingest_batches_total',
      help: "Registers' event batches taken by the device API (outcome: ok, or error when the batch failed with a server error).",
      labelNames: ['outcome'] as const,
      registers,
    }),
    ingestEvents: new Counter({
      name: 'hive_ingest_events_total',
      help: "Registers' events by their outcome (stored, duplicate, rejected).",
      labelNames: ['status'] as const,
      registers,
    }),
    ingestReceipts: new Counter({
      name: 'hive_ingest_receipts_total',
      help: 'Receipts (sales and refunds) stored from the registers.',
      registers,
    }),
    ingestDuration: new Histogram({
      name: 'hive_ingest_batch_duration_seconds',
      help: "Time the device API took to store a register's batch.",
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    ingestLockWait: new Histogram({
      name: 'hive_ingest_lock_wait_seconds',
      help: "Time a batch's transaction waited for an ingest lock: lock=till (its register's, held throughout) or lock=company (held from its first write to the commit; SQLite: the one connection).",
      labelNames: ['lock'] as const,
      buckets: LOCK_WAIT_BUCKETS,
      registers,
    }),
    outboxDepth: new Gauge({
      name: 'hive_outbox_queue_depth',
      help: 'E-mails waiting in the outbox or being sent (pending and sending); without SMTP_URL nothing leaves, so it only grows.',
      registers,
    }),
    outboxOldest: new Gauge({
      name: 'hive_outbox_oldest_pending_age_seconds',
      help: 'Age of the oldest e-mail still waiting in the outbox (0 when none waits).',
      registers,
    }),
    liveStreams: new Gauge({
      name: 'hive_live_streams_open',
      help: 'Live streams (server-sent events of the back-office) open on this instance.',
      registers,
    }),
    poolConnections: new Gauge({
      name: 'hive_db_pool_connections',
      help: "Database connections this instance holds (PostgreSQL: the pool's; SQLite: its one).",
      registers,
    }),
    poolIdle: new Gauge({
      name: 'hive_db_pool_idle_connections',
      help: 'Connections of the pool not running a query.',
      registers,
    }),
    poolWaiting: new Gauge({
      name: 'hive_db_pool_waiting_requests',
      help: 'Queries waiting for a free connection of the pool (the pool is exhausted when this stays above 0).',
      registers,
    }),
    poolMax: new Gauge({
      name: 'hive_db_pool_max_connections',
      help: 'The most connections the pool opens.',
      registers,
    }),
  };
}

export type Families = ReturnType<typeof createFamilies>;
