import fs from 'node:fs/promises';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';

/**
 * The files a production build writes beside each text asset (tools/webpack/create-config.cjs:
 * `main.js.br`, `main.js.gz`), in the order we prefer them when the browser accepts both.
 */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
const PREFERRED = VARIANTS.map((v) => v.encoding);

export interface Variant {
  encoding: string;
  /** The precompressed file, absolute. */
  file: string;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The precompressed file to send for `file` (absolute), or null to send the file itself: none was
 * built, or the request accepts neither (no Accept-Encoding, `br;q=0, gzip;q=0`...). When variants
 * exist the answer depends on Accept-Encoding, so it says `Vary: Accept-Encoding` either way.
 */
export async function chooseVariant(req: Request, res: Response, file: string): Promise<Variant | null> {
  const found = (await Promise.all(VARIANTS.map(async (v) => ((await isFile(file + v.suffix)) ? v : null)))).filter(
    (v) => v !== null,
  );
  if (found.length === 0) return null;
  res.vary('Accept-Encoding');
  const encoding = new Negotiator(req).encoding([...found.map((v) => v.encoding), 'identity'], {
    preferred: PREFERRED,
  });
  const chosen = found.find((v) => v.encoding === encoding);
  return chosen ? { encoding: chosen.encoding, file: file + chosen.suffix } : null;
}

/**
 * Sends a variant with the Content-Type of the original file and `Content-Encoding`; Content-Length,
 * ETag and Last-Modified describe the bytes sent, so conditional requests (304), HEAD and ranges
 * work as for any file. The caller sets Cache-Control (and any other header) first.
 */
export function sendVariant(res: Response, original: string, variant: Variant, next: NextFunction): void {
  res.type(path.extname(original));
  res.setHeader('Content-Encoding', variant.encoding);
  const root = path.dirname(variant.file);
  res.sendFile(path.basename(variant.file), { root, cacheControl: false, dotfiles: 'allow' }, (error) => {
    if (error && !res.headersSent) next(error);
  });
}

/** The file under `root` that a request path names, or null (dotfiles, `..`, malformed escapes). */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.endsWith('/') || decoded.includes('\0')) return null;
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = path.join(root, path.posix.normalize(decoded));
  return file.startsWith(root + path.sep) ? file : null;
}

/**
 * Serves the precompressed variant of a build file the browser accepts (brotli before gzip), with the
 * headers `setHeaders` gives the file itself; everything else falls through to `express.static`,
 * which sends the file as it is.
 */
export function precompressedFiles(root: string, setHeaders: (res: Response, file: string) => void): RequestHandler {
  const base = path.resolve(root);
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = fileFor(base, req.path);
    if (!file) return next();
    const variant = await chooseVariant(req, res, file);
    if (!variant) return next();
    setHeaders(res, file);
    sendVariant(res, file, variant, next);
  };
}
