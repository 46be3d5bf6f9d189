import { TELEMETRY_URL } from './types';

const TEXT = 'text/plain;charset=UTF-8';

/**
 * Sends one batch. `sendBeacon` survives the page's unload and, with a text/plain body, needs no
 * preflight; when the browser has none or refuses it (its queue is full), `fetch` with `keepalive`
 * does the same job. Never throws: telemetry must not break the page.
 */
export function sendTelemetry(
  json: string,
  {
    url = TELEMETRY_URL,
    nav = typeof navigator === 'undefined' ? undefined : navigator,
    fetchImpl = typeof fetch === 'undefined' ? undefined : fetch,
  }: { url?: string; nav?: Pick<Navigator, 'sendBeacon'>; fetchImpl?: typeof fetch } = {},
): void {
  try {
    if (typeof nav?.sendBeacon === 'function' && nav.sendBeacon(url, new Blob([json], { type: TEXT }))) return;
  } catch {
    // A beacon that throws (a policy, a bad URL) falls back to fetch.
  }
  try {
    void fetchImpl?.(url, {
      method: 'POST',
      body: json,
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'Content-Type': TEXT },
    }).catch(() => undefined);
  } catch {
    // Nothing else to try.
  }
}
