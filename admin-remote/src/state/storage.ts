/** The part of Web Storage the admin console uses (tests pass a Map-backed fake). */
export interface KeyStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** window.localStorage, or null where it is missing or throws (disabled storage, sandboxes). */
export function browserStorage(): KeyStorage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

/**
 * Stored JSON of the expected shape, or null. Corrupt or wrongly shaped data is removed so it
 * cannot fail again; storage trouble never throws (DESIGN.md 7).
 */
export function readJson<T>(
  storage: KeyStorage | null,
  key: string,
  isValid: (value: unknown) => value is T,
): T | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isValid(parsed)) return parsed;
  } catch {
    // not JSON: discarded below
  }
  try {
    storage.removeItem(key);
  } catch {
    // ignore
  }
  return null;
}

export function writeJson(storage: KeyStorage | null, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the UI keeps working, it just forgets
  }
}
