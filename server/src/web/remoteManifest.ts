import type { Logger } from 'pino';
import { fetchLimited } from './fetchLimited';
import { manifestFiles, NO_FILES, type Manifest, type RemoteFiles } from './manifestFiles';

/** A manifest on another origin is asked for at most this long: a page waits for it once. */
const FETCH_TIMEOUT_MS = 1_500;
const MAX_BYTES = 256 * 1024;
/** A release's manifest does not change (a new build is a new release): kept long; a failure briefly. */
const KEEP_MS = 60 * 60_000;
const RETRY_MS = 30_000;
const MAX_ENTRIES = 100;

export interface ManifestFiles {
  /** The URL the files are relative to. */
  base: string;
  files: RemoteFiles;
}

/** The folder a manifest's files are in: its absolute `publicPath`, else the manifest's own folder. */
function baseOf(manifestUrl: string, manifest: Manifest): string {
  const publicPath = manifest?.metaData?.publicPath;
  if (typeof publicPath === 'string' && /^https?:\/\/[^"'<>\s]+\/$/i.test(publicPath)) return publicPath;
  return new URL('.', manifestUrl).href;
}

async function fetchManifest(url: string): Promise<Manifest> {
  const body = await fetchLimited(url, {
    maxBytes: MAX_BYTES,
    timeoutMs: FETCH_TIMEOUT_MS,
    accept: 'application/json',
  });
  return JSON.parse(body.toString('utf8')) as Manifest;
}

/**
 * The files of releases hosted on other origins, for the storefront's preload hints: each manifest
 * fetched once (one request at a time per URL) and kept; one that cannot be read gives no hints,
 * and is asked again after a while.
 */
export class RemoteManifests {
  private readonly entries = new Map<string, { until: number; value: Promise<ManifestFiles> }>();

  constructor(private readonly log?: Logger) {}

  filesOf(manifestUrl: string): Promise<ManifestFiles> {
    const cached = this.entries.get(manifestUrl);
    if (cached && cached.until > Date.now()) return cached.value;
    const keep = (files: ManifestFiles, ms: number) => {
      this.entries.set(manifestUrl, { until: Date.now() + ms, value: Promise.resolve(files) });
      return files;
    };
    const value = fetchManifest(manifestUrl).then(
      (manifest) => keep({ base: baseOf(manifestUrl, manifest), files: manifestFiles(manifest) }, KEEP_MS),
      (error: unknown) => {
        this.log?.warn({ err: error, manifestUrl }, 'storefront hints: cannot read a release manifest');
        return keep({ base: manifestUrl, files: NO_FILES }, RETRY_MS);
      },
    );
    // While it is fetched, other pages wait for the same request.
    this.entries.set(manifestUrl, { until: Date.now() + FETCH_TIMEOUT_MS + 1_000, value });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return value;
  }
}
