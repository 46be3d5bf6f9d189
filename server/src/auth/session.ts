import type { Request } from 'express';
import { decode } from '@auth/core/jwt';
import { parseCookies } from '../http';
import { cookieNames, usesSecureCookies, type AuthContext } from './context';
import { accessProblem, loadProfile, type UserProfile } from './users';

/**
 * Our claims inside the Auth.js JWT. `sessionExpiresAt` is the server-enforced 45-minute expiry:
 * set at sign-in and moved only by an explicit extend. Auth.js re-signs the token (and its own
 * `exp`) on every session read, so `exp` alone would make every 30-second check a renewal.
 * `sv` is the user's session version: bumping it (password reset) ends every existing session.
 */
export interface SessionClaims {
  sub: string;
  email: string;
  sv: number;
  sessionExpiresAt: number;
}

export function newClaims(
  ctx: AuthContext,
  user: { id: string; email: string; sessionVersion: number },
): SessionClaims {
  return {
    sub: user.id,
    email: user.email,
    sv: user.sessionVersion,
    sessionExpiresAt: ctx.now() + ctx.sessionLifetimeMs,
  };
}

function readClaims(token: Record<string, unknown>): SessionClaims | null {
  const { sub, email, sv, sessionExpiresAt } = token;
  if (typeof sub !== 'string' || !/^\d{1,15}$/.test(sub)) return null;
  if (typeof sv !== 'number' || typeof sessionExpiresAt !== 'number' || !Number.isFinite(sessionExpiresAt)) return null;
  return { sub, email: typeof email === 'string' ? email : '', sv, sessionExpiresAt };
}

/**
 * The one check behind every authenticated read (Auth.js jwt callback and our own routes):
 * not expired, user still exists, same session version, account active, company not suspended.
 */
export async function validateClaims(
  ctx: AuthContext,
  token: Record<string, unknown>,
): Promise<{ claims: SessionClaims; profile: UserProfile } | null> {
  const claims = readClaims(token);
  if (!claims || claims.sessionExpiresAt <= ctx.now()) return null;
  const profile = await loadProfile(ctx.db, Number(claims.sub));
  if (!profile || profile.sessionVersion !== claims.sv || accessProblem(profile) !== null) return null;
  return { claims, profile };
}

/** Reassembles a possibly chunked session cookie the way Auth.js's SessionStore does. */
function sessionCookieValue(cookies: Map<string, string>, name: string): string | undefined {
  if (cookies.has(name)) return cookies.get(name);
  const chunks = [...cookies.entries()]
    .filter(([key]) => key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1)))
    .sort(([a], [b]) => Number(a.slice(name.length + 1)) - Number(b.slice(name.length + 1)));
  return chunks.length > 0 ? chunks.map(([, value]) => value).join('') : undefined;
}

/** The session of a request to one of our own routes, or null. Never throws for bad cookies. */
export async function readSession(
  ctx: AuthContext,
  req: Request,
): Promise<{ claims: SessionClaims; profile: UserProfile } | null> {
  const name = cookieNames(usesSecureCookies(ctx, req.protocol)).sessionToken;
  const raw = sessionCookieValue(parseCookies(req.headers.cookie), name);
  if (!raw) return null;
  let token: Record<string, unknown> | null;
  try {
    token = await decode({ token: raw, secret: ctx.secret, salt: name });
  } catch {
    return null; // tampered, expired (JWT exp) or signed with another secret
  }
  return token ? validateClaims(ctx, token) : null;
}
