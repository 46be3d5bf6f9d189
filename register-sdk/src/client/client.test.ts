import { RegisterClient, flushQueue, MemoryQueue, DeviceApiError, DeviceApiUnavailable } from '../index.ts';
import type { DeviceEvent, FetchLike } from './types.ts';

/*
 * The client against a scripted server: what it sends (token, app version, If-None-Match, batches of
 * 500) and what it does with each answer (304, 422, 429 with Retry-After, 5xx, a network failure).
 */

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
type Scripted = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

function server(answers: Scripted[] | ((call: Call) => Scripted)) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    const call = {
      method: init.method,
      url,
      headers: init.headers,
      body: init.body ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const next = typeof answers === 'function' ? answers(call) : answers.shift();
    if (!next) throw new Error(`unexpected call ${init.method} ${url}`);
    if (next instanceof Error) throw next;
    const headers = new Map(Object.entries(next.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      status: next.status,
      headers: { get: (name: string) => headers.get(name.toLowerCase()) ?? null },
      text: async () => (next.body === undefined ? '' : JSON.stringify(next.body)),
    };
  };
  return { fetch, calls };
}

const options = (fetch: FetchLike, extra: object = {}) => ({
  baseUrl: 'https://pos.example/',
  appVersion: '2.1.0',
  fetch,
  sleep: async () => {},
  random: () => 0.5,
  ...extra,
});

const event = (n: number): DeviceEvent => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'shift_open',
  at: Date.UTC(2026, 0, 1),
  openingFloatCents: 0,
});
const stored = (events: readonly { id: string }[]) => ({
  status: 200,
  body: {
    results: events.map((e) => ({ id: e.id, status: 'stored' })),
    stored: events.length,
    duplicate: 0,
    rejected: 0,
  },
});

describe('RegisterClient', () => {
  it('pairs with the code, then sends the token and the app version on every call', async () => {
    const { fetch, calls } = server([
      { status: 200, body: { token: 'tok-1', terminal: { id: 4, name: 'Till 1' } } },
      { status: 200, body: { version: 'v1' }, headers: { ETag: '"v1"' } },
    ]);
    const { client, paired } = await RegisterClient.pair(options(fetch), { code: 'K7QF-M2XD', deviceModel: 'T2' });
    expect(paired.token).toBe('tok-1');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: 'https://pos.example/api/device/v1/pair',
      body: { code: 'K7QF-M2XD', deviceModel: 'T2', appVersion: '2.1.0' },
    });
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    await client.config();
    expect(calls[1]!.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'X-Hive-App-Version': '2.1.0' });
  });

  it('keeps the configuration with its ETag: a 304 answers the one it has', async () => {
    const { fetch, calls } = server([
      { status: 200, body: { version: 'v1' }, headers: { ETag: '"v1"' } },
      { status: 304 },
      { status: 200, body: { version: 'v2' }, headers: { ETag: '"v2"' } },
    ]);
    const client = new RegisterClient(options(fetch), 'tok');
    expect(await client.config()).toEqual({ config: { version: 'v1' }, changed: true });
    expect(await client.config()).toEqual({ config: { version: 'v1' }, changed: false });
    expect(calls[1]!.headers['If-None-Match']).toBe('"v1"');
    expect(await client.config()).toEqual({ config: { version: 'v2' }, changed: true });
  });

  it('sends 501 events as a batch of 500 and one of 1, in order, and adds up the answers', async () => {
    const { fetch, calls } = server((call) => stored((call.body as { events: { id: string }[] }).events));
    const client = new RegisterClient(options(fetch), 'tok');
    const events = Array.from({ length: 501 }, (_, i) => event(i));
    const answer = await client.sendEvents(events);
    expect(calls.map((c) => (c.body as { events: unknown[] }).events.length)).toEqual([500, 1]);
    expect(answer.stored).toBe(501);
    expect(answer.results.map((r) => r.id)).toEqual(events.map((e) => e.id));
  });

  it('answers a 422 (every event rejected) with the reasons instead of throwing', async () => {
    const rejected = {
      results: [{ id: event(1).id, status: 'rejected', errors: [{ field: 'at', code: 'bad_time', message: 'x' }] }],
      stored: 0,
      duplicate: 0,
      rejected: 1,
      error: 'events_rejected',
      message: 'Every event was rejected.',
    };
    const client = new RegisterClient(options(server([{ status: 422, body: rejected }]).fetch), 'tok');
    expect((await client.sendEvents([event(1)])).results[0]!.status).toBe('rejected');
  });

  it('waits out a 429 for the Retry-After it names and sends the same batch again', async () => {
    jest.useFakeTimers();
    try {
      const { fetch, calls } = server([
        {
          status: 429,
          body: { error: 'rate_limited', message: 'slow down', retryAfter: 7 },
          headers: { 'Retry-After': '7' },
        },
        stored([event(1)]),
      ]);
      // The real sleep, on fake timers: the resend waits exactly 7 s.
      const client = new RegisterClient({ ...options(fetch), sleep: undefined }, 'tok');
      const sent = client.sendEvents([event(1)]);
      await jest.advanceTimersByTimeAsync(6_999);
      expect(calls).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect((await sent).stored).toBe(1);
      expect(calls).toHaveLength(2);
      expect(calls[1]!.body).toEqual(calls[0]!.body);
    } finally {
      jest.useRealTimers();
    }
  });

  it('retries a network failure and a 5xx with growing delays, then gives up as unavailable', async () => {
    const waits: number[] = [];
    const { fetch, calls } = server([new TypeError('fetch failed'), { status: 503 }, { status: 502 }]);
    const client = new RegisterClient(
      options(fetch, { sleep: async (ms: number) => void waits.push(ms), random: () => 0.999, retry: { attempts: 3 } }),
      'tok',
    );
    await expect(client.sendEvents([event(1)])).rejects.toBeInstanceOf(DeviceApiUnavailable);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([499, 999]);
  });

  it('throws the server’s code on any other failure, and never retries a pairing that failed', async () => {
    const { fetch, calls } = server([
      { status: 400, body: { error: 'pairing_code_invalid', message: 'No such code.', fields: { code: 'x' } } },
    ]);
    const failure = RegisterClient.pair(options(fetch), { code: 'AAAAAAAA', deviceModel: 'T2' });
    await expect(failure).rejects.toMatchObject({ status: 400, code: 'pairing_code_invalid' });
    await expect(failure).rejects.toBeInstanceOf(DeviceApiError);
    expect(calls).toHaveLength(1);
    const revoked = new RegisterClient(
      options(server([{ status: 401, body: { error: 'unauthorized', message: 'Pair again.' } }]).fetch),
      'old',
    );
    await expect(revoked.config()).rejects.toMatchObject({ unpaired: true });
  });
});

