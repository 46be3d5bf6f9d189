import { createRequestGate } from '../http/requestGate';
import { createFetchSessionHeaders } from '../http/fetchHeaders';
import type { LocalSession } from '../session/localSession';
import {
  DEFAULT_RETRY_MS,
  FetchEventSource,
  fetchEventSources,
  type FetchEventSourceOptions,
} from './fetchEventSource';
import { createStreamServer, flush } from './fakeStreamServer.testutil';

const T0 = Date.UTC(2026, 11, 3, 2, 0, 0);
const session: LocalSession = {
  sessionId: 'sid-46',
  user: { user_id: 7, user_email: 'owner@cornermarket.test' },
  createdAt: T0,
  lastActivity: T0,
  expiresAt: T0 + 60_000,
};
const URL = '/api/backoffice/events';

function open(options: FetchEventSourceOptions = {}) {
  const server = createStreamServer();
  const source = new FetchEventSource(URL, { fetch: server.fetch, headers: () => ({}), ...options });
  const seen: { type: string; data: string; lastEventId: string }[] = [];
  for (const type of ['receipts', 'plan', 'message']) {
    source.addEventListener(type, (e) => seen.push({ type: e.type, data: String(e.data), lastEventId: e.lastEventId }));
  }
  const errors = jest.fn();
  const opens = jest.fn();
  source.onerror = errors;
  source.onopen = opens;
  return { server, source, seen, errors, opens };
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('the fetch-based event-stream reader', () => {
  it('sends the four session headers, the cookies and asks for an event stream', async () => {
    const headers = createFetchSessionHeaders({
      getSession: () => session,
      getPathname: () => '/overview',
      now: () => Date.now(),
    });
    const { server } = open({ headers });
    await flush();
    const call = server.latest();
    expect(call.url).toBe(URL);
    expect(call.init.credentials).toBe('include');
    expect(call.headers).toEqual({
      Accept: 'text/event-stream',
      'X-Session-ID': 'sid-46',
      'X-Session-Valid': 'true',
      'X-Session-Expires': new Date(T0 + 60_000).toISOString(),
      'X-Request-Time': new Date(T0).toISOString(),
      traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/),
    });
  });

  it('leaves the session headers out where the rules do (a public page)', async () => {
    const headers = createFetchSessionHeaders({ getSession: () => session, getPathname: () => '/ordering/blue-door' });
    const { server } = open({ headers });
    await flush();
    expect(server.latest().headers).toEqual({ Accept: 'text/event-stream' });
  });

  it('opens on an event stream and dispatches its events, however the chunks split the lines', async () => {
    const { server, source, seen, opens } = open();
    await flush();
    expect(source.readyState).toBe(0);
    server.latest().accept();
    await flush();
    expect(opens).toHaveBeenCalledTimes(1);
    expect(source.readyState).toBe(1);
    for (const chunk of [
      ': li',
      've\r',
      '\n\r\nid: 1\r\nevent: rec',
      'eipts\r\ndata: {"topic":',
      '"receipts"}\r',
      '\n\r',
      '\ndata: a\nda',
      'ta: b\n\n',
    ]) {
      server.latest().push(chunk);
      await flush();
    }
    expect(seen).toEqual([
      { type: 'receipts', data: '{"topic":"receipts"}', lastEventId: '1' },
      { type: 'message', data: 'a\nb', lastEventId: '1' },
    ]);
  });

  it('decodes a multi-byte character split across chunks', async () => {
    const { server, seen } = open();
    await flush();
    server.latest().accept();
    await flush();
    const bytes = new TextEncoder().encode('data: café\n\n');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    server.latest().push(bytes.slice(0, cut));
    await flush();
    server.latest().push(bytes.slice(cut));
    await flush();
    expect(seen.map((e) => e.data)).toEqual(['café']);
  });

  it('after the server ends the stream: error, CONNECTING, and a reconnect after 3 s with Last-Event-ID', async () => {
    const { server, source, errors } = open();
    await flush();
    server.latest().accept();
    await flush();
    server.latest().push('id: 41\nevent: receipts\ndata: {}\n\nid: 42\n\n');
    server.latest().end();
    await flush();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(source.readyState).toBe(0);
    jest.advanceTimersByTime(DEFAULT_RETRY_MS - 1);
    await flush();
    expect(server.calls).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(server.calls).toHaveLength(2);
    expect(server.latest().headers['Last-Event-ID']).toBe('42');
    expect(source.lastEventId).toBe('42');
  });

  it("waits the server's retry: before reconnecting after a broken connection", async () => {
    const { server, errors } = open();
    await flush();
    server.latest().accept();
    await flush();
    server.latest().push('retry: 500\n\n');
    await flush();
    server.latest().drop();
    await flush();
    expect(errors).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(499);
    await flush();
    expect(server.calls).toHaveLength(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(server.calls).toHaveLength(2);
    // No id was received: none is sent.
    expect(server.latest().headers['Last-Event-ID']).toBeUndefined();
  });

  it('reconnects after a network error before any answer', async () => {
    const { server, source, errors } = open();
    await flush();
    server.latest().reject();
    await flush();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(source.readyState).toBe(0);
    jest.advanceTimersByTime(DEFAULT_RETRY_MS);
    await flush();
    expect(server.calls).toHaveLength(2);
  });

  it.each([
    ['a 401', { status: 401 }],
    ['a 204', { status: 204 }],
    ['an answer that is not an event stream', { contentType: 'application/json' }],
  ])('fails on %s: CLOSED, one error, no reconnect', async (_name, answer) => {
    const { server, source, errors, opens } = open();
    await flush();
    server.latest().accept(answer);
    await flush();
    expect(opens).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(source.readyState).toBe(2);
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(server.calls).toHaveLength(1);
  });

  it('does not reconnect when the error handler closes it (the live service does)', async () => {
    const { server, source } = open();
    source.onerror = () => source.close();
    await flush();
    server.latest().accept();
    await flush();
    server.latest().end();
    await flush();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(server.calls).toHaveLength(1);
  });

  it('close() aborts the request, quietly, and nothing arrives after it', async () => {
    const { server, source, seen, errors } = open();
    await flush();
    server.latest().accept();
    await flush();
    source.close();
    await flush();
    expect(server.latest().signal.aborted).toBe(true);
    expect(source.readyState).toBe(2);
    expect(errors).not.toHaveBeenCalled();
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(server.calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it('is aborted by the request gate like any other request: CLOSED, one error, no reconnect', async () => {
    const gate = createRequestGate();
    const { server, source, errors, seen } = open({ signal: () => gate.signal() });
    await flush();
    server.latest().accept();
    await flush();
    expect(source.readyState).toBe(1);
    gate.block();
    await flush();
    expect(server.latest().signal.aborted).toBe(true);
    expect(source.readyState).toBe(2);
    expect(errors).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(server.calls).toHaveLength(1);
    expect(seen).toEqual([]);
  });

  it('is aborted by the gate while waiting for the answer too', async () => {
    const gate = createRequestGate();
    const { server, source, errors, opens } = open({ signal: () => gate.signal() });
    await flush();
    gate.block();
    await flush();
    expect(server.latest().signal.aborted).toBe(true);
    expect(opens).not.toHaveBeenCalled();
    expect(errors).toHaveBeenCalledTimes(1);
    expect(source.readyState).toBe(2);
    jest.advanceTimersByTime(60_000);
    await flush();
    expect(server.calls).toHaveLength(1);
  });

  it("the service's readers share where to resume: a new one sends the last id the previous one received", async () => {
    const server = createStreamServer();
    const create = fetchEventSources({ fetch: server.fetch, headers: () => ({}) });
    const first = create(URL);
    await flush();
    expect(server.latest().headers['Last-Event-ID']).toBeUndefined();
    server.latest().accept();
    await flush();
    server.latest().push('id: 9\ndata: x\n\n');
    await flush();
    first.close();
    create(URL);
    await flush();
    expect(server.calls).toHaveLength(2);
    expect(server.latest().headers['Last-Event-ID']).toBe('9');
  });
});
