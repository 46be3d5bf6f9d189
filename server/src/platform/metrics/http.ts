import { performance } from 'node:perf_hooks';
import type { RequestHandler } from 'express';
import { UNMATCHED, routePatternOf } from '../http/routePattern';
import type { Families } from './families';

export { UNMATCHED };

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** One histogram observation per answered request; the live streams are counted by their gauge instead. */
export function httpMetrics(families: Families): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const route = routePatternOf(req);
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