describe('flushQueue', () => {
  it('sends what was sold offline in order, keeps it while the server is away, and a resend is harmless', async () => {
    const queue = new MemoryQueue();
    queue.add([event(1), event(2)]);
    let online = false;
    const seen = new Set<string>();
    const { fetch, calls } = server((call) => {
      if (!online) return new TypeError('offline');
      const events = (call.body as { events: { id: string }[] }).events;
      const results = events.map((e) => ({ id: e.id, status: seen.has(e.id) ? 'duplicate' : 'stored' }));
      events.forEach((e) => seen.add(e.id));
      return {
        status: 200,
        body: {
          results,
          stored: results.filter((r) => r.status === 'stored').length,
          duplicate: results.filter((r) => r.status === 'duplicate').length,
          rejected: 0,
        },
      };
    });
    const client = new RegisterClient(options(fetch, { retry: { attempts: 1 } }), 'tok');
    expect(await flushQueue(client, queue)).toEqual({
      results: [],
      stored: 0,
      duplicate: 0,
      rejected: [],
      offline: true,
    });
    expect(queue.size).toBe(2);
    online = true;
    expect(await flushQueue(client, queue, 1)).toMatchObject({ stored: 2, offline: false });
    expect(queue.size).toBe(0);
    // The answer to event 2 was lost after the server stored it: sent again, it is a duplicate.
    queue.add([event(2), event(3)]);
    expect(await flushQueue(client, queue)).toMatchObject({ stored: 1, duplicate: 1 });
    expect(calls.length).toBeGreaterThan(3);
  });

  it('drops rejected events and returns them with their reasons', async () => {
    const queue = new MemoryQueue();
    queue.add([event(1)]);
    const reasons = [{ field: 'lines.0.itemId', code: 'unknown_item', message: 'lines.0.itemId: no such item' }];
    const { fetch } = server([
      {
        status: 422,
        body: {
          results: [{ id: event(1).id, status: 'rejected', errors: reasons }],
          stored: 0,
          duplicate: 0,
          rejected: 1,
          error: 'events_rejected',
          message: 'Every event was rejected.',
        },
      },
    ]);
    const flushed = await flushQueue(new RegisterClient(options(fetch), 'tok'), queue);
    expect(flushed.rejected).toEqual([{ id: event(1).id, status: 'rejected', errors: reasons }]);
    expect(queue.size).toBe(0);
  });
});
