import { DEFAULT_RETRY, backoffMs, retryAfterMs, type RetryPolicy } from './backoff.ts';
import { DeviceApiError, DeviceApiUnavailable } from './errors.ts';
import type {
  Answer,
  DeviceConfig,
  DeviceEvent,
  ErrorBody,
  EventBatchResult,
  FetchLike,
  PairResult,
  RequestBody,
  StoredReceipt,
} from './types.ts';

/** Where the device API lives under the server's address. */
export const DEVICE_API_PATH = '/api/device/v1';
/** The most events one batch may carry; sendEvents splits longer lists. */
export const MAX_BATCH = 500;

export interface ClientOptions {
  /** The server's address, e.g. https://pos.example.com (the device API is under /api/device/v1). */
  baseUrl: string;
  /** The register app's version, sent on every call (the back-office's terminal list shows it). */
  appVersion: string;
  fetch?: FetchLike;
  retry?: Partial<RetryPolicy>;
  /** For tests: how to wait, the clock and the jitter. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
}

interface Reply<T> {
  status: number;
  body: T;
  headers: { get(name: string): string | null };
}

// The platform's globals, typed here so the SDK needs neither the DOM's types nor node's.
const platform = globalThis as unknown as {
  fetch?: FetchLike;
  setTimeout(callback: () => void, ms: number): unknown;
};
const defaultSleep = (ms: number) => new Promise<void>((resolve) => platform.setTimeout(resolve, ms));

/**
 * A paired register's client of the device API. Every call sends the token and the app version;
 * a 429 is waited out and sent again; a network failure or a 5xx is retried with backoff on the
 * calls that are safe to repeat (reads, event batches, print acknowledgements); every other answer
 * that is not a success throws a DeviceApiError with the server's `error` code.
 */
export class RegisterClient {
  private configCache: { etag: string; config: DeviceConfig } | null = null;
  private readonly retry: RetryPolicy;

  constructor(
    private readonly options: ClientOptions,
    readonly token: string,
  ) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  /**
   * Pairs this register with the one-time code shown in the back-office (Devices › Terminals, 8
   * characters, e.g. "K7QF-M2XD": case, spaces and the dash do not matter). The token in the answer
   * is shown once: store it safely, every later call needs it.
   */
  static async pair(
    options: ClientOptions,
    request: Omit<RequestBody<'pair'>, 'appVersion'>,
  ): Promise<{ client: RegisterClient; paired: PairResult }> {
    const anonymous = new RegisterClient(options, '');
    const body: RequestBody<'pair'> = { ...request, appVersion: options.appVersion };
    // A code works once: a lost answer cannot be retried, only a 429 (nothing was used).
    const { body: paired } = await anonymous.request<PairResult>('POST', '/pair', { body, retryFailures: false });
    return { client: new RegisterClient(options, paired.token), paired };
  }

  /**
   * The configuration (catalog, taxes, payment types, employees, ...). The client keeps the last one
   * with its ETag and asks with If-None-Match: `changed` is false when the server answered 304.
   */
  async config(): Promise<{ config: DeviceConfig; changed: boolean }> {
    const cached = this.configCache;
    const reply = await this.request<DeviceConfig | null>('GET', '/config', {
      headers: cached ? { 'If-None-Match': cached.etag } : {},
    });
    if (reply.status === 304 && cached) return { config: cached.config, changed: false };
    const config = reply.body as DeviceConfig;
    const etag = reply.headers.get('etag');
    this.configCache = etag ? { etag, config } : null;
    return { config, changed: true };
  }

  /**
   * Sends events in batches of at most 500, in order, and returns every event's outcome in that
   * order: `stored`, `duplicate` (the server already had this id: resending is always safe) or
   * `rejected` with its reasons. A batch whose every event was rejected (422) is an answer too.
   */
  async sendEvents(events: readonly DeviceEvent[]): Promise<EventBatchResult> {
    const total: EventBatchResult = { results: [], stored: 0, duplicate: 0, rejected: 0 };
    for (let start = 0; start < events.length; start += MAX_BATCH) {
      const batch: RequestBody<'postEvents'> = { events: events.slice(start, start + MAX_BATCH) };
      const { body } = await this.request<EventBatchResult>('POST', '/events', { body: batch, answers: [422] });
      total.results.push(...body.results);
      total.stored += body.stored;
      total.duplicate += body.duplicate;
      total.rejected += body.rejected;
    }
    return total;
  }

