type Listener = () => void;
/** The release the notice offers (`<remote>:<id>`), and the one the user dismissed. */
let offered: string | null = null;
let dismissed: string | null = null;
const listeners = new Set<Listener>();

const notify = () => {
  for (const l of [...listeners]) l();
};

/** Whether the "A new version is available" notice shows: a store for useSyncExternalStore. */
export const newVersionNotice = {
  isShown: () => offered !== null,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** A release newer than the one this tab loaded; one the user dismissed is not offered again. */
  offer(remote: string, releaseId: number) {
    const key = `${remote}:${releaseId}`;
    if (key === dismissed || offered !== null) return;
    offered = key;
    notify();
  },
  dismiss() {
    if (offered === null) return;
    dismissed = offered;
    offered = null;
    notify();
  },
  /** Tests: back to nothing offered, nothing dismissed. */
  reset() {
    offered = null;
    dismissed = null;
    notify();
  },
};
