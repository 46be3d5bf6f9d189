import { ACCORDION_SAVE_DEBOUNCE_MS, STORAGE_KEYS } from '@hive/shared/config';

/** What is kept of the back-office UI under `hive_redux_state` (DESIGN.md 7). */
export interface SavedUiState {
  sidebarOpen: boolean;
  openGroups: string[];
}

export const UI_STATE_KEY = STORAGE_KEYS.backofficeState;
const MAX_GROUPS = 100;
const MAX_NAME = 100;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** window.localStorage, or null where it is missing or throws (disabled storage, sandboxed frames). */
export function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function isSaved(value: unknown): value is SavedUiState {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { sidebarOpen, openGroups } = value as Record<string, unknown>;
  return (
    typeof sidebarOpen === 'boolean' &&
    Array.isArray(openGroups) &&
    openGroups.length <= MAX_GROUPS &&
    openGroups.every((name) => typeof name === 'string' && name.length > 0 && name.length <= MAX_NAME)
  );
}

/**
 * The saved UI state, or null. Corrupt or wrongly shaped data is discarded (and removed, so it
 * cannot fail again on the next load); never throws.
 */
export function loadUiState(storage: Storage | null = browserStorage()): SavedUiState | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(UI_STATE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isSaved(parsed)) return { sidebarOpen: parsed.sidebarOpen, openGroups: [...new Set(parsed.openGroups)] };
  } catch {
    // not JSON: fall through
  }
  try {
    storage.removeItem(UI_STATE_KEY);
  } catch {
    // storage trouble must never break the app
  }
  return null;
}

export function saveUiState(state: SavedUiState, storage: Storage | null = browserStorage()): void {
  try {
    storage?.setItem(UI_STATE_KEY, JSON.stringify(state));
  } catch {
    // quota exceeded or storage disabled: the UI keeps working, it just forgets
  }
}

interface StoreLike<S> {
  getState(): S;
  subscribe(listener: () => void): () => void;
}

export interface PersistenceOptions<S> {
  select: (state: S) => SavedUiState | undefined;
  storage?: Storage | null;
  delayMs?: number;
}

/**
 * Saves the UI state `delayMs` (300 ms) after the last change: a burst of accordion clicks is one
 * write. `stop()` (and leaving the page) writes a pending change at once, so nothing is lost.
 */
export function startUiPersistence<S>(store: StoreLike<S>, options: PersistenceOptions<S>): () => void {
  const { select, storage = browserStorage(), delayMs = ACCORDION_SAVE_DEBOUNCE_MS } = options;
  let last = select(store.getState());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: SavedUiState | null = null;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (pending) saveUiState(pending, storage);
    pending = null;
  };

  const unsubscribe = store.subscribe(() => {
    const next = select(store.getState());
    // The selector returns the same object until the saved part changes (memoized in the slice).
    if (!next || next === last) return;
    last = next;
    pending = next;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  });

  const onPageHide = () => flush();
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onPageHide);
  return () => {
    unsubscribe();
    if (typeof window !== 'undefined') window.removeEventListener('pagehide', onPageHide);
    flush();
  };
}
