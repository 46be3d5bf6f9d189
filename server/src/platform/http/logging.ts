import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import type { RequestHandler } from 'express';

/** The id of the request being answered, wherever its work runs (set by requestLogger). */
const requestIds = new AsyncLocalStorage<string>();
export const currentRequestId = (): string | undefined => requestIds.getStore();

/** An id a proxy in front gave the request (nginx's $request_id, a load balancer's): kept if sane. */
const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Secrets that must never reach a log line, at the top level and a few levels deep
 * (pino's redaction needs explicit paths; `*` is one level).
 */
const SECRET_KEYS = [
  'password',
  'token',
  'cookie',
  'authorization',
  'csrfToken',
  'secret',
  'passwordHash',
  'password_hash',
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  ...SECRET_KEYS.map((key) => `*.*.${key}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.headers["set-cookie"]',
];

/** Every line logged while a request is answered carries its `requestId` (the X-Request-Id answered). */
export function createLogger(level: LevelWithSilent = 'info', destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'hive-server' },
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      mixin: () => {
        const requestId = requestIds.getStore();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

/**
 * One line per request. Only the path is logged: query strings can carry reset tokens
 * (e.g. /authentication/resetpass?token=...), and headers carry cookies.
 */
export function requestLogger(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // One id per request, answered in X-Request-Id and on every log line of its work, so that a
    // user's report ("it failed at 10:42, id ...") finds the server's side.
    const incoming = req.get('x-request-id');
    const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    // 'finish' may fire outside the request's async context: the line is written in it.
    res.on('finish', () =>
      requestIds.run(requestId, () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        const entry = {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(ms * 10) / 10,
          ip: req.ip,
        };
        // API traffic is the interesting part; static assets would drown it at info level.
        // 503 is a known state (app not built yet, database unreachable), reported where it arises.
        if (res.statusCode >= 500 && res.statusCode !== 503) log.error(entry, 'request');
        else if (res.statusCode === 503) log.warn(entry, 'request');
        else if (req.path.startsWith('/api/')) log.info(entry, 'request');
        else log.debug(entry, 'request');
      }),
    );
    requestIds.run(requestId, next);
  };
}
