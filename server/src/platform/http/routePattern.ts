import type { Request } from 'express';

/** A request no route answered (static files, the 404s): one name, whatever the URL. */
export const UNMATCHED = 'unmatched';

function patternOf(route: unknown): string | undefined {
  const path = (route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return path;
  if (Array.isArray(path)) return path.map(String).join(',');
  return path === undefined ? undefined : String(path);
}

const watched = new WeakMap<Request, () => string>();

/**
 * The route pattern of the route that answers `req` (`/api/backoffice/items/:id`, never the URL:
 * ids in a metric's labels or a span's name would make one per row), read once the answer is done.
 * Call it when the request arrives. The router sets `req.route` when it dispatches to a route,
 * while `req.baseUrl` is still that route's router's mount path; read at the end instead, both may
 * be wrong (an error thrown in a route leaves its routers, which restore baseUrl, on its way to
 * the error handler). Every caller of one request shares one watcher (metrics and traces both).
 */
export function routePatternOf(req: Request): () => string {
  const known = watched.get(req);
  if (known) return known;
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
  const read = () => pattern ?? UNMATCHED;
  watched.set(req, read);
  return read;
}
