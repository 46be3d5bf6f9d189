import type { BrowserFamily, TelemetryBody, TelemetryEvent } from './types';

export const FLUSH_INTERVAL_MS = 10_000;
export const MAX_BATCH = 50;
/** Under the endpoint's 16 kB body limit, with room to spare. */
export const MAX_BATCH_BYTES = 15_000;
/** What a page keeps while it cannot send (a storm of errors): the rest is dropped. */
export const MAX_QUEUED = 500;

export interface TelemetryQueue {
  push(event: TelemetryEvent): void;
  /** Sends everything queued, in batches of at most 50 events and 15 kB. */
  flush(): void;
  size(): number;
  /** Flushes when the page is hidden or left (`visibilitychange` hidden, `pagehide`); returns the stop. */
  listen(win: Pick<Window, 'addEventListener' | 'removeEventListener'>, doc: Document): () => void;
}

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * Batches the events: sent 10 s after the first one queued (then again every 10 s while some are
 * left), and at once when the page is hidden or left, the last moment a beacon is sure to go.
 */
export function createTelemetryQueue({
  send,
  browser,
  intervalMs = FLUSH_INTERVAL_MS,
}: {
  send: (json: string) => void;
  browser: BrowserFamily;
  intervalMs?: number;
}): TelemetryQueue {
  const queued: TelemetryEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const body = (events: TelemetryEvent[]) => JSON.stringify({ v: 1, browser, events } satisfies TelemetryBody);

  function schedule(): void {
    if (timer !== undefined || queued.length === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      flush();
    }, intervalMs);
  }

  function flush(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    while (queued.length) {
      let count = Math.min(MAX_BATCH, queued.length);
      let json = body(queued.slice(0, count));
      while (count > 1 && byteLength(json) > MAX_BATCH_BYTES) {
        count = Math.ceil(count / 2);
        json = body(queued.slice(0, count));
      }
      queued.splice(0, count);
      send(json);
    }
  }

  return {
    push(event) {
      if (queued.length >= MAX_QUEUED) return;
      queued.push(event);
      schedule();
    },
    flush,
    size: () => queued.length,
    listen(win, doc) {
      const onVisibility = () => {
        if (doc.visibilityState === 'hidden') flush();
      };
      doc.addEventListener('visibilitychange', onVisibility);
      win.addEventListener('pagehide', flush);
      return () => {
        doc.removeEventListener('visibilitychange', onVisibility);
        win.removeEventListener('pagehide', flush);
      };
    },
  };
}
