import { useCallback, useEffect, useState } from 'react';
import { isCancel } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';

export const API = '/api/backoffice';

export interface ApiState<T> {
  data: T | undefined;
  error: unknown;
  /** A request is on its way (the previous data stays, so lists dim instead of flashing). */
  loading: boolean;
  reload: () => void;
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

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    http
      .get<T>(url, { params: JSON.parse(key) as Record<string, unknown>, signal: controller.signal })
      .then((response) => setState({ data: response.data, error: undefined, loading: false }))
      .catch((error: unknown) => {
        if (isCancel(error) || controller.signal.aborted) return;
        setState((s) => ({ ...s, error, loading: false }));
      });
    return () => controller.abort();
  }, [http, url, key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
