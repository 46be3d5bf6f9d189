import { fetchRemoteListing, type RemoteListing, type RemoteRelease } from '../remotes/remoteMap';

/** How often a visible tab asks `/remotes.json` whether a remote it loaded has another release. */
export const RELEASE_POLL_MS = 120_000;

export interface WatchReleasesOptions {
  /** The remotes this tab loaded, with the release each was loaded from (registry `loadedReleases`). */
  loaded: () => Record<string, RemoteRelease | null>;
  /** Another release of a loaded remote is now the one `/remotes.json` names for this visitor. */
  onNewRelease: (remote: string, release: RemoteRelease) => void;
  /** Every listing read (the registry adopts it for the remotes this tab has not loaded yet). */
  onListing?: (listing: RemoteListing) => void;
  fetchListing?: () => Promise<RemoteListing>;
  doc?: Document;
  intervalMs?: number;
}

/**
 * An open tab keeps the remotes it loaded (Module Federation cannot unload them): it polls
 * `/remotes.json` every 2 minutes while visible, and at once when it becomes visible again, and
 * says when a release it loaded has been replaced (a promotion, a rollback, a canary it left).
 * Nothing is asked while hidden or before a remote with a known release is loaded. Returns the stop.
 */
export function watchReleases({
  loaded,
  onNewRelease,
  onListing,
  fetchListing = () => fetchRemoteListing(),
  doc = document,
  intervalMs = RELEASE_POLL_MS,
}: WatchReleasesOptions): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  let checking = false;

  async function check(): Promise<void> {
    const current = Object.entries(loaded()).filter((entry): entry is [string, RemoteRelease] => entry[1] !== null);
    if (checking || current.length === 0) return;
    checking = true;
    try {
      const listing = await fetchListing();
      const { releases } = listing;
      // An empty answer is a failed request (fetchRemoteListing never throws), not "no remotes".
      if (Object.keys(listing.map).length > 0) onListing?.(listing);
      for (const [remote, release] of current) {
        const named = releases[remote];
        if (named && named.id !== release.id) onNewRelease(remote, named);
      }
    } catch {
      // Offline: the next poll asks again.
    } finally {
      checking = false;
    }
  }

  function schedule(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = doc.visibilityState === 'hidden' ? undefined : setInterval(() => void check(), intervalMs);
  }

  const onVisibility = () => {
    if (doc.visibilityState !== 'hidden') void check();
    schedule();
  };
  doc.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    doc.removeEventListener('visibilitychange', onVisibility);
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
}
