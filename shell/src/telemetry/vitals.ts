import type { VitalName } from './types';

type Metric = { value: number };
/** What the telemetry uses of `web-vitals`. */
export interface VitalsModule {
  onLCP(report: (metric: Metric) => void): void;
  onINP(report: (metric: Metric) => void): void;
  onCLS(report: (metric: Metric) => void): void;
}

const loadWebVitals = (): Promise<VitalsModule> => import(/* webpackChunkName: "web-vitals" */ 'web-vitals');

/** Runs `work` when the browser is idle (at the latest after `timeoutMs`); returns the cancel. */
export function afterIdle(work: () => void, timeoutMs = 5000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(work, 1000);
  return () => clearTimeout(timer);
}

/**
 * LCP, INP and CLS through `web-vitals`, loaded once the page is idle: never on a page's critical
 * path (the observers use buffered entries, so the page's start is measured all the same). LCP is the
 * page the tab landed on; INP and CLS are reported when the page is hidden, for the path shown then.
 */
export function startVitals(
  report: (name: VitalName, value: number, pathname: string) => void,
  {
    location = window.location,
    load = loadWebVitals,
    idle = afterIdle,
  }: {
    location?: Pick<Location, 'pathname'>;
    load?: () => Promise<VitalsModule>;
    idle?: (work: () => void) => () => void;
  } = {},
): () => void {
  const landing = location.pathname;
  let stopped = false;
  const cancel = idle(() => {
    void load()
      .then((vitals) => {
        if (stopped) return;
        vitals.onLCP((m) => report('LCP', m.value, landing));
        vitals.onINP((m) => report('INP', m.value, location.pathname));
        vitals.onCLS((m) => report('CLS', m.value, location.pathname));
      })
      .catch(() => undefined);
  });
  return () => {
    stopped = true;
    cancel();
  };
}
