import { ROUTES, STORAGE_KEYS } from '@hive/shared/config';
import { PERSIST_KEY, reset, toPersisted, type User } from '@hive/shared/store';
import { sameEmail } from '../localSession';
import { clearOriginStorage, safeSet } from '../storage';
import type { SessionContext } from './context';

/**
 * The forced full cleanup before a fresh login (SPEC.md 4, "all storage"): every key of this
 * origin's localStorage and sessionStorage goes, whoever wrote it, except the cross-tab event key
 * the broadcast itself needs and a sign-out the server has not heard yet (pendingSignOut.ts). With `keepUser`, a store that already holds that user writes its
 * `primary` back at once (the store owns that key). Cookies are not storage: the language the user
 * chose (`hive_lang`) stays.
 */
export function cleanupStorage(ctx: SessionContext, keepUser: Pick<User, 'email'> | null = null): void {
  // The pending sign-out survives: it is about the server session, which a cleanup does not end.
  clearOriginStorage(ctx.storage, { keep: [STORAGE_KEYS.signOutPending] });
  clearOriginStorage(ctx.sessionStorage);
  const state = ctx.store.getState().userData;
  if (keepUser && state.user && sameEmail(state.user.email, keepUser.email)) {
    safeSet(ctx.storage, PERSIST_KEY, JSON.stringify(toPersisted(state)));
  }
}

/**
 * The cleanup before a fresh sign-in (SPEC.md 4), told to the other tabs as FORCE_CLEANUP: their
 * session and data are gone from the shared storage now, so they clear themselves and go to `/` at
 * once instead of finding out at their next check (the sign-in's SESSION_LOGIN then lets them adopt
 * the new session).
 */
export function cleanupBeforeSignIn(ctx: SessionContext): void {
  cleanupStorage(ctx);
  ctx.channel.post('FORCE_CLEANUP');
}

/** Ends the session here and in every tab (FORCE_CLEANUP): cleanup, reset, broadcast, go to `/`. */
export function forceCleanup(ctx: SessionContext): void {
  if (ctx.ending) return;
  ctx.ending = true;
  ctx.block();
  ctx.manager.destroy();
  cleanupStorage(ctx);
  ctx.store.dispatch(reset());
  ctx.channel.post('FORCE_CLEANUP');
  ctx.go(ROUTES.landing);
  ctx.publishSignedOut();
  ctx.releaseLater();
}
