const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * A W3C trace context for one call to our server (`traceparent`): the server's spans of the call
 * join this trace, so the id in the browser's network panel finds the server's side in the traces.
 * Sampled (`-01`): whether to keep it is the collector's choice.
 */
export const traceparent = (): string => `00-${hex(16)}-${hex(8)}-01`;

/** Our own server's URLs only (relative): another origin never learns our trace ids. */
export const ownServer = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');
