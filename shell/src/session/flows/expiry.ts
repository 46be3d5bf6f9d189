import { isSessionFreePath } from '@hive/shared/http';
import { ROUTES } from '@hive/shared/config';
import { reset } from '@hive/shared/store';
import { markExpired } from '../expiredFlag';
import { type SessionContext } from './context';
import { signOutOnServer } from './pendingSignOut';

/**
 * The expiry flow (timer at 0, a 401 wave, an extend the server refuses): block and abort
 * requests, destroy the local session, reset the store, set the expired flag, go to `/`, publish
 * 'unauthenticated', broadcast SESSION_EXPIRED (always), sign out on the server (fire and forget,
 * when there was a session), release after 1000 ms. Idempotent while one is running.
 */
export function expire(ctx: SessionContext): void {
  if (ctx.ending) return;
  ctx.ending = true;
  const hadSession = ctx.sessionSource.getSnapshot().status === 'authenticated' || ctx.manager.read() !== null;
  ctx.block();
  ctx.manager.destroy();
  ctx.store.dispatch(reset());
  if (hadSession) markExpired(ctx.sessionStorage);
  // Navigate before publishing 'unauthenticated': otherwise the route guard of the page being
  // left redirects first (to the login with a callbackUrl) and wins over `/`.
  if (!isSessionFreePath(ctx.pathname())) ctx.go(ROUTES.landing);
  ctx.publishSignedOut();
  // SPEC.md 8: the expiry flow always tells the other tabs, also when this tab had no local session
  // (a 401 says the server session, which every tab of the browser shares through its cookie, is over).
  ctx.channel.post('SESSION_EXPIRED');
  if (hadSession) {
    // Make sure the server session is over too (its cookie may outlive a local expiry); a failure
    // is remembered and finished at the next boot.
    void Promise.resolve().then(() => signOutOnServer(ctx, ROUTES.landing));
  }
  ctx.releaseLater();
}
