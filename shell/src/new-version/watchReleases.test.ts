import type { RemoteListing, RemoteRelease } from '../remotes/remoteMap';
import { RELEASE_POLL_MS, watchReleases } from './watchReleases';

let visibility: DocumentVisibilityState = 'visible';
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function setup(loaded: Record<string, RemoteRelease | null>) {
  let releases: RemoteListing['releases'] = {
    backoffice: { id: 12, version: 'a' },
    ordering: { id: 30, version: 'c' },
  };
  const fetchListing = jest.fn(() => Promise.resolve({ map: {}, releases }));
  const onNewRelease = jest.fn();
  const stop = watchReleases({ loaded: () => loaded, onNewRelease, fetchListing });
  return { fetchListing, onNewRelease, stop, publish: (next: RemoteListing['releases']) => (releases = next) };
}

const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('watchReleases: is there another release of a remote this tab loaded?', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    visibility = 'visible';
  });
  afterEach(() => jest.useRealTimers());

  it('asks /remotes.json every 2 minutes while visible and says which remote has another release', async () => {
    const { fetchListing, onNewRelease, stop, publish } = setup({ backoffice: { id: 12, version: 'a' } });
    jest.advanceTimersByTime(RELEASE_POLL_MS - 1);
    expect(fetchListing).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flush();
    expect(fetchListing).toHaveBeenCalledTimes(1);
    expect(onNewRelease).not.toHaveBeenCalled();

    publish({ backoffice: { id: 13, version: 'b' }, ordering: { id: 30, version: 'c' } });
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    expect(onNewRelease).toHaveBeenCalledWith('backoffice', { id: 13, version: 'b' });
    stop();
  });

  it('only for remotes this tab loaded: another release of one it never loaded says nothing', async () => {
    const { onNewRelease, stop, publish } = setup({ backoffice: { id: 12, version: 'a' } });
    publish({
      backoffice: { id: 12, version: 'a' },
      ordering: { id: 31, version: 'd' },
      admin: { id: 2, version: 'x' },
    });
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    expect(onNewRelease).not.toHaveBeenCalled();
    stop();
  });

  it('asks nothing while no remote with a known release is loaded (the login page, a REMOTES_JSON override)', async () => {
    const { fetchListing, stop } = setup({ admin: null });
    jest.advanceTimersByTime(RELEASE_POLL_MS * 3);
    await flush();
    expect(fetchListing).not.toHaveBeenCalled();
    stop();
  });

  it('asks nothing while hidden, and at once when the tab becomes visible again', async () => {
    const { fetchListing, onNewRelease, stop, publish } = setup({ ordering: { id: 30, version: 'c' } });
    setVisibility('hidden');
    jest.advanceTimersByTime(RELEASE_POLL_MS * 5);
    await flush();
    expect(fetchListing).not.toHaveBeenCalled();
    publish({ ordering: { id: 29, version: 'rolled back to' } });
    setVisibility('visible');
    await flush();
    expect(fetchListing).toHaveBeenCalledTimes(1);
    expect(onNewRelease).toHaveBeenCalledWith('ordering', { id: 29, version: 'rolled back to' });
    // And the 2-minute rhythm starts again from there.
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    expect(fetchListing).toHaveBeenCalledTimes(2);
    stop();
    jest.advanceTimersByTime(RELEASE_POLL_MS * 3);
    expect(fetchListing).toHaveBeenCalledTimes(2);
  });

  it('a release named null (an override now) or a failed request is no new version', async () => {
    const { fetchListing, onNewRelease, stop, publish } = setup({ backoffice: { id: 12, version: 'a' } });
    publish({ backoffice: null });
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    fetchListing.mockRejectedValueOnce(new TypeError('offline'));
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    expect(fetchListing).toHaveBeenCalledTimes(2);
    expect(onNewRelease).not.toHaveBeenCalled();
    stop();
  });

  it('hands every answer to onListing (the registry adopts it), but not an empty one (a failed request)', async () => {
    visibility = 'visible';
    const onListing = jest.fn();
    const listing = { map: { admin: '/a.json' }, releases: { admin: { id: 2, version: 'b' } } };
    const fetchListing = jest.fn().mockResolvedValueOnce(listing).mockResolvedValueOnce({ map: {}, releases: {} });
    const stop = watchReleases({
      loaded: () => ({ admin: { id: 1, version: 'a' } }),
      onNewRelease: jest.fn(),
      onListing,
      fetchListing,
    });
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    jest.advanceTimersByTime(RELEASE_POLL_MS);
    await flush();
    expect(fetchListing).toHaveBeenCalledTimes(2);
    expect(onListing.mock.calls).toEqual([[listing]]);
    stop();
  });
});
