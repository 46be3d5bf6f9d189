import { STORAGE_KEYS } from '@hive/shared/config';

/** The part of Web Storage the session code uses (localStorage, sessionStorage or a test double). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Web Storage with enumeration, needed only by the full cleanup. */
export interface EnumerableStorage extends StorageLike {
  readonly length: number;
  key(index: number): string | null;
}

/** `window.localStorage`, or null where it is missing or access throws (sandboxed frames, privacy modes). */
export function getLocalStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getSessionStorage(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Storage trouble (quota, disabled storage) must never break the app: every access goes through here. */
export function safeGet(storage: StorageLike | null | undefined, key: string): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}

export function safeSet(storage: StorageLike | null | undefined, key: string, value: string): boolean {
  if (!storage) return false;
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function safeRemove(storage: StorageLike | null | undefined, key: string): void {
  if (!storage) return;
  try {
    storage.removeItem(key);
  } catch {
    // nothing to do
  }
}

function isEnumerable(storage: StorageLike): storage is EnumerableStorage {
  return (
    typeof (storage as Partial<EnumerableStorage>).key === 'function' &&
    typeof (storage as Partial<EnumerableStorage>).length === 'number'
  );
}

/**
 * The forced full cleanup (SPEC.md 4: "all storage"): removes every key of `storage`, this
 * product's or not, except the cross-tab event key and any key in `keep`. Returns the removed keys.
 * Never throws.
 *
 * Key by key rather than `clear()`: clearing and writing the event back would replay the last
 * event to the other tabs (they would see the key change), and removing it would lose it for a
 * tab that reads it late.
 */
export function clearOriginStorage(
  storage: StorageLike | null | undefined,
  { keep = [] }: { keep?: readonly string[] } = {},
): string[] {
  if (!storage || !isEnumerable(storage)) return [];
  const kept = new Set<string>([STORAGE_KEYS.sessionEvent, ...keep]);
  const doomed: string[] = [];
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null && !kept.has(key)) doomed.push(key);
    }
  } catch {
    return [];
  }
  for (const key of doomed) safeRemove(storage, key);
  return doomed;
}
