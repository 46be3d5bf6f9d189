import { ROUTES, SESSION_WARNING_MS } from '@hive/shared/config';
import type { User } from '@hive/shared/store';
import type { SessionService, SessionSnapshot, SessionStatus } from '@hive/shared/shell-contract';
import { installInterceptors, type RequestGate } from '../http';
import { hasSessionHandling } from '../remotes/areaOfPath';
import type { CrossTabChannel } from './crossTab';
import type { LocalSession } from './localSession';
import type { SessionManager } from './SessionManager';
import {
  boot,
  cleanupBeforeSignIn,
  clearTab,
  createSessionContext,
  expire,
  extend,
  forceCleanup,
  forgetPendingSignOut,
  listenToOtherTabs,
  logout,
  onSignedIn,
  onSignedOut,
  runDeferredBoot,
  type BootOptions,
  type LogoutOptions,
  type SessionRuntimeOptions,
} from './flows';

export {
  defaultLogoutTarget,
  historyNavigate,
  type BootOptions,
  type LogoutOptions,
  type SessionRuntimeOptions,
} from './flows';

export interface SessionRuntime {
  /**
   * The boot / sign-in flow (flows/boot.ts). Publishes the status. On a page without session
   * handling it waits for the first page with it (`onNavigated`), unless it follows a sign-in.
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
  /** The forced full cleanup of SPEC.md 4 (flows/cleanup.ts), FORCE_CLEANUP to the other tabs. Call before a fresh sign-in. */
  cleanupBeforeSignIn(): void;
  /** Ends the session here and in every tab (FORCE_CLEANUP). */
  forceCleanup(): void;
  /** A fresh sign-in succeeded: an earlier sign-out the server did not hear no longer matters. */
  forgetPendingSignOut(): void;
  /** Installs interceptors and listeners. Idempotent. */
  start(): void;
  /** Removes interceptors, listeners and timers. */
  dispose(): void;
  /**
   * The router moved (SessionChrome calls it on every path change). On a page with session
   * handling, a boot that waited (the tab opened on a storefront or authentication page) runs now,
   * and a session that ran out while a storefront or authentication page was shown ends now.
   */
  onNavigated(): void;
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

/**
 * The shell's session core without React (SPEC.md 4, 5, 8): one shared context (flows/context.ts)
 * and one module per flow under flows/ (boot, signIn, logout, expiry, extend, crossTab, cleanup).
 * This function only wires them: the SessionManager's loop ends a session through the expiry flow
 * (or the cross-tab clear when the session vanished from storage), the HTTP interceptors run the
 * expiry flow on a 401 wave and go to /unauthorized on a 403, and the channel and
 * `visibilitychange` feed the cross-tab flow. The state it publishes backs ShellServices.session.
 */
export function createSessionRuntime(options: SessionRuntimeOptions): SessionRuntime {
  /** The check loop found the session over while the page had no session handling. */
  let endDeferred = false;
  const ctx = createSessionContext(options, {
    onExpire: (reason) => {
      // SPEC.md 1: the storefront and the authentication pages have no session handling, so a
      // merchant looking at their storefront is not logged out there; the loop has stopped, and
      // onNavigated() starts it again (it re-reads the session) once the tab is back.
      if (!hasSessionHandling(ctx.pathname())) {
        endDeferred = true;
        return;
      }
      if (reason === 'expired') expire(ctx);
      else clearTab(ctx, 'SESSION_LOGOUT');
    },
  });
  let stopListening: (() => void) | null = null;

  function start(): void {
    if (ctx.interceptors) return;
    ctx.interceptors = installInterceptors(ctx.http, {
      getSession: () => ctx.manager.read(),
      getPathname: () => ctx.pathname(),
      gate: ctx.gate,
      now: ctx.now,
      logger: ctx.logger,
      onUnauthorized: () => expire(ctx),
      onForbidden: () => {
        if (ctx.pathname() !== ROUTES.unauthorized) ctx.go(ROUTES.unauthorized);
      },
    });
    stopListening = listenToOtherTabs(ctx);
  }

  function dispose(): void {
    ctx.interceptors?.eject();
    ctx.interceptors = null;
    stopListening?.();
    stopListening = null;
    ctx.manager.stop();
    ctx.gate.dispose();
  }

  const service: SessionService = {
    getSnapshot: () => ctx.sessionSource.getSnapshot(),
    subscribe: (listener) => ctx.sessionSource.subscribe(listener),
    // Never rejects; failures are logged (an ended session runs the expiry flow).
    extend: async () => {
      await extend(ctx);
    },
    logout: () => logout(ctx),
  };

  return {
    boot: (bootOptions) => boot(ctx, bootOptions),
    onSignedIn: (user) => onSignedIn(ctx, user),
    onSignedOut: () => onSignedOut(ctx),
    expire: () => expire(ctx),
    logout: (logoutOptions) => logout(ctx, logoutOptions),
    extend: () => extend(ctx),
    cleanupBeforeSignIn: () => cleanupBeforeSignIn(ctx),
    forceCleanup: () => forceCleanup(ctx),
    forgetPendingSignOut: () => forgetPendingSignOut(ctx),
    start,
    dispose,
    onNavigated: () => {
      // A tab that opened on a page without session handling boots on its first page with it.
      runDeferredBoot(ctx);
      if (!endDeferred || !hasSessionHandling(ctx.pathname())) return;
      endDeferred = false;
      // Only a session still published here is looked at again (a logout meanwhile already ended it).
      if (ctx.sessionSource.getSnapshot().status === 'authenticated' && !ctx.manager.isRunning()) ctx.manager.start();
    },
    setNavigate: (next) => {
      ctx.navigate = next;
    },
    service,
    manager: ctx.manager,
    gate: ctx.gate,
    channel: ctx.channel,
  };
}
