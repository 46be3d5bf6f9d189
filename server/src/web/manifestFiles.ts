/** What a Module Federation manifest (`mf-manifest.json`) says the storefront loads first. */
export interface Manifest {
  metaData?: {
    remoteEntry?: { name?: unknown; path?: unknown };
    publicPath?: unknown;
    hiveServer?: { file?: unknown; integrity?: unknown; version?: unknown };
  };
  exposes?: { name?: unknown; assets?: { js?: { sync?: unknown }; css?: { sync?: unknown } } }[];
}

const SAFE_FILE = /^[A-Za-z0-9_.-]+\.(js|css)$/;
/** The server build's file, in its `server/` folder beside the browser build (no other path). */
const SERVER_FILE = /^server\/[A-Za-z0-9_][A-Za-z0-9_.-]*\.cjs$/;
const SHA256 = /^sha256-[A-Za-z0-9+/]{43}=$/;
/** The first-screen interface this server speaks (the ordering remote's FIRST_SCREEN_VERSION). */
export const SERVER_BUILD_VERSION = 1;

const files = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((f): f is string => typeof f === 'string' && SAFE_FILE.test(f)) : [];

/** A release's server build (tools/webpack/server-build-plugin.cjs): its file and sha256. */
export interface ServerBuildRef {
  file: string;
  integrity: string;
}

export interface RemoteFiles {
  scripts: string[];
  styles: string[];
  /** null: the release has none (an older build), or one for another interface version. */
  server: ServerBuildRef | null;
}

export const NO_FILES: RemoteFiles = { scripts: [], styles: [], server: null };

function serverBuild(value: NonNullable<Manifest['metaData']>['hiveServer']): ServerBuildRef | null {
  if (!value || typeof value !== 'object') return null;
  const { file, integrity, version } = value;
  if (version !== SERVER_BUILD_VERSION) return null;
  if (typeof file !== 'string' || !SERVER_FILE.test(file)) return null;
  if (typeof integrity !== 'string' || !SHA256.test(integrity)) return null;
  return { file, integrity };
}

/** The remote's entry and `./App` files and its server build, from the manifest its build wrote. */
export function manifestFiles(manifest: Manifest): RemoteFiles {
  if (!manifest || typeof manifest !== 'object') return NO_FILES;
  const entry = manifest.metaData?.remoteEntry;
  const entryName = typeof entry?.name === 'string' && SAFE_FILE.test(entry.name) && !entry.path ? [entry.name] : [];
  const app = Array.isArray(manifest.exposes) ? manifest.exposes.find((e) => e?.name === 'App') : undefined;
  return {
    scripts: [...entryName, ...files(app?.assets?.js?.sync)],
    styles: files(app?.assets?.css?.sync),
    server: serverBuild(manifest.metaData?.hiveServer),
  };
}
