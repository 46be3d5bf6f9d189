import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { HttpError, humanDuration, parseCookies, parseOrThrow, rateLimit, requestOrigin, sameOrigin } from '../../platform/http';
import { cookieNames, expiredCookie, usesSecureCookies, type AuthContext } from './context';
import { credentialsSchema } from './authjs';
import { lockedUntil } from './users';

/*
 * Middleware that runs before ExpressAuth. Auth.js cannot answer with our status codes (its
 * authorize() can only fail as CredentialsSignin) and treats some bad input as a server
 * configuration error (500), so the checks that need a real 4xx happen here.
 */

const INVALID_CALLBACK_URL = {
  error: 'INVALID_CALLBACK_URL_ERROR',
  message: 'callbackUrl: must be a path on this site or a URL with the same origin',
};

function stripCookie(header: string, name: string): string {
  return header
    .split(';')
    .filter((part) => part.split('=')[0]?.trim() !== name)
    .join(';');
}

/**
 * callbackUrl must be same-origin. In the query or body -> 400 INVALID_CALLBACK_URL_ERROR (Auth.js
 * would answer 500 "server configuration" for a non-URL, or silently replace a foreign origin).
 * A bad callback-url cookie is dropped instead, so a poisoned cookie cannot lock a browser out.
 */
export function callbackUrlGuard(ctx: AuthContext): RequestHandler {
  return (req, _res, next) => {
    const origin = requestOrigin(req);
    const candidates = [req.query.callbackUrl, (req.body as Record<string, unknown> | undefined)?.callbackUrl];
    for (const value of candidates) {
      if (value === undefined) continue;
      if (typeof value !== 'string' || !sameOrigin(value, origin)) throw new HttpError(400, INVALID_CALLBACK_URL);
    }
    if (req.headers.cookie) {
      const cookies = parseCookies(req.headers.cookie);
      for (const name of new Set([cookieNames(false).callbackUrl, cookieNames(true).callbackUrl])) {
        const value = cookies.get(name);
        if (value !== undefined && !sameOrigin(value, origin)) {
          req.headers.cookie = stripCookie(req.headers.cookie, name);
          ctx.log.info({ cookie: name }, 'dropped a foreign callback-url cookie');
        }
      }
    }
    next();
  };
}

const authFields = {
  csrfToken: z.string().max(512).optional(),
  callbackUrl: z.string().max(2048).optional(),
};
const optionalObject = <T extends z.ZodRawShape>(shape: T) => z.union([z.undefined(), z.looseObject(shape)]);

const credentialsBody = z.looseObject({ ...authFields, ...credentialsSchema.shape });
const plainAuthBody = optionalObject(authFields);
const sessionUpdateBody = optionalObject({
  ...authFields,
  extend: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  data: z.union([z.null(), z.looseObject({ extend: z.boolean().optional() })]).optional(),
});

/*
 * The Auth.js actions this product uses; any other path or method under /api/auth (GET callback,
 * webauthn-options, a provider that does not exist ...) is a 404 here. Auth.js would answer those
 * with an error redirect and log a server error with its stack for what is only a bad request.
 */
export const AUTH_ACTIONS: ReadonlyArray<{ method: 'GET' | 'POST'; path: string }> = [
  ...['/session', '/csrf', '/providers', '/signin', '/signout', '/error'].map((path) => ({
    method: 'GET' as const,
    path,
  })),
  ...['/session', '/signout', '/callback/credentials'].map((path) => ({ method: 'POST' as const, path })),
];

export function authActionGuard(ctx: AuthContext): RequestHandler {
  return (req, _res, next) => {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.path.replace(/(.)\/$/, '$1');
    if (AUTH_ACTIONS.some((action) => action.method === method && action.path === path)) return next();
    const full = `${req.baseUrl}${req.path}`;
    ctx.log.warn({ method: req.method, path: full }, 'unknown auth route');
    const provider = /^\/(signin|callback)\/([^/]+)\/?$/.exec(req.path)?.[2];
    if (provider !== undefined && provider !== 'credentials') {
      throw new HttpError(404, { error: 'unknown_provider', message: 'provider: only "credentials" is available' });
    }
    throw new HttpError(404, { error: 'not_found', message: `No auth route for ${req.method} ${full}` });
  };
}

