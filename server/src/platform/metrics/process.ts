import { Registry, collectDefaultMetrics } from 'prom-client';

/*
 * The process's own metrics (event-loop lag, memory, CPU, handles, GC): prom-client's default
 * collectors. They describe the process, not an app, so they are started once per process and
 * every app's scrape appends them. Started per app they could never be stopped (prom-client keeps
 * an event-loop delay monitor and a GC observer running for good, with no way to end them), so a
 * test process starting many servers would gather one set per server.
 */
let shared: Registry | undefined;

export function processRegistry(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared });
  }
  return shared;
}
