import type { AxiosError } from 'axios';

// axios's `isCancel` and `isAxiosError`, for the remotes: importing them from 'axios' would bundle a
// second axios into every remote (its entry module builds the default instance, so it cannot be
// tree-shaken), while the shell's client is the only axios the remotes talk to. Same logic as
// axios/lib/cancel/isCancel.js and axios/lib/helpers/isAxiosError.js; axiosChecks.test.ts checks
// them against axios itself.

/** True for the error a request aborted through its signal or a cancel token rejects with. */
export function isCancel(value: unknown): boolean {
  return !!(value && (value as { __CANCEL__?: unknown }).__CANCEL__);
}

/** True for an error thrown by axios (a response error, a network error, a timeout, a cancel). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isAxiosError<T = any, D = any>(payload: unknown): payload is AxiosError<T, D> {
  return (
    payload !== null && typeof payload === 'object' && (payload as { isAxiosError?: unknown }).isAxiosError === true
  );
}
