import { rateLimit, type AugmentedRequest } from 'express-rate-limit';
import type { Request, RequestHandler, Response } from 'express';

export function humanDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * Per-address limiter answering 429 with Retry-After and a JSON reason. Keys are req.ip, which
 * honours the app's "trust proxy" setting (see README: set TRUST_PROXY to your proxy topology so
 * X-Forwarded-For cannot be forged by clients). In-memory: each instance counts on its own.
 */
export function addressRateLimit(
  rule: { limit: number; windowMs: number },
  what: string,
  options: { countOnlyFailures?: (req: Request, res: Response) => boolean } = {},
): RequestHandler {
  const limiter = rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    ...(options.countOnlyFailures
      ? {
          skipSuccessfulRequests: true,
          requestWasSuccessful: (req, res) =>
            options.countOnlyFailures!(req as unknown as Request, res as unknown as Response),
        }
      : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // "trust proxy" is an operator decision documented in the README, not a misconfiguration.
    validate: { trustProxy: false, xForwardedForHeader: false },
    handler(req, res) {
      const resetTime = (req as AugmentedRequest).rateLimit?.resetTime?.getTime();
      const retryAfter = Math.max(1, Math.ceil(((resetTime ?? Date.now() + rule.windowMs) - Date.now()) / 1000));
      res
        .set('Retry-After', String(retryAfter))
        .status(429)
        .json({
          error: 'too_many_requests',
          message: `Too many ${what} from this address. Try again in ${humanDuration(retryAfter)}.`,
          retryAfter,
        });
    },
  });
  // express-rate-limit is typed against the root's @types/express 4 (hoisted for webpack-dev-server);
  // at run time it is plain middleware for our Express 5.
  return limiter as unknown as RequestHandler;
}
