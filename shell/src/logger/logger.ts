import { API_PATHS } from '@hive/shared/config';
import { createFetchSessionHeaders, type FetchSessionHeaders } from '../http/fetchHeaders';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export interface LogEntry {
  level: LogLevel;
  code: string;
  message: string;
  url?: string;
}

/**
 * Client logs go to the server form-encoded (SPEC.md 7) with `fetch` and `keepalive`, so a log
 * written while the page unloads still arrives (what sendBeacon was for), and with the session
 * headers every API request carries (SPEC.md 7; sendBeacon cannot send headers). A failing log call
 * is never an error of its own.
 */
export function createLogger(
  endpoint: string = API_PATHS.log,
  { sessionHeaders = createFetchSessionHeaders() }: { sessionHeaders?: FetchSessionHeaders } = {},
) {
  function send(entry: LogEntry): void {
    const body = new URLSearchParams({
      level: entry.level,
      code: entry.code.slice(0, 100),
      message: entry.message.slice(0, 2000),
      url: (entry.url ?? (typeof location !== 'undefined' ? location.pathname : '')).slice(0, 500),
    });
    try {
      void fetch(endpoint, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: sessionHeaders(endpoint),
      }).catch(() => undefined);
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
