import type { RequestHandler } from 'express';
import { parseCookies, requestOrigin } from './cookies';
import { HttpError } from './errors';

/*
 * CSRF defence in depth, next to the SameSite=Strict session cookie and Auth.js's CSRF token:
 * - a write with an Origin header must come from exactly our origin (never a prefix match:
 *   `http://host.evil.example` is not `http://host`);
 * - a write carrying cookies that the browser marks as coming from another site
 *   (`Sec-Fetch-Site: cross-site` or `same-site`) is refused, Origin or not;
 * - our JSON routes take JSON only (`requireJson`): an HTML form can post form-encoded or plain
 *   text across sites without a preflight, but never `application/json`.
 * Non-browser clients (no Origin, no Sec-Fetch-Site) pass: they carry no ambient cookies.
 */

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const forbiddenOrigin = () =>
  new HttpError(403, { error: 'forbidden_origin', message: 'Cross-origin requests are not accepted here.' });

export function writeOriginGuard(): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    if (origin !== undefined && origin !== requestOrigin(req)) throw forbiddenOrigin();
    const site = req.get('sec-fetch-site');
    if ((site === 'cross-site' || site === 'same-site') && parseCookies(req.headers.cookie).size > 0) {
      throw forbiddenOrigin();
    }
    next();
  };
}

/** 415 for a write that is not `application/json`, bodiless ones included (DELETE aside: no body). */
export function requireJson(): RequestHandler {
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method) || req.method === 'DELETE') return next();
    if (!req.is('application/json')) {
      throw new HttpError(415, {
        error: 'unsupported_media_type',
        message: 'Content-Type: send the body as application/json.',
      });
    }
    next();
  };
}
