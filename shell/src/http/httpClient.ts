import axios, { type AxiosInstance } from 'axios';

/**
 * The one HTTP client of the product, handed to remotes through the shell contract.
 * Session headers and 401/403 handling are added as interceptors by the session feature.
 */
export function createHttpClient(): AxiosInstance {
  return axios.create({
    withCredentials: true,
    headers: { Accept: 'application/json' },
    timeout: 30_000,
  });
}
