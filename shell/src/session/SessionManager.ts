import {
  SESSION_CHECK_INTERVAL_MS,
  SESSION_LIFETIME_MS,
  SESSION_WARNING_MS,
  SESSION_WARNING_UPDATE_THRESHOLD_MS,
} from '@hive/shared/config';
import type { AuthClient, AuthSession } from '../auth/authClient';
import type { CrossTabChannel } from './crossTab';
import {
  newSessionId,
  readLocalSession,
  removeLocalSession,
  sessionUserId,
  writeLocalSession,
  type LocalSession,
  type LocalSessionUser,
  type UserId,
} from './localSession';
import { getLocalStorage, type StorageLike } from './storage';

/** What the manager publishes. `warning` is `remainingMs <= SESSION_WARNING_MS`. */
export interface SessionTiming {
  expiresAt: number | null;
  remainingMs: number | null;
  warning: boolean;
}

export const NO_SESSION_TIMING: SessionTiming = Object.freeze({ expiresAt: null, remainingMs: null, warning: false });

/** A user as the store holds it (`user_id`, `email`) or as the local session holds it (`id`, `user_email`). */
export interface SessionUserInput {
  user_id?: UserId | null;
  id?: UserId | null;
  email?: string | null;
  user_email?: string | null;
}

/** Why the check loop ended the session: time ran out, or the stored session disappeared. */
export type SessionEndReason = 'expired' | 'missing';

/** The server has no session (extend answered null) or there is no local session to extend. */
export class SessionEndedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SessionEndedError';
  }
}

export interface SessionManagerOptions {
  auth: Pick<AuthClient, 'getSession' | 'extendSession'>;
  /** Defaults to localStorage. */
  storage?: StorageLike | null;
  now?: () => number;
  /** Published timing, under the > 5 s rule (see `shouldPublishTiming`). */
  onChange?: (timing: SessionTiming) => void;
  /** The running check loop found the session over. Called once; the loop has stopped. */
  onExpire?: (reason: SessionEndReason) => void;
  /** Where SESSION_EXTEND is broadcast after a successful extend. */
  channel?: Pick<CrossTabChannel, 'post'> | null;
  createId?: () => string;
}

export interface ValidateOptions {
  /** A server session answer already in hand (skips a second `GET /api/auth/session`). */
  serverSession?: AuthSession | null;
}

export interface SessionManager {
  /** The stored session (defensive read; corrupt data is removed). */
  read(): LocalSession | null;
  /** Creates and stores a new local session for `user`: expiresAt = now + 45 min. Throws without a user id. */
  create(user: SessionUserInput): LocalSession;
  /**
   * SPEC.md 5: the stored session when it exists, is not expired, belongs to `currentUser` (same
   * user id) and the server session check returns a user. Any failure destroys the local session
   * and resolves null (never rejects).
   */
  validate(currentUser: SessionUserInput | null | undefined, options?: ValidateOptions): Promise<LocalSession | null>;
  /**
   * Server extend first (`auth.extendSession()`), then expiresAt = now + 45 min and lastActivity =
   * now, then SESSION_EXTEND is broadcast. Rejects with SessionEndedError when there is no local
   * session or the server has none; with the network error otherwise (local session unchanged).
   * Concurrent calls share one attempt.
   */
  extend(): Promise<LocalSession>;
  /**
   * Stops the loop, removes the stored session and publishes "no session". With `onlyIfCurrent`,
   * storage is left alone when it holds another session than the one this manager last saw (a tab
   * reacting to another tab's logout must not delete a session that a new login just wrote).
   */
  destroy(options?: { onlyIfCurrent?: boolean }): void;
  /** Starts the check loop (and checks at once). Idempotent. */
  start(): void;
  /** Stops the check loop; the stored session stays. */
  stop(): void;
  /** Re-reads the stored session now (another tab extended, the tab woke up). No-op unless running. */
  check(): void;
  isRunning(): boolean;
  /** The last published timing. */
  getTiming(): SessionTiming;
  /** The session id this manager last created, validated or saw in storage. */
  currentSessionId(): string | null;
}

/**
 * The > 5 s rule (SPEC.md 4): publish when there was nothing published yet, when a session
 * appears or disappears, when the warning state flips, or when the remaining time moved by MORE
 * than SESSION_WARNING_UPDATE_THRESHOLD_MS. A move of exactly 5000 ms does not publish.
 */
export function shouldPublishTiming(previous: SessionTiming | null, next: SessionTiming): boolean {
  if (!previous) return true;
  if ((previous.remainingMs === null) !== (next.remainingMs === null)) return true;
  if (previous.remainingMs === null || next.remainingMs === null) return false;
  if (previous.warning !== next.warning) return true;
  return Math.abs(next.remainingMs - previous.remainingMs) > SESSION_WARNING_UPDATE_THRESHOLD_MS;
}

export function timingOf(session: LocalSession | null, now: number): SessionTiming {
  if (!session) return NO_SESSION_TIMING;
  const remainingMs = session.expiresAt - now;
  return { expiresAt: session.expiresAt, remainingMs, warning: remainingMs <= SESSION_WARNING_MS };
}

/**
 * When the loop looks next: every SESSION_CHECK_INTERVAL_MS, but also exactly when the warning is
 * due and exactly at the expiry, so "warning at 300000 ms left" and "logout at 0" hold to the
 * millisecond whatever the phase of the 30 s loop. Each wake-up recomputes from timestamps, so a
 * throttled or sleeping tab catches up at its next wake-up instead of drifting.
 */
export function nextCheckDelay(remainingMs: number): number {
  let delay = SESSION_CHECK_INTERVAL_MS;
  if (remainingMs > SESSION_WARNING_MS) delay = Math.min(delay, remainingMs - SESSION_WARNING_MS);
  return Math.max(0, Math.min(delay, remainingMs));
}

