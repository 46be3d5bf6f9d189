import axios, { type AxiosInstance, type CreateAxiosDefaults } from 'axios';

/**
 * The one HTTP client of the product, handed to remotes through the shell contract.
 * Session headers, the request gate and 401/403/5xx handling are added by `installInterceptors`
 * (the session runtime does it in `start()`). `overrides` is for tests (e.g. a custom `adapter`).
 */
export function createHttpClient(overrides: CreateAxiosDefaults = {}): AxiosInstance {
  return axios.create({
    withCredentials: true,
    timeout: 30_000,
    ...overrides,
    headers: { Accept: 'application/json', ...(overrides.headers as Record<string, string> | undefined) },
  });
}
