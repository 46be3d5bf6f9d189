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

export async function fetchRemoteMap(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<RemoteMap> {
  try {
    const res = await fetchImpl(url, { cache: 'no-cache', headers: { Accept: 'application/json' } });
    if (!res.ok) return {};
    return parseRemoteMap(await res.json());
  } catch {
    return {};
  }
}
