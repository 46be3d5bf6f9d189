import type { RequestHandler } from 'express';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  context,
  defaultTextMapGetter,
  trace,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { routePatternOf } from '../http/routePattern';
import type { QueryListener } from '../db';

export interface TracingOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (spans go to <endpoint>/v1/traces, OTLP/HTTP JSON). */
  endpoint?: string;
  /** Tests: spans to this exporter, each as it ends. */
  exporter?: SpanExporter;
  /** `db.system.name` of the query spans. */
  dialect: 'sqlite' | 'postgres';
  instanceName?: string;
}

export interface Tracing {
  /** Mounted first: a span per request, the child of the caller's `traceparent` when it sent one. */
  readonly http: RequestHandler;
  /** For onQuery: a span per query, the child of the request's (SQL text only, never parameter values). */
  readonly query: QueryListener;
  shutdown(): Promise<void>;
}

const propagator = new W3CTraceContextPropagator();
let contextManager: AsyncLocalStorageContextManager | undefined;

/** The request's span is found again in its async work (the queries) through AsyncLocalStorage. */
function enableContext(): void {
  if (contextManager) return;
  contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
}

/**
 * Traces of HTTP and database work, or nothing at all: without an endpoint (or a test's exporter)
 * no middleware, no listener and no span exist, so tracing costs nothing when it is off.
 */
export function createTracing(options: TracingOptions): Tracing | undefined {
  const processors: SpanProcessor[] = [];
  if (options.exporter) processors.push(new SimpleSpanProcessor(options.exporter));
  if (options.endpoint) {
    const url = `${options.endpoint.replace(/\/+$/, '')}/v1/traces`;
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  if (processors.length === 0) return undefined;
  enableContext();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      'service.name': 'hive-server',
      ...(options.instanceName ? { 'service.instance.id': options.instanceName } : {}),
    }),
    spanProcessors: processors,
  });
  const tracer: Tracer = provider.getTracer('hive-server');
  const system = options.dialect === 'postgres' ? 'postgresql' : 'sqlite';

  const http: RequestHandler = (req, res, next) => {
    const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter);
    const route = routePatternOf(req);
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    res.once('finish', () => {
      const pattern = route();
      span.updateName(`${req.method} ${pattern}`);
      span.setAttribute('http.route', pattern);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    });
    context.with(trace.setSpan(parent, span), next);
  };

  const query: QueryListener = ({ sql, durationMs }) => {
    // Only inside a request's trace: start-up and background work would be traces of one span each.
    if (!trace.getSpan(context.active())) return;
    const end = Date.now();
    const span = tracer.startSpan('db.query', {
      kind: SpanKind.CLIENT,
      startTime: end - durationMs,
      attributes: {
        'db.system.name': system,
        'db.query.text': sql,
        'db.operation.name': /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'QUERY',
      },
    });
    span.end(end);
  };

  return {
    http,
    query,
    shutdown: () => provider.shutdown(),
  };
}
