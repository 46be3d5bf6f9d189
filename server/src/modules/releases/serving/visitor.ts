import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { parseCookies } from '../../../platform/http';

/** The first-party cookie that keeps an anonymous visitor in (or out of) a canary. */
export const VISITOR_COOKIE = 'hive_visitor';
const VISITOR_ID = /^[A-Za-z0-9_-]{22,64}$/;
const YEAR_S = 31_536_000;

/** The visitor id the request carries, when well-formed (anything else is a new visitor). */
export function visitorIdOf(req: Request): string | null {
  const value = parseCookies(req.headers.cookie).get(VISITOR_COOKIE);
  return value !== undefined && VISITOR_ID.test(value) ? value : null;
}

/**
 * The request's visitor id; a new visitor gets one now (Set-Cookie on `res`), in a canary or not,
 * so that the next answer, on any instance, is the same. `req` remembers it: a page and the
 * serving it asks for within one request set the cookie once.
 */
export function ensureVisitor(req: Request, res: Response): string {
  const known = visitorIdOf(req) ?? assigned.get(req);
  if (known) return known;
  const id = randomBytes(16).toString('base64url'); // 22 characters, 128 bits
  assigned.set(req, id);
  const secure = req.protocol === 'https' ? '; Secure' : '';
  res.append('Set-Cookie', `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${YEAR_S}; HttpOnly; SameSite=Lax${secure}`);
  return id;
}

const assigned = new WeakMap<Request, string>();
