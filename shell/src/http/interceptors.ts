import type { AxiosError, AxiosInstance, AxiosRequestConfig, InternalAxiosRequestConfig } from 'axios';
import { ROUTER_PATH_CACHE_MS, SESSION_HEADERS, UNAUTHORIZED_HANDLING_DELAY_MS } from '@hive/shared/config';
import {
  isAxiosError,
  isCancel,
  ownServer,
  shouldHandle401,
  shouldSendSessionHeaders,
  traceparent,
} from '@hive/shared/http';
import type { LocalSession } from '../session/localSession';
import type { RequestGate } from './requestGate';

/** What the interceptors need of the logger (shell/src/logger). */
export interface ErrorLogger {
  error(code: string, message: string): void;
}

export interface HttpProblem {
  url: string;
  pathname: string;
  status: number;
  error: AxiosError;
}

export interface InterceptorOptions {
  /** The stored local session (or null). Read on every request. */
  getSession: () => LocalSession | null;
  /** The router's current pathname; read through the 100 ms path cache. */
  getPathname: () => string;
  gate: RequestGate;
  /** A wave of 401s on protected pages/calls, UNAUTHORIZED_HANDLING_DELAY_MS after its first 401. */
  onUnauthorized: (problem: HttpProblem) => void;
  /** Every 403 (never a logout). */
  onForbidden: (problem: HttpProblem) => void;
  logger: ErrorLogger;
  now?: () => number;
  unauthorizedDelayMs?: number;
  pathCacheMs?: number;
}

export interface InstalledInterceptors {
  /** Removes both interceptors and cancels a pending 401 wave. */
  eject(): void;
  /** Drops a pending 401 wave (the flow is already running for another reason). */
  cancelPendingUnauthorized(): void;
  /** True between a wave's first 401 and its handling. */
  hasPendingUnauthorized(): boolean;
  pathCache: PathCache;
}

export interface PathCache {
  get(): string;
  invalidate(): void;
}

export const HTTP_SERVER_ERROR_CODE = 'HTTP_SERVER_ERROR';

/**
 * The router path read through a cache of ROUTER_PATH_CACHE_MS (100 ms): a read less than 100 ms
 * after the last real read returns the cached value (stale at 99 ms), a read 100 ms or more after
 * reads afresh. A throwing getter reads as '' and is not cached.
 */
export function createPathCache(
  getPathname: () => string,
  now: () => number = Date.now,
  ttlMs: number = ROUTER_PATH_CACHE_MS,
): PathCache {
  let value = '';
  let readAt: number | null = null;
  return {
    get() {
      const t = now();
      if (readAt !== null && t - readAt < ttlMs) return value;
      try {
        value = getPathname() ?? '';
      } catch {
        readAt = null;
        return '';
      }
      readAt = t;
      return value;
    },
    invalidate() {
      readAt = null;
    },
  };
}

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** The request URL as sent: `baseURL` joined with a relative `url` (query left as is). */
export function requestUrl(config: Pick<AxiosRequestConfig, 'url' | 'baseURL'> | undefined): string {
  const url = config?.url ?? '';
  const base = config?.baseURL;
  if (!base || ABSOLUTE_URL.test(url)) return url;
  if (!url) return base;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/**
 * SPEC.md 7 headers. X-Session-Valid is 'true' when a stored session exists and has not expired.
 * X-Session-ID is the session id, X-Session-Expires its expiry as an ISO-8601 string; both are ''
 * when there is no stored session (the header is still sent, so the server sees "no session"
 * rather than "old client"). X-Request-Time is the ISO time of sending.
 */
export function sessionHeaders(session: LocalSession | null, now: number): Record<string, string> {
  const valid = session !== null && session.expiresAt > now;
  return {
    [SESSION_HEADERS.id]: session?.sessionId ?? '',
    [SESSION_HEADERS.valid]: valid ? 'true' : 'false',
    [SESSION_HEADERS.expires]: session ? new Date(session.expiresAt).toISOString() : '',
    [SESSION_HEADERS.requestTime]: new Date(now).toISOString(),
  };
}

/**
 * Installs the session interceptors of DESIGN.md 6 on `http`:
 * - request: rejected with a CanceledError while the gate is blocked; otherwise the gate's signal
 *   is attached and, unless `shouldSendSessionHeaders(url, pathname)` says no, the four session
 *   headers are set;
 * - response: cancellations reject silently; 401 where `shouldHandle401(url, pathname)` starts (or
 *   joins) a wave and `onUnauthorized` runs once, 200 ms after the wave's first 401; a 401 after
 *   the wave was handled starts a new wave; other 401s only reject; 403 calls `onForbidden`; 5xx
 *   is logged. While the gate is blocked (the session is already ending) 401 and 403 only reject.
 * Every error is re-thrown to the caller.
 */
export function installInterceptors(http: AxiosInstance, options: InterceptorOptions): InstalledInterceptors {
  const {
    getSession,
    getPathname,
    gate,
    onUnauthorized,
    onForbidden,
    logger,
    now = Date.now,
    unauthorizedDelayMs = UNAUTHORIZED_HANDLING_DELAY_MS,
    pathCacheMs = ROUTER_PATH_CACHE_MS,
  } = options;
  const pathCache = createPathCache(getPathname, now, pathCacheMs);
  let waveTimer: ReturnType<typeof setTimeout> | null = null;

  const cancelPendingUnauthorized = () => {
    if (waveTimer !== null) clearTimeout(waveTimer);
    waveTimer = null;
  };

  function startWave(problem: HttpProblem): void {
    if (waveTimer !== null) return; // this 401 joins the running wave
    waveTimer = setTimeout(() => {
      waveTimer = null;
      onUnauthorized(problem);
    }, unauthorizedDelayMs);
  }

  const requestId = http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
    if (gate.isBlocked()) throw gate.cancelError(config);
    gate.attach(config);
    const url = requestUrl(config);
    if (shouldSendSessionHeaders(url, pathCache.get())) {
      for (const [name, value] of Object.entries(sessionHeaders(getSession(), now()))) config.headers.set(name, value);
      // The server's spans of this call join the trace (docs/operations.md, "Traces").
      if (ownServer(url)) config.headers.set('traceparent', traceparent());
    }
    return config;
  });

  const responseId = http.interceptors.response.use(undefined, (error: unknown) => {
    if (isCancel(error) || !isAxiosError(error) || !error.response) return Promise.reject(error);
    const status = error.response.status;
    const url = requestUrl(error.config);
    const pathname = pathCache.get();
    const problem: HttpProblem = { url, pathname, status, error };
    if (status >= 500) {
      logger.error(
        HTTP_SERVER_ERROR_CODE,
        `${(error.config?.method ?? 'get').toUpperCase()} ${url} answered ${status}`,
      );
    } else if (!gate.isBlocked()) {
      if (status === 401 && shouldHandle401(url, pathname)) startWave(problem);
      else if (status === 403) onForbidden(problem);
    }
    return Promise.reject(error);
  });

  return {
    eject() {
      http.interceptors.request.eject(requestId);
      http.interceptors.response.eject(responseId);
      cancelPendingUnauthorized();
    },
    cancelPendingUnauthorized,
    hasPendingUnauthorized: () => waveTimer !== null,
    pathCache,
  };
}
