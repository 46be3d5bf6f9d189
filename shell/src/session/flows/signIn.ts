import { reset, type User } from '@hive/shared/store';
import { clearExpiredFlag } from '../expiredFlag';
import { sameEmail, type LocalSession } from '../localSession';
import { cleanupStorage } from './cleanup';
import type { SessionContext } from './context';

/**
 * A signed-in user whose data is loaded: a different email than the stored session is a new login
 * (cleanup first); the local session is created, the check loop started, SESSION_LOGIN broadcast.
 */
export function onSignedIn(ctx: SessionContext, user: Pick<User, 'user_id' | 'email'>): LocalSession {
  const stored = ctx.manager.read();
  if (stored && !sameEmail(stored.user.user_email, user.email)) cleanupStorage(ctx, user);
  ctx.openGate();
  clearExpiredFlag(ctx.sessionStorage);
  const session = ctx.manager.create(user);
  ctx.manager.start();
  ctx.publishAuthenticated();
  ctx.channel.post('SESSION_LOGIN', { email: user.email });
  return session;
}

/** Signed out (no broadcast, no navigation): store reset, session destroyed, 'unauthenticated'. */
export function onSignedOut(ctx: SessionContext): void {
  ctx.manager.destroy();
  ctx.store.dispatch(reset());
  ctx.publishSignedOut();
}
