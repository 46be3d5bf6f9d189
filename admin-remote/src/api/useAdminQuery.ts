import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';

export interface QueryState<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * GET through the shell's HTTP client (session headers, 401/403 handling). A newer request
 * aborts the older one, so a fast typist never sees results of an old search arrive last.
 */
export function useAdminQuery<T>(
  url: string | null,
  params?: Record<string, string | number | undefined>,
): QueryState<T> {
  const http = useHttp();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(url !== null);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(params ?? {});
  const paramsRef = useRef(params);
  paramsRef.current = params;

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    setLoading(true);
    const query = Object.fromEntries(
      Object.entries(paramsRef.current ?? {}).filter(([, v]) => v !== undefined && v !== ''),
    );
    http
      .get<T>(url, { params: query, signal: controller.signal })
      .then((response) => {
        setData(response.data);
        setError(null);
      })
      .catch((e: unknown) => {
        if (!isCancel(e) && !controller.signal.aborted) setError(e);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [http, url, key, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, error, loading, reload };
}
