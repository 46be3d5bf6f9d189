/*
 * Every error the device API answers, in one table: each code with its status and when it is
 * answered, and which codes each operation answers. The OpenAPI document renders it (an `error`
 * enum per response, the codes listed in the response's description); the contract tests hold the
 * server to it (device-api/contract.test.ts provokes every code on every route, and every device
 * response of the server suite is checked against the document: server/test/device-contract.ts).
 * A code the server answers that is not listed here turns those tests red.
 */

export interface ErrorCodeInfo {
  status: number;
  /** When it is answered (one line, Markdown): the document lists it under the response. */
  when: string;
  /** A component of its own instead of `Error` (the 422 also carries the batch's results). */
  schema?: string;
}

export const ERROR_CODES = {
  validation_error: {
    status: 400,
    when: 'a field is missing or wrong: `fields` names each (`{"<field>": "<problem>"}`), `message` says the first',
  },
  invalid_body: {
    status: 400,
    when: 'the body is not JSON, or shorter or longer than its Content-Length (`fields.body`)',
  },
  request_aborted: { status: 400, when: 'the body stopped arriving before its end (`fields.body`)' },
  pairing_code_invalid: {
    status: 400,
    when: 'no such code: mistyped, already used, or replaced by a newer one (`fields.code`)',
  },
  pairing_code_expired: {
    status: 400,
    when: 'the code is older than 10 minutes: create a new one in the back-office (`fields.code`)',
  },
  unauthorized: { status: 401, when: 'no `Authorization` header' },
  invalid_token: {
    status: 401,
    when: 'a malformed token, or one revoked (the terminal was unpaired or paired again): pair again',
  },
  forbidden_origin: {
    status: 403,
    when: 'a write with an `Origin` header of another site, or with cookies of another site',
  },
  company_suspended: { status: 403, when: 'the company is suspended' },
  not_found: { status: 404, when: 'no such record' },
  not_acceptable: { status: 406, when: 'the `Accept` header does not allow `application/json`' },
  print_job_state: {
    status: 409,
    when: 'the job was already acknowledged with the other status, or cancelled: `status` is where it is',
  },
  payload_too_large: {
    status: 413,
    when: 'the body is over the limit: 5 MB of JSON (`limitBytes` says the limit in bytes)',
  },
  unsupported_media_type: { status: 415, when: 'the body is not `application/json`, or there is none' },
  unsupported_charset: { status: 415, when: 'a `charset` other than UTF-8, UTF-16 or UTF-32' },
  unsupported_encoding: { status: 415, when: 'a `Content-Encoding` other than `gzip`, `deflate` or `br`' },
  events_rejected: {
    status: 422,
    when: 'every event of the batch was rejected; the reasons are listed per event',
    schema: 'EventBatchRejected',
  },
  too_many_requests: {
    status: 429,
    when: 'too many calls, events or pairing attempts: nothing was done; send the same request again after `retryAfter` seconds (also in `Retry-After`)',
  },
  gift_card_misses: {
    status: 429,
    when: 'too many gift card numbers that found no card, from this terminal or for the company: nothing was stored; send the same request again after `retryAfter` seconds',
  },
  internal_error: {
    status: 500,
    when: 'a fault on the server: send the same request again later (events are idempotent)',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** An operation's codes; a string says when for this operation, `true` takes the code's `when`. */
export type OperationErrors = Partial<Record<ErrorCode, string | true>>;

/** What a device token brings to every route behind it (device-api/auth.ts). */
const TOKEN: OperationErrors = {
  unauthorized: true,
  invalid_token: true,
  company_suspended: true,
  too_many_requests: 'over 600 calls a minute from this terminal (or, on `POST /events`, 30,000 events)',
  internal_error: true,
};

/**
 * What reading a JSON body brings to every write (the app's origin guard, the device parser, the
 * routes' requireJson and zod schemas; http/errors.ts answers the parser's errors).
 */
const BODY: OperationErrors = {
  validation_error: true,
  invalid_body: true,
  request_aborted: true,
  forbidden_origin: true,
  payload_too_large: true,
  unsupported_media_type: true,
  unsupported_charset: true,
  unsupported_encoding: true,
};

/** The codes each operation answers, by operationId (the document has exactly these operations). */
export const OPERATION_ERRORS = {
  pair: {
    ...BODY,
    validation_error: 'the body is malformed, or `code` is not 8 characters of the alphabet (`fields.code`)',
    pairing_code_invalid: true,
    pairing_code_expired: true,
    company_suspended: 'the company is suspended: its registers cannot pair',
    too_many_requests: 'more than 20 pairing attempts from this address in 10 minutes',
    internal_error: true,
  },
  getConfig: { ...TOKEN },
  postEvents: {
    ...TOKEN,
    ...BODY,
    validation_error:
      'the batch itself is malformed: not `{"events": [...]}`, empty, over 500 events, or an event without a UUID `id` or a string `type` (nothing is stored)',
    events_rejected: true,
    gift_card_misses: true,
  },
  getReceipt: { ...TOKEN, not_found: 'no sale of the company with this event id or receipt number' },
  getGiftCard: {
    ...TOKEN,
    not_found:
      'no card of the company with this number (each miss counts toward `gift_card_misses`, per terminal and per company)',
    gift_card_misses: true,
  },
  listPrintJobs: { ...TOKEN },
  ackPrintJob: {
    ...TOKEN,
    ...BODY,
    not_found: 'no such job for the printers this terminal drives',
    print_job_state: true,
  },
  postLogs: { ...TOKEN, ...BODY },
  getBannerImage: { ...TOKEN, not_found: 'no such banner of the company' },
  getOpenApiDocument: { not_acceptable: true, internal_error: true },
} as const satisfies Record<string, OperationErrors>;

export type OperationId = keyof typeof OPERATION_ERRORS;

/** The codes of an operation by status, in the table's order. */
export function errorsByStatus(operation: OperationId): Map<number, ErrorCode[]> {
  const out = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(OPERATION_ERRORS[operation]) as ErrorCode[]) {
    const { status } = ERROR_CODES[code];
    out.set(status, [...(out.get(status) ?? []), code]);
  }
  return new Map([...out.entries()].sort(([a], [b]) => a - b));
}

/** When `code` is answered by `operation` (its own words, or the code's). */
export function whenOf(operation: OperationId, code: ErrorCode): string {
  const own = (OPERATION_ERRORS[operation] as OperationErrors)[code];
  return typeof own === 'string' ? own : ERROR_CODES[code].when;
}
