import { SessionEndedError } from '../SessionManager';
import { describe, type SessionContext } from './context';
import { expire } from './expiry';

/**
 * Extends the session (server, then local; the manager broadcasts SESSION_EXTEND). Resolves false
 * when it failed: a network failure is logged and the session stays; a server that no longer has
 * the session runs the expiry flow.
 */
export async function extend(ctx: SessionContext): Promise<boolean> {
  if (ctx.ending) return false;
  try {
    await ctx.manager.extend();
    return true;
  } catch (error) {
    if (error instanceof SessionEndedError) expire(ctx);
    else ctx.logger.error('SESSION_EXTEND_FAILED', describe(error));
    return false;
  }
}
