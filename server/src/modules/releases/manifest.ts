import fs from 'node:fs/promises';
import path from 'node:path';
// The version module itself: @hive/shared/shell-contract's index carries the shell's React context.
import {
  LEGACY_CONTRACT_RANGE,
  SHELL_CONTRACT_VERSION,
  satisfiesRange,
} from '../../../../shared/src/shell-contract/version';
import type { ReleaseError } from '@hive/shared/schemas/releases';
import { ConfigError } from '../../platform/config';
import { HttpError } from '../../platform/http';

/*
 * The check a release passes before it is stored: its manifest is fetched (3 s, 256 kB), must be
 * a Module Federation manifest (`mf-manifest.json`) of the remote it is registered for, and this
 * shell's contract must satisfy the range the build declares (`hiveContract.range`, added by
 * tools/webpack). A same-origin path is read from the folder this server hosts the remote from,
 * never over HTTP (no request to ourselves, and the file is what visitors will get).
 */

export const MANIFEST_TIMEOUT_MS = 3_000;
export const MANIFEST_MAX_BYTES = 256 * 1024;

/** Where manifests may come from: the hosted folders by remote, and RELEASE_ORIGINS (null: any). */
export interface ManifestSources {
  remoteRoots: Readonly<Record<string, string>>;
  origins: readonly string[] | null;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface CheckedManifest {
  contractRange: string;
}

const refuse = (error: ReleaseError, message: string) => new HttpError(422, { error, message });

/**
 * RELEASE_ORIGINS: a comma list of http(s) origins that absolute manifest URLs must be on; unset or
 * empty, any http(s) origin is accepted (loopback included: the tests host releases on 127.0.0.1).
 */
export function parseReleaseOrigins(raw: string | undefined): string[] | null {
  if (raw === undefined || raw.trim() === '') return null;
  const origins = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin.replace(/\/$/, '')) {
      throw new ConfigError(
        `RELEASE_ORIGINS must be a comma list of origins such as https://cdn.example.com (got "${origin}").`,
      );
    }
  }
  return origins.map((origin) => new URL(origin).origin);
}

