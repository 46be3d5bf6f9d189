import fs from 'node:fs/promises';
import path from 'node:path';
import type { Language } from '@hive/shared/config';

/**
 * `<link rel="preload">` hints for a storefront page: what its first view waits for, in the order
 * the page would otherwise discover it one step at a time (shell boot, then the ordering remote's
 * manifest, then its entry and `./App` chunks, then its translations, then the store's profile and
 * the ordering token its menu request needs).
 * Announced in the HTML, a phone fetches them all while the shell's code is still parsing (the
 * shell's own `/remotes.json` too: the browser hands the preloaded answer to its no-cache fetch).
 *
 * Only for the ordering remote served by this server (its default `/remotes/ordering/` address and
 * build folder): a remote on another origin (REMOTES_JSON) is the CDN's business. A missing or
 * unreadable manifest (not built, an older build) means no hints for the remote, never an error.
 */
export const ORDERING_MANIFEST = '/remotes/ordering/mf-manifest.json';
const BASE = '/remotes/ordering/';
const SAFE_FILE = /^[A-Za-z0-9_.-]+\.(js|css)$/;

interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const files = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && SAFE_FILE.test(f)) : [];

interface RemoteFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The manifest read once per build, not on every storefront page: kept until its modification time
 * changes (a new build of the remote in place).
 */
let cached: { file: string; mtimeMs: number; files: RemoteFiles } | undefined;

async function remoteFiles(orderingRoot: string): Promise<RemoteFiles> {
  const file = path.join(orderingRoot, 'mf-manifest.json');
  try {
    const { mtimeMs } = await fs.stat(file);
    if (cached?.file === file && cached.mtimeMs === mtimeMs) return cached.files;
    const files = await readRemoteFiles(file);
    cached = { file, mtimeMs, files };
    return files;
  } catch {
    return { scripts: [], styles: [] };
  }
}

/** The remote's entry and `./App` files, from the manifest its build wrote; [] when unknown. */
async function readRemoteFiles(file: string): Promise<RemoteFiles> {
  try {
    const manifest = JSON.parse(await fs.readFile(file, 'utf8')) as Manifest;
    const entry = manifest.metaData?.remoteEntry;
    const entryName = typeof entry?.name === 'string' && SAFE_FILE.test(entry.name) && !entry.path ? [entry.name] : [];
    const app = manifest.exposes?.find((e) => e.name === 'App');
    return { scripts: [...entryName, ...files(app?.assets?.js?.sync)], styles: files(app?.assets?.css?.sync) };
  } catch {
    return { scripts: [], styles: [] };
  }
}

/** The tags for the storefront of `slug` (already checked to be a store) in language `lng`. */
export async function storefrontHints(orderingRoot: string | undefined, slug: string, lng: Language): Promise<string> {
  // fetch() and XHR requests are CORS-mode: a preload for them needs `crossorigin` to be reused,
  // with the request's credentials mode (the shell's HTTP client sends cookies: use-credentials).
  const data = (href: string, credentials = false) =>
    `<link rel="preload" href="${href}" as="fetch" crossorigin="${credentials ? 'use-credentials' : 'anonymous'}">`;
  const tags: string[] = [];
  if (orderingRoot) {
    // The shell's remote map comes first on its boot's path to the remote (it names the manifest).
    tags.push(data('/remotes.json'));
    const { scripts, styles } = await remoteFiles(orderingRoot);
    if (scripts.length > 0) {
      tags.push(data(ORDERING_MANIFEST));
      for (const file of styles) tags.push(`<link rel="preload" href="${BASE}${file}" as="style">`);
      for (const file of scripts) tags.push(`<link rel="preload" href="${BASE}${file}" as="script">`);
    }
  }
  tags.push(data(`/locales/${lng}/ordering.json`));
  tags.push(data(`/ordering_master/stores/${encodeURIComponent(slug)}`, true));
  // The ordering token the menu request needs (a public GET, as the page asks for it).
  tags.push(data(`/gettokenonline?store=${encodeURIComponent(slug)}`, true));
  return tags.join('');
}
