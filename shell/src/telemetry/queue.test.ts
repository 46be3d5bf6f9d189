import { createTelemetryQueue, FLUSH_INTERVAL_MS, MAX_BATCH, MAX_BATCH_BYTES } from './queue';
import type { TelemetryBody, TelemetryEvent } from './types';

const session = (release: number): TelemetryEvent => ({ release, kind: 'session', route: '/overview' });
const bodies = (send: jest.Mock) => send.mock.calls.map(([json]) => JSON.parse(json as string) as TelemetryBody);

function setup() {
  const send = jest.fn();
  const queue = createTelemetryQueue({ send, browser: 'firefox' });
  const stop = queue.listen(window, document);
  return { send, queue, stop };
}

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

describe('the telemetry queue', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    visibility = 'visible';
  });
  afterEach(() => jest.useRealTimers());

  it('sends nothing at once: the events queued go together 10 s after the first', () => {
    const { send, queue, stop } = setup();
    queue.push(session(1));
    jest.advanceTimersByTime(FLUSH_INTERVAL_MS - 1);
    queue.push(session(2));
    expect(send).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(bodies(send)).toEqual([{ v: 1, browser: 'firefox', events: [session(1), session(2)] }]);
    expect(queue.size()).toBe(0);
    stop();
  });

  it('keeps no timer while empty, and starts again with the next event', () => {
    const { send, queue, stop } = setup();
    jest.advanceTimersByTime(FLUSH_INTERVAL_MS * 5);
    expect(jest.getTimerCount()).toBe(0);
    queue.push(session(1));
    jest.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(1);
    expect(jest.getTimerCount()).toBe(0);
    queue.push(session(2));
    jest.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
  });

  it('sends at once when the page is hidden or left', () => {
    const { send, queue, stop } = setup();
    queue.push(session(1));
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).not.toHaveBeenCalled();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(send).toHaveBeenCalledTimes(1);
    queue.push(session(2));
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(2);
    // Nothing left, nothing more sent.
    window.dispatchEvent(new Event('pagehide'));
    jest.advanceTimersByTime(FLUSH_INTERVAL_MS);
    expect(send).toHaveBeenCalledTimes(2);
    stop();
    queue.push(session(3));
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('sends at most 50 events in a body', () => {
    const { send, queue, stop } = setup();
    for (let i = 1; i <= 120; i += 1) queue.push(session(i));
    queue.flush();
    expect(bodies(send).map((b) => b.events.length)).toEqual([MAX_BATCH, MAX_BATCH, 20]);
    expect(bodies(send).flatMap((b) => b.events.map((e) => e.release))).toEqual(
      Array.from({ length: 120 }, (_, i) => i + 1),
    );
    stop();
  });

  it('keeps a body under the endpoint limit when the events are large', () => {
    const { send, queue, stop } = setup();
    const big = (release: number): TelemetryEvent => ({
      release,
      kind: 'error',
      source: 'uncaught',
      first: false,
      route: `/${'r'.repeat(119)}`,
      message: 'ü'.repeat(200),
    });
    for (let i = 1; i <= 50; i += 1) queue.push(big(i));
    queue.flush();
    expect(send.mock.calls.length).toBeGreaterThan(1);
    for (const [json] of send.mock.calls)
      expect(new TextEncoder().encode(json as string).length).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(bodies(send).flatMap((b) => b.events)).toHaveLength(50);
    stop();
  });
});
