import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';

/** An axios instance whose answers the test releases by hand (to see what happens meanwhile). */
export function controlledHttp() {
  const calls: InternalAxiosRequestConfig[] = [];
  const pending: { resolve: (data: unknown) => void; reject: (status: number) => void }[] = [];
  const adapter: AxiosAdapter = (config) =>
    new Promise((resolve, reject) => {
      calls.push(config);
      config.signal?.addEventListener?.('abort', () => reject(new axios.Cancel('aborted')));
      pending.push({
        resolve: (data) => resolve({ data, status: 200, statusText: 'OK', headers: {}, config }),
        reject: (status) =>
          reject(
            new AxiosError(`HTTP ${status}`, String(status), config, null, {
              data: {},
              status,
              statusText: String(status),
              headers: {},
              config,
            }),
          ),
      });
    });
  return { http: axios.create({ adapter }), calls, pending };
}

/**
 * A response interceptor that holds every answer until `release()` (a shell interceptor may wait,
 * e.g. for the session): an abort can then come after axios's own cancellation check.
 */
export function holdResponses(http: AxiosInstance) {
  let release = () => {};
  http.interceptors.response.use((response) => new Promise((resolve) => (release = () => resolve(response))));
  return { release: () => release() };
}
