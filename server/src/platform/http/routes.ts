import type { Express } from 'express';

export interface RouteEntry {
  /** Upper case: GET, POST, PUT, PATCH, DELETE. */
  method: string;
  /** Express path with its parameters, e.g. `/api/backoffice/items/:id`. */
  path: string;
  /**
   * The back-office page rule guarding it (`requirePage`): the menu path; `null` for any signed-in
   * merchant (`requireMerchant`); undefined when no back-office guard runs before it.
   */
  page?: string | null;
}

interface LayerLike {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean>; stack?: LayerLike[] };
  handle?: { stack?: LayerLike[]; menuPath?: unknown };
}

/** The page of a guard layer (see backoffice/common/access.ts), if it is one. */
function guardPage(layer: LayerLike): string | null | undefined {
  const value = layer.handle?.menuPath;
  return typeof value === 'string' || value === null ? value : undefined;
}

const join = (prefix: string, path: string) => `${prefix}${path === '/' ? '' : path}`.replace(/\/{2,}/g, '/') || '/';

/**
 * Every route the app answers, read from Express's own router stack (nested routers included).
 * The tenant, role and Origin tests are driven from this list, so a new route is covered the day
 * it is added, without anyone remembering to list it.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const paths = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [value]).filter((p): p is string => typeof p === 'string');
  const walk = (stack: LayerLike[], prefix: string, inherited: string | null | undefined) => {
    let page = inherited;
    for (const layer of stack) {
      const guard = guardPage(layer);
      if (guard !== undefined) page = guard;
      if (layer.route) {
        const own = (layer.route.stack ?? []).map(guardPage).find((p) => p !== undefined);
        for (const path of paths(layer.route.path)) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (!on || method === '_all') continue;
            const entry: RouteEntry = { method: method.toUpperCase(), path: join(prefix, path) };
            const routePage = own !== undefined ? own : page;
            if (routePage !== undefined) entry.page = routePage;
            out.push(entry);
          }
        }
      } else if (layer.handle?.stack) {
        for (const path of paths(layer.rawPath ?? '/')) walk(layer.handle.stack, join(prefix, path), page);
      }
    }
  };
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '', undefined);
  return out;
}
