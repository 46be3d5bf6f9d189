import { STORAGE_KEYS } from '@hive/shared/config';
import { checkPersistedUserData } from './checks';
import type { UserDataState } from './types';

/** Web Storage, or an asynchronous store with the same three methods. */
export interface PersistStorage {
  getItem(key: string): string | null | Promise<string | null>;
  setItem(key: string, value: string): void | Promise<void>;
  removeItem(key: string): void | Promise<void>;
}

export const PERSIST_KEY = STORAGE_KEYS.persistedStore;

const isPromiseLike = <T>(value: unknown): value is PromiseLike<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** Swallows both sync throws and async rejections: storage trouble must never break the app. */
function quietly(run: () => unknown): void {
  try {
    const result = run();
    if (isPromiseLike(result)) Promise.resolve(result).catch(() => undefined);
  } catch {
    // quota exceeded, storage disabled, ...
  }
}

/** The data part only: whatever else the slice may gain is never written. */
export function toPersisted(state: UserDataState): UserDataState {
  const { user, license, addons, role, error } = state;
  return { user, license, addons, role, error };
}

/** Parses stored text. Returns null when absent; 'corrupt' for bad JSON or a wrong shape. */
export function parsePersisted(raw: unknown): UserDataState | null | 'corrupt' {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'string') return 'corrupt';
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return 'corrupt';
  }
  const parsed = checkPersistedUserData(json);
  return parsed.success ? parsed.data : 'corrupt';
}

export function writePersisted(storage: PersistStorage, state: UserDataState): void {
  quietly(() => storage.setItem(PERSIST_KEY, JSON.stringify(toPersisted(state))));
}

function settle(storage: PersistStorage, raw: unknown): UserDataState | null {
  const result = parsePersisted(raw);
  if (result !== 'corrupt') return result;
  quietly(() => storage.removeItem(PERSIST_KEY));
  return null;
}

/**
 * Reads the stored data. Synchronous storage answers at once (no loader flash); an asynchronous
 * one answers through `onDone`, or with null after `timeoutMs`. Never throws.
 */
export function readPersisted(
  storage: PersistStorage,
  timeoutMs: number,
  onDone: (data: UserDataState | null) => void,
): void {
  let raw: ReturnType<PersistStorage['getItem']>;
  try {
    raw = storage.getItem(PERSIST_KEY);
  } catch {
    onDone(null);
    return;
  }
  if (!isPromiseLike<string | null>(raw)) {
    onDone(settle(storage, raw));
    return;
  }
  let done = false;
  const finish = (data: UserDataState | null) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    onDone(data);
  };
  const timer = setTimeout(() => finish(null), timeoutMs);
  Promise.resolve(raw).then(
    (value) => {
      if (!done) finish(settle(storage, value));
    },
    () => finish(null),
  );
}

/** window.localStorage when usable (access can throw, e.g. with storage disabled). */
export function defaultStorage(): PersistStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}
