import { CROSS_TAB_EVENT_MAX_AGE_MS, SESSION_EVENTS, STORAGE_KEYS, type SessionEventType } from '@hive/shared/config';
import { newSessionId } from './localSession';
import { getLocalStorage, safeSet, type StorageLike } from './storage';

export type CrossTabEventType = SessionEventType;

/** What is written to `hive_session_event`: `{ type, at, tabId, seq, ...payload }`. */
export interface CrossTabMessage {
  type: CrossTabEventType;
  /** Epoch ms when the sending tab posted it. */
  at: number;
  tabId: string;
  /** Per-tab counter: two posts in the same millisecond still differ, so both fire a storage event. */
  seq: number;
  [key: string]: unknown;
}

export type CrossTabHandler = (message: CrossTabMessage) => void;

export interface CrossTabChannel {
  readonly tabId: string;
  /** Writes the event; other tabs receive it as a `storage` event. The value stays in storage. */
  post(type: CrossTabEventType, payload?: Record<string, unknown>): CrossTabMessage;
  /** Events of other tabs, at most CROSS_TAB_EVENT_MAX_AGE_MS old. Returns the unsubscribe. */
  subscribe(handler: CrossTabHandler): () => void;
}

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface CrossTabChannelOptions {
  /** Defaults to localStorage. */
  storage?: StorageLike | null;
  /** Where `storage` events arrive; defaults to window. */
  target?: Listenable | null;
  now?: () => number;
  tabId?: string;
  maxAgeMs?: number;
  /** A handler threw; the channel keeps working. */
  onError?: (error: unknown) => void;
}

export const CROSS_TAB_KEY = STORAGE_KEYS.sessionEvent;

const EVENT_TYPES: ReadonlySet<string> = new Set(SESSION_EVENTS);

/** Parses a stored event; null for corrupt JSON, a wrong shape or an unknown type. */
export function parseCrossTabMessage(raw: string | null | undefined): CrossTabMessage | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const message = json as Partial<CrossTabMessage>;
  if (typeof message.type !== 'string' || !EVENT_TYPES.has(message.type)) return null;
  if (typeof message.at !== 'number' || !Number.isFinite(message.at)) return null;
  if (typeof message.tabId !== 'string') return null;
  return { ...message, seq: typeof message.seq === 'number' ? message.seq : 0 } as CrossTabMessage;
}

/**
 * The cross-tab channel of DESIGN.md 6 over localStorage `storage` events on `hive_session_event`.
 * Events older than 500 ms (by their `at`, against this tab's clock) are ignored, as are this tab's
 * own events and corrupt values. An event exactly 500 ms old is still accepted.
 */
export function createCrossTabChannel({
  storage = getLocalStorage(),
  target = typeof window === 'undefined' ? null : window,
  now = Date.now,
  tabId = newSessionId(),
  maxAgeMs = CROSS_TAB_EVENT_MAX_AGE_MS,
  onError,
}: CrossTabChannelOptions = {}): CrossTabChannel {
  let seq = 0;

  function post(type: CrossTabEventType, payload: Record<string, unknown> = {}): CrossTabMessage {
    seq += 1;
    const message: CrossTabMessage = { ...payload, type, at: now(), tabId, seq };
    safeSet(storage, CROSS_TAB_KEY, JSON.stringify(message));
    return message;
  }

  function subscribe(handler: CrossTabHandler): () => void {
    if (!target) return () => undefined;
    const listener = (event: Event) => {
      const { key, newValue, storageArea } = event as StorageEvent;
      if (key !== CROSS_TAB_KEY) return;
      // Same key in sessionStorage (or another store) is not ours.
      if (storageArea && storage && storageArea !== storage) return;
      const message = parseCrossTabMessage(newValue);
      if (!message || message.tabId === tabId) return;
      if (now() - message.at > maxAgeMs) return;
      try {
        handler(message);
      } catch (error) {
        onError?.(error);
      }
    };
    target.addEventListener('storage', listener);
    return () => target.removeEventListener('storage', listener);
  }

  return { tabId, post, subscribe };
}
