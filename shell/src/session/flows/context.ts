import type { AxiosInstance } from 'axios';
import { REQUEST_BLOCK_RELEASE_MS, ROUTES } from '@hive/shared/config';
import { selectUser, type AppStore, type User } from '@hive/shared/store';
import type { SessionSnapshot, SessionSource, SessionStatus } from '@hive/shared/shell-contract';
import type { AuthClient } from '../../auth/authClient';
import { createRequestGate, type ErrorLogger, type InstalledInterceptors, type RequestGate } from '../../http';
import { createCrossTabChannel, type CrossTabChannel } from '../crossTab';
import { createSessionManager, type SessionEndReason, type SessionManager } from '../SessionManager';
import { getLocalStorage, getSessionStorage, type StorageLike } from '../storage';

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
  /** sessionStorage (the "last end was an expiry" flag, cleanup). */
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
  /**
   * Right after a sign-in: runs wherever the tab is (the sign-in page has no session handling), and
   * a boot still running, which asked the server before the sign-in, is waited for and asked again.
   */
  afterSignIn?: boolean;
}

/**
 * What every flow shares: the services the runtime was given, the SessionManager, and the few
 * facts that span flows (a session is ending, a logout, adoption or boot is under way). Each flow
 * is a module of functions over this one object; none keeps state of its own.
 */
export interface SessionContext {
  readonly store: AppStore;
  readonly auth: SessionRuntimeOptions['auth'];
  readonly http: AxiosInstance;
  readonly sessionSource: SessionSource;
  readonly logger: ErrorLogger;
  readonly storage: StorageLike | null;
  readonly sessionStorage: StorageLike | null;
  readonly now: () => number;
  readonly visibilityTarget: SessionRuntimeOptions['visibilityTarget'];
  readonly gate: RequestGate;
  readonly channel: CrossTabChannel;
  readonly manager: SessionManager;

  navigate: (path: string) => void;
  /** True from the start of a logout/expiry/cross-tab clear until the gate is released. */
  ending: boolean;
  loggingOut: Promise<void> | null;
  adopting: Promise<void> | null;
  booting: Promise<SessionStatus> | null;
  /** A boot asked for on a page without session handling (SPEC.md 1): it runs on the first page with it. */
  deferredBoot: BootOptions | null;
  /** A boot has run in this tab: from then on the session machinery is on, whatever the page. */
  booted: boolean;
  /** Set by `start()`, cleared by `dispose()`. */
  interceptors: InstalledInterceptors | null;

  /** The current pathname ('' when it cannot be read). */
  pathname(): string;
  /** Navigates; a failing navigator is logged, never thrown. */
  go(path: string): void;
  currentUser(): User | null;
  /** Ends what is in flight before a flow takes over: drops a pending 401 wave, blocks and aborts requests. */
  block(): void;
  /** Lifts the block REQUEST_BLOCK_RELEASE_MS from now (and only then clears `ending`). */
  releaseLater(): void;
  /** Lifts the block at once. */
  openGate(): void;
  /** Status 'authenticated' with the manager's current timing. */
  publishAuthenticated(): void;
  /** Status 'unauthenticated', no timing. */
  publishSignedOut(): void;
}

/** How the manager's loop hands an ended session back to the flows (set by the runtime). */
export interface ContextHooks {
  onExpire(reason: SessionEndReason): void;
}

const UNAUTHENTICATED: Partial<SessionSnapshot> = { status: 'unauthenticated', expiresAt: null, remainingMs: null };

/** History navigation that react-router's BrowserRouter follows (it listens to popstate). */
export function historyNavigate(path: string): void {
  if (typeof window === 'undefined') return;
  if (`${window.location.pathname}${window.location.search}` === path) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

/** Pages a signed-out user waits on (sign-in pages, session expired); when another tab signs in they move on to `/`. */
export function isSignedOutPage(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === ROUTES.sessionExpired || path.startsWith(ROUTES.authentication);
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createSessionContext(options: SessionRuntimeOptions, hooks: ContextHooks): SessionContext {
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
  const gate = options.gate ?? createRequestGate();
  const channel =
    options.channel ??
    createCrossTabChannel({
      storage,
      target: eventTarget,
      now,
      onError: (e) => logger.error('SESSION_CROSS_TAB', describe(e)),
    });
  const manager = createSessionManager({
    auth,
    storage,
    now,
    channel,
    onChange: (timing) => sessionSource.set({ expiresAt: timing.expiresAt, remainingMs: timing.remainingMs }),
    onExpire: (reason) => hooks.onExpire(reason),
  });

  const ctx: SessionContext = {
    store,
    auth,
    http,
    sessionSource,
    logger,
    storage,
    sessionStorage,
    now,
    visibilityTarget,
    gate,
    channel,
    manager,
    navigate: options.navigate ?? historyNavigate,
    ending: false,
    loggingOut: null,
    adopting: null,
    booting: null,
    deferredBoot: null,
    booted: false,
    interceptors: null,

    pathname() {
      try {
        return getPathname() ?? '';
      } catch {
        return '';
      }
    },
    go(path) {
      try {
        ctx.navigate(path);
      } catch (error) {
        logger.error('SESSION_NAVIGATE', describe(error));
      }
    },
    currentUser: () => selectUser(store.getState()),
    block() {
      ctx.interceptors?.cancelPendingUnauthorized();
      gate.block();
    },
    releaseLater() {
      gate.releaseAfter(REQUEST_BLOCK_RELEASE_MS, () => {
        ctx.ending = false;
      });
    },
    openGate() {
      ctx.ending = false;
      gate.release();
    },
    publishAuthenticated() {
      const timing = manager.getTiming();
      sessionSource.set({ status: 'authenticated', expiresAt: timing.expiresAt, remainingMs: timing.remainingMs });
    },
    publishSignedOut() {
      sessionSource.set(UNAUTHENTICATED);
    },
  };
  return ctx;
}
