import { createFetchSessionHeaders, type FetchSessionHeaders } from '../http/fetchHeaders';
import { anySignal } from '../http/requestGate';
import type { EventSourceFactory, EventSourceLike } from './eventSource';
import { createEventStreamParser } from './eventStreamParser';

/** EventSource's reconnection time until the server sends `retry:` (browsers use a few seconds). */
export const DEFAULT_RETRY_MS = 3_000;

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

export interface FetchEventSourceOptions {
  /** The session headers (SPEC.md 7), under the rules of every other `fetch` call. */
  headers?: FetchSessionHeaders;
  /** The request gate's current signal: a logout or expiry aborts the stream with every other request. */
  signal?: () => AbortSignal;
  fetch?: typeof fetch;
}

/** What outlives one connection (and one reader): the id to resume from and the server's `retry:`. */
export interface StreamMemory {
  lastEventId: string;
  retryMs: number;
}

const isEventStream = (response: Response) => /^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '');

/**
 * An EventSource over `fetch`, because an EventSource cannot send headers and every API request of
 * a protected page carries the four session headers (behaviour.md section 7). Like EventSource: it
 * sends cookies, dispatches each event as a MessageEvent of its `event:` type, and after a drop
 * fires `error`, stays CONNECTING and reconnects after `retry:` ms with `Last-Event-ID`; a refusal
 * (not 200, not an event stream) fails it (CLOSED, no reconnect). Unlike it: the request gate's
 * abort (logout, expiry) closes it with one `error` and no reconnect, as it ends every request.
 */
export class FetchEventSource implements EventSourceLike {
  readyState = CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  private readonly closer = new AbortController();
  private readonly headers: FetchSessionHeaders;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly url: string,
    private readonly options: FetchEventSourceOptions = {},
    private readonly memory: StreamMemory = { lastEventId: '', retryMs: DEFAULT_RETRY_MS },
  ) {
    this.headers = options.headers ?? createFetchSessionHeaders();
    void this.connect();
  }

  get lastEventId(): string {
    return this.memory.lastEventId;
  }

  addEventListener(type: string, listener: (event: MessageEvent) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = CLOSED;
    clearTimeout(this.timer);
    this.closer.abort();
  }

  private async connect(): Promise<void> {
    const gate = this.options.signal?.();
    const signal = gate ? anySignal([this.closer.signal, gate]) : this.closer.signal;
    // Built per connection: X-Request-Time is the time of sending.
    const headers: Record<string, string> = { Accept: 'text/event-stream', ...this.headers(this.url) };
    if (this.memory.lastEventId) headers['Last-Event-ID'] = this.memory.lastEventId;
    try {
      const fetchImpl = this.options.fetch ?? fetch;
      const response = await fetchImpl(this.url, { headers, credentials: 'include', cache: 'no-store', signal });
      if (response.status !== 200 || !response.body || !isEventStream(response)) {
        void response.body?.cancel().catch(() => undefined);
        if (!this.closer.signal.aborted) this.fail(CLOSED);
        return;
      }
      if (signal.aborted) throw signal.reason;
      this.readyState = OPEN;
      this.onopen?.(new Event('open'));
      await this.read(response.body);
    } catch {
      // A network error or an abort: told apart below.
    }
    if (this.closer.signal.aborted) return;
    // The session is ending: closed like every other request, and the gate decides when to open again.
    this.fail(gate?.aborted ? CLOSED : CONNECTING);
  }

  /** Until the stream ends; an abort (close or the gate) errors the body, as fetch specifies. */
  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createEventStreamParser({
      lastEventId: this.memory.lastEventId,
      onId: (id) => {
        this.memory.lastEventId = id;
      },
      onRetry: (ms) => {
        this.memory.retryMs = ms;
      },
      onEvent: ({ type, data, lastEventId }) => {
        const event = new MessageEvent(type, { data, lastEventId });
        for (const listener of this.listeners.get(type) ?? []) if (this.readyState === OPEN) listener(event);
      },
    });
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parser.feed(decoder.decode(chunk.value, { stream: true }));
    }
  }

  private fail(state: typeof CONNECTING | typeof CLOSED): void {
    this.readyState = state;
    this.onerror?.(new Event('error'));
    // The handler may have closed it (the live service does, and reopens on its own terms).
    if (this.readyState === CONNECTING) this.timer = setTimeout(() => void this.connect(), this.memory.retryMs);
  }
}

/**
 * The live service's readers: one memory for all of them, so a stream the service reopens after a
 * drop resumes from the last id received (`Last-Event-ID`), as EventSource's own reconnect does.
 */
export function fetchEventSources(options: FetchEventSourceOptions = {}): EventSourceFactory {
  const memory: StreamMemory = { lastEventId: '', retryMs: DEFAULT_RETRY_MS };
  const headers = options.headers ?? createFetchSessionHeaders();
  return (url) => new FetchEventSource(url, { ...options, headers }, memory);
}
