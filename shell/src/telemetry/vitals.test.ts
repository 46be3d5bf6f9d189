import { startVitals } from './vitals';

// The library, as the lazy import gets it: the test fires the metrics.
const reporters: Record<string, (metric: { value: number }) => void> = {};
const loaded = jest.fn();
jest.mock('web-vitals', () => {
  loaded();
  return {
    onLCP: (cb: (m: { value: number }) => void) => (reporters.LCP = cb),
    onINP: (cb: (m: { value: number }) => void) => (reporters.INP = cb),
    onCLS: (cb: (m: { value: number }) => void) => (reporters.CLS = cb),
  };
});

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('web vitals, loaded lazily', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    for (const key of Object.keys(reporters)) delete reporters[key];
  });
  afterEach(() => jest.useRealTimers());

  it('imports web-vitals only once the page is idle, then reports LCP for the landing path, INP and CLS for the current one', async () => {
    const location = { pathname: '/ordering/corner-market' };
    const report = jest.fn();
    let idleWork: (() => void) | null = null;
    startVitals(report, { location, idle: (work) => ((idleWork = work), () => undefined) });
    await flush();
    expect(loaded).not.toHaveBeenCalled();
    expect(reporters.LCP).toBeUndefined();

    idleWork!();
    await flush();
    expect(loaded).toHaveBeenCalledTimes(1);
    location.pathname = '/ordering/corner-market/checkout';
    reporters.LCP!({ value: 1800 });
    reporters.INP!({ value: 120 });
    reporters.CLS!({ value: 0.02 });
    expect(report.mock.calls).toEqual([
      ['LCP', 1800, '/ordering/corner-market'],
      ['INP', 120, '/ordering/corner-market/checkout'],
      ['CLS', 0.02, '/ordering/corner-market/checkout'],
    ]);
  });

  it('waits for requestIdleCallback (or a timer without it) by default, and a stop before that loads nothing', async () => {
    const load = jest.fn(() => Promise.resolve({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() }));
    // jsdom has no requestIdleCallback: the timer fallback.
    const stop = startVitals(jest.fn(), { load });
    expect(load).not.toHaveBeenCalled();
    stop();
    jest.advanceTimersByTime(10_000);
    expect(load).not.toHaveBeenCalled();

    startVitals(jest.fn(), { load });
    jest.advanceTimersByTime(999);
    expect(load).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed import of the library is no error of the page', async () => {
    const load = jest.fn(() => Promise.reject(new Error('ChunkLoadError')));
    startVitals(jest.fn(), { load, idle: (work) => (work(), () => undefined) });
    await flush();
    expect(load).toHaveBeenCalled();
  });
});
