// main.js is webpack's chunk loader only; the app is one dynamic import away, its chunks preloaded by
// index.html (tools/webpack/preload-boundary-plugin.cjs). The shell carries no federation runtime:
// remotes/federation.ts starts it, in a lazy chunk, when a remote is first needed. The monolith's
// entry (bench/monolith/index.ts) has the same shape, so the benchmarks compare like with like.
import './remoteFirst';

import('./bootstrap');
