// The storefront and the admin console need the federation runtime and the HTTP client at once:
// their chunks start downloading beside the boot chunks instead of after them (a phone on a slow
// network saves a round trip). Only fetched and evaluated here; remotes/registry.ts starts the
// runtime. Not in index.ts itself: a dynamic import in the entry module is a boot boundary, which
// index.html preloads on every page (tools/webpack/preload-boundary-plugin.cjs), the login page too.
if (/^\/(ordering\/|admin(\/|$))/.test(window.location.pathname)) {
  void import(/* webpackChunkName: "federation" */ './remotes/federation').catch(() => undefined);
  void import('./http/httpClient').catch(() => undefined);
}

export {};
