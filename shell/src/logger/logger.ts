import { API_PATHS } from '@hive/shared/config';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface LogEntry {
  level: LogLevel;
  code: string;
  message: string;
  url?: string;
}

/**
 * Client logs go to the server form-encoded (SPEC.md 7), with sendBeacon when available so a log
 * written while the page unloads still arrives. A failing log call is never an error of its own.
 */
export function createLogger(endpoint: string = API_PATHS.log) {
  function send(entry: LogEntry): void {
    const body = new URLSearchParams({
      level: entry.level,
      code: entry.code.slice(0, 100),
      message: entry.message.slice(0, 2000),
      url: (entry.url ?? (typeof location !== 'undefined' ? location.pathname : '')).slice(0, 500),
    });
    try {
      if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
        if (navigator.sendBeacon(endpoint, body)) return;
      }
      void fetch(endpoint, { method: 'POST', body, keepalive: true, credentials: 'same-origin' }).catch(() => undefined);
    } catch {
      // Logging must never break the app.
    }
  }
  return {
    debug: (code: string, message: string) => send({ level: 'debug', code, message }),
    info: (code: string, message: string) => send({ level: 'info', code, message }),
    warn: (code: string, message: string) => send({ level: 'warn', code, message }),
    error: (code: string, message: string) => send({ level: 'error', code, message }),
    send,
  };
}

export type Logger = ReturnType<typeof createLogger>;
export const logger = createLogger();
