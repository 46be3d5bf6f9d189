import { PRODUCT_KEY } from '@hive/shared/config';
import { getSessionStorage, safeGet, safeRemove, safeSet, type StorageLike } from './storage';

/**
 * "The last end of the session was an expiry" (DESIGN.md 11: `/` shows `/session-expired` right
 * after an expiry, else the login page). Kept in this tab's sessionStorage, so it survives the
 * navigation to `/` and a reload, and is not shared with other tabs (each tab that expires sets
 * its own).
 */
export const EXPIRED_FLAG_KEY = `${PRODUCT_KEY}_session_expired`;

export function markExpired(storage: StorageLike | null = getSessionStorage()): void {
  safeSet(storage, EXPIRED_FLAG_KEY, '1');
}

/** Reads the flag without clearing it (safe to call during render). */
export function peekExpiredFlag(storage: StorageLike | null = getSessionStorage()): boolean {
  return safeGet(storage, EXPIRED_FLAG_KEY) === '1';
}

export function clearExpiredFlag(storage: StorageLike | null = getSessionStorage()): void {
  safeRemove(storage, EXPIRED_FLAG_KEY);
}

/** Reads and clears the flag: true once after an expiry. */
export function consumeExpiredFlag(storage: StorageLike | null = getSessionStorage()): boolean {
  const expired = peekExpiredFlag(storage);
  if (expired) clearExpiredFlag(storage);
  return expired;
}
