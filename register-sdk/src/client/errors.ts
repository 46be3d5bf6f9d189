import type { ErrorBody } from './types.ts';

/** An answer of the device API that is not a success: its status and the body's stable `error` code. */
export class DeviceApiError extends Error {
  readonly code: string;

  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(`${status} ${body?.error ?? 'error'}: ${body?.message ?? 'the server gave no reason'}`);
    this.name = 'DeviceApiError';
    this.code = body?.error ?? 'unknown';
  }

  /** 401: the token was revoked (the terminal was unpaired in the back-office): pair again. */
  get unpaired(): boolean {
    return this.status === 401;
  }
}

/** The server could not be reached (offline, DNS, a reset connection) or answered 5xx: try again later. */
export class DeviceApiUnavailable extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DeviceApiUnavailable';
  }
}
