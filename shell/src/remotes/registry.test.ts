import { configureRemotes, initRemotes, isRemoteConfigured, loadRemoteApp, RemoteUnavailableError } from './registry';
import { RemoteIncompatibleError } from './contract';

// The lazy federation chunk: the runtime instance the registry drives.
const mf = {
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => Promise.resolve({ default: () => null })),
};
const startFederation = jest.fn((_plugins: unknown[]) => mf);
jest.mock('./federation', () => ({
  startFederation: (plugins: unknown[]) => startFederation(plugins),
  providedVersions: () => ({ react: '19.2.0' }),
}));

const remotesJson = {
  backoffice: '/remotes/backoffice/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
  ordering: '/remotes/ordering/mf-manifest.json',
};

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('remote registry', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    global.fetch = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(remotesJson) } as Response));
  });

  it('starts nothing until a remote is needed, then the runtime once, with every remote of /remotes.json', async () => {
    configureRemotes({ report: jest.fn() });
    expect(startFederation).not.toHaveBeenCalled();
    expect(global.fetch).not.toHaveBeenCalled();
    await loadRemoteApp('admin');
    await initRemotes();
    expect(startFederation).toHaveBeenCalledTimes(1);
    expect(global.fetch).toHaveBeenCalledTimes(1);
    expect(mf.registerRemotes.mock.calls[0]![0].map((r: { name: string }) => r.name)).toEqual([
      'backoffice',
      'admin',
      'ordering',
    ]);
    expect(mf.loadRemote).toHaveBeenCalledWith('admin/App');
    expect(isRemoteConfigured('backoffice')).toBe(true);
  });

  it('a retry registers the remote afresh before loading it again', async () => {
    await loadRemoteApp('ordering', true);
    expect(mf.registerRemotes).toHaveBeenCalledWith([{ name: 'ordering', entry: remotesJson.ordering }], {
      force: true,
    });
  });

  describe('the shell contract, checked before anything renders', () => {
    const App = () => null;
    it('mounts a compatible remote and a legacy one (nothing recorded)', async () => {
      mf.loadRemote.mockResolvedValueOnce({
        default: App,
        hiveContract: { range: '^1.0.0', shared: { react: '^19.0.0' } },
      } as never);
      await expect(loadRemoteApp('admin')).resolves.toMatchObject({ default: App });
      mf.loadRemote.mockResolvedValueOnce({ default: App } as never);
      await expect(loadRemoteApp('admin')).resolves.toMatchObject({ default: App });
    });

    it('refuses a remote that needs another contract, and reports REMOTE_INCOMPATIBLE once', async () => {
      const reportIncompatible = jest.fn();
      configureRemotes({ report: jest.fn(), reportIncompatible });
      mf.loadRemote.mockResolvedValueOnce({ default: App, hiveContract: { range: '^99.0.0' } } as never);
      const err: unknown = await loadRemoteApp('ordering').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RemoteIncompatibleError);
      expect(err).not.toBeInstanceOf(RemoteUnavailableError);
      expect(reportIncompatible).toHaveBeenCalledWith('ordering', 'needs shell contract ^99.0.0, this shell is 1.0.0');
    });

    it('refuses a remote that needs a newer major of a shared singleton', async () => {
      mf.loadRemote.mockResolvedValueOnce({
        default: App,
        hiveContract: { range: '^1.0.0', shared: { react: '^20.0.0' } },
      } as never);
      await expect(loadRemoteApp('backoffice')).rejects.toMatchObject({
        name: 'RemoteIncompatibleError',
        reason: 'needs react ^20.0.0, this shell provides 19.2.0',
      });
    });
  });

  it('an area not listed in remotes.json is unavailable, not a crash', async () => {
    await expect(loadRemoteApp('nope')).rejects.toMatchObject({ name: 'RemoteUnavailableError', remote: 'nope' });
  });
});

describe('a standalone remote', () => {
  beforeEach(() => {
    jest.resetModules();
    jest.clearAllMocks();
    global.fetch = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(remotesJson) } as Response));
  });

  it('leaves out the areas it renders itself: nothing fetches them through the federation', async () => {
    const registry = jest.requireActual<typeof import('./registry')>('./registry');
    await registry.initRemotes({ report: jest.fn(), local: ['backoffice'] });
    expect(mf.registerRemotes.mock.calls[0]![0].map((r: { name: string }) => r.name)).toEqual(['admin', 'ordering']);
    expect(registry.isRemoteConfigured('backoffice')).toBe(false);
    // The login page's prefetch of the back-office: the standalone back-office has it already.
    registry.prefetchRemoteApp('backoffice');
    await flush();
    expect(mf.loadRemote).not.toHaveBeenCalled();
    registry.prefetchRemoteApp('admin');
    await flush();
    expect(mf.loadRemote).toHaveBeenCalledWith('admin/App');
  });
});

