// Test helper (imported by tests only): an axios adapter that answers from a function instead of
// the network, honours `config.signal` like the real adapters, and can hold requests open.
import {
  AxiosError,
  AxiosHeaders,
  CanceledError,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

export interface FakeReply {
  status: number;
  data?: unknown;
  /** Never answers (until aborted): an in-flight request. */
  hang?: boolean;
}

export type Responder = (config: InternalAxiosRequestConfig) => FakeReply;

export interface FakeAdapter {
  adapter: AxiosAdapter;
  calls: InternalAxiosRequestConfig[];
  respond(responder: Responder): void;
  /** Headers of the last call, as plain lowercased keys. */
  lastHeaders(): Record<string, string>;
}

export function createFakeAdapter(initial: Responder = () => ({ status: 200, data: { ok: true } })): FakeAdapter {
  let responder = initial;
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    calls.push(config);
    const reply = responder(config);
    return new Promise<AxiosResponse>((resolve, reject) => {
      const signal = config.signal as AbortSignal | undefined;
      const onAbort = () => reject(new CanceledError(undefined, config));
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      if (reply.hang) return;
      const response: AxiosResponse = {
        data: reply.data,
        status: reply.status,
        statusText: String(reply.status),
        headers: new AxiosHeaders(),
        config,
        request: {},
      };
      void Promise.resolve().then(() => {
        signal?.removeEventListener('abort', onAbort);
        if (reply.status >= 200 && reply.status < 300) resolve(response);
        else
          reject(
            new AxiosError(
              `Request failed with status code ${reply.status}`,
              reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
              config,
              {},
              response,
            ),
          );
      });
    });
  };
  return {
    adapter,
    calls,
    respond(next) {
      responder = next;
    },
    lastHeaders() {
      const last = calls.at(-1);
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(AxiosHeaders.from(last?.headers ?? {}).toJSON()))
        out[k.toLowerCase()] = String(v);
      return out;
    },
  };
}
