import type { AxiosInstance } from 'axios';
import { REQUEST_BLOCK_RELEASE_MS, ROUTES, SESSION_WARNING_MS } from '@hive/shared/config';
import { PERSIST_KEY, reset, selectUser, toPersisted, type AppStore, type User } from '@hive/shared/store';
import type { SessionService, SessionSnapshot, SessionSource, SessionStatus } from '@hive/shared/shell-contract';
import type { AuthClient } from '../auth/authClient';
import {
  createRequestGate,
  installInterceptors,
  type ErrorLogger,
  type InstalledInterceptors,
  type RequestGate,
} from '../http';
import { loadUserData } from './bootSession';
import { createCrossTabChannel, type CrossTabChannel, type CrossTabMessage } from './crossTab';
import { clearExpiredFlag, markExpired } from './expiredFlag';
import { sameEmail, sessionUserId, type LocalSession } from './localSession';
import {
  createSessionManager,
  SessionEndedError,
  type SessionEndReason,
  type SessionManager,
  type SessionTiming,
} from './SessionManager';
import { clearProductStorage, getLocalStorage, getSessionStorage, safeSet, type StorageLike } from './storage';

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface SessionRuntimeOptions {
  store: AppStore;
  auth: Pick<AuthClient, 'getSession' | 'signOut' | 'extendSession'>;
  /** The one axios instance; `start()` installs the session interceptors on it. */
  http: AxiosInstance;
  /** Receives `{ status, expiresAt, remainingMs }` (ShellServices.session reads it). */
  sessionSource: SessionSource;
  /** Client-side navigation. Replaceable later with `setNavigate` (e.g. react-router's navigate). */
  navigate?: (path: string) => void;
  logger: ErrorLogger;
  /** localStorage (local session, cross-tab events, cleanup). */
  storage?: StorageLike | null;
  /** sessionStorage (the "last end was an expiry" flag). */
  sessionStorage?: StorageLike | null;
  now?: () => number;
  /** Current pathname for the header/401 rules and the logout target; defaults to location.pathname. */
  getPathname?: () => string;
  /** Where `storage` events arrive (window). */
  eventTarget?: Listenable | null;
  /** For `visibilitychange` (document). */
  visibilityTarget?: (Listenable & { visibilityState?: DocumentVisibilityState }) | null;
  channel?: CrossTabChannel;
  gate?: RequestGate;
}

export interface BootOptions {
  /** location.search, for `?planChanged=true`. */
  search?: string;
}

export interface LogoutOptions {
  /** Where to go afterwards; default '/' ('/admin' when the current page is in the admin console). */
  to?: string;
}

export interface SessionRuntime {
  /**
   * SPEC.md 4 boot / sign-in flow: asks the server; signed out -> store reset, session destroyed,
   * 'unauthenticated'. Signed in -> a different email than the stored session is a new login
   * (forced full cleanup + store reset first); user data is fetched when none is loaded, the email
   * changed or `?planChanged=true`; an existing valid local session is kept (SessionManager
   * validate), otherwise a new one is created and SESSION_LOGIN broadcast. Publishes the status.
   */
  boot(options?: BootOptions): Promise<SessionStatus>;
  /** Creates the local session for a signed-in user whose data is loaded (cleanup first when the stored email differs). */
  onSignedIn(user: Pick<User, 'user_id' | 'email'>): LocalSession;
  /** Signed out (no broadcast, no navigation): store reset, session destroyed, status 'unauthenticated'. */
  onSignedOut(): void;
  /** The full expiry flow (401 wave, timer at 0). Idempotent while one is running. */
  expire(): void;
  /** Logout: block requests, sign out on the server, clear locally, broadcast, navigate. Never rejects. */
  logout(options?: LogoutOptions): Promise<void>;
  /** Extends the session (server, then local). Resolves false when it failed (logged; an ended session expires). */
  extend(): Promise<boolean>;
  /** Clears every product key of local storage (not the cross-tab key) and this tab's flags. Call before a fresh sign-in. */
  cleanupBeforeSignIn(): void;
  /** Ends the session here and in every tab (FORCE_CLEANUP). */
  forceCleanup(): void;
  /** Installs interceptors and listeners. Idempotent. */
  start(): void;
  /** Removes interceptors, listeners and timers. */
  dispose(): void;
  setNavigate(navigate: (path: string) => void): void;
  /** For ShellServices.session. */
  readonly service: SessionService;
  readonly manager: SessionManager;
  readonly gate: RequestGate;
  readonly channel: CrossTabChannel;
}

/** The warning dialog shows when the published remaining time is at most 5 minutes. */
export function isSessionWarningVisible(snapshot: Pick<SessionSnapshot, 'status' | 'remainingMs'>): boolean {
  return (
    snapshot.status === 'authenticated' && snapshot.remainingMs !== null && snapshot.remainingMs <= SESSION_WARNING_MS
  );
}

