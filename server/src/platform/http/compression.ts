import compression from 'compression';
import type { RequestHandler } from 'express';

const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * Compresses JSON answers of 1 KB and more (brotli when the client accepts it, else gzip). Only
 * JSON: the build's files are compressed at build time (static/precompressed.ts) and arrive here
 * with `Content-Encoding` set, which `compression` leaves alone, and a streamed answer (an event
 * stream, a download) is never held back in a compressor's buffer. Only answers of known length
 * (`res.json` sets it): Auth.js writes its few-byte answers after the headers, and `compression`
 * would take an unknown length for a large one.
 */
export function compressJson(): RequestHandler {
  const middleware = compression({
    threshold: '1kb',
    filter: (req, res) =>
      JSON_TYPE.test(String(res.getHeader('Content-Type') ?? '')) &&
      res.getHeader('Content-Length') !== undefined &&
      compression.filter(req, res),
  });
  // @types/compression is written against the Express 4 types that webpack-dev-server brings to the
  // repository root; the middleware itself is plain (req, res, next).
  return middleware as unknown as RequestHandler;
}
