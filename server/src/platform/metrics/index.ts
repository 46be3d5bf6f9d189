// Infrastructure: the metrics an operator scrapes (Prometheus text format, prom-client). One
// registry per app; the families (families.ts) are fed by the HTTP middleware (http.ts), the
// device API's ingest, and gauges read at scrape time (the outbox, the live streams, the pool);
// the process's own (event loop, memory) are appended once per process (process.ts). Served only
// behind METRICS_TOKEN or on a loopback METRICS_PORT (exposure.ts). Imports no module.
export { createMetrics, type IngestMetrics, type Metrics, type MetricSources } from './metrics';
export { METRICS_PATH, metricsRoute, startMetricsServer, type MetricsServer } from './exposure';
export { UNMATCHED } from './http';
