import type { AxiosInstance, AxiosInterceptorManager, AxiosInterceptorOptions } from 'axios';

/*
 * The shell's HTTP client, with axios loaded on first use. The sign-in page never makes an axios
 * request (the auth client uses fetch), so axios (~18 KB gzip) stays off its critical path and is
 * fetched when the browser is idle (`preload`) or by the first request, whichever comes first.
 * Everything a caller can do before then is kept: interceptors registered early are installed on
 * the real instance before its first request, and early requests wait for it.
 */

export interface LazyHttpClient extends AxiosInstance {
  /** Loads axios now (e.g. when the browser is idle); resolves with the real instance. */
  preload(): Promise<AxiosInstance>;
}

type Handler = Parameters<AxiosInterceptorManager<unknown>['use']>;

/** Records interceptors until the instance exists, then forwards to it. */
function lazyInterceptors(kind: 'request' | 'response', instance: () => AxiosInstance | null) {
  const entries = new Map<number, { args: Handler; realId: number | null }>();
  let nextId = 0;
  const manager = {
    use(onFulfilled?: Handler[0], onRejected?: Handler[1], options?: AxiosInterceptorOptions) {
      const id = nextId++;
      const real = instance();
      const args: Handler = [onFulfilled, onRejected, options];
      const realId = real ? (real.interceptors[kind] as AxiosInterceptorManager<unknown>).use(...args) : null;
      entries.set(id, { args, realId });
      return id;
    },
    eject(id: number) {
      const entry = entries.get(id);
      if (!entry) return;
      entries.delete(id);
      if (entry.realId !== null) instance()?.interceptors[kind].eject(entry.realId);
    },
    clear() {
      for (const id of [...entries.keys()]) manager.eject(id);
    },
    /** Installs what was registered before the instance existed, in order. */
    install(real: AxiosInstance) {
      for (const entry of entries.values()) {
        if (entry.realId === null)
          entry.realId = (real.interceptors[kind] as AxiosInterceptorManager<unknown>).use(...entry.args);
      }
    },
  };
  return manager;
}

const METHODS = [
  'request',
  'get',
  'delete',
  'head',
  'options',
  'post',
  'put',
  'patch',
  'postForm',
  'putForm',
  'patchForm',
] as const;

export function createLazyHttpClient(
  load: () => Promise<AxiosInstance> = () => import('./httpClient').then((m) => m.createHttpClient()),
): LazyHttpClient {
  let real: AxiosInstance | null = null;
  let loading: Promise<AxiosInstance> | null = null;
  const request = lazyInterceptors('request', () => real);
  const response = lazyInterceptors('response', () => real);

  const ready = (): Promise<AxiosInstance> => {
    loading ??= load().then((instance) => {
      request.install(instance);
      response.install(instance);
      real = instance;
      return instance;
    });
    return loading;
  };

  const client = ((...args: Parameters<AxiosInstance>) =>
    ready().then((instance) => instance(...args))) as unknown as LazyHttpClient;
  for (const method of METHODS) {
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) =>
      ready().then((instance) => (instance[method] as (...a: unknown[]) => unknown)(...args));
  }
  Object.defineProperty(client, 'interceptors', { value: { request, response } });
  Object.defineProperty(client, 'defaults', {
    get() {
      if (!real) throw new Error('http.defaults is read before the HTTP client has loaded.');
      return real.defaults;
    },
  });
  client.getUri = (config) => {
    if (!real) throw new Error('http.getUri is called before the HTTP client has loaded.');
    return real.getUri(config);
  };
  client.preload = ready;
  return client;
}