/** Shape checks for the Auth.js POST bodies: strings where Auth.js expects strings, bounded. */
export function authBodyGuard(): RequestHandler {
  return (req, _res, next) => {
    if (req.method !== 'POST') return next();
    if (req.path === '/callback/credentials') parseOrThrow(credentialsBody, req.body);
    else if (req.path === '/session') parseOrThrow(sessionUpdateBody, req.body);
    else if (/^\/(signin|signout|callback)(\/|$)/.test(req.path)) parseOrThrow(plainAuthBody, req.body);
    next();
  };
}

/**
 * POST /api/auth/session extends only with `extend: true`, given either as Auth.js's update()
 * sends it (`{ csrfToken, data: { extend: true } }`) or flat (`{ csrfToken, extend: true }`, also
 * form-encoded `extend=true`). The body is rewritten to the canonical JSON form Auth.js reads.
 */
export function normalizeSessionUpdate(): RequestHandler {
  return (req, _res, next) => {
    const body = (req.body ?? {}) as { csrfToken?: string; extend?: unknown; data?: { extend?: unknown } | null };
    const extend = body.extend === true || body.extend === 'true' || body.data?.extend === true;
    req.body = {
      ...(body.csrfToken !== undefined ? { csrfToken: body.csrfToken } : {}),
      ...(extend ? { data: { extend: true } } : {}),
    };
    req.headers['content-type'] = 'application/json';
    next();
  };
}

function setsSessionCookie(header: number | string | string[] | undefined): boolean {
  const cookies = Array.isArray(header) ? header : typeof header === 'string' ? [header] : [];
  const names = [cookieNames(false).sessionToken, cookieNames(true).sessionToken];
  return cookies.some((cookie) =>
    names.some((name) => cookie.startsWith(`${name}=`) && !cookie.startsWith(`${name}=;`)),
  );
}

/**
 * Per-address limit, then the per-account lock (both 429 with Retry-After) before Auth.js runs.
 * The lock is keyed by the e-mail whether or not an account has it, so the answer never tells
 * which addresses are registered.
 */
export function credentialsThrottle(ctx: AuthContext): RequestHandler[] {
  // Only failed attempts count: a shop's staff behind one address sign in all day. A success is
  // the one response that sets the session cookie (its point is given back).
  const perAddress = rateLimit(ctx.limiters.signIn, 'failed sign-in attempts', {
    succeeded: (_req, res) => setsSessionCookie(res.getHeader('set-cookie')),
  });
  const accountLock: RequestHandler = async (req, res, next) => {
    const email = (req.body as { email?: string }).email ?? '';
    const now = ctx.now();
    const until = await lockedUntil(ctx.db, email, now);
    if (until !== null) {
      const retryAfter = Math.max(1, Math.ceil((until - now) / 1000));
      res
        .set('Retry-After', String(retryAfter))
        .status(429)
        .json({
          error: 'account_locked',
          message: `This account is locked after too many failed sign-in attempts. Try again in ${humanDuration(retryAfter)}.`,
          retryAfter,
          lockedUntil: new Date(until).toISOString(),
        });
      return;
    }
    next();
  };
  return [perAddress, accountLock];
}

/**
 * Auth.js's sign-out clears only the session cookie; SPEC.md section 9 wants the CSRF and
 * callback-URL cookies gone too. Hooked into writeHead so it sees Auth.js's final headers: on a
 * successful sign-out (a redirect without `error=`), any CSRF/callback cookie Auth.js set is
 * replaced by an expired one. A failed sign-out (bad CSRF token) leaves them alone.
 */
export function clearCookiesOnSignout(ctx: AuthContext): RequestHandler {
  return (req: Request, res: Response, next) => {
    const secure = usesSecureCookies(ctx, req.protocol);
    const names = cookieNames(secure);
    const writeHead = res.writeHead;
    res.writeHead = function patchedWriteHead(this: Response, ...args: unknown[]) {
      const location = res.getHeader('location');
      if (typeof location === 'string' && !/[?&]error=/.test(location)) {
        const current = res.getHeader('set-cookie');
        const list = Array.isArray(current) ? current : current === undefined ? [] : [String(current)];
        const kept = list.filter((c) => !c.startsWith(`${names.csrfToken}=`) && !c.startsWith(`${names.callbackUrl}=`));
        res.setHeader('set-cookie', [
          ...kept,
          expiredCookie(names.csrfToken, secure),
          expiredCookie(names.callbackUrl, secure),
        ]);
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
