/**
 * A paired register's client of the device API (/api/device/v1 with its Bearer token), speaking
 * only HTTP. Shared by the register simulator (simulator/) and the demo's live registers
 * (server/src/demo/live/): one copy of how a register talks to the server.
 */
import {
  APP_VERSION_HEADER,
  DEVICE_API_BASE,
  type DeviceConfig,
  type EventsResponse,
  type PairResponse,
} from '@hive/shared/schemas/device';

export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const message =
      body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : '';
    super(`${what}: HTTP ${status}${message ? ` (${message})` : ''}`);
  }
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

export interface DeviceReply<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** A paired register. */
export class DeviceClient {
  constructor(
    readonly url: string,
    readonly token: string,
    /** Sent as the app version on every call (the terminals page shows it). */
    readonly appVersion = 'simulator-1.0',
  ) {}

  static async pair(
    url: string,
    code: string,
    deviceModel: string,
    appVersion = 'simulator-1.0',
  ): Promise<PairResponse> {
    const response = await fetch(new URL(`${DEVICE_API_BASE}/pair`, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code, appVersion, deviceModel }),
    });
    const body = await readJson(response);
    if (!response.ok) throw new HttpProblem(response.status, body, 'pairing');
    return body as PairResponse;
  }

  async call<T>(
    method: string,
    path: string,
    json?: unknown,
    headers: Record<string, string> = {},
  ): Promise<DeviceReply<T>> {
    const response = await fetch(new URL(`${DEVICE_API_BASE}${path}`, this.url), {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        [APP_VERSION_HEADER]: this.appVersion,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (await readJson(response)) as T, headers: response.headers };
  }

  config(etag?: string) {
    return this.call<DeviceConfig | null>('GET', '/config', undefined, etag ? { 'if-none-match': etag } : {});
  }

  send(events: unknown[]) {
    return this.call<EventsResponse & { error?: string; message?: string }>('POST', '/events', { events });
  }
}
