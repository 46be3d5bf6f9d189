import { STORAGE_KEYS } from '@hive/shared/config';
import { getLocalStorage, safeGet, safeRemove, safeSet, type StorageLike } from './storage';

export type UserId = string | number;

/** SPEC.md 3: the user part of the local session (`user_id` or `id`, and `user_email`). */
export interface LocalSessionUser {
  user_id?: UserId;
  id?: UserId;
  user_email: string;
}

/** The local session, in localStorage `hive_session`, shared by the tabs. Times are epoch ms. */
export interface LocalSession {
  sessionId: string;
  user: LocalSessionUser;
  createdAt: number;
  lastActivity: number;
  expiresAt: number;
}

export const LOCAL_SESSION_KEY = STORAGE_KEYS.session;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isUserId = (value: unknown): value is UserId =>
  (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isFinite(value));

/**
 * Parses stored text. null when absent; 'corrupt' for bad JSON or a wrong shape (no session id, no
 * user id, no email, a timestamp that is not a finite number). Unknown fields are dropped.
 */
export function parseLocalSession(raw: string | null | undefined): LocalSession | null | 'corrupt' {
  if (raw === null || raw === undefined) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return 'corrupt';
  }
  if (!isObject(json) || !isObject(json.user)) return 'corrupt';
  const { sessionId, createdAt, lastActivity, expiresAt } = json;
  const { user_id, id, user_email } = json.user;
  if (typeof sessionId !== 'string' || sessionId.length === 0) return 'corrupt';
  if (!isTime(createdAt) || !isTime(lastActivity) || !isTime(expiresAt)) return 'corrupt';
  if (typeof user_email !== 'string') return 'corrupt';
  if (user_id !== undefined && !isUserId(user_id)) return 'corrupt';
  if (id !== undefined && !isUserId(id)) return 'corrupt';
  if (user_id === undefined && id === undefined) return 'corrupt';
  const user: LocalSessionUser = { user_email };
  if (user_id !== undefined) user.user_id = user_id;
  if (id !== undefined) user.id = id;
  return { sessionId, user, createdAt, lastActivity, expiresAt };
}

/** The stored session, or null. Corrupt or wrongly shaped data is removed, never thrown. */
export function readLocalSession(storage: StorageLike | null = getLocalStorage()): LocalSession | null {
  const parsed = parseLocalSession(safeGet(storage, LOCAL_SESSION_KEY));
  if (parsed === 'corrupt') {
    safeRemove(storage, LOCAL_SESSION_KEY);
    return null;
  }
  return parsed;
}

/** Stores the session; false when storage refused it (quota, disabled). */
export function writeLocalSession(session: LocalSession, storage: StorageLike | null = getLocalStorage()): boolean {
  return safeSet(storage, LOCAL_SESSION_KEY, JSON.stringify(session));
}

export function removeLocalSession(storage: StorageLike | null = getLocalStorage()): void {
  safeRemove(storage, LOCAL_SESSION_KEY);
}

/** A random session id (crypto.randomUUID, with a getRandomValues fallback for old browsers). */
export function newSessionId(): string {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `user_id`, else `id`, as a string (so 7 and '7' match); null when neither is usable. */
export function sessionUserId(user: { user_id?: UserId | null; id?: UserId | null } | null | undefined): string | null {
  if (!user) return null;
  const value = user.user_id ?? user.id;
  return isUserId(value) ? String(value) : null;
}

/** Case-insensitive, trimmed email comparison; false when either is missing. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function isLocalSessionExpired(session: LocalSession, now: number): boolean {
  return session.expiresAt <= now;
}
