import { ERROR_CODES, errorsByStatus, whenOf, type ErrorCode, type OperationId } from './errors';
import { headerRef, ref, type Json } from './components';

/** What each error status means, before the list of its codes. */
const STATUS_TITLES: Record<number, string> = {
  400: 'The request is malformed; `fields` says what to change (`{"<field>": "<problem>"}`).',
  401: 'No valid device token: pair again.',
  403: 'Refused.',
  404: 'Not found.',
  406: 'Not acceptable.',
  409: 'Conflict.',
  413: 'The body is too large.',
  415: 'The body is not JSON the server reads.',
  422: 'Nothing was stored.',
  429: 'Too many: nothing was done; wait `retryAfter` seconds (also in `Retry-After`) and send the same request again.',
  500: 'Server error.',
};

/** Properties that some statuses always carry (the Error schema allows them; these require them). */
const REQUIRED_BY_STATUS: Record<number, string[]> = { 400: ['fields'], 409: ['status'], 429: ['retryAfter'] };

const HEADERS_BY_STATUS: Record<number, Json> = {
  401: { 'WWW-Authenticate': headerRef('WWWAuthenticate') },
  429: { 'Retry-After': headerRef('RetryAfter') },
};

function errorSchema(status: number, codes: readonly ErrorCode[], errorProperties: Json): Json {
  const own = codes.map((code) => (ERROR_CODES[code] as { schema?: string }).schema);
  if (own[0] !== undefined) {
    if (own.some((id) => id !== own[0])) throw new Error(`the ${status} codes need one schema`);
    return ref(own[0]);
  }
  const required = REQUIRED_BY_STATUS[status] ?? [];
  return {
    allOf: [
      ref('Error'),
      {
        type: 'object',
        properties: {
          error: { type: 'string', enum: [...codes] },
          // Repeated from Error so that generated types have them required, not optional.
          ...Object.fromEntries(required.map((name) => [name, errorProperties[name]])),
        },
        required: ['error', 'message', ...required],
      },
    ],
  };
}

/** The error responses of an operation, from the table (errors.ts): one per status, its codes an enum. */
export function errorResponses(operation: OperationId, errorProperties: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [status, codes] of errorsByStatus(operation)) {
    const lines = codes.map((code) => `- \`${code}\`: ${whenOf(operation, code)}`);
    out[String(status)] = {
      description: [STATUS_TITLES[status] ?? `HTTP ${status}.`, '', ...lines].join('\n'),
      ...(HEADERS_BY_STATUS[status] ? { headers: HEADERS_BY_STATUS[status] } : {}),
      content: { 'application/json': { schema: errorSchema(status, codes, errorProperties) } },
    };
  }
  return out;
}