/** The file of a same-origin manifest path (`/remotes/<name>/...`) in the hosted folders, or null. */
export function hostedFile(urlPath: string, remoteRoots: Readonly<Record<string, string>>): string | null {
  const match = /^\/remotes\/([A-Za-z0-9_-]+)\/(.+)$/.exec(urlPath.split(/[?#]/, 1)[0] ?? '');
  const root = match ? remoteRoots[match[1]!] : undefined;
  if (!match || !root) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const file = path.resolve(root, relative);
  // Never outside the remote's folder (`..`, an encoded slash, an absolute part).
  return file.startsWith(path.resolve(root) + path.sep) ? file : null;
}

async function readHosted(urlPath: string, sources: ManifestSources, maxBytes: number): Promise<string> {
  const file = hostedFile(urlPath, sources.remoteRoots);
  if (!file) {
    throw refuse(
      'manifest_unreachable',
      `manifestUrl: a path must name a file this server hosts, under /remotes/<remote>/ (got ${urlPath}).`,
    );
  }
  let size: number;
  try {
    const stat = await fs.stat(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    throw refuse('manifest_unreachable', `manifestUrl: this server hosts no file at ${urlPath}.`);
  }
  if (size > maxBytes) throw tooLarge(maxBytes);
  return fs.readFile(file, 'utf8');
}

const tooLarge = (maxBytes: number) =>
  refuse('manifest_too_large', `The manifest is larger than ${Math.round(maxBytes / 1024)} kB: is it a manifest?`);

async function fetchRemote(url: URL, sources: ManifestSources, maxBytes: number): Promise<string> {
  const allowed = (origin: string) => sources.origins === null || sources.origins.includes(origin);
  if (!allowed(url.origin)) {
    throw refuse(
      'origin_not_allowed',
      `manifestUrl: ${url.origin} is not among the allowed release origins (RELEASE_ORIGINS).`,
    );
  }
  const timeoutMs = sources.timeoutMs ?? MANIFEST_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
      redirect: 'follow',
    });
  } catch (error) {
    const timedOut = (error as { name?: string }).name === 'TimeoutError';
    throw refuse(
      'manifest_unreachable',
      timedOut
        ? `The manifest did not answer within ${timeoutMs / 1000} s: ${url.href}`
        : `The manifest could not be fetched from ${url.href}.`,
    );
  }
  // A redirect must not lead around the allowed origins.
  if (response.url && !allowed(new URL(response.url).origin)) {
    await response.body?.cancel();
    throw refuse('origin_not_allowed', `manifestUrl: it redirects to ${new URL(response.url).origin}, not allowed.`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw refuse('manifest_unreachable', `The manifest answered HTTP ${response.status}: ${url.href}`);
  }
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  // Read at most maxBytes, whatever Content-Length said (or did not say).
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse('manifest_unreachable', `The manifest could not be read from ${url.href}.`);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `hiveContract` at the manifest's top level, or in its metaData (where tools/webpack writes it). */
function contractOf(manifest: Record<string, unknown>): unknown {
  if (manifest.hiveContract !== undefined) return manifest.hiveContract;
  return isObject(manifest.metaData) ? manifest.metaData.hiveContract : undefined;
}

/** The checks of a manifest's text; returns the contract range it declares. */
export function checkManifestText(text: string, remote: string): CheckedManifest {
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw refuse('manifest_invalid', "The manifest is not JSON: point manifestUrl at the build's mf-manifest.json.");
  }
  const remoteEntry = isObject(manifest) && isObject(manifest.metaData) ? manifest.metaData.remoteEntry : undefined;
  if (
    !isObject(manifest) ||
    typeof manifest.name !== 'string' ||
    !isObject(remoteEntry) ||
    typeof remoteEntry.name !== 'string' ||
    !Array.isArray(manifest.exposes) ||
    !Array.isArray(manifest.shared)
  ) {
    throw refuse(
      'manifest_invalid',
      "This is not a Module Federation manifest (name, metaData.remoteEntry, exposes and shared): point manifestUrl at the build's mf-manifest.json.",
    );
  }
  if (manifest.name !== remote) {
    throw refuse('wrong_remote', `The manifest is the remote "${manifest.name}"'s, not "${remote}"'s.`);
  }
  let range = LEGACY_CONTRACT_RANGE;
  const contract = contractOf(manifest);
  if (contract !== undefined) {
    const declared = isObject(contract) ? contract.range : undefined;
    if (typeof declared !== 'string' || declared.trim() === '' || declared.length > 100) {
      throw refuse('manifest_invalid', "The manifest's hiveContract.range must be a version range such as ^1.0.0.");
    }
    range = declared.trim();
  }
  if (!satisfiesRange(range, SHELL_CONTRACT_VERSION)) {
    throw refuse(
      'contract_incompatible',
      `This build needs the shell contract ${range}; this shell provides ${SHELL_CONTRACT_VERSION}.`,
    );
  }
  return { contractRange: range };
}

/** Fetches (or reads) the manifest of a release and checks it: 422 naming the reason otherwise. */
export async function checkManifest(
  remote: string,
  manifestUrl: string,
  sources: ManifestSources,
): Promise<CheckedManifest> {
  const maxBytes = sources.maxBytes ?? MANIFEST_MAX_BYTES;
  const text = manifestUrl.startsWith('/')
    ? await readHosted(manifestUrl, sources, maxBytes)
    : await fetchRemote(new URL(manifestUrl), sources, maxBytes);
  return checkManifestText(text, remote);
}

/**
 * The range the hosted build of a remote declares (start-up's "server-build" release): its
 * manifest's `hiveContract.range`, or the legacy range when there is no readable one.
 */
export async function hostedContractRange(
  remote: string,
  remoteRoots: Readonly<Record<string, string>>,
): Promise<string> {
  const file = hostedFile(`/remotes/${remote}/mf-manifest.json`, remoteRoots);
  if (!file) return LEGACY_CONTRACT_RANGE;
  try {
    const text = await fs.readFile(file, 'utf8');
    const manifest: unknown = JSON.parse(text);
    const contract = isObject(manifest) ? contractOf(manifest) : undefined;
    const range = isObject(contract) ? contract.range : undefined;
    return typeof range === 'string' && range.trim() !== '' && range.length <= 100
      ? range.trim()
      : LEGACY_CONTRACT_RANGE;
  } catch {
    return LEGACY_CONTRACT_RANGE;
  }
}
