/**
 * A server-sent events client for Node (no browser): reads `GET /api/backoffice/events` as the
 * shell's client would, message by message. The scale-out e2e run and the soak on PostgreSQL use it
 * to see when a change reaches a stream held by another instance.
 */
export interface LiveMessage {
  /** The `event:` line (the topic). */
  event: string;
  /** The parsed `data:` JSON (`{ topic, at, ... }` by the stream's contract). */
  data: { topic?: string; at?: number; [key: string]: unknown };
  /** When this client read it (Date.now()). */
  receivedAt: number;
}

export interface EventStream {
  status: number;
  /** Resolves when the stream ends (closed by the server, cut, or close()); never rejects. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens the stream; resolves once the response headers arrived. A status other than 200 (404 before
 * the route exists, 401 signed out) resolves with that status and no messages.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string>,
  onMessage: (message: LiveMessage) => void,
): Promise<EventStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  const close = () => abort.abort();
  if (response.status !== 200 || !response.body) {
    await response.body?.cancel().catch(() => {});
    return { status: response.status, ended: Promise.resolve(), close };
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut: number;
        while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split(/\r?\n/)) {
            if (line.startsWith(':')) continue; // a comment: the keep-alive ping
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const text = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'event') event = text;
            else if (field === 'data') data.push(text);
          }
          if (data.length === 0) continue;
          let parsed: LiveMessage['data'];
          try {
            parsed = JSON.parse(data.join('\n')) as LiveMessage['data'];
          } catch {
            parsed = { raw: data.join('\n') };
          }
          onMessage({ event, data: parsed, receivedAt: Date.now() });
        }
      }
    } catch {
      // Cut (close(), the server going away): the stream has ended either way.
    }
  })();
  return { status: 200, ended, close };
}
