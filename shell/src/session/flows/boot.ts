import { reset } from '@hive/shared/store';
import type { SessionStatus } from '@hive/shared/shell-contract';
import { hasSessionHandling } from '../../remotes/areaOfPath';
import { sameEmail } from '../localSession';
import { cleanupStorage } from './cleanup';
import { describe, type BootOptions, type SessionContext } from './context';
import { finishPendingSignOut } from './pendingSignOut';
import { onSignedIn, onSignedOut } from './signIn';
import { loadUserData } from './userData';

export type { BootOptions } from './context';

/**
 * SPEC.md 4 boot: asks the server; signed out -> store reset, session destroyed. Signed in -> a
 * different email than the stored session or the loaded user is a new login (forced full cleanup
 * and store reset first); user data is fetched when none is loaded, after a sign-in or with
 * `?planChanged=true`; a valid stored session is kept, otherwise (and always after
 * `?planChanged=true`) a new one is created. Concurrent calls (React StrictMode runs effects twice) share one run.
 *
 * SPEC.md 1: on a page without session handling (the storefront, the authentication pages) it does
 * none of that: the boot waits, unseen, for the first page with session handling
 * (`runDeferredBoot`), so a storefront or sign-in tab never touches the session other tabs share.
 * Only a sign-in made on that page boots at once.
 */
export function boot(ctx: SessionContext, options: BootOptions = {}): Promise<SessionStatus> {
  if (!options.afterSignIn && !hasSessionHandling(ctx.pathname())) {
    ctx.deferredBoot = options;
    return Promise.resolve(ctx.sessionSource.getSnapshot().status);
  }
  return startBoot(ctx, options);
}

function startBoot(ctx: SessionContext, options: BootOptions): Promise<SessionStatus> {
  if (options.afterSignIn && ctx.booting) {
    // Still on the sign-in page: asked again from here, not deferred.
    const again = () => startBoot(ctx, { ...options, afterSignIn: false });
    return ctx.booting.then(again, again);
  }
  ctx.booting ??= runBoot(ctx, options).finally(() => {
    ctx.booting = null;
  });
  return ctx.booting;
}

async function runBoot(
  ctx: SessionContext,
  { search = typeof location === 'undefined' ? '' : location.search, afterSignIn = false }: BootOptions,
): Promise<SessionStatus> {
  const { auth, manager, store } = ctx;
  ctx.booted = true;
  ctx.deferredBoot = null;
  // This browser signed out while the server could not hear it: finish that first, never adopt.
  if (!(await finishPendingSignOut(ctx))) {
    onSignedOut(ctx);
    return 'unauthenticated';
  }
  let server: Awaited<ReturnType<typeof auth.getSession>> = null;
  try {
    server = await auth.getSession();
  } catch (error) {
    ctx.logger.error('SESSION_CHECK_FAILED', describe(error));
  }
  const email = server?.user?.email;
  if (!server || !email) {
    onSignedOut(ctx);
    return 'unauthenticated';
  }

  const stored = manager.read();
  const loaded = ctx.currentUser();
  const newLogin =
    (stored !== null && !sameEmail(stored.user.user_email, email)) ||
    (loaded !== null && !sameEmail(loaded.email, email));
  if (newLogin) {
    manager.destroy();
    cleanupStorage(ctx);
    store.dispatch(reset());
  }
  ctx.openGate();
  const planChanged = new URLSearchParams(search).get('planChanged') === 'true';
  // A sign-in always fetches it: the sign-in page does not boot, so its store may still hold what
  // it rehydrated from an earlier session of the same user.
  if (!ctx.currentUser() || planChanged || afterSignIn) await loadUserData(ctx.http, store);

  const user = ctx.currentUser();
  if (!user) {
    // 'Failed to fetch user data' is in the store; signed in, but no local session without a user.
    ctx.logger.error('USER_DATA_FAILED', store.getState().userData.error ?? 'no user data');
    manager.stop();
    ctx.sessionSource.set({ status: 'authenticated', expiresAt: null, remainingMs: null });
    return 'authenticated';
  }
  // SPEC.md 4: `?planChanged=true` fetches the user data AND creates a local session from it; a
  // stored one is not kept (it was made for the user data before the change).
  const valid = planChanged ? null : await manager.validate(user, { serverSession: server });
  if (valid) {
    manager.start();
    ctx.publishAuthenticated();
  } else {
    onSignedIn(ctx, user);
  }
  return 'authenticated';
}

/** The router moved: a boot that waited for a page with session handling runs once the tab is on one. */
export function runDeferredBoot(ctx: SessionContext): void {
  const options = ctx.deferredBoot;
  if (!options || !hasSessionHandling(ctx.pathname())) return;
  ctx.deferredBoot = null;
  void boot(ctx, options);
}

/** No session machinery in this tab yet: it has not booted and shows a page without session handling. */
export function isSessionless(ctx: SessionContext): boolean {
  return !ctx.booted && !hasSessionHandling(ctx.pathname());
}
