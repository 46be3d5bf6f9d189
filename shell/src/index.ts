// main.js is webpack's chunk loader only; the app is one dynamic import away, its chunks preloaded by
// index.html (tools/webpack/preload-boundary-plugin.cjs). The shell carries no federation runtime:
// remotes/federation.ts starts it, in a lazy chunk, when a remote is first needed. The monolith's
// entry (bench/monolith/index.ts) has the same shape, so the benchmarks compare like with like.
import('./bootstrap');

// The storefront and the admin console need the federation runtime and the HTTP client at once:
// their chunks download beside the boot chunks instead of after them (a phone on a slow network
// saves a round trip). Only fetched and evaluated here; remotes/registry.ts starts the runtime.
// The login page and the shell's other pages load neither before they are usable.
if (/^\/(ordering\/|admin(\/|$))/.test(window.location.pathname)) {
  void import(/* webpackChunkName: "federation" */ './remotes/federation').catch(() => undefined);
  void import('./http/httpClient').catch(() => undefined);
}