export function createSessionManager({
  auth,
  storage = getLocalStorage(),
  now = Date.now,
  onChange,
  onExpire,
  channel = null,
  createId = newSessionId,
}: SessionManagerOptions): SessionManager {
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let published: SessionTiming | null = null;
  let knownId: string | null = null;
  let extending: Promise<LocalSession> | null = null;
  /** When the server last confirmed the session (boot, sign-in, or the periodic check). */
  let confirmedAt = 0;

  const read = () => {
    const session = readLocalSession(storage);
    if (session) knownId = session.sessionId;
    return session;
  };

  function publish(timing: SessionTiming): void {
    if (!shouldPublishTiming(published, timing)) return;
    published = timing;
    onChange?.(timing);
  }

  function clearTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  function check(): void {
    if (!running) return;
    clearTimer();
    const session = read();
    if (!session) {
      stop();
      publish(NO_SESSION_TIMING);
      onExpire?.('missing');
      return;
    }
    const timing = timingOf(session, now());
    if (timing.remainingMs !== null && timing.remainingMs <= 0) {
      stop();
      onExpire?.('expired');
      return;
    }
    publish(timing);
    timer = setTimeout(check, nextCheckDelay(timing.remainingMs ?? 0));
    // Boot and sign-in just heard from the server; ask again once per check interval after that.
    if (now() - confirmedAt >= SESSION_CHECK_INTERVAL_MS) {
      confirmedAt = now();
      void confirmWithServer(session.sessionId);
    }
  }

  /**
   * SPEC.md 5: a session is valid only while the server still returns a user. Revoked on the server
   * (password reset, suspended company, server-side expiry) ends it here as an expiry. The server
   * check never renews the session; an unreachable server leaves the local clock in charge.
   */
  async function confirmWithServer(sessionId: string): Promise<void> {
    let server: AuthSession | null;
    try {
      server = await auth.getSession();
    } catch {
      return;
    }
    if (!running || read()?.sessionId !== sessionId) return;
    if (!server?.user) {
      stop();
      onExpire?.('expired');
    }
  }

  function start(): void {
    if (running) return;
    running = true;
    confirmedAt = now();
    check();
  }

  function stop(): void {
    running = false;
    clearTimer();
  }

  function create(user: SessionUserInput): LocalSession {
    const userId = user.user_id ?? user.id;
    if (userId === null || userId === undefined || sessionUserId({ user_id: userId }) === null) {
      throw new TypeError('A local session needs a user id (user_id or id).');
    }
    const sessionUser: LocalSessionUser = { user_email: user.email ?? user.user_email ?? '' };
    if (user.user_id !== null && user.user_id !== undefined) sessionUser.user_id = userId;
    else sessionUser.id = userId;
    const t = now();
    const session: LocalSession = {
      sessionId: createId(),
      user: sessionUser,
      createdAt: t,
      lastActivity: t,
      expiresAt: t + SESSION_LIFETIME_MS,
    };
    writeLocalSession(session, storage);
    knownId = session.sessionId;
    if (running) check();
    else publish(timingOf(session, t));
    return session;
  }

  function destroy({ onlyIfCurrent = false }: { onlyIfCurrent?: boolean } = {}): void {
    stop();
    const lastSeen = knownId;
    knownId = null;
    if (onlyIfCurrent) {
      const stored = readLocalSession(storage);
      if (stored && stored.sessionId === lastSeen) removeLocalSession(storage);
    } else {
      removeLocalSession(storage);
    }
    publish(NO_SESSION_TIMING);
  }

  async function validate(
    currentUser: SessionUserInput | null | undefined,
    options: ValidateOptions = {},
  ): Promise<LocalSession | null> {
    const fail = () => {
      destroy();
      return null;
    };
    const stored = read();
    if (!stored) return fail();
    if (stored.expiresAt <= now()) return fail();
    const currentId = sessionUserId(currentUser);
    if (currentId === null || sessionUserId(stored.user) !== currentId) return fail();
    let server: AuthSession | null;
    try {
      server = 'serverSession' in options ? (options.serverSession ?? null) : await auth.getSession();
    } catch {
      server = null;
    }
    if (!server?.user) return fail();
    return stored;
  }

  function extend(): Promise<LocalSession> {
    if (extending) return extending;
    extending = (async () => {
      if (!read()) throw new SessionEndedError('There is no local session to extend.');
      const server = await auth.extendSession();
      if (!server?.user) throw new SessionEndedError('The server has no session to extend.');
      const current = read();
      if (!current) throw new SessionEndedError('The local session ended while extending.');
      const t = now();
      // The server caps an extend at the session's absolute end (12 hours after sign-in): then the
      // time it gives is clearly short of 45 minutes, and the warning counts down to that instead.
      // Measured on the server's clock (remainingMs), so a browser clock that is off changes nothing.
      const capped = server.remainingMs !== undefined && server.remainingMs < SESSION_LIFETIME_MS - 60_000;
      const expiresAt = t + (capped ? Math.max(0, server.remainingMs!) : SESSION_LIFETIME_MS);
      const next: LocalSession = { ...current, expiresAt, lastActivity: t };
      writeLocalSession(next, storage);
      channel?.post('SESSION_EXTEND', { expiresAt: next.expiresAt });
      if (running) check();
      else publish(timingOf(next, t));
      return next;
    })().finally(() => {
      extending = null;
    });
    return extending;
  }

  return {
    read,
    create,
    validate,
    extend,
    destroy,
    start,
    stop,
    check,
    isRunning: () => running,
    getTiming: () => published ?? NO_SESSION_TIMING,
    currentSessionId: () => knownId,
  };
}
