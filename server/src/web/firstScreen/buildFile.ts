import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuildSource } from '../storefrontHints';

/** A server build on another origin is fetched once, at most this long and this large. */
const FETCH_TIMEOUT_MS = 5_000;
const MAX_BYTES = 8 * 1024 * 1024;

const sha256 = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

export class IntegrityError extends Error {}

async function fetchBytes(url: string): Promise<Buffer> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) throw new Error('too large');
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Error('too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

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
  const bytes = await fetchBytes(source.url);
  if (sha256(bytes) !== source.integrity) throw new IntegrityError(`${source.url} does not match its manifest`);
  await fs.mkdir(cacheDir, { recursive: true });
  // Written whole under another name, then renamed: a reader never sees half a file.
  const partial = `${file}.${process.pid}.part`;
  await fs.writeFile(partial, bytes);
  await fs.rename(partial, file);
  return file;
}
