import type { AxiosInstance } from 'axios';
import {
  LIVE_COMPANY_TOPICS,
  LIVE_EVENTS_PATH,
  LIVE_TOPICS,
  type LiveCompanyTopic,
  type LiveEvent,
  type LiveMessage,
} from '@hive/shared/schemas/live';
import type { LiveService, LiveStatus, SessionService } from '@hive/shared/shell-contract';
import type { RequestGate } from '../http/requestGate';
import { lazyEventSource, type EventSourceFactory, type EventSourceLike } from './eventSource';

export type { EventSourceFactory, EventSourceLike } from './eventSource';

export interface LiveServiceOptions {
  /** The shell's HTTP client: the probe before a reconnect goes through its 401 handling. */
  http: Pick<AxiosInstance, 'get'>;
  /** The shell's session: the stream exists only while it is 'authenticated'. */
  session: Pick<SessionService, 'getSnapshot' | 'subscribe'>;
  /**
   * The session's request gate: a logout or expiry aborts the stream like any other request.
   * Used by the default reader only.
   */
  gate?: Pick<RequestGate, 'signal'>;
  /** Default: the fetch-based reader (./fetchEventSource, a lazy chunk), with the session headers. */
  createEventSource?: EventSourceFactory;
  /** Reconnect backoff: doubles from min to max (1 s to 30 s). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export const LIVE_RECONNECT_MIN_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;

/**
 * The stream is read with `fetch`, not EventSource: it carries the session headers and the gate's
 * signal like every other request. The reader loads with the first stream (never on the login page).
 */
function fetchReaders(gate: LiveServiceOptions['gate']): EventSourceFactory {
  let loading: Promise<EventSourceFactory> | undefined;
  return lazyEventSource(() => {
    loading ??= import(/* webpackChunkName: "live-stream" */ './fetchEventSource').then(
      (m) => m.fetchEventSources({ signal: gate && (() => gate.signal()) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  });
}

/** The HTTP status of a failed axios request, if it got an answer. */
const statusOf = (error: unknown): number | undefined =>
  (error as { response?: { status?: number } } | null)?.response?.status;

interface Subscriber {
  topics: ReadonlySet<LiveEvent>;
  onChange: (message: LiveMessage) => void;
}

/** The shell's own view of its live service: the pages' contract, and the company-wide events. */
export interface ShellLiveService extends LiveService {
  /**
   * The shell's own listener of company-wide events (LIVE_COMPANY_TOPICS, e.g. a plan change): it
   * holds the stream open like a page does, after sign-in only. Returns the unsubscribe.
   */
  follow(topics: readonly LiveCompanyTopic[], onEvent: () => void): () => void;
  dispose(): void;
}

/**
 * The tab's one live stream (ShellServices.live). Lazy: nothing is opened until a page subscribes
 * (or the shell follows plan changes, for a merchant) while the session is 'authenticated'; it closes when the session ends (logout, expiry, another
 * tab signing out) and when the last subscriber leaves. A dropped stream is reported as
 * 'reconnecting' (the pages poll meanwhile) and reopened with backoff. The stream's reader reports
 * only an `error` (like EventSource), and its request is not the HTTP client's, so before reopening
 * the service asks `?probe` through the shell's HTTP client: a 401 there runs the shell's one
 * expiry flow and the service stops until the next sign-in; a 403 stops it too (not a back-office
 * user). The request gate aborting the stream (logout, expiry) is such an error too: the probe is
 * refused while the gate is closed, and the session's end closes the service before it retries.
 */
export function createLiveService(options: LiveServiceOptions): ShellLiveService {
  const { http, session } = options;
  const createEventSource = options.createEventSource ?? fetchReaders(options.gate);
  const minDelay = options.minDelayMs ?? LIVE_RECONNECT_MIN_MS;
  const maxDelay = options.maxDelayMs ?? LIVE_RECONNECT_MAX_MS;

  const subscribers = new Set<Subscriber>();
  const statusListeners = new Set<() => void>();
  let status: LiveStatus = 'reconnecting';
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = minDelay;
  /** Refused (401/403): no reconnect until the session is authenticated again. */
  let refused = false;
  /** Bumped on every close: a probe answering after it is ignored. */
  let generation = 0;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
  };
  const signedIn = () => session.getSnapshot().status === 'authenticated';
  const wanted = () => subscribers.size > 0 && signedIn() && !refused;

  function dispatch(event: MessageEvent) {
    let message: LiveMessage;
    try {
      message = JSON.parse(String(event.data)) as LiveMessage;
    } catch {
      return;
    }
    for (const subscriber of [...subscribers]) {
      if (subscriber.topics.has(message.topic as LiveEvent)) subscriber.onChange(message);
    }
  }

  function open() {
    if (source || !wanted()) return;
    const current = createEventSource(LIVE_EVENTS_PATH);
    source = current;
    current.onopen = () => {
      if (source !== current) return;
      delay = minDelay;
      setStatus('live');
    };
    current.onerror = () => {
      if (source !== current) return;
      // The reader would retry on its own without telling us why; the service decides instead.
      current.close();
      source = null;
      setStatus('reconnecting');
      schedule();
    };
    for (const topic of [...LIVE_TOPICS, ...LIVE_COMPANY_TOPICS]) current.addEventListener(topic, dispatch);
  }

  function schedule() {
    if (timer !== undefined || !wanted()) return;
    const wait = delay;
    delay = Math.min(delay * 2, maxDelay);
    const mine = generation;
    timer = setTimeout(() => {
      timer = undefined;
      if (mine !== generation || !wanted()) return;
      http.get(LIVE_EVENTS_PATH, { params: { probe: 1 } }).then(
        () => {
          if (mine === generation) open();
        },
        (error: unknown) => {
          if (mine !== generation) return;
          const code = statusOf(error);
          if (code === 401 || code === 403) refused = true;
          else schedule();
        },
      );
    }, wait);
  }

  function close() {
    generation += 1;
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = null;
    delay = minDelay;
    setStatus('reconnecting');
  }

  // Only a change of status matters (the snapshot also changes as the remaining time runs down).
  let seen = session.getSnapshot().status;
  const stopWatching = session.subscribe(() => {
    const next = session.getSnapshot().status;
    if (next === seen) return;
    seen = next;
    if (!signedIn()) {
      close();
      return;
    }
    refused = false;
    open();
  });

  function add(topics: readonly LiveEvent[], onChange: Subscriber['onChange']): () => void {
    const subscriber: Subscriber = { topics: new Set(topics), onChange };
    subscribers.add(subscriber);
    open();
    return () => {
      subscribers.delete(subscriber);
      if (subscribers.size === 0) close();
    };
  }

  return {
    subscribe: add,
    follow: (topics, onEvent) => add(topics, () => onEvent()),
    status: {
      get: () => status,
      subscribe(listener) {
        statusListeners.add(listener);
        return () => {
          statusListeners.delete(listener);
        };
      },
    },
    dispose() {
      stopWatching();
      subscribers.clear();
      close();
    },
  };
}
