// Infrastructure: OpenTelemetry traces of HTTP requests and their database queries (OTLP when
// OTEL_EXPORTER_OTLP_ENDPOINT is set; nothing otherwise).
export { createTracing, type Tracing, type TracingOptions } from './tracing';
