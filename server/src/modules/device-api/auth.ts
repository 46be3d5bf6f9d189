import type { Request, RequestHandler, Response } from 'express';
import { APP_VERSION_HEADER, DEVICE_LIMITS } from '@hive/shared/schemas/device';
import { TERMINAL_ONLINE_WINDOW_MS } from '@hive/shared/schemas/backoffice/devices';
import type { AuthContext } from '../auth';
import { HttpError, tooMany, type Limiter, type RateLimitRule } from '../../platform/http';
import { DEVICE_TOKEN, markTerminalSeen, sha256, writeLog } from '../devices';

/*
 * Device authentication: `Authorization: Bearer <token>` and nothing else (no cookies, no session
 * headers, no CSRF token: a token is not ambient, a browser never sends it on its own). The token
 * is looked up by its SHA-256 on every call, so unpairing in the back-office takes effect on the
 * very next call of the device.
 */

export interface DeviceRateLimits {
  /** Pairing attempts per address (a code has 40 bits; this keeps guessing hopeless). */
  pair: RateLimitRule;
  /** Calls per device. */
  requests: RateLimitRule;
  /** Events per device (a batch counts its events). */
  events: RateLimitRule;
  /**
   * Gift card numbers that found no card (balance lookups and events' card payments together), per
   * terminal and per company: numbers must not be guessable by trying. 20 in 10 minutes is far
   * more typos than a till makes and hundreds of times fewer tries than finding one of a company's
   * cards by chance would need (16 digits with a check digit); a company's 100 an hour bound what
   * all its terminals, or a stolen token, can try, and a refusal only delays card payments.
   */
  giftCardMisses: RateLimitRule;
  giftCardMissesPerCompany: RateLimitRule;
}

export const DEFAULT_DEVICE_RATE_LIMITS: DeviceRateLimits = {
  pair: { limit: 20, windowMs: 10 * 60_000 },
  requests: { limit: 600, windowMs: 60_000 },
  events: { limit: 30_000, windowMs: 60_000 },
  giftCardMisses: { limit: 20, windowMs: 10 * 60_000 },
  giftCardMissesPerCompany: { limit: 100, windowMs: 60 * 60_000 },
};

export type DeviceLimiters = Record<keyof DeviceRateLimits, Limiter>;

/** The paired terminal behind a device request: everything is scoped to its company. */
export interface Device {
  companyId: number;
  terminalId: number;
  locationId: number | null;
  name: string;
}

export const deviceOf = (res: Response): Device => res.locals.device as Device;

/** last_seen is written at most this often per terminal (a poll every few seconds is not a write each). */
const SEEN_WRITE_MS = 15_000;

const unauthorized = (error: string, message: string) =>
  new HttpError(401, { error, message }, { 'WWW-Authenticate': `Bearer realm="hive-device", error="invalid_token"` });

function tokenOf(req: Request): string {
  const header = req.get('authorization');
  if (!header) {
    throw new HttpError(
      401,
      {
        error: 'unauthorized',
        message: 'Send the device token: Authorization: Bearer <token> (POST /pair gives one).',
      },
      { 'WWW-Authenticate': 'Bearer realm="hive-device"' },
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match || !DEVICE_TOKEN.test(match[1]!)) {
    throw unauthorized('invalid_token', 'The Authorization header must be "Bearer <device token>".');
  }
  return match[1]!;
}

const cleanVersion = (value: string | undefined) => {
  const v = value?.trim() ?? '';
  return /^[\w.+\-() ]{1,40}$/.test(v) ? v.slice(0, DEVICE_LIMITS.appVersionMax) : null;
};

/**
 * Resolves the token to its terminal (401 when unknown or revoked, 403 when the company is
 * suspended), counts the call against the device's limit, and notes when the device was last seen
 * and which app version it runs (a change lands in the terminal log).
 */
export function deviceAuth(ctx: AuthContext, limiters: DeviceLimiters): RequestHandler {
  return async (req, res, next) => {
    const token = tokenOf(req);
    const row = await ctx.db
      .selectFrom('terminals as t')
      .innerJoin('companies as c', 'c.id', 't.company_id')
      .select(['t.id', 't.company_id', 't.location_id', 't.name', 't.last_seen_at', 't.app_version', 'c.status'])
      .where('t.token_hash', '=', sha256(token))
      .where('t.status', '=', 'paired')
      .executeTakeFirst();
    if (!row) {
      throw unauthorized(
        'invalid_token',
        'This device token is not valid: the terminal was unpaired or paired again. Pair the register with a new code.',
      );
    }
    if (row.status !== 'active') {
      throw new HttpError(403, {
        error: 'company_suspended',
        message: 'This company is suspended: its registers cannot sync.',
      });
    }
    const { allowed, retryAfter } = await limiters.requests.consume(String(row.id));
    if (!allowed) throw tooMany('calls', retryAfter, 'from this terminal');

    const now = ctx.now();
    const version = cleanVersion(req.get(APP_VERSION_HEADER));
    const versionChanged = version !== null && version !== row.app_version;
    if (versionChanged || row.last_seen_at === null || now - Number(row.last_seen_at) >= SEEN_WRITE_MS) {
      await markTerminalSeen(ctx.db, row.id, now, versionChanged ? version : undefined);
      // The terminals page shows it online again (or its new version); a register seen a moment
      // ago changes nothing there, so is not announced.
      const wasOffline = row.last_seen_at === null || now - Number(row.last_seen_at) > TERMINAL_ONLINE_WINDOW_MS;
      if (wasOffline || versionChanged) ctx.live.publishChange(row.company_id, 'terminals', { terminalId: row.id });
      if (versionChanged) {
        await writeLog(ctx.db, {
          companyId: row.company_id,
          terminalId: row.id,
          at: now,
          kind: 'app',
          message: row.app_version ? `App updated from ${row.app_version} to ${version}` : `App version ${version}`,
          details: { from: row.app_version, to: version },
        });
      }
    }
    const device: Device = {
      companyId: row.company_id,
      terminalId: row.id,
      locationId: row.location_id,
      name: row.name,
    };
    res.locals.device = device;
    next();
  };
}
