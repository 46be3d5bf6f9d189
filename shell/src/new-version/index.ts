// The "A new version is available" notice (issue 44): the component and its store sit on the first
// load; the watch of /remotes.json loads lazily once the federation runtime started.
import { newVersionNotice } from './newVersionNotice';
import type { RemoteListing, RemoteRelease } from '../remotes/remoteMap';

export { NewVersionNotice } from './NewVersionNotice';
export { newVersionNotice } from './newVersionNotice';

let started = false;

/** Starts polling `/remotes.json` for a new release of a remote this tab loaded (once). */
export function startReleaseWatch({
  loaded,
  adopt,
}: {
  loaded: () => Record<string, RemoteRelease | null>;
  adopt?: (listing: RemoteListing) => unknown;
}): void {
  if (started) return;
  started = true;
  void import(/* webpackChunkName: "release-watch" */ './watchReleases').then(
    ({ watchReleases }) =>
      watchReleases({
        loaded,
        onNewRelease: (remote, release) => newVersionNotice.offer(remote, release.id),
        onListing: adopt && ((listing) => void adopt(listing)),
      }),
    () => {
      started = false;
    },
  );
}
