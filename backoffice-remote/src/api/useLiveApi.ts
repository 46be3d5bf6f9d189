import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancel } from '@hive/shared/http';
import { LIVE_SAFETY_POLL_MS, type LiveTopic } from '@hive/shared/schemas/live';
import { useHttp, useLive, useLiveStatus, type LiveStatus } from '@hive/shared/shell-contract';

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
  /** The tab's live stream: 'live' (refreshes on its topics) or 'reconnecting' (polls every intervalMs). */
  liveStatus: LiveStatus;
}

export interface LiveApiOptions {
  /**
   * What the data shows (e.g. `receipts`): with the shell's live stream open, the data is fetched
   * again when one of these arrives, and polled only every LIVE_SAFETY_POLL_MS as a safety net.
   */
  topics?: readonly LiveTopic[];
}

/** Whether the page is shown: a hidden tab (or a minimised window) does not poll. */
const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * GET `url` now and again `intervalMs` after each answer, while the tab is visible: one request at
 * a time (a slow server is never asked twice at once), none while the tab is hidden, one at once
 * when it is shown again. Refreshes keep the data on screen (no loading state, no flicker); a
 * failed refresh marks it stale and the next one tries again. New url/params start over.
 *
 * With `topics` and the shell's live stream open, a message of one of them fetches at once (a
 * burst is coalesced: at most one request in flight and one more queued after it) and polling
 * slows to LIVE_SAFETY_POLL_MS; when the stream drops, polling every `intervalMs` resumes, and
 * when it is back the data is fetched at once (messages sent meanwhile were missed).
 */
export function useLiveApi<T>(
  url: string | null,
  intervalMs: number,
  params?: Record<string, string | number | undefined>,
  options: LiveApiOptions = {},
): LiveApiState<T> {
  const http = useHttp();
  const live = useLive();
  const liveStatus = useLiveStatus();
  const topicsKey = (options.topics ?? []).join(',');
  const listens = live !== null && topicsKey !== '';
  const streaming = useRef(false);
  streaming.current = listens && liveStatus === 'live';
  const fetchSoon = useRef<() => void>(() => undefined);
  const [state, setState] = useState<Omit<LiveApiState<T>, 'reload' | 'liveStatus'>>({
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
    let queued = false;
    setState((s) => ({ ...s, data: undefined, error: undefined, loading: true, stale: false, updatedAt: null }));

    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      const every = streaming.current ? Math.max(intervalMs, LIVE_SAFETY_POLL_MS) : intervalMs;
      if (!stopped && visible()) timer = setTimeout(run, every);
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
          // Superseded while its answer was on the way (useApi.ts): not the page's data.
          if (current.signal.aborted) return;
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
          if (queued && !stopped) {
            queued = false;
            run();
          } else schedule();
        });
    }
    // A change announced on the stream: now, or right after the request in flight (never two at once).
    const soon = () => {
      if (stopped || !visible()) return;
      if (controller) queued = true;
      else run();
    };
    const onVisibility = () => {
      if (!visible()) {
        clearTimeout(timer);
        timer = undefined;
      } else if (!controller) run();
    };

    fetchNow.current = run;
    fetchSoon.current = soon;
    run();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', onVisibility);
      fetchNow.current = () => undefined;
      fetchSoon.current = () => undefined;
    };
  }, [http, url, key, intervalMs]);

  // The stream's messages of these topics.
  useEffect(() => {
    if (!live || topicsKey === '') return;
    return live.subscribe(topicsKey.split(',') as LiveTopic[], () => fetchSoon.current());
  }, [live, topicsKey]);

  // Back to 'live': what was published while the stream was down was missed; 'reconnecting': the
  // slow safety poll gives way to the normal one.
  const wasStreaming = useRef(streaming.current);
  useEffect(() => {
    const now = listens && liveStatus === 'live';
    if (now === wasStreaming.current) return;
    wasStreaming.current = now;
    fetchSoon.current();
  }, [listens, liveStatus]);

  const reload = useCallback(() => fetchNow.current(), []);
  return { ...state, reload, liveStatus };
}
