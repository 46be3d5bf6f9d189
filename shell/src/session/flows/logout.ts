import { ROUTES } from '@hive/shared/config';
import { reset } from '@hive/shared/store';
import { clearExpiredFlag } from '../expiredFlag';
import type { SessionContext } from './context';
import { signOutOnServer } from './pendingSignOut';

export interface LogoutOptions {
  /** Where to go afterwards; default '/' ('/admin' when the current page is in the admin console). */
  to?: string;
}

/** Admin console pages log out to /admin, everything else to / (SPEC.md 8). */
export function defaultLogoutTarget(pathname: string): string {
  return pathname === ROUTES.admin || pathname.startsWith(`${ROUTES.admin}/`) ? ROUTES.admin : ROUTES.landing;
}

/**
 * Logout: block, sign out on the server, destroy, reset, broadcast SESSION_LOGOUT, go to the
 * target even when the signout failed (logged, and finished at the next boot), release after 1000 ms. Concurrent calls share one;
 * never rejects.
 */
export function logout(ctx: SessionContext, { to }: LogoutOptions = {}): Promise<void> {
  if (ctx.loggingOut) return ctx.loggingOut;
  const target = to ?? defaultLogoutTarget(ctx.pathname());
  ctx.ending = true;
  ctx.block();
  ctx.manager.stop();
  ctx.loggingOut = (async () => {
    // A failure is logged and remembered: the next boot finishes it before adopting any session.
    await signOutOnServer(ctx, target);
    ctx.manager.destroy();
    ctx.store.dispatch(reset());
    clearExpiredFlag(ctx.sessionStorage);
    ctx.channel.post('SESSION_LOGOUT');
    ctx.go(target);
    ctx.publishSignedOut();
    ctx.releaseLater();
  })().finally(() => {
    ctx.loggingOut = null;
  });
  return ctx.loggingOut;
}
