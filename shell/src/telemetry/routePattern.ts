const MAX_ROUTE = 120;

/** A path segment that names one record or carries a secret: an id, a uuid, a token, an address. */
function isIdLike(segment: string): boolean {
  return (
    /^\d+$/.test(segment) ||
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(segment) ||
    /^[0-9a-f]{12,}$/i.test(segment) ||
    // Tokens and codes (letters mixed with digits, long): never sent as they are.
    (segment.length >= 16 && /\d/.test(segment) && /^[\w-]+$/.test(segment)) ||
    /[@%]/.test(segment)
  );
}

/**
 * The route pattern of a path, what the telemetry sends instead of the path: numeric ids, uuids and
 * long hex become `:id`, the storefront's company slug `:store`; no query string, no hash.
 * `/sales/42?x=1` -> `/sales/:id`; `/ordering/corner-market/orders/9` -> `/ordering/:store/orders/:id`.
 */
export function routePattern(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname.split('/').filter(Boolean);
  const pattern = segments.map((segment, i) => {
    if (i === 1 && segments[0] === 'ordering') return ':store';
    return isIdLike(segment) ? ':id' : segment;
  });
  return `/${pattern.join('/')}`.slice(0, MAX_ROUTE);
}
