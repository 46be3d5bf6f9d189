import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fetchLimited } from '../fetchLimited';
import type { ServerBuildSource } from '../storefrontHints';

/** A server build on another origin is fetched once, at most this long and this large. */
const FETCH_TIMEOUT_MS = 5_000;
const MAX_BYTES = 8 * 1024 * 1024;

const sha256 = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

export class IntegrityError extends Error {}

/**
 * A release's server build as a file this process can load, checked against the sha256 its manifest
 * records: the hosted build's own file, or one fetched from the release's origin into
 * `cacheDir` (named by its hash). Any mismatch refuses it: only the file the release names runs.
 */
export async function serverBuildFile(
  source: ServerBuildSource,
  cacheDir = path.join(os.tmpdir(), 'hive-first-screen'),
): Promise<string> {
  if (source.kind === 'file') {
    const bytes = await fs.readFile(source.path);
    if (sha256(bytes) !== source.integrity) throw new IntegrityError(`${source.path} does not match its manifest`);
    return source.path;
  }
  const hex = Buffer.from(source.integrity.slice('sha256-'.length), 'base64').toString('hex');
  const file = path.join(cacheDir, `${hex}.cjs`);
  const kept = await fs.readFile(file).catch(() => null);
  if (kept && sha256(kept) === source.integrity) return file;
  const bytes = await fetchLimited(source.url, { maxBytes: MAX_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
  if (sha256(bytes) !== source.integrity) throw new IntegrityError(`${source.url} does not match its manifest`);
  await fs.mkdir(cacheDir, { recursive: true });
  // Written whole under another name, then renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.part`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
  return file;
}
