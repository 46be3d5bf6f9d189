import { ROUTES, STORAGE_KEYS } from '@hive/shared/config';
import { safeGet, safeRemove, safeSet } from '../storage';
import { describe, type SessionContext } from './context';

/*
 * A sign-out the server never heard (network down) leaves the server session alive while the tab
 * is already cleared; the next visit would find it and sign the user straight back in. So the
 * browser remembers (localStorage, shared by its tabs) that it signed out, and finishes the server
 * sign-out before it adopts any session. A fresh sign-in forgets it.
 */

export function markSignOutPending(ctx: SessionContext): void {
  safeSet(ctx.storage, STORAGE_KEYS.signOutPending, String(ctx.now()));
}

export function hasPendingSignOut(ctx: SessionContext): boolean {
  return safeGet(ctx.storage, STORAGE_KEYS.signOutPending) !== null;
}

export function forgetPendingSignOut(ctx: SessionContext): void {
  safeRemove(ctx.storage, STORAGE_KEYS.signOutPending);
}

/** Signs out on the server; a failure is remembered for the next boot. Never rejects. */
export async function signOutOnServer(ctx: SessionContext, callbackUrl: string): Promise<boolean> {
  try {
    await ctx.auth.signOut({ callbackUrl });
    forgetPendingSignOut(ctx);
    return true;
  } catch (error) {
    markSignOutPending(ctx);
    ctx.logger.error('LOGOUT_FAILED', describe(error));
    return false;
  }
}

/**
 * Before a boot adopts the server's session: true when there is nothing pending or the pending
 * sign-out went through now; false when it still cannot reach the server (stay signed out).
 */
export async function finishPendingSignOut(ctx: SessionContext): Promise<boolean> {
  if (!hasPendingSignOut(ctx)) return true;
  return signOutOnServer(ctx, ROUTES.landing);
}
