import { reset } from '@hive/shared/store';
import type { SessionStatus } from '@hive/shared/shell-contract';
import { loadUserData } from '../bootSession';
import { sameEmail } from '../localSession';
import { cleanupStorage } from './cleanup';
import { describe, type SessionContext } from './context';
import { finishPendingSignOut } from './pendingSignOut';
import { onSignedIn, onSignedOut } from './signIn';

export interface BootOptions {
  /** location.search, for `?planChanged=true`. */
  search?: string;
  /**
   * Right after a sign-in: a boot still running asked the server before the sign-in (the sign-in
   * page renders without waiting for the session check), so wait for it and ask again.
   */
  afterSignIn?: boolean;
}

/**
 * SPEC.md 4 boot: asks the server; signed out -> store reset, session destroyed. Signed in -> a
 * different email than the stored session or the loaded user is a new login (forced full cleanup
 * and store reset first); user data is fetched when none is loaded or `?planChanged=true`; a valid
 * stored session is kept, otherwise (and always after `?planChanged=true`) a new one is created. Concurrent calls (React StrictMode runs
 * effects twice) share one run.
 */
export function boot(ctx: SessionContext, options: BootOptions = {}): Promise<SessionStatus> {
  if (options.afterSignIn && ctx.booting) {
    const again = () => boot(ctx, { ...options, afterSignIn: false });
    return ctx.booting.then(again, again);
  }
  ctx.booting ??= runBoot(ctx, options).finally(() => {
    ctx.booting = null;
  });
  return ctx.booting;
}

async function runBoot(
  ctx: SessionContext,
  { search = typeof location === 'undefined' ? '' : location.search }: BootOptions,
): Promise<SessionStatus> {
  const { auth, manager, store } = ctx;
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
  if (!ctx.currentUser() || planChanged) await loadUserData(ctx.http, store);

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
