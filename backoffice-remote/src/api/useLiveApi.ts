import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from '@hive/shared/http';
import { useHttp } from '@hive/shared/shell-contract';

export interface LiveApiState<T> {
  data: T | undefined;
  /** The first load failed (nothing to show yet). */
  error: unknown;
  /** The first load is on its way; later refreshes are silent. */
  loading: boolean;
  /** The last refresh failed: the data shown is from `updatedAt` (polling goes on). */
  stale: boolean;
  /** When the data shown arrived (client clock), or null. */
  updatedAt: number | null;
  /** Fetch now (after a change made on this page), then go on polling. */
  reload: () => void;
}

/** Whether the page is shown: a hidden tab (or a minimised window) does not poll. */
const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * GET `url` now and again `intervalMs` after each answer, while the tab is visible: one request at
 * a time (a slow server is never asked twice at once), none while the tab is hidden, one at once
 * when it is shown again. Refreshes keep the data on screen (no loading state, no flicker); a
 * failed refresh marks it stale and the next one tries again. New url/params start over.
 */
export function useLiveApi<T>(
  url: string | null,
  intervalMs: number,
  params?: Record<string, string | number | undefined>,
): LiveApiState<T> {
  const http = useHttp();
  const [state, setState] = useState<Omit<LiveApiState<T>, 'reload'>>({
    data: undefined,
    error: undefined,
    loading: url !== null,
    stale: false,
    updatedAt: null,
  });
  const key = JSON.stringify(params ?? {});
  const fetchNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (url === null) return;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let hasData = false;
    setState((s) => ({ ...s, data: undefined, error: undefined, loading: true, stale: false, updatedAt: null }));

    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!stopped && visible()) timer = setTimeout(run, intervalMs);
    };
    function run() {
      clearTimeout(timer);
      timer = undefined;
      controller?.abort();
      const current = new AbortController();
      controller = current;
      http
        .get<T>(url!, { params: JSON.parse(key) as Record<string, unknown>, signal: current.signal })
        .then((response) => {
          hasData = true;
          setState({ data: response.data, error: undefined, loading: false, stale: false, updatedAt: Date.now() });
        })
        .catch((error: unknown) => {
          if (isCancel(error) || current.signal.aborted) return;
          setState((s) => (hasData ? { ...s, stale: true } : { ...s, error, loading: false }));
        })
        .finally(() => {
          if (controller !== current) return;
          controller = null;
          schedule();
        });
    }
    const onVisibility = () => {
      if (!visible()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (!controller) run();
    };

    fetchNow.current = run;
    run();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
      fetchNow.current = () => undefined;
    };
  }, [http, url, key, intervalMs]);

  const reload = useCallback(() => fetchNow.current(), []);
  return { ...state, reload };
}
