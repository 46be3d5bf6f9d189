// The storefront and the admin console need the federation runtime and the HTTP client at once:
// their chunks start downloading beside the boot chunks instead of after them (a phone on a slow
// network saves a round trip). Only fetched and evaluated here; remotes/registry.ts starts the
// runtime. Not in index.ts itself: a dynamic import in the entry module is a boot boundary, which
// index.html preloads on every page (tools/webpack/preload-boundary-plugin.cjs), the login page too.
// A pattern rather than remotes/areaOfPath: that needs @hive/shared/config, which would move into
// main.js ahead of every page; areaOfPath.test.ts checks the two agree.
export const REMOTE_FIRST_PATH = /^\/(ordering(\/|$)|admin(\/|$))/;

if (REMOTE_FIRST_PATH.test(window.location.pathname)) {
  void import(/* webpackChunkName: "federation" */ './remotes/federation').catch(() => undefined);
  void import('./http/httpClient').catch(() => undefined);
}
