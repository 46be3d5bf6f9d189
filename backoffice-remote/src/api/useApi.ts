import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';

export const API = '/api/backoffice';

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  /** A request is on its way (the previous data stays, so lists dim instead of flashing). */
  loading: boolean;
  reload: () => void;
  /**
   * Asks again without showing it (no loading state; a failure keeps the data): a live page's
   * refresh. Coalesced: while a request is on its way, one more is queued after it, never two.
   */
  refresh: () => void;
}

/**
 * GET `url` with `params` through the shell's HTTP client (session headers, 401/403 handling).
 * A new url/params aborts the request in flight; `url === null` waits.
 */
export function useApi<T>(url: string | null, params?: Record<string, string | number | undefined>): ApiState<T> {
  const http = useHttp();
  const [state, setState] = useState<{ data: T | undefined; error: unknown; loading: boolean }>({
    data: undefined,
    error: undefined,
    loading: url !== null,
  });
  const [attempt, setAttempt] = useState(0);
  // Params by value: a new object with the same content is the same request.
  const key = JSON.stringify(params ?? {});
  const silent = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (url === null) return;
    let current: AbortController | null = null;
    let queued = false;
    let stopped = false;
    const get = (shown: boolean) => {
      const controller = new AbortController();
      current = controller;
      if (shown) setState((s) => ({ ...s, loading: true, error: undefined }));
      http
        .get<T>(url, { params: JSON.parse(key) as Record<string, unknown>, signal: controller.signal })
        .then((response) => {
          // A response can land after its request was superseded (new params, unmount): the page
          // would show the old filters' figures, as if they were the new ones, until the next answer.
          if (controller.signal.aborted) return;
          setState({ data: response.data, error: undefined, loading: false });
        })
        .catch((error: unknown) => {
          if (isCancel(error) || controller.signal.aborted) return;
          if (shown) setState((s) => ({ ...s, error, loading: false }));
        })
        .finally(() => {
          if (current !== controller) return;
          current = null;
          if (queued && !stopped) {
            queued = false;
            get(false);
          }
        });
    };
    silent.current = () => {
      if (current) queued = true;
      else get(false);
    };
    get(true);
    return () => {
      stopped = true;
      silent.current = () => undefined;
      current?.abort();
    };
  }, [http, url, key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const refresh = useCallback(() => silent.current(), []);
  return { ...state, reload, refresh };
}
