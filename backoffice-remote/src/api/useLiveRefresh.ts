import { useEffect, useRef } from 'react';
import { LIVE_SAFETY_POLL_MS, type LiveTopic } from '@hive/shared/schemas/live';
import { useLive, useLiveStatus, type LiveStatus } from '@hive/shared/shell-contract';

/** Whether the page is shown: a hidden tab does not poll. */
const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/**
 * Calls `refresh` (a silent, coalesced refetch: useApi's) when the stream announces one of
 * `topics`, when the stream comes back (what was published meanwhile was missed), and every
 * `intervalMs` while the stream is down (LIVE_SAFETY_POLL_MS while it is up), as long as `enabled`
 * and the tab is visible. For pages whose data is a useApi (a report) rather than a useLiveApi.
 */
export function useLiveRefresh(
  topics: readonly LiveTopic[] | null,
  refresh: () => void,
  intervalMs: number,
  enabled = true,
): LiveStatus {
  const live = useLive();
  const status = useLiveStatus();
  const callback = useRef(refresh);
  callback.current = refresh;
  const topicsKey = (topics ?? []).join(',');
  const on = enabled && topicsKey !== '';
  const streaming = live !== null && status === 'live';

  useEffect(() => {
    if (!on || !live) return;
    return live.subscribe(topicsKey.split(',') as LiveTopic[], () => {
      if (visible()) callback.current();
    });
  }, [live, topicsKey, on]);

  const wasStreaming = useRef(streaming);
  useEffect(() => {
    if (streaming === wasStreaming.current) return;
    wasStreaming.current = streaming;
    if (on && streaming && visible()) callback.current();
  }, [streaming, on]);

  useEffect(() => {
    if (!on) return;
    const timer = setInterval(
      () => {
        if (visible()) callback.current();
      },
      streaming ? Math.max(intervalMs, LIVE_SAFETY_POLL_MS) : intervalMs,
    );
    return () => clearInterval(timer);
  }, [on, streaming, intervalMs]);

  return status;
}
