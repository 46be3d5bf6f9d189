/** The runtime remote map (`/remotes.json`): remote name -> manifest or remoteEntry URL. */
export type RemoteMap = Record<string, string>;

export const REMOTE_NAMES = ['backoffice', 'admin', 'ordering'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Keeps only well-formed entries, so a bad deployment file degrades to "remote unavailable". */
export function parseRemoteMap(value: unknown): RemoteMap {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const map: RemoteMap = {};
  for (const [name, url] of Object.entries(value as Record<string, unknown>)) {
    if (/^[a-z][a-z0-9_]*$/i.test(name) && typeof url === 'string' && url.length > 0) map[name] = url;
  }
  return map;
}

/** The registry's release behind a remote's URL: `null` when the URL is a REMOTES_JSON override. */
export interface RemoteRelease {
  id: number;
  version: string;
}
export type RemoteReleases = Record<string, RemoteRelease | null>;

/**
 * `/remotes.json`'s `_releases` (`{ <remote>: { id, version } | null }`): a malformed entry is
 * dropped (the remote still loads; only its telemetry and new-version notice go without it).
 */
export function parseRemoteReleases(value: unknown): RemoteReleases {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const releases: RemoteReleases = {};
  for (const [name, entry] of Object.entries(value as Record<string, unknown>)) {
    if (!/^[a-z][a-z0-9_]*$/i.test(name)) continue;
    if (entry === null) {
      releases[name] = null;
      continue;
    }
    if (!entry || typeof entry !== 'object') continue;
    const { id, version } = entry as Record<string, unknown>;
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && typeof version === 'string') {
      releases[name] = { id, version: version.slice(0, 100) };
    }
  }
  return releases;
}

/** What `/remotes.json` names: the map, and the release of each remote (`_releases`). */
export interface RemoteListing {
  map: RemoteMap;
  releases: RemoteReleases;
}

export async function fetchRemoteListing(
  url = '/remotes.json',
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteListing> {
  try {
    const res = await fetchImpl(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!res.ok) return { map: {}, releases: {} };
    const body: unknown = await res.json();
    const releases = parseRemoteReleases((body as { _releases?: unknown } | null)?._releases);
    return { map: parseRemoteMap(body), releases };
  } catch {
    return { map: {}, releases: {} };
  }
}

export async function fetchRemoteMap(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<RemoteMap> {
  return (await fetchRemoteListing(url, fetchImpl)).map;
}
