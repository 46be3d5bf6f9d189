import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/**
 * An error whose status and JSON body are meant for the client. Anything else that reaches the
 * final handler is treated as a bug: logged with its stack, answered with a generic 500.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** body-parser and serve-static errors carry `type`/`status`; map them to stable codes. */
const CLIENT_ERROR_CODES: Record<string, { error: string; message: string }> = {
  'entity.parse.failed': { error: 'invalid_body', message: 'body: the request body is not valid JSON or form data' },
  'entity.too.large': { error: 'payload_too_large', message: 'body: the request body is too large' },
  'entity.verify.failed': { error: 'invalid_body', message: 'body: the request body could not be verified' },
  'encoding.unsupported': { error: 'unsupported_encoding', message: 'body: unsupported content encoding' },
  'charset.unsupported': { error: 'unsupported_charset', message: 'body: unsupported charset' },
  'parameters.too.many': { error: 'payload_too_large', message: 'body: too many form fields' },
  'request.aborted': { error: 'request_aborted', message: 'body: the request was aborted' },
  'request.size.invalid': { error: 'invalid_body', message: 'body: the request size did not match Content-Length' },
};

/**
 * A 400 names its field like a validation error does (`{"body": "<problem>"}` from the message
 * `body: <problem>`), so that every 400 carries `fields` (the device API's conventions say so).
 */
function withFields(status: number, body: { error: string; message: string }): Record<string, unknown> {
  if (status !== 400) return body;
  const match = /^(\w+): (.+)$/.exec(body.message);
  return { ...body, fields: match ? { [match[1]!]: match[2]! } : { request: body.message } };
}

function clientStatus(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { status?: unknown; statusCode?: unknown };
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

export function notFoundJson(): RequestHandler {
  return (req, res) => {
    res.status(404).json({ error: 'not_found', message: `No route for ${req.method} ${req.path}` });
  };
}

/** Error codes Node, Express and send give when the client closed the connection mid-request. */
const ABORT_CODES = new Set([
  'ECONNABORTED',
  'ECONNRESET',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_DESTROYED',
]);

/**
 * The browser gave up on the request (a page left, a search typed on): not a fault of ours, and
 * nobody is left to answer. Said by the error itself or by the socket being gone.
 */
export function isClientAbort(err: unknown, socketGone: boolean): boolean {
  if (typeof err !== 'object' || err === null) return socketGone;
  const e = err as { code?: unknown; type?: unknown; name?: unknown };
  if (e.type === 'request.aborted' || e.name === 'AbortError') return true;
  return (typeof e.code === 'string' && ABORT_CODES.has(e.code)) || socketGone;
}

/** The last middleware: the only place a response is built from an error, so no stack ever leaks. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err, req, res, next) => {
    // The socket, not `req.destroyed`: a request stream is destroyed as soon as its body was read.
    const socketGone = req.socket?.destroyed === true;
    if (isClientAbort(err, socketGone)) {
      log.info(
        { method: req.method, path: req.path, code: (err as { code?: unknown })?.code },
        'request aborted by the client',
      );
      // Answer only a client still listening (an aborted body on an open connection).
      if (!socketGone && !res.headersSent)
        res.status(400).json(withFields(400, CLIENT_ERROR_CODES['request.aborted']!));
      return;
    }
    if (res.headersSent) {
      // Too late to answer cleanly; let Express close the socket.
      log.error({ err, path: req.path }, 'error after headers were sent');
      next(err);
      return;
    }
    if (err instanceof HttpError) {
      res.set(err.headers).status(err.status).json(err.body);
      return;
    }
    const status = clientStatus(err);
    if (status !== undefined) {
      const type = (err as { type?: unknown }).type;
      const known = typeof type === 'string' ? CLIENT_ERROR_CODES[type] : undefined;
      log.info({ status, type, path: req.path }, 'client error');
      const limit = (err as { limit?: unknown }).limit;
      if (type === 'entity.too.large' && typeof limit === 'number') {
        // The limit differs by route (32 kB for most, more for imports and uploads): say which.
        res.status(413).json({
          error: 'payload_too_large',
          message: `body: the request body is larger than this route's limit of ${limit.toLocaleString('en-US')} bytes`,
          limitBytes: limit,
        });
        return;
      }
      res
        .status(status)
        .json(withFields(status, known ?? { error: 'bad_request', message: 'The request could not be processed' }));
      return;
    }
    log.error({ err, method: req.method, path: req.path }, 'unhandled error');
    res
      .status(500)
      .json({ error: 'internal_error', message: 'Something went wrong on our side. Please try again later.' });
  };
}
