import { ownServer, shouldSendSessionHeaders, traceparent } from '@hive/shared/http';
import { readLocalSession, type LocalSession } from '../session/localSession';
import { sessionHeaders } from './interceptors';

/** The session headers of SPEC.md 7 for a request to `url` ({} where they are left out). */
export type FetchSessionHeaders = (url: string) => Record<string, string>;

export interface FetchSessionHeadersOptions {
  /** Default: the stored local session (the one the axios interceptor reads too). */
  getSession?: () => LocalSession | null;
  /** Default: location.pathname. */
  getPathname?: () => string;
  now?: () => number;
}

/**
 * SPEC.md 7 says every API request carries the session headers, not only axios's: the Auth.js
 * client and the client logger call `fetch`, so they ask this for the same four headers under the
 * same rules (left out on the public pages and for the ordering URLs). Imports no axios: the
 * sign-in page uses it.
 */
export function createFetchSessionHeaders({
  getSession = () => readLocalSession(),
  getPathname = () => (typeof location === 'undefined' ? '' : location.pathname),
  now = () => Date.now(),
}: FetchSessionHeadersOptions = {}): FetchSessionHeaders {
  // With them, a trace context of the call (http/traceparent.ts), like axios's calls.
  return (url) =>
    shouldSendSessionHeaders(url, getPathname())
      ? { ...sessionHeaders(getSession(), now()), ...(ownServer(url) ? { traceparent: traceparent() } : {}) }
      : {};
}
