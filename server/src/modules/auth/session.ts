import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { decode } from '@auth/core/jwt';
import type { Kysely } from 'kysely';
import { prepared } from '../../platform/db';
import type { Database } from '../../database';
import { parseCookies } from '../../platform/http';
import { cookieNames, usesSecureCookies, type AuthContext } from './context';
import { accessProblem, loadProfile, type UserProfile } from './users';

/**
 * Our claims inside the Auth.js JWT. `sessionExpiresAt` is the server-enforced 45-minute expiry:
 * set at sign-in and moved only by an explicit extend. Auth.js re-signs the token (and its own
 * `exp`) on every session update, so `exp` alone would make every 30-second check a renewal.
 * `sv` is the user's session version: bumping it (password reset, an operator lock, a suspended
 * company) ends every existing session of that user for good. `sid` names this one sign-in: a
 * sign-out revokes it (`revoked_sessions`) without touching the user's other devices.
 * `signedInAt` bounds the whole session: no extend reaches past `signedInAt + sessionMaxLifetimeMs`.
 */
export interface SessionClaims {
  sub: string;
  email: string;
  sv: number;
  sid: string;
  signedInAt: number;
  sessionExpiresAt: number;
}

export function newClaims(
  ctx: AuthContext,
  user: { id: string; email: string; sessionVersion: number },
): SessionClaims {
  const now = ctx.now();
  return {
    sub: user.id,
    email: user.email,
    sv: user.sessionVersion,
    sid: randomBytes(16).toString('base64url'),
    signedInAt: now,
    sessionExpiresAt: Math.min(now + ctx.sessionLifetimeMs, now + ctx.sessionMaxLifetimeMs),
  };
}

/** An extend: 45 more minutes from now, never past the absolute end of the session. */
export function extendedExpiry(ctx: AuthContext, claims: SessionClaims): number {
  return Math.min(ctx.now() + ctx.sessionLifetimeMs, claims.signedInAt + ctx.sessionMaxLifetimeMs);
}

function readClaims(token: Record<string, unknown>): SessionClaims | null {
  const { sub, email, sv, sid, signedInAt, sessionExpiresAt } = token;
  if (typeof sub !== 'string' || !/^\d{1,15}$/.test(sub)) return null;
  if (typeof sv !== 'number' || typeof sid !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(sid)) return null;
  if (typeof signedInAt !== 'number' || !Number.isFinite(signedInAt)) return null;
  if (typeof sessionExpiresAt !== 'number' || !Number.isFinite(sessionExpiresAt)) return null;
  return { sub, email: typeof email === 'string' ? email : '', sv, sid, signedInAt, sessionExpiresAt };
}

const isRevoked = prepared(['sid'], (db: Kysely<Database>, { sid }: { sid: string }) =>
  db.selectFrom('revoked_sessions').select('sid').where('sid', '=', sid),
);

/**
 * The one check behind every authenticated read (Auth.js jwt callback and our own routes):
 * not expired, within the absolute lifetime, not signed out, user still exists, same session
 * version, account active, company not suspended.
 */
export async function validateClaims(
  ctx: AuthContext,
  token: Record<string, unknown>,
): Promise<{ claims: SessionClaims; profile: UserProfile } | null> {
  const claims = readClaims(token);
  const now = ctx.now();
  if (!claims || claims.sessionExpiresAt <= now || claims.signedInAt + ctx.sessionMaxLifetimeMs <= now) return null;
  const [profile, revoked] = await Promise.all([
    loadProfile(ctx.db, Number(claims.sub)),
    isRevoked(ctx.db, { sid: claims.sid }),
  ]);
  if (revoked.length > 0) return null;
  if (!profile || profile.sessionVersion !== claims.sv || accessProblem(profile) !== null) return null;
  return { claims, profile };
}

/**
 * Sign-out: this session id is refused from now on, on every instance (until it would have
 * expired), and the live streams it holds on any instance end now: they do not re-read the
 * session between pings, so without this a signed-out tab would hear its company until the next.
 */
