import { isSessionFreePath } from '@hive/shared/http';
import { ROUTES } from '@hive/shared/config';
import { reset } from '@hive/shared/store';
import type { CrossTabMessage } from '../crossTab';
import { markExpired } from '../expiredFlag';
import { sameEmail, sessionUserId } from '../localSession';
import { isSessionless } from './boot';
import { describe, isSignedOutPage, type SessionContext } from './context';
import { loadUserData } from './userData';

/**
 * SESSION_LOGOUT / SESSION_EXPIRED / FORCE_CLEANUP from another tab (or the loop finding the
 * session gone): block, forget the session this tab knew, reset, go to `/` (pages without session
 * handling stay where they are), release after 1000 ms.
 */
export function clearTab(ctx: SessionContext, type: CrossTabMessage['type']): void {
  if (ctx.ending) return;
  ctx.ending = true;
  const hadSession = ctx.sessionSource.getSnapshot().status === 'authenticated';
  ctx.block();
  // The sending tab already cleared storage; remove only the session this tab knew, never a newer one.
  ctx.manager.destroy({ onlyIfCurrent: true });
  ctx.store.dispatch(reset());
  if (type === 'SESSION_EXPIRED' && hadSession) markExpired(ctx.sessionStorage);
  if (!isSessionFreePath(ctx.pathname())) ctx.go(ROUTES.landing);
  ctx.publishSignedOut();
  ctx.releaseLater();
}

/**
 * SESSION_LOGIN from another tab: adopt its session when no (or another) user is loaded here.
 * The same user only re-reads the session; another user's data replaces this tab's and sends it
 * to `/`. Concurrent calls share one.
 */
export function adopt(ctx: SessionContext): Promise<void> {
  if (ctx.adopting) return ctx.adopting;
  const { manager, store } = ctx;
  ctx.adopting = (async () => {
    if (ctx.loggingOut) return;
    const stored = manager.read();
    if (!stored) return;
    const loaded = ctx.currentUser();
    if (loaded && sameEmail(loaded.email, stored.user.user_email)) {
      ctx.openGate();
      if (manager.isRunning()) manager.check();
      else manager.start();
      ctx.publishAuthenticated();
      return;
    }
    ctx.openGate();
    if (loaded) store.dispatch(reset());
    await loadUserData(ctx.http, store);
    const user = ctx.currentUser();
    const current = manager.read();
    if (!user || !current || sessionUserId(user) !== sessionUserId(current.user)) {
      ctx.logger.error('SESSION_ADOPT_FAILED', user ? 'the stored session belongs to another user' : 'no user data');
      return;
    }
    manager.start();
    ctx.publishAuthenticated();
    if (loaded || isSignedOutPage(ctx.pathname())) ctx.go(ROUTES.landing);
  })()
    .catch((error) => ctx.logger.error('SESSION_ADOPT_FAILED', describe(error)))
    .finally(() => {
      ctx.adopting = null;
    });
  return ctx.adopting;
}

export function onCrossTabMessage(ctx: SessionContext, message: CrossTabMessage): void {
  // SPEC.md 1: a tab that opened on the storefront or an authentication page and has not booted
  // has no session to adopt, extend or clear; its boot, on its first page with session handling,
  // reads what the other tabs left. A sign-in elsewhere still moves a sign-in page on to `/`,
  // where that boot then runs.
  if (isSessionless(ctx)) {
    if (message.type === 'SESSION_LOGIN' && isSignedOutPage(ctx.pathname())) ctx.go(ROUTES.landing);
    return;
  }
  switch (message.type) {
    case 'SESSION_LOGIN':
      void adopt(ctx);
      break;
    case 'SESSION_EXTEND':
      ctx.manager.check();
      break;
    case 'SESSION_LOGOUT':
    case 'SESSION_EXPIRED':
    case 'FORCE_CLEANUP':
      clearTab(ctx, message.type);
      break;
  }
}

/** A tab that slept may have missed events (they are dropped after 500 ms): reconcile from storage. */
export function onVisible(ctx: SessionContext): void {
  const target = ctx.visibilityTarget;
  if (target?.visibilityState && target.visibilityState !== 'visible') return;
  if (!ctx.manager.isRunning()) return;
  const stored = ctx.manager.read();
  const loaded = ctx.currentUser();
  if (stored && loaded && !sameEmail(stored.user.user_email, loaded.email)) void adopt(ctx);
  else ctx.manager.check();
}

/** Subscribes to the channel and to `visibilitychange`; returns the unsubscribe. */
export function listenToOtherTabs(ctx: SessionContext): () => void {
  const offs = [ctx.channel.subscribe((message) => onCrossTabMessage(ctx, message))];
  const target = ctx.visibilityTarget;
  if (target) {
    const onVisibility = () => onVisible(ctx);
    target.addEventListener('visibilitychange', onVisibility);
    offs.push(() => target.removeEventListener('visibilitychange', onVisibility));
  }
  return () => {
    for (const off of offs) off();
  };
}
