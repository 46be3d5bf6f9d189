import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SpanKind } from '@opentelemetry/api';
import { traceparent } from '@hive/shared/http';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { createTracing } from './tracing';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * One trace from the caller's click to the server's queries: a request with a W3C `traceparent` gets
 * a server span that is its child, named by the route pattern, and each query it runs is a span
 * under that one, with the SQL text and never a parameter's value. Off, there is nothing to trace.
 */

const hex = (bytes: number) =>
  Array.from({ length: bytes }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  ).join('');

describe('tracing is free when off', () => {
  it('without a collector or an exporter there is no tracing at all', () => {
    assert.equal(createTracing({ dialect: 'sqlite' }), undefined);
  });
});

for (const target of databaseTargets()) {
  describe(`traces of requests and their queries [${target.name}]`, () => {
    let server: TestServer;
    const exporter = new InMemorySpanExporter();
    before(async () => {
      server = await startTestServer(target, { traceExporter: exporter });
    });
    after(async () => {
      await server?.close();
    });

    it('continues the caller’s trace through the route to its queries', async () => {
      const owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      const items = (await (await owner.request('/api/backoffice/items?pageSize=1')).json()) as Json;
      const itemId: number = items.rows[0].id;
      exporter.reset();
      // The header the shell sends with every signed-in call (@hive/shared/http).
      const header = traceparent();
      const [, traceId, parentId] = header.split('-');
      const response = await owner.request(`/api/backoffice/items/${itemId}`, { headers: { traceparent: header } });
      assert.equal(response.status, 200);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
      const server_ = spans.find((s) => s.kind === SpanKind.SERVER);
      assert.ok(server_, `a server span in the trace (${spans.map((s) => s.name).join(', ')})`);
      assert.equal(server_.parentSpanContext?.spanId, parentId);
      assert.equal(server_.name, 'GET /api/backoffice/items/:id');
      assert.equal(server_.attributes['http.route'], '/api/backoffice/items/:id');
      assert.equal(server_.attributes['http.response.status_code'], 200);
      const queries = spans.filter((s) => s.name === 'db.query');
      assert.ok(queries.length >= 2, `the route's queries are in the trace (${queries.length})`);
      for (const q of queries) {
        assert.equal(q.parentSpanContext?.spanId, server_.spanContext().spanId);
        assert.equal(q.attributes['db.system.name'], target.name === 'postgres' ? 'postgresql' : 'sqlite');
        const text = String(q.attributes['db.query.text']);
        assert.ok(text.length > 0);
        // The SQL with its placeholders: the item's id (a parameter) is in no attribute.
        assert.ok(!Object.values(q.attributes).some((v) => String(v).includes(`= ${itemId}`)), text);
      }
      // A request without traceparent starts a trace of its own.
      exporter.reset();
      await owner.request('/api/backoffice/items?pageSize=1');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const own = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER);
      assert.ok(own && own.parentSpanContext === undefined);
    });
  });
}

describe('OTLP export', () => {
  let collector: http.Server;
  const received: string[] = [];
  before(async () => {
    collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(`${req.method} ${req.url} ${req.headers['content-type']} ${body}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  });
  after(() => new Promise<void>((resolve) => collector.close(() => resolve())));

  it('sends the spans to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces', async () => {
    const [target] = databaseTargets();
    const port = (collector.address() as AddressInfo).port;
    const server = await startTestServer(target!, { otlpEndpoint: `http://127.0.0.1:${port}/` });
    const traceId = hex(16);
    await fetch(`${server.url}/api/auth/session`, { headers: { traceparent: `00-${traceId}-${hex(8)}-01` } });
    // Closing flushes the batch of spans.
    await server.close();
    const posts = received.filter((r) => r.startsWith('POST /v1/traces '));
    assert.ok(posts.length > 0, received.join('\n'));
    assert.ok(
      posts.some((p) => p.includes(traceId)),
      'the request’s trace id is in what was sent',
    );
  });
});
