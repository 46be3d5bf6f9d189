import { createSessionSource, type SessionStatus } from '@hive/shared/shell-contract';
import { createRequestGate } from '../http/requestGate';
import { writeLocalSession } from '../session/localSession';
import { createStreamServer, flush } from './fakeStreamServer.testutil';
import { createLiveService, LIVE_RECONNECT_MIN_MS, type EventSourceLike, type LiveServiceOptions } from './liveService';

/** A stand-in for the browser's EventSource: the test opens it, fails it and sends messages. */
class FakeEventSource implements EventSourceLike {
  static all: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  fail() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }

  send(topic: string, data: Record<string, unknown> = {}) {
    const event = new MessageEvent(topic, { data: JSON.stringify({ topic, at: 1, ...data }) });
    for (const listener of this.listeners.get(topic) ?? []) listener(event);
  }
}

const latest = () => FakeEventSource.all[FakeEventSource.all.length - 1]!;
const openSources = () => FakeEventSource.all.filter((s) => !s.closed);

function setup(status: SessionStatus = 'authenticated', options: Partial<LiveServiceOptions> = {}) {
  const session = createSessionSource({ status, expiresAt: null, remainingMs: null });
  const probes: { resolve: () => void; reject: (status: number | undefined) => void }[] = [];
  const http = {
    get: jest.fn(
      () =>
        new Promise((resolve, reject) => {
          probes.push({
            resolve: () => resolve({ status: 204 }),
            reject: (code) => reject(code === undefined ? new Error('network') : { response: { status: code } }),
          });
        }),
    ),
  };
  const live = createLiveService({
    http: http as never,
    session,
    createEventSource: (url) => new FakeEventSource(url),
    ...options,
  });
  const statuses: string[] = [];
  live.status.subscribe(() => statuses.push(live.status.get()));
  return { session, http, probes, live, statuses };
}

/** Lets the probe's promise callbacks run. */
const settle = async () => {
  for (let i = 0; i < 3; i += 1) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers();
  FakeEventSource.all = [];
});
afterEach(() => {
  jest.useRealTimers();
});

