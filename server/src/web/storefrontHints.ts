import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@hive/shared/config';
import { manifestFiles, NO_FILES, type Manifest, type RemoteFiles } from './manifestFiles';
import type { RemoteManifests } from './remoteManifest';

/**
 * `<link rel="preload">` hints for a storefront page: what its first view waits for, in the order
 * the page would otherwise discover it one step at a time (shell boot, then the ordering remote's
 * manifest, then its entry and `./App` chunks, then its translations, then the store's profile and
 * the ordering token its menu request needs).
 * Announced in the HTML, a phone fetches them all while the shell's code is still parsing (the
 * shell's own `/remotes.json` too: the browser hands the preloaded answer to its no-cache fetch).
 *
 * The remote's files are those of the release this visitor gets (`/remotes.json` names the same):
 * the build this server hosts (`/remotes/ordering/...`, read from its folder) or a release on
 * another origin (its manifest fetched once and kept, remoteManifest.ts). A missing or unreadable
 * manifest (not built, an older build, a CDN that does not answer in time) means no hints for the
 * remote, never an error.
 */
const HOSTED_BASE = '/remotes/ordering/';
/** A sub-folder of the hosted build: `/remotes/ordering/<folder>/mf-manifest.json` (an older build kept). */
const HOSTED_MANIFEST = /^\/remotes\/ordering\/((?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*)mf-manifest\.json$/;

/**
 * A hosted manifest read once per build, not on every storefront page: kept until its modification
 * time changes (a new build of the remote in place).
 */
const hostedCache = new Map<string, { mtimeMs: number; files: RemoteFiles }>();

async function hostedFiles(file: string): Promise<RemoteFiles> {
  try {
    const { mtimeMs } = await fs.stat(file);
    const cached = hostedCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.files;
    const files = manifestFiles(JSON.parse(await fs.readFile(file, 'utf8')) as Manifest);
    hostedCache.set(file, { mtimeMs, files });
    return files;
  } catch {
    return NO_FILES;
  }
}

/**
 * Where the storefront's ordering remote comes from for this visitor: the folder of the build this
 * server hosts, or a manifest on another origin; null when the hints cannot name its files.
 */
export type OrderingSource =
  | { kind: 'hosted'; manifestFile: string; base: string }
  | { kind: 'remote'; manifestUrl: string; manifests: RemoteManifests };

/** The source of the manifest URL `/remotes.json` gives this visitor for the ordering remote. */
export function orderingSource(
  manifestUrl: string | undefined,
  hostedRoot: string | undefined,
  manifests: RemoteManifests,
): OrderingSource | null {
  if (!manifestUrl) return null;
  const folder = HOSTED_MANIFEST.exec(manifestUrl)?.[1];
  // Segments start with a letter, digit or _: never `..`.
  if (folder !== undefined) {
    if (hostedRoot === undefined) return null;
    return {
      kind: 'hosted',
      manifestFile: path.join(hostedRoot, folder, 'mf-manifest.json'),
      base: `${HOSTED_BASE}${folder}`,
    };
  }
  if (/^https?:\/\//i.test(manifestUrl)) return { kind: 'remote', manifestUrl, manifests };
  // Another path on this origin (REMOTES_JSON): not a folder this server knows.
  return null;
}

/** Where a release's server build is: a file of this server's hosted build, or a URL. */
export type ServerBuildSource =
  | { kind: 'file'; path: string; integrity: string }
  | { kind: 'url'; url: string; integrity: string };

/** The storefront's ordering release for this visitor: where its files are, and which they are. */
export interface OrderingRelease {
  /** The URL its files are relative to. */
  base: string;
  manifest: string;
  files: RemoteFiles;
  serverBuild: ServerBuildSource | null;
}

/** What the visitor's ordering release loads first (its manifest read once per build or release). */
export async function orderingRelease(source: OrderingSource | null): Promise<OrderingRelease | null> {
  if (!source) return null;
  if (source.kind === 'hosted') {
    const files = await hostedFiles(source.manifestFile);
    const server = files.server;
    return {
      base: source.base,
      manifest: `${source.base}mf-manifest.json`,
      files,
      serverBuild: server
        ? { kind: 'file', path: path.join(path.dirname(source.manifestFile), server.file), integrity: server.integrity }
        : null,
    };
  }
  const { base, files } = await source.manifests.filesOf(source.manifestUrl);
  const server = files.server;
  return {
    base,
    manifest: source.manifestUrl,
    files,
    serverBuild: server ? { kind: 'url', url: new URL(server.file, base).href, integrity: server.integrity } : null,
  };
}

/**
 * The tags for the storefront of `slug` (already checked to be a store) in language `lng`. With the
 * first screen in the page (`firstScreen`), the release's CSS is a stylesheet: the page paints with it.
 */
export function storefrontHints(
  release: OrderingRelease | null,
  slug: string,
  lng: Language,
  { firstScreen = false }: { firstScreen?: boolean } = {},
): string {
  // fetch() and XHR requests are CORS-mode: a preload for them needs `crossorigin` to be reused,
  // with the request's credentials mode (the shell's HTTP client sends cookies: use-credentials).
  const data = (href: string, credentials = false) =>
    `<link rel="preload" href="${href}" as="fetch" crossorigin="${credentials ? 'use-credentials' : 'anonymous'}">`;
  const tags: string[] = [];
  if (release) {
    // The shell's remote map comes first on its boot's path to the remote (it names the manifest).
    tags.push(data('/remotes.json'));
    const { base, manifest, files } = release;
    if (files.scripts.length > 0) {
      // Module Federation fetches the manifest (CORS, no credentials) and adds plain <script> and
      // <link> tags for the rest: the preloads match those requests, on any origin.
      tags.push(data(escapeAttr(manifest)));
      for (const file of files.styles)
        tags.push(
          firstScreen
            ? `<link rel="stylesheet" href="${escapeAttr(base + file)}">`
            : `<link rel="preload" href="${escapeAttr(base + file)}" as="style">`,
        );
      for (const file of files.scripts) tags.push(`<link rel="preload" href="${escapeAttr(base + file)}" as="script">`);
    }
  }
  tags.push(data(`/locales/${lng}/ordering.json`));
  tags.push(data(`/ordering_master/stores/${encodeURIComponent(slug)}`, true));
  // The ordering token the menu request needs (a public GET, as the page asks for it).
  tags.push(data(`/gettokenonline?store=${encodeURIComponent(slug)}`, true));
  return tags.join('');
}

/** A URL from the registry inside an attribute: quoted characters escaped (file names are checked). */
const escapeAttr = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
