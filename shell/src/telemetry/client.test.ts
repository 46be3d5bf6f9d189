import { RemoteIncompatibleError } from '../remotes/contract';
import { RemoteUnavailableError } from '../remotes/registry';
import { startTelemetryClient } from './client';
import type { TelemetryBody, TelemetryEvent } from './types';

jest.mock('../remotes/federation', () => ({}));

const urls = {
  backoffice: '/remotes/backoffice/mf-manifest.json',
  ordering: 'https://cdn.example.com/ordering/b/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
};
const releases: Record<string, { id: number } | null> = { backoffice: { id: 12 }, ordering: { id: 30 }, admin: null };

function setup() {
  const send = jest.fn();
  const vitals: Record<string, (m: { value: number }) => void> = {};
  const client = startTelemetryClient({
    send,
    releaseOf: (remote) => releases[remote] ?? null,
    urls: () => urls,
    idle: (work) => (work(), () => undefined),
    loadVitals: () =>
      Promise.resolve({
        onLCP: (cb) => (vitals.LCP = cb),
        onINP: (cb) => (vitals.INP = cb),
        onCLS: (cb) => (vitals.CLS = cb),
      }),
  });
  const sent = (): TelemetryEvent[] => {
    client.flush();
    return send.mock.calls.flatMap(([json]) => (JSON.parse(json as string) as TelemetryBody).events);
  };
  return { client, send, sent, vitals };
}

const uncaught = (error: unknown, filename = '') =>
  window.dispatchEvent(new ErrorEvent('error', { error, filename, message: String(error) }));
const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('the telemetry client', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    window.history.replaceState({}, '', '/');
  });

  it('turns the registry signals into the contract events, one session and one load failure per release', () => {
    const { client, sent } = setup();
    stop = client.stop;
    window.history.replaceState({}, '', '/ordering/corner-market?table=3');
    client.sink({ kind: 'session', remote: 'ordering' });
    // The runtime names a failed manifest by its URL; then the registry sees the same failure.
    client.sink({
      kind: 'loadFailure',
      remote: urls.ordering,
      error: new TypeError('Failed to fetch'),
      lifecycle: 'afterResolve',
    });
    client.sink({ kind: 'loadFailure', remote: 'ordering', error: new Error('Failed to get manifest. #RUNTIME-003') });
    // "Try again": the same page load.
    client.sink({ kind: 'session', remote: 'ordering' });
    client.sink({ kind: 'loadFailure', remote: 'ordering/App', error: new Error('x'), lifecycle: 'onLoad' });
    expect(sent()).toEqual([
      { release: 30, kind: 'session', route: '/ordering/:store' },
      {
        release: 30,
        kind: 'load_failure',
        stage: 'manifest',
        route: '/ordering/:store',
        message: 'TypeError: Failed to fetch',
      },
    ]);
  });

  it('a contract mismatch, and boundary catches: a chunk that failed is a load failure, a load already reported is not an error', () => {
    const { client, sent } = setup();
    stop = client.stop;
    window.history.replaceState({}, '', '/sales/17');
    client.sink({ kind: 'session', remote: 'backoffice' });
    client.sink({ kind: 'contract', remote: 'backoffice', reason: 'needs shell contract ^2.0.0, this shell is 1.0.0' });
    client.sink({ kind: 'boundary', remote: 'backoffice', error: new RemoteIncompatibleError('backoffice', 'x') });
    client.sink({ kind: 'boundary', remote: 'backoffice', error: new RemoteUnavailableError('backoffice') });
    client.sink({
      kind: 'boundary',
      remote: 'backoffice',
      error: new TypeError("Cannot read properties of undefined (reading 'total')"),
    });
    client.sink({
      kind: 'boundary',
      remote: 'backoffice',
      error: Object.assign(new Error('Loading chunk 77 failed.'), { name: 'ChunkLoadError' }),
    });
    expect(sent().slice(1)).toEqual([
      {
        release: 12,
        kind: 'contract_mismatch',
        route: '/sales/:id',
        message: 'needs shell contract ^2.0.0, this shell is 1.0.0',
      },
      {
        release: 12,
        kind: 'error',
        source: 'boundary',
        first: true,
        route: '/sales/:id',
        message: "TypeError: Cannot read properties of undefined (reading 'total')",
      },
      {
        release: 12,
        kind: 'load_failure',
        stage: 'chunk',
        route: '/sales/:id',
        message: 'ChunkLoadError: Loading chunk 77 failed.',
      },
    ]);
  });

  it("uncaught errors and rejections go to the remote whose files the stack names, not the shell's own", async () => {
    const { client, sent } = setup();
    stop = client.stop;
    window.history.replaceState({}, '', '/overview');
    client.sink({ kind: 'session', remote: 'backoffice' });
    client.sink({ kind: 'session', remote: 'ordering' });
    const fromOrdering = new Error('cart broke');
    fromOrdering.stack = 'Error: cart broke\n    at a (https://cdn.example.com/ordering/b/12.js:1:1)';
    uncaught(fromOrdering);
    const fromShell = new Error('shell broke');
    fromShell.stack = 'Error: shell broke\n    at b (http://localhost/static/main.js:1:1)';
    uncaught(fromShell, 'http://localhost/static/main.js');
    const rejection = new Error('save failed');
    rejection.stack = 'Error: save failed\n    at c (http://localhost/remotes/backoffice/5.js:1:1)';
    const event = Object.assign(new Event('unhandledrejection'), { reason: rejection, promise: Promise.resolve() });
    window.dispatchEvent(event);
    // No location at all (a cross-origin "Script error."): the area of the path, the back-office here.
    uncaught(undefined);
    await flush();
    expect(sent().filter((e) => e.kind === 'error')).toEqual([
      { release: 30, kind: 'error', source: 'uncaught', first: true, route: '/overview', message: 'Error: cart broke' },
      {
        release: 12,
        kind: 'error',
        source: 'uncaught',
        first: true,
        route: '/overview',
        message: 'Error: save failed',
      },
      { release: 12, kind: 'error', source: 'uncaught', first: false, route: '/overview', message: 'undefined' },
    ]);
  });

  it('stops listening when stopped', () => {
    const { client, sent } = setup();
    client.sink({ kind: 'session', remote: 'backoffice' });
    client.stop();
    // (No `error` object: jsdom would report one nobody listens to as the test's own failure.)
    uncaught(undefined, 'http://localhost/remotes/backoffice/1.js');
    expect(sent()).toHaveLength(1);
  });

  it('vitals go to the release of the route’s area, as a route pattern', async () => {
    window.history.replaceState({}, '', '/ordering/corner-market');
    const { client, sent, vitals } = setup();
    stop = client.stop;
    client.sink({ kind: 'session', remote: 'ordering' });
    await flush();
    vitals.LCP!({ value: 2100 });
    window.history.replaceState({}, '', '/authentication/login');
    // The shell's own page: no remote, no event.
    vitals.INP!({ value: 90 });
    expect(sent().filter((e) => e.kind === 'vital')).toEqual([
      { release: 30, kind: 'vital', name: 'LCP', value: 2100, route: '/ordering/:store' },
    ]);
  });

  it('sends the browser family with every body', () => {
    const { client, send } = setup();
    stop = client.stop;
    client.sink({ kind: 'session', remote: 'backoffice' });
    client.flush();
    expect(JSON.parse(send.mock.calls[0]![0] as string)).toMatchObject({ v: 1, browser: expect.any(String) });
  });
});