describe('live service (ShellServices.live)', () => {
  it('opens one stream on the first subscriber and closes it when the last one leaves', () => {
    const { live } = setup();
    expect(FakeEventSource.all).toHaveLength(0);
    const first = live.subscribe(['receipts'], () => undefined);
    const second = live.subscribe(['terminals'], () => undefined);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().url).toBe('/api/backoffice/events');
    first();
    expect(latest().closed).toBe(false);
    second();
    expect(latest().closed).toBe(true);
  });

  it("the shell's follower of company-wide events holds the stream and hears them, a page does not", () => {
    const { live, session } = setup('unauthenticated');
    const plan = jest.fn();
    const page = jest.fn();
    const stop = live.follow(['plan'], plan);
    expect(FakeEventSource.all).toHaveLength(0);
    session.set({ status: 'authenticated', expiresAt: null, remainingMs: null });
    expect(FakeEventSource.all).toHaveLength(1);
    live.subscribe(['receipts'], page);
    latest().send('plan', { version: 2 });
    expect(plan).toHaveBeenCalledTimes(1);
    expect(page).not.toHaveBeenCalled();
    latest().send('receipts');
    expect(plan).toHaveBeenCalledTimes(1);
    stop();
    expect(latest().closed).toBe(false);
  });

  it('waits for sign-in, and hands each subscriber only its topics', () => {
    const { live, session } = setup('unauthenticated');
    const receipts = jest.fn();
    const terminals = jest.fn();
    live.subscribe(['receipts', 'shifts'], receipts);
    live.subscribe(['terminals'], terminals);
    expect(FakeEventSource.all).toHaveLength(0);
    session.set({ status: 'authenticated' });
    expect(FakeEventSource.all).toHaveLength(1);
    latest().open();
    latest().send('receipts', { at: 42 });
    expect(receipts).toHaveBeenCalledWith({ topic: 'receipts', at: 42 });
    expect(terminals).not.toHaveBeenCalled();
    latest().send('terminals');
    expect(terminals).toHaveBeenCalledTimes(1);
    expect(receipts).toHaveBeenCalledTimes(1);
  });

  it("says 'live' while open and 'reconnecting' when it drops, then reconnects with doubling backoff", async () => {
    const { live, probes, http, statuses } = setup();
    live.subscribe(['receipts'], () => undefined);
    expect(live.status.get()).toBe('reconnecting');
    latest().open();
    expect(live.status.get()).toBe('live');

    latest().fail();
    expect(live.status.get()).toBe('reconnecting');
    expect(latest().closed).toBe(true);
    // No retry before the first delay.
    jest.advanceTimersByTime(LIVE_RECONNECT_MIN_MS - 1);
    expect(http.get).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(http.get).toHaveBeenCalledWith('/api/backoffice/events', { params: { probe: 1 } });
    // The server is down: the next probe waits twice as long.
    probes[0]!.reject(undefined);
    await settle();
    jest.advanceTimersByTime(2 * LIVE_RECONNECT_MIN_MS - 1);
    expect(http.get).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(http.get).toHaveBeenCalledTimes(2);
    probes[1]!.reject(503);
    await settle();
    jest.advanceTimersByTime(4 * LIVE_RECONNECT_MIN_MS);
    expect(http.get).toHaveBeenCalledTimes(3);
    probes[2]!.resolve();
    await settle();
    expect(openSources()).toHaveLength(1);
    latest().open();
    expect(live.status.get()).toBe('live');
    expect(statuses).toEqual(['live', 'reconnecting', 'live']);

    // Once open again, the backoff starts over.
    latest().fail();
    jest.advanceTimersByTime(LIVE_RECONNECT_MIN_MS);
    expect(http.get).toHaveBeenCalledTimes(4);
  });

  it('stops on a 401 (the shell expires the session) and does not reconnect until the next sign-in', async () => {
    const { live, probes, http, session } = setup();
    live.subscribe(['receipts'], () => undefined);
    latest().open();
    latest().fail();
    jest.advanceTimersByTime(LIVE_RECONNECT_MIN_MS);
    probes[0]!.reject(401);
    await settle();
    jest.advanceTimersByTime(10 * 60_000);
    expect(http.get).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(live.status.get()).toBe('reconnecting');
    // The expiry flow signs the tab out; a later sign-in opens the stream again.
    session.set({ status: 'unauthenticated' });
    session.set({ status: 'authenticated' });
    expect(FakeEventSource.all).toHaveLength(2);
  });

  it('closes on logout or expiry, and a pending reconnect never fires after it', async () => {
    const { live, session, http } = setup();
    live.subscribe(['receipts'], () => undefined);
    latest().open();
    session.set({ status: 'unauthenticated' });
    expect(latest().closed).toBe(true);
    expect(live.status.get()).toBe('reconnecting');

    session.set({ status: 'authenticated' });
    latest().open();
    latest().fail();
    session.set({ status: 'unauthenticated' });
    jest.advanceTimersByTime(60_000);
    await settle();
    expect(http.get).not.toHaveBeenCalled();
    expect(openSources()).toHaveLength(0);
  });

  it('ignores a change of remaining time (only a change of status matters)', () => {
    const { live, session } = setup();
    live.subscribe(['receipts'], () => undefined);
    latest().open();
    session.set({ remainingMs: 1_000 });
    expect(FakeEventSource.all).toHaveLength(1);
    expect(latest().closed).toBe(false);
  });
});

