/** What the live service needs of an EventSource (the fetch-based reader; tests pass a fake). */
export interface EventSourceLike {
  /** EventSource's: 0 connecting, 1 open, 2 closed. */
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type EventSourceFactory = (url: string) => EventSourceLike;

/**
 * An EventSourceLike at once, whose real one comes from `load` (a lazy chunk: the reader stays off
 * the login page's path, where the live service is created but never opened). Handlers and
 * listeners set before the load are handed over; a close before it means nothing is opened. A
 * failed load is an error, like a failed connection: the service retries as after a drop.
 */
export function lazyEventSource(load: () => Promise<EventSourceFactory>): EventSourceFactory {
  return (url) => {
    let real: EventSourceLike | null = null;
    let closed = false;
    const pending: [string, (event: MessageEvent) => void][] = [];
    const proxy: EventSourceLike = {
      get readyState() {
        return real ? real.readyState : closed ? 2 : 0;
      },
      onopen: null,
      onerror: null,
      addEventListener(type, listener) {
        if (real) real.addEventListener(type, listener);
        else pending.push([type, listener]);
      },
      close() {
        closed = true;
        real?.close();
      },
    };
    load().then(
      (create) => {
        if (closed) return;
        real = create(url);
        real.onopen = (event) => proxy.onopen?.(event);
        real.onerror = (event) => proxy.onerror?.(event);
        for (const [type, listener] of pending) real.addEventListener(type, listener);
      },
      () => {
        if (!closed) proxy.onerror?.(new Event('error'));
      },
    );
    return proxy;
  };
}
