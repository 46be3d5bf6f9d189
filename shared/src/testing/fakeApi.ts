import type { AxiosInstance } from 'axios';

/**
 * A page area's API (its `pages/<area>/api.ts`) on a fake HTTP client, for that file's test: every
 * method answers `{ data, headers: {} }` and records how it was called, so a wrong method, URL or
 * body fails the test. Tests only (it uses jest's mocks).
 */
export function fakeApi<Api>(make: (http: AxiosInstance) => Api, data: unknown = {}) {
  const answer = () => jest.fn().mockResolvedValue({ data, headers: {} });
  const http = { get: answer(), post: answer(), put: answer(), patch: answer(), delete: answer() };
  return { http, api: make(http as unknown as AxiosInstance) };
}