/** Admin console pages log out to /admin, everything else to / (SPEC.md 8). */
export function defaultLogoutTarget(pathname: string): string {
  return pathname === ROUTES.admin || pathname.startsWith(`${ROUTES.admin}/`) ? ROUTES.admin : ROUTES.landing;
}

/** Pages with no session handling at all (SPEC.md 1): an expiry or a cross-tab clear does not move them. */
function isSessionFreePage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return ['/ordering', '/authentication'].some((base) => path === base || path.startsWith(`${base}/`));
}

/** Pages a signed-out user waits on (sign-in pages, session expired); when another tab signs in they move on to `/`. */
function isSignedOutPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === ROUTES.sessionExpired || path.startsWith(ROUTES.authentication);
}

/** History navigation that react-router's BrowserRouter follows (it listens to popstate). */
export function historyNavigate(path: string): void {
  if (typeof window === 'undefined') return;
  if (`${window.location.pathname}${window.location.search}` === path) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

const UNAUTHENTICATED: Partial<SessionSnapshot> = { status: 'unauthenticated', expiresAt: null, remainingMs: null };

/**
 * The shell's session core without React (SPEC.md 4, 5, 8; DESIGN.md 6; issue 4 items 3-7): wires
 * the local session, the SessionManager check loop, the cross-tab channel, the request gate and the
 * HTTP interceptors into the flows, and publishes `{ status, expiresAt, remainingMs }` into the
 * SessionSource that backs ShellServices.session.
 *
 * - expiry (timer at 0, a 401 wave, an extend the server refuses): block + abort requests, destroy
 *   the local session, reset the store, status 'unauthenticated', set the expired flag, go to `/`,
 *   broadcast SESSION_EXPIRED, sign out on the server (fire and forget), release after 1000 ms;
 * - logout: block, server signout, destroy, reset, broadcast SESSION_LOGOUT, go to `/` (`/admin`
 *   from the admin console) even when signout failed, release after 1000 ms;
 * - other tabs: SESSION_LOGOUT / SESSION_EXPIRED / FORCE_CLEANUP clear this tab (block, forget the
 *   session it knew, reset, go to `/`, release after 1000 ms); SESSION_EXTEND re-reads the stored
 *   session (the warning closes); SESSION_LOGIN is adopted (user data loaded, loop started).
 * Pages without session handling (`/ordering/...`, `/authentication/...`) are never navigated away
 * from by an expiry or a cross-tab clear; their state is cleared all the same.
 */
export function createSessionRuntime(options: SessionRuntimeOptions): SessionRuntime {
  const {
    store,
    auth,
    http,
    sessionSource,
    logger,
    storage = getLocalStorage(),
    sessionStorage = getSessionStorage(),
    now = Date.now,
    getPathname = () => (typeof location === 'undefined' ? '' : location.pathname),
    eventTarget = typeof window === 'undefined' ? null : window,
    visibilityTarget = typeof document === 'undefined' ? null : document,
  } = options;
  let navigate = options.navigate ?? historyNavigate;
  const gate = options.gate ?? createRequestGate();
  const channel =
    options.channel ??
    createCrossTabChannel({
      storage,
      target: eventTarget,
      now,
      onError: (e) => logger.error('SESSION_CROSS_TAB', describe(e)),
    });

  /** True from the start of a logout/expiry/cross-tab clear until the gate is released. */
  let ending = false;
  let loggingOut: Promise<void> | null = null;
  let adopting: Promise<void> | null = null;
  let interceptors: InstalledInterceptors | null = null;
  let unsubscribers: (() => void)[] = [];

  const manager = createSessionManager({
    auth,
    storage,
    now,
    channel,
    onChange: (timing: SessionTiming) =>
      sessionSource.set({ expiresAt: timing.expiresAt, remainingMs: timing.remainingMs }),
    onExpire: (reason: SessionEndReason) => (reason === 'expired' ? expire() : clearTab('SESSION_LOGOUT')),
  });

  const currentUser = () => selectUser(store.getState());
  const pathname = () => {
    try {
      return getPathname() ?? '';
    } catch {
      return '';
    }
  };

  function go(path: string): void {
    try {
      navigate(path);
    } catch (error) {
      logger.error('SESSION_NAVIGATE', describe(error));
    }
  }

  function releaseLater(): void {
    gate.releaseAfter(REQUEST_BLOCK_RELEASE_MS, () => {
      ending = false;
    });
  }

  function openGate(): void {
    ending = false;
    gate.release();
  }

  function authenticated(): void {
    const timing = manager.getTiming();
    sessionSource.set({ status: 'authenticated', expiresAt: timing.expiresAt, remainingMs: timing.remainingMs });
  }

  function cleanup(keepUser: Pick<User, 'email'> | null): void {
    clearProductStorage(storage);
    clearProductStorage(sessionStorage);
    // The store owns `primary`: when it already holds the new user, write that back at once.
    const state = store.getState().userData;
    if (keepUser && state.user && sameEmail(state.user.email, keepUser.email)) {
      safeSet(storage, PERSIST_KEY, JSON.stringify(toPersisted(state)));
    }
  }

  function onSignedIn(user: Pick<User, 'user_id' | 'email'>): LocalSession {
    const stored = manager.read();
    if (stored && !sameEmail(stored.user.user_email, user.email)) cleanup(user);
    openGate();
    clearExpiredFlag(sessionStorage);
    const session = manager.create(user);
    manager.start();
    authenticated();
    channel.post('SESSION_LOGIN', { email: user.email });
    return session;
  }

  function onSignedOut(): void {
    manager.destroy();
    store.dispatch(reset());
    sessionSource.set(UNAUTHENTICATED);
  }

  let booting: Promise<SessionStatus> | null = null;

  /** Concurrent calls (React StrictMode runs effects twice) share one run. */
  function boot(options: BootOptions = {}): Promise<SessionStatus> {
    booting ??= runBoot(options).finally(() => {
      booting = null;
    });
    return booting;
  }

  async function runBoot({
    search = typeof location === 'undefined' ? '' : location.search,
  }: BootOptions): Promise<SessionStatus> {
    let server: Awaited<ReturnType<typeof auth.getSession>> = null;
    try {
      server = await auth.getSession();
    } catch (error) {
      logger.error('SESSION_CHECK_FAILED', describe(error));
    }
    const email = server?.user?.email;
    if (!server || !email) {
      onSignedOut();
      return 'unauthenticated';
    }

    const stored = manager.read();
    const loaded = currentUser();
    const newLogin =
      (stored !== null && !sameEmail(stored.user.user_email, email)) ||
      (loaded !== null && !sameEmail(loaded.email, email));
    if (newLogin) {
      manager.destroy();
      cleanup(null);
      store.dispatch(reset());
    }
    openGate();
    const planChanged = new URLSearchParams(search).get('planChanged') === 'true';
    if (!currentUser() || planChanged) await loadUserData(http, store);

    const user = currentUser();
    if (!user) {
      // 'Failed to fetch user data' is in the store; signed in, but no local session without a user.
      logger.error('USER_DATA_FAILED', store.getState().userData.error ?? 'no user data');
      manager.stop();
      sessionSource.set({ status: 'authenticated', expiresAt: null, remainingMs: null });
      return 'authenticated';
    }
    const valid = await manager.validate(user, { serverSession: server });
    if (valid) {
      manager.start();
      authenticated();
    } else {
      onSignedIn(user);
    }
    return 'authenticated';
  }

  function expire(): void {
    if (ending) return;
    ending = true;
    const hadSession = sessionSource.getSnapshot().status === 'authenticated' || manager.read() !== null;
    interceptors?.cancelPendingUnauthorized();
    gate.block();
    manager.destroy();
    store.dispatch(reset());
    if (hadSession) markExpired(sessionStorage);
    // Navigate before publishing 'unauthenticated': otherwise the route guard of the page being
    // left redirects first (to the login with a callbackUrl) and wins over `/`.
    if (!isSessionFreePage(pathname())) go(ROUTES.landing);
    sessionSource.set(UNAUTHENTICATED);
    if (hadSession) {
      channel.post('SESSION_EXPIRED');
      // Make sure the server session is over too (its cookie may outlive a local expiry).
      void Promise.resolve()
        .then(() => auth.signOut({ callbackUrl: ROUTES.landing }))
        .catch(() => undefined);
    }
    releaseLater();
  }

  function clearTab(type: CrossTabMessage['type']): void {
    if (ending) return;
    ending = true;
    const hadSession = sessionSource.getSnapshot().status === 'authenticated';
    interceptors?.cancelPendingUnauthorized();
    gate.block();
    // The sending tab already cleared storage; remove only the session this tab knew, never a newer one.
    manager.destroy({ onlyIfCurrent: true });
    store.dispatch(reset());
    if (type === 'SESSION_EXPIRED' && hadSession) markExpired(sessionStorage);
    if (!isSessionFreePage(pathname())) go(ROUTES.landing);
    sessionSource.set(UNAUTHENTICATED);
    releaseLater();
  }

  function logout({ to }: LogoutOptions = {}): Promise<void> {
    if (loggingOut) return loggingOut;
    const target = to ?? defaultLogoutTarget(pathname());
    ending = true;
    interceptors?.cancelPendingUnauthorized();
    gate.block();
    manager.stop();
    loggingOut = (async () => {
      try {
        await auth.signOut({ callbackUrl: target });
      } catch (error) {
        logger.error('LOGOUT_FAILED', describe(error));
      }
      manager.destroy();
      store.dispatch(reset());
      clearExpiredFlag(sessionStorage);
      channel.post('SESSION_LOGOUT');
      go(target);
      sessionSource.set(UNAUTHENTICATED);
      releaseLater();
    })().finally(() => {
      loggingOut = null;
    });
    return loggingOut;
  }

  async function extend(): Promise<boolean> {
    if (ending) return false;
    try {
      await manager.extend();
      return true;
    } catch (error) {
      if (error instanceof SessionEndedError) expire();
      else logger.error('SESSION_EXTEND_FAILED', describe(error));
      return false;
    }
  }

  /** SESSION_LOGIN from another tab: adopt its session when no (or another) user is loaded here. */
  function adopt(): Promise<void> {
    if (adopting) return adopting;
    adopting = (async () => {
      if (loggingOut) return;
      const stored = manager.read();
      if (!stored) return;
      const loaded = currentUser();
      if (loaded && sameEmail(loaded.email, stored.user.user_email)) {
        openGate();
        if (manager.isRunning()) manager.check();
        else manager.start();
        authenticated();
        return;
      }
      openGate();
      if (loaded) store.dispatch(reset());
      await loadUserData(http, store);
      const user = currentUser();
      const current = manager.read();
      if (!user || !current || sessionUserId(user) !== sessionUserId(current.user)) {
        logger.error('SESSION_ADOPT_FAILED', user ? 'the stored session belongs to another user' : 'no user data');
        return;
      }
      manager.start();
      authenticated();
      if (loaded || isSignedOutPage(pathname())) go(ROUTES.landing);
    })()
      .catch((error) => logger.error('SESSION_ADOPT_FAILED', describe(error)))
      .finally(() => {
        adopting = null;
      });
    return adopting;
  }

  function onMessage(message: CrossTabMessage): void {
    switch (message.type) {
      case 'SESSION_LOGIN':
        void adopt();
        break;
      case 'SESSION_EXTEND':
        manager.check();
        break;
      case 'SESSION_LOGOUT':
      case 'SESSION_EXPIRED':
      case 'FORCE_CLEANUP':
        clearTab(message.type);
        break;
    }
  }

  function onVisibility(): void {
    if (visibilityTarget?.visibilityState && visibilityTarget.visibilityState !== 'visible') return;
    if (!manager.isRunning()) return;
    // A tab that slept may have missed events (they are dropped after 500 ms): reconcile from storage.
    const stored = manager.read();
    const loaded = currentUser();
    if (stored && loaded && !sameEmail(stored.user.user_email, loaded.email)) void adopt();
    else manager.check();
  }

  function forceCleanup(): void {
    if (ending) return;
    ending = true;
    interceptors?.cancelPendingUnauthorized();
    gate.block();
    manager.destroy();
    cleanup(null);
    store.dispatch(reset());
    channel.post('FORCE_CLEANUP');
    go(ROUTES.landing);
    sessionSource.set(UNAUTHENTICATED);
    releaseLater();
  }

  function start(): void {
    if (interceptors) return;
    interceptors = installInterceptors(http, {
      getSession: () => manager.read(),
      getPathname: pathname,
      gate,
      now,
      logger,
      onUnauthorized: () => expire(),
      onForbidden: () => {
        if (pathname() !== ROUTES.unauthorized) go(ROUTES.unauthorized);
      },
    });
    unsubscribers = [channel.subscribe(onMessage)];
    if (visibilityTarget) {
      visibilityTarget.addEventListener('visibilitychange', onVisibility);
      unsubscribers.push(() => visibilityTarget.removeEventListener('visibilitychange', onVisibility));
    }
  }

  function dispose(): void {
    interceptors?.eject();
    interceptors = null;
    for (const off of unsubscribers) off();
    unsubscribers = [];
    manager.stop();
    gate.dispose();
  }

  const service: SessionService = {
    getSnapshot: () => sessionSource.getSnapshot(),
    subscribe: (listener) => sessionSource.subscribe(listener),
    // Never rejects; failures are logged (an ended session runs the expiry flow).
    extend: async () => {
      await extend();
    },
    logout: () => logout(),
  };

  return {
    boot,
    onSignedIn,
    onSignedOut,
    expire,
    logout,
    extend,
    cleanupBeforeSignIn: () => cleanup(null),
    forceCleanup,
    start,
    dispose,
    setNavigate: (next) => {
      navigate = next;
    },
    service,
    manager,
    gate,
    channel,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