describe('the releases this tab loads (`_releases`)', () => {
  beforeEach(() => {
    jest.resetModules();
    jest.clearAllMocks();
    global.fetch = jest.fn(() =>
      Promise.resolve({
        ok: true,
        json: () =>
          Promise.resolve({
            ...remotesJson,
            _releases: { backoffice: { id: 12, version: 'a' }, admin: null, ordering: { id: 'bad' } },
          }),
      } as Response),
    );
  });

  it('keeps the release each remote was listed with when the runtime started, and which remotes loaded', async () => {
    const registry = jest.requireActual<typeof import('./registry')>('./registry');
    const onStarted = jest.fn();
    const onLoadStart = jest.fn();
    await registry.initRemotes({ report: jest.fn(), onStarted, onLoadStart });
    expect(onStarted).toHaveBeenCalledTimes(1);
    expect(registry.remoteRelease('backoffice')).toEqual({ id: 12, version: 'a' });
    // An override, and a malformed entry: no release known.
    expect(registry.remoteRelease('admin')).toBeNull();
    expect(registry.remoteRelease('ordering')).toBeNull();
    expect(registry.remoteUrls()).toEqual(remotesJson);
    expect(registry.loadedReleases()).toEqual({});

    await registry.loadRemoteApp('backoffice');
    registry.prefetchRemoteApp('admin');
    await flush();
    expect(onLoadStart.mock.calls).toEqual([['backoffice'], ['admin']]);
    expect(registry.loadedReleases()).toEqual({ backoffice: { id: 12, version: 'a' }, admin: null });
  });

  it('a failed load is reported with its error and does not count as loaded', async () => {
    const registry = jest.requireActual<typeof import('./registry')>('./registry');
    const onLoadFailed = jest.fn();
    await registry.initRemotes({ report: jest.fn(), onLoadFailed });
    const failure = new Error('Failed to load script resources. #RUNTIME-008');
    mf.loadRemote.mockRejectedValueOnce(failure);
    await expect(registry.loadRemoteApp('backoffice')).rejects.toBeInstanceOf(registry.RemoteUnavailableError);
    expect(onLoadFailed).toHaveBeenCalledWith('backoffice', failure);
    expect(registry.loadedReleases()).toEqual({});
  });

  it('a newer listing moves the remotes not loaded (a failed one included) to the release named now, not the loaded ones', async () => {
    const registry = jest.requireActual<typeof import('./registry')>('./registry');
    await registry.initRemotes({ report: jest.fn() });
    await registry.loadRemoteApp('backoffice');
    mf.loadRemote.mockRejectedValueOnce(new Error('Failed to load script resources. #RUNTIME-008'));
    await registry.loadRemoteApp('admin').catch(() => undefined);
    mf.registerRemotes.mockClear();
    await registry.adoptListing({
      map: { ...remotesJson, backoffice: '/b/13/mf-manifest.json', admin: '/a/41/mf-manifest.json' },
      releases: {
        backoffice: { id: 13, version: 'b' },
        admin: { id: 41, version: 'y' },
        ordering: { id: 30, version: 'c' },
      },
    });
    // The back-office runs release 12 in this tab: it keeps it (the notice offers the reload).
    expect(registry.remoteRelease('backoffice')).toEqual({ id: 12, version: 'a' });
    expect(registry.remoteUrls().backoffice).toBe(remotesJson.backoffice);
    // The admin console failed to load: "Try again" gets the new release.
    expect(registry.remoteRelease('admin')).toEqual({ id: 41, version: 'y' });
    expect(registry.remoteRelease('ordering')).toEqual({ id: 30, version: 'c' });
    expect(mf.registerRemotes.mock.calls).toEqual([
      [[{ name: 'admin', entry: '/a/41/mf-manifest.json' }], { force: true }],
    ]);
    await registry.loadRemoteApp('admin', true);
    expect(mf.loadRemote).toHaveBeenLastCalledWith('admin/App');
    expect(registry.loadedReleases()).toEqual({
      backoffice: { id: 12, version: 'a' },
      admin: { id: 41, version: 'y' },
    });
  });
});