  /** A stored sale with what was refunded of each line, by its event id or receipt number. */
  async receipt(idOrNumber: string | number): Promise<StoredReceipt> {
    return (await this.request<StoredReceipt>('GET', `/receipts/${encodeURIComponent(String(idOrNumber))}`)).body;
  }

  /** A gift card's balance and status by its 16 digits (before taking it as a payment). */
  async giftCard(number: string): Promise<Answer<'getGiftCard', 200>> {
    return (await this.request<Answer<'getGiftCard', 200>>('GET', `/gift-cards/${encodeURIComponent(number)}`)).body;
  }

  /** Jobs queued for the printers this terminal drives. */
  async printJobs(): Promise<Answer<'listPrintJobs', 200>> {
    return (await this.request<Answer<'listPrintJobs', 200>>('GET', '/print-jobs')).body;
  }

  /** Reports a print job printed or failed (sending the same status again is harmless). */
  async ackPrintJob(id: number, ack: RequestBody<'ackPrintJob'>): Promise<Answer<'ackPrintJob', 200>> {
    return (await this.request<Answer<'ackPrintJob', 200>>('POST', `/print-jobs/${id}/ack`, { body: ack })).body;
  }

  /** Errors and notes for the terminal's log in the back-office (not retried: a log may be lost). */
  async log(entries: RequestBody<'postLogs'>): Promise<Answer<'postLogs', 202>> {
    return (await this.request<Answer<'postLogs', 202>>('POST', '/logs', { body: entries, retryFailures: false })).body;
  }

  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; retryFailures?: boolean; answers?: number[] } = {},
  ): Promise<Reply<T>> {
    const fetchImpl = this.options.fetch ?? platform.fetch?.bind(globalThis);
    if (!fetchImpl) throw new Error('no fetch on this platform: pass one in the options');
    const sleep = this.options.sleep ?? defaultSleep;
    const now = this.options.now ?? Date.now;
    const random = this.options.random ?? Math.random;
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}${DEVICE_API_PATH}${path}`;
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Hive-App-Version': this.options.appVersion,
      ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...opts.headers,
    };
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= this.retry.attempts;
      let response: Awaited<ReturnType<FetchLike>>;
      try {
        response = await fetchImpl(url, { method, headers, body });
      } catch (cause) {
        if (last || opts.retryFailures === false) {
          throw new DeviceApiUnavailable(`${method} ${path}: the server could not be reached`, null, { cause });
        }
        await sleep(backoffMs(this.retry, attempt, random));
        continue;
      }
      const text = await response.text();
      const json = parseJson(text);
      const { status } = response;
      if ((status >= 200 && status < 300) || status === 304 || opts.answers?.includes(status)) {
        return { status, body: json as T, headers: response.headers };
      }
      if (status === 429 && !last) {
        const asked = retryAfterMs(response.headers.get('retry-after'), now()) ?? secondsOf(json);
        await sleep(asked ?? backoffMs(this.retry, attempt, random));
        continue;
      }
      if (status >= 500) {
        if (!last && opts.retryFailures !== false) {
          await sleep(backoffMs(this.retry, attempt, random));
          continue;
        }
        throw new DeviceApiUnavailable(`${method} ${path}: the server answered ${status}`, status);
      }
      throw new DeviceApiError(status, isErrorBody(json) ? json : null);
    }
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { error?: unknown }).error === 'string';
}

function secondsOf(body: unknown): number | null {
  const s = (body as { retryAfter?: unknown } | null)?.retryAfter;
  return typeof s === 'number' && s >= 0 ? s * 1000 : null;
}
