import { pino, type Logger, type LevelWithSilent } from 'pino';
import type { RequestHandler } from 'express';

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

export function createLogger(level: LevelWithSilent = 'info'): Logger {
  return pino({
    level,
    base: { service: 'hive-server' },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  });
}

/**
 * One line per request. Only the path is logged: query strings can carry reset tokens
 * (e.g. /authentication/resetpass?token=...), and headers carry cookies.
 */
export function requestLogger(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
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
    });
    next();
  };
}
