import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { setImmediate as realSetImmediate } from 'node:timers';

/** One request the fake server received, and what the test makes it answer. */
export interface StreamCall {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Answers with an event stream (or `status` / `contentType` for a refusal). */
  accept(options?: { status?: number; contentType?: string }): void;
  /** A network error before any answer. */
  reject(): void;
  /** Text (UTF-8 encoded) or raw bytes. */
  push(chunk: string | Uint8Array): void;
  /** The server ends the stream. */
  end(): void;
  /** The connection breaks mid-stream. */
  drop(): void;
}

/**
 * A `fetch` for the event-stream reader: each call waits for the test to answer it with a
 * ReadableStream whose chunks the test pushes. An abort rejects the pending fetch and errors the
 * body, as a browser does.
 */
export function createStreamServer() {
  const calls: StreamCall[] = [];
  const encoder = new TextEncoder();
  const fetch = jest.fn((url: string, init: RequestInit = {}) => {
    const signal = init.signal!;
    return new Promise<Response>((resolve, reject) => {
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const abortError = () => Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
      signal.addEventListener('abort', () => {
        reject(abortError());
        try {
          controller?.error(abortError());
        } catch {
          // already closed
        }
      });
      const call: StreamCall = {
        url,
        init,
        headers: { ...(init.headers as Record<string, string>) },
        signal,
        accept({ status = 200, contentType = 'text/event-stream; charset=utf-8' } = {}) {
          const body = new ReadableStream<Uint8Array>({
            start: (c) => {
              controller = c;
            },
          });
          resolve({
            ok: status >= 200 && status < 300,
            status,
            headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
            body,
          } as unknown as Response);
        },
        reject: () => reject(new TypeError('Failed to fetch')),
        push: (chunk) => controller!.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk),
        end: () => controller!.close(),
        drop: () => controller!.error(new TypeError('network error')),
      };
      calls.push(call);
    });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch & jest.Mock,
    calls,
    latest: () => calls[calls.length - 1]!,
  };
}

/** Lets the reader's promises and the stream's reads run (a real macrotask: jest fakes the timers). */
export const flush = () => new Promise<void>((resolve) => realSetImmediate(resolve));
