import type { RequestHandler } from 'express';
import { sessionBody } from './authjs';
import { expiredCookie, usesSecureCookies, type AuthContext } from './context';
import { readSession, sessionCookieOf } from './session';

/**
 * GET /api/auth/session, answered here rather than by Auth.js: the shell polls it every 30 s per
 * tab, and Auth.js would decrypt the token again, load the profile again and re-encrypt a new
 * token into a fresh cookie on every read (~4 ms of CPU). Our expiry is the `sessionExpiresAt`
 * claim, which only sign-in and an extend move, so a read has nothing to re-issue. The answer is
 * Auth.js's: the session (or `null`) with its no-cache headers, and a cookie that no longer
 * holds a session is removed. POST (update/extend) still goes to Auth.js.
 */
export function sessionReadRoute(ctx: AuthContext): RequestHandler {
  return async (req, res) => {
    res.set({ 'Cache-Control': 'private, no-cache, no-store', Expires: '0', Pragma: 'no-cache' });
    const session = await readSession(ctx, req);
    if (session) {
      res.json(sessionBody(session.profile, session.claims.sessionExpiresAt));
      return;
    }
    const cookie = sessionCookieOf(ctx, req);
    if (cookie) {
      const secure = usesSecureCookies(ctx, req.protocol);
      res.append(
        'Set-Cookie',
        cookie.parts.map((name) => expiredCookie(name, secure)),
      );
    }
    res.json(null);
  };
}
