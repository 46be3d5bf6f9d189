import { performance } from 'node:perf_hooks';
import type { Request, RequestHandler } from 'express';
import type { Families } from './families';

/** A request no route answered (static files, the 404s): one series, whatever the URL. */
export const UNMATCHED = 'unmatched';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function patternOf(route: unknown): string | undefined {
  const path = (route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.map(String).join(',');
  return path === undefined ? undefined : String(path);
}

/**
 * Remembers the route pattern of the route that answers: the router sets `req.route` when it
 * dispatches to a route, while `req.baseUrl` is still that route's router's mount path. Read at the
 * end instead, both may be wrong: an error thrown in a route leaves its routers (which restore
 * baseUrl) on its way to the error handler. The label is the pattern (`/api/backoffice/items/:id`),
 * never the URL: ids in labels would make a series per row.
 */
function watchRoute(req: Request): () => string {
  let route: unknown;
  let pattern: string | undefined;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      const own = patternOf(value);
      if (own !== undefined) pattern = `${req.baseUrl}${own}`;
    },
  });
  return () => pattern ?? UNMATCHED;
}

/** One histogram observation per answered request; the live streams are counted by their gauge instead. */
export function httpMetrics(families: Families): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const route = watchRoute(req);
    res.on('finish', () => {
      // A stream's duration is how long a tab stayed open, not how fast the server answered.
      if (String(res.getHeader('content-type') ?? '').startsWith('text/event-stream')) return;
      families.httpDuration.observe(
        {
          method: METHODS.has(req.method) ? req.method : 'OTHER',
          route: route(),
          status: String(res.statusCode),
        },
        (performance.now() - started) / 1000,
      );
    });
    next();
  };
}