describe('live service over the fetch-based reader (the default)', () => {
  const T0 = Date.UTC(2026, 11, 3, 2, 0, 0);
  let server: ReturnType<typeof createStreamServer>;
  const realFetch = globalThis.fetch;

  beforeEach(() => {
    jest.setSystemTime(T0);
    server = createStreamServer();
    globalThis.fetch = server.fetch;
    writeLocalSession({
      sessionId: 'sid-live',
      user: { user_id: 7, user_email: 'owner@cornermarket.test' },
      createdAt: T0,
      lastActivity: T0,
      expiresAt: T0 + 60_000,
    });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    localStorage.clear();
  });

  /** The service as the shell creates it: the default reader and the session's request gate. */
  const setupReader = (status: SessionStatus = 'authenticated') => {
    const gate = createRequestGate();
    return { gate, ...setup(status, { createEventSource: undefined, gate }) };
  };

  it('opens the stream with the session headers and the cookies, and hands on its events', async () => {
    const { live } = setupReader();
    const heard = jest.fn();
    live.subscribe(['receipts'], heard);
    await flush();
    expect(server.calls).toHaveLength(1);
    const call = server.latest();
    expect(call.url).toBe('/api/backoffice/events');
    expect(call.init.credentials).toBe('include');
    expect(call.headers).toMatchObject({
      'X-Session-ID': 'sid-live',
      'X-Session-Valid': 'true',
      'X-Session-Expires': new Date(T0 + 60_000).toISOString(),
      'X-Request-Time': new Date(T0).toISOString(),
    });
    call.accept();
    await flush();
    expect(live.status.get()).toBe('live');
    call.push('event: rece');
    call.push('ipts\ndata: {"topic":"receipts","at":5}\n\n');
    await flush();
    expect(heard).toHaveBeenCalledWith({ topic: 'receipts', at: 5 });
  });

  it('reopens a dropped stream after the probe, from the last id received (Last-Event-ID)', async () => {
    const { live, http, probes } = setupReader();
    live.subscribe(['receipts'], () => undefined);
    await flush();
    server.latest().accept();
    await flush();
    server.latest().push('id: 12\nevent: receipts\ndata: {"topic":"receipts","at":1}\n\n');
    await flush();
    server.latest().drop();
    await flush();
    expect(live.status.get()).toBe('reconnecting');
    jest.advanceTimersByTime(LIVE_RECONNECT_MIN_MS);
    expect(http.get).toHaveBeenCalledTimes(1);
    probes[0]!.resolve();
    await flush();
    expect(server.calls).toHaveLength(2);
    expect(server.latest().headers['Last-Event-ID']).toBe('12');
    // The reader's own 3 s reconnect never runs beside the service's.
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(server.calls).toHaveLength(2);
  });

  it('a logout aborts the stream with every other request; nothing reopens until the next sign-in', async () => {
    const { live, http, gate, session } = setupReader();
    live.subscribe(['receipts'], () => undefined);
    await flush();
    server.latest().accept();
    await flush();
    expect(live.status.get()).toBe('live');
    // The logout flow: block the gate (every request aborted), then publish the sign-out.
    gate.block();
    await flush();
    expect(server.latest().signal.aborted).toBe(true);
    expect(live.status.get()).toBe('reconnecting');
    session.set({ status: 'unauthenticated' });
    jest.advanceTimersByTime(10 * 60_000);
    await flush();
    expect(http.get).not.toHaveBeenCalled();
    expect(server.calls).toHaveLength(1);
    // The next sign-in opens the gate and a fresh stream on its new signal.
    gate.release();
    session.set({ status: 'authenticated' });
    await flush();
    expect(server.calls).toHaveLength(2);
    expect(server.latest().signal.aborted).toBe(false);
  });

  it('reopens once the gate opens again while still signed in (the probe is refused meanwhile)', async () => {
    const { live, http, gate, probes } = setupReader();
    live.subscribe(['receipts'], () => undefined);
    await flush();
    server.latest().accept();
    await flush();
    gate.block();
    await flush();
    jest.advanceTimersByTime(LIVE_RECONNECT_MIN_MS);
    // The HTTP client rejects the probe while blocked (a CanceledError, no response).
    probes[0]!.reject(undefined);
    await flush();
    expect(server.calls).toHaveLength(1);
    gate.release();
    jest.advanceTimersByTime(2 * LIVE_RECONNECT_MIN_MS);
    expect(http.get).toHaveBeenCalledTimes(2);
    probes[1]!.resolve();
    await flush();
    expect(server.calls).toHaveLength(2);
    server.latest().accept();
    await flush();
    expect(live.status.get()).toBe('live');
  });
});
