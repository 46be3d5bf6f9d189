/** What a Module Federation manifest (`mf-manifest.json`) says the storefront loads first. */
export interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: unknown }; publicPath?: unknown };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const SAFE_FILE = /^[A-Za-z0-9_.-]+\.(js|css)$/;

const files = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && SAFE_FILE.test(f)) : [];

export interface RemoteFiles {
  scripts: string[];
  styles: string[];
}

export const NO_FILES: RemoteFiles = { scripts: [], styles: [] };

/** The remote's entry and `./App` files, from the manifest its build wrote; [] when unknown. */
export function manifestFiles(manifest: Manifest): RemoteFiles {
  if (!manifest || typeof manifest !== 'object') return NO_FILES;
  const entry = manifest.metaData?.remoteEntry;
  const entryName = typeof entry?.name === 'string' && SAFE_FILE.test(entry.name) && !entry.path ? [entry.name] : [];
  const app = Array.isArray(manifest.exposes) ? manifest.exposes.find((e) => e?.name === 'App') : undefined;
  return { scripts: [...entryName, ...files(app?.assets?.js?.sync)], styles: files(app?.assets?.css?.sync) };
}
