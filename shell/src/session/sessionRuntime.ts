import { ROUTES, SESSION_WARNING_MS } from '@hive/shared/config';
import type { User } from '@hive/shared/store';
import type { SessionService, SessionSnapshot, SessionStatus } from '@hive/shared/shell-contract';
import { installInterceptors, type RequestGate } from '../http';
import type { CrossTabChannel } from './crossTab';
import type { LocalSession } from './localSession';
import type { SessionManager } from './SessionManager';
import {
  boot,
  cleanupStorage,
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
  /** The boot / sign-in flow (flows/boot.ts). Publishes the status. */
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
  /** The forced full cleanup of SPEC.md 4 (flows/cleanup.ts). Call before a fresh sign-in. */
  cleanupBeforeSignIn(): void;
  /** Ends the session here and in every tab (FORCE_CLEANUP). */
  forceCleanup(): void;
  /** A fresh sign-in succeeded: an earlier sign-out the server did not hear no longer matters. */
  forgetPendingSignOut(): void;
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

/**
 * The shell's session core without React (SPEC.md 4, 5, 8): one shared context (flows/context.ts)
 * and one module per flow under flows/ (boot, signIn, logout, expiry, extend, crossTab, cleanup).
 * This function only wires them: the SessionManager's loop ends a session through the expiry flow
 * (or the cross-tab clear when the session vanished from storage), the HTTP interceptors run the
 * expiry flow on a 401 wave and go to /unauthorized on a 403, and the channel and
 * `visibilitychange` feed the cross-tab flow. The state it publishes backs ShellServices.session.
 */
export function createSessionRuntime(options: SessionRuntimeOptions): SessionRuntime {
  const ctx = createSessionContext(options, {
    onExpire: (reason) => (reason === 'expired' ? expire(ctx) : clearTab(ctx, 'SESSION_LOGOUT')),
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
    cleanupBeforeSignIn: () => cleanupStorage(ctx),
    forceCleanup: () => forceCleanup(ctx),
    forgetPendingSignOut: () => forgetPendingSignOut(ctx),
    start,
    dispose,
    setNavigate: (next) => {
      ctx.navigate = next;
    },
    service,
    manager: ctx.manager,
    gate: ctx.gate,
    channel: ctx.channel,
  };
}
