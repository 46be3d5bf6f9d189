import compression from 'compression';
import type { RequestHandler } from 'express';

const COMPRESSIBLE = /^(?:application\/(?:[\w.-]+\+)?json|text\/html)\b/i;

/**
 * Compresses JSON answers and pages the server writes (a storefront page with its first screen) of
 * 1 KB and more (brotli when the client accepts it, else gzip). Only those: the build's files are compressed at build time (static/precompressed.ts) and arrive here
 * with `Content-Encoding` set, which `compression` leaves alone, and a streamed answer (an event
 * stream, a download) is never held back in a compressor's buffer. Only answers of known length
 * (`res.json` sets it): Auth.js writes its few-byte answers after the headers, and `compression`
 * would take an unknown length for a large one.
 */
export function compressAnswers(): RequestHandler {
  const middleware = compression({
    threshold: '1kb',
    filter: (req, res) =>
      COMPRESSIBLE.test(String(res.getHeader('Content-Type') ?? '')) &&
      res.getHeader('Content-Length') !== undefined &&
      compression.filter(req, res),
  });
  // @types/compression is written against the Express 4 types that webpack-dev-server brings to the
  // repository root; the middleware itself is plain (req, res, next).
  return middleware as unknown as RequestHandler;
}
