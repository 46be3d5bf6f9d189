import express, { type Express, type Request } from 'express';
import { TELEMETRY_LIMITS, telemetryBatchSchema } from '@hive/shared/schemas/telemetry';
import type { AuthContext } from '../../auth';
import { HttpError, addressOf, parseOrThrow, tooMany, type RateLimitRule } from '../../../platform/http';
import type { MountEnv } from '../../../module';
import { visitorIdOf } from '../serving';
import { canaryWatch } from './canary';
import { aggregateEvents, storeTelemetry } from './store';

/*
 * `POST /api/telemetry` (issue 44): what real browsers report per remote release, sent by the shell
 * with `navigator.sendBeacon` as text/plain (no preflight) or as JSON. No session: public pages
 * report too. The app-wide write guard already refuses another site's Origin. Bounded per address
 * and per visitor (the `hive_visitor` cookie), its own 16 kB body limit, and all or nothing: a
 * refused or malformed batch stores nothing. Events of releases the registry does not know are
 * dropped. Mounted before the shared /api parsers, which would otherwise read the body first.
 */

export const TELEMETRY_PATH = '/api/telemetry';

export interface TelemetryRateLimits {
  telemetryPerAddress: RateLimitRule;
  telemetryPerVisitor: RateLimitRule;
}

/**
 * An office behind one address loads 60 pages a minute, and each page load sends a few beacons
 * (every 10 s while there is news, and when hidden): 600 a minute per address leaves room for
 * ten each. One visitor (every tab of one browser) sends far fewer.
 */
export const DEFAULT_TELEMETRY_RATE_LIMITS: TelemetryRateLimits = {
  telemetryPerAddress: { limit: 600, windowMs: 60_000 },
  telemetryPerVisitor: { limit: 120, windowMs: 60_000 },
};

const notJson = () =>
  new HttpError(400, {
    error: 'validation_error',
    message: 'body: the batch must be JSON',
    fields: { body: 'the batch must be JSON' },
  });

function readBatch(req: Request) {
  const text: unknown = req.body;
  if (typeof text !== 'string') throw notJson();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw notJson();
  }
  return parseOrThrow(telemetryBatchSchema, value);
}

export function mountTelemetry(app: Express, ctx: AuthContext, env: MountEnv): void {
  const limiters = env.limiters('releases', DEFAULT_TELEMETRY_RATE_LIMITS);
  const watch = canaryWatch(ctx);
  app.post(
    TELEMETRY_PATH,
    async (req, _res, next) => {
      const perAddress = await limiters.telemetryPerAddress.consume(addressOf(req));
      if (!perAddress.allowed) throw tooMany('telemetry reports', perAddress.retryAfter);
      const visitor = visitorIdOf(req);
      if (visitor) {
        const perVisitor = await limiters.telemetryPerVisitor.consume(visitor);
        if (!perVisitor.allowed) throw tooMany('telemetry reports', perVisitor.retryAfter, 'from this browser');
      }
      if (!req.is(['text/plain', 'application/json'])) {
        throw new HttpError(415, {
          error: 'unsupported_media_type',
          message: 'Content-Type: send the batch as text/plain or application/json.',
        });
      }
      next();
    },
    // Whatever the type says, the body is read as text and parsed as JSON below.
    express.text({ type: () => true, limit: TELEMETRY_LIMITS.maxBytes }),
    async (req, res) => {
      const batch = readBatch(req);
      const ids = [...new Set(batch.events.map((event) => event.release))];
      const known = await ctx.db.selectFrom('releases').select(['id', 'state']).where('id', 'in', ids).execute();
      const knownIds = new Set(known.map((release) => Number(release.id)));
      const events = batch.events.filter((event) => knownIds.has(event.release));
      await storeTelemetry(ctx.db, aggregateEvents(events, ctx.now()));
      // Judged before answering: the batch that tips a canary over sees it rolled back.
      await watch.touched(known.filter((release) => release.state === 'canary').map((release) => Number(release.id)));
      res.status(204).end();
    },
  );
}