export async function revokeSession(ctx: AuthContext, token: Record<string, unknown>): Promise<void> {
  const claims = readClaims(token);
  if (!claims) return;
  const now = ctx.now();
  const expiresAt = Math.max(claims.signedInAt + ctx.sessionMaxLifetimeMs, claims.sessionExpiresAt);
  await ctx.db
    .insertInto('revoked_sessions')
    .values({ sid: claims.sid, user_id: Number(claims.sub), expires_at: expiresAt })
    .onConflict((oc) => oc.column('sid').doNothing())
    .execute();
  // After the row is stored: a stream reopened in between is refused by the guard.
  ctx.live.endSession(claims.sid);
  // Rows of sessions that would have ended anyway are of no use any more.
  await ctx.db.deleteFrom('revoked_sessions').where('expires_at', '<', now).execute();
}

/** Reassembles a possibly chunked session cookie the way Auth.js's SessionStore does. */
function sessionCookieChunks(cookies: Map<string, string>, name: string): Array<[string, string]> {
  if (cookies.has(name)) return [[name, cookies.get(name)!]];
  return [...cookies.entries()]
    .filter(([key]) => key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1)))
    .sort(([a], [b]) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
}

/** The session cookie of a request: its name, the cookie names it came in (chunks) and its value. */
export function sessionCookieOf(
  ctx: AuthContext,
  req: Request,
): { name: string; parts: string[]; value: string } | null {
  const name = cookieNames(usesSecureCookies(ctx, req.protocol)).sessionToken;
  const chunks = sessionCookieChunks(parseCookies(req.headers.cookie), name);
  if (chunks.length === 0) return null;
  return { name, parts: chunks.map(([key]) => key), value: chunks.map(([, value]) => value).join('') };
}

/*
 * Decrypted session tokens by their exact text. Decrypting one costs two HKDF runs and an
 * AES-CBC + HMAC pass (~1 ms); the shell reads the session every 30 s per tab and every API call
 * reads it again, always with the same cookie until sign-in or an extend issues a new one. A hit
 * is the same token that decrypted before, so only its JWT expiry is re-checked here; the claims
 * are still checked against the database on every read (validateClaims). Bounded, oldest out.
 */
const TOKEN_CACHE_SIZE = 5_000;
// Auth.js's decode() accepts an `exp` up to 15 s in the past; a hit must answer the same.
const JWT_CLOCK_TOLERANCE_MS = 15_000;
const tokenCaches = new WeakMap<AuthContext, Map<string, Record<string, unknown>>>();

export async function decodeSessionToken(
  ctx: AuthContext,
  raw: string,
  salt: string,
): Promise<Record<string, unknown> | null> {
  let cache = tokenCaches.get(ctx);
  if (!cache) tokenCaches.set(ctx, (cache = new Map()));
  const key = `${salt}\n${raw}`;
  let token = cache.get(key);
  if (!token) {
    try {
      token = (await decode({ token: raw, secret: ctx.secret, salt })) ?? undefined;
    } catch {
      return null; // tampered, expired (JWT exp) or signed with another secret
    }
    if (!token || typeof token.exp !== 'number') return token ?? null;
    cache.set(key, token);
    if (cache.size > TOKEN_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  if ((token.exp as number) * 1000 + JWT_CLOCK_TOLERANCE_MS <= Date.now()) {
    cache.delete(key);
    return null;
  }
  return token;
}

export type RequestSession = { claims: SessionClaims; profile: UserProfile } | null;

// One read per request: middleware (plan signal) and the route behind it share it.
const perRequest = new WeakMap<Request, Promise<RequestSession>>();

/**
 * The session of a request read afresh, not from the request's cache: a request that lasts (the
 * live stream) checks on each ping that its session has not ended meanwhile. Reads only, like
 * readSession: it never moves the expiry.
 */
export function rereadSession(ctx: AuthContext, req: Request): Promise<RequestSession> {
  perRequest.delete(req);
  return readSession(ctx, req);
}

/** The session of a request to one of our own routes, or null. Never throws for bad cookies. */
export function readSession(ctx: AuthContext, req: Request): Promise<RequestSession> {
  let session = perRequest.get(req);
  if (!session) {
    session = (async () => {
      const cookie = sessionCookieOf(ctx, req);
      if (!cookie) return null;
      const token = await decodeSessionToken(ctx, cookie.value, cookie.name);
      return token ? validateClaims(ctx, token) : null;
    })();
    perRequest.set(req, session);
  }
  return session;
}
