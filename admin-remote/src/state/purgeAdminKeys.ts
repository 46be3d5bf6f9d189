import { ADMIN_STORAGE_PREFIX, STORAGE_KEYS } from '@hive/shared/config';
import { browserStorage, type KeyStorage } from './storage';

/**
 * SPEC.md 2: after each route change every local-storage key starting with `admin_` is removed,
 * except the admin console's own saved UI state (`admin_hive_redux_state`, DESIGN.md 7).
 * `adminOpenAccordions` does not start with `admin_` and is left alone. Returns the removed keys.
 */
export function purgeAdminKeys(
  storage: KeyStorage | null = browserStorage(),
  keep: readonly string[] = [STORAGE_KEYS.adminState],
): string[] {
  if (!storage) return [];
  const doomed: string[] = [];
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null && key.startsWith(ADMIN_STORAGE_PREFIX) && !keep.includes(key)) doomed.push(key);
    }
  } catch {
    return [];
  }
  for (const key of doomed) {
    try {
      storage.removeItem(key);
    } catch {
      // keep going: one stubborn key must not stop the rest
    }
  }
  return doomed;
}
