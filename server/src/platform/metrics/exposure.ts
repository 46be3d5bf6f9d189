import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Metrics } from './metrics';

/*
 * Where /metrics is served. Never on the public port without a credential: with METRICS_TOKEN the
 * public port answers `Authorization: Bearer <token>` only; with METRICS_PORT a second server on
 * the loopback interface answers without one (for an agent on the same machine). Neither set: no
 * /metrics at all (the app 404s it like any unknown path).
 */

export const METRICS_PATH = '/metrics';

/** The same length whatever was sent, so the comparison's time says nothing of the token. */
const digest = (value: string) => createHash('sha256').update(value).digest();

function bearerMatches(header: string | undefined, expected: Buffer): boolean {
  const sent = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? '')?.[1];
  // Compared even when absent, so a missing header takes as long as a wrong one.
  return timingSafeEqual(digest(sent ?? ''), expected) && sent !== undefined;
}

async function answer(metrics: Metrics, log: Logger): Promise<{ status: number; body: string; type: string }> {
  try {
    return { status: 200, body: await metrics.render(), type: metrics.contentType };
  } catch (error) {
    log.error({ err: error }, 'metrics: the scrape failed');
    return { status: 500, body: '', type: 'text/plain; charset=utf-8' };
  }
}

/** GET /metrics on the public port, for the holder of METRICS_TOKEN only (401 without details otherwise). */
export function metricsRoute(metrics: Metrics, token: string, log: Logger): RequestHandler {
  const expected = digest(token);
  return async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!bearerMatches(req.get('authorization'), expected)) {
      res.set('WWW-Authenticate', 'Bearer').status(401).end();
      return;
    }
    const { status, body, type } = await answer(metrics, log);
    res.status(status).type(type).send(body);
  };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** METRICS_PORT: /metrics without a token, on 127.0.0.1 only (`port: 0` picks a free one: tests). */
export async function startMetricsServer(metrics: Metrics, port: number, log: Logger): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    void answer(metrics, log).then(({ status, body, type }) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
