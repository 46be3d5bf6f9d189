import { registerRemotes } from '@module-federation/enhanced/runtime';
import { initRemotes, isRemoteConfigured, prefetchRemoteApp } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(() => Promise.resolve({ default: () => null })),
}));

const remotesJson = {
  backoffice: '/remotes/backoffice/mf-manifest.json',
  admin: '/remotes/admin/mf-manifest.json',
  ordering: '/remotes/ordering/mf-manifest.json',
};

describe('initRemotes', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    global.fetch = jest.fn(() => Promise.resolve({ ok: true, json: () => Promise.resolve(remotesJson) } as Response));
  });

  it('registers every remote of /remotes.json', async () => {
    await initRemotes({ report: jest.fn() });
    expect(jest.mocked(registerRemotes).mock.calls[0]![0].map((r) => r.name)).toEqual([
      'backoffice',
      'admin',
      'ordering',
    ]);
    expect(isRemoteConfigured('backoffice')).toBe(true);
  });

  it('leaves out the areas a standalone remote renders itself: nothing fetches them through the federation', async () => {
    const { loadRemote } = jest.requireMock('@module-federation/enhanced/runtime');
    await initRemotes({ report: jest.fn(), local: ['backoffice'] });
    expect(jest.mocked(registerRemotes).mock.calls[0]![0].map((r) => r.name)).toEqual(['admin', 'ordering']);
    expect(isRemoteConfigured('backoffice')).toBe(false);
    // The login page's prefetch of the back-office: the standalone back-office has it already.
    prefetchRemoteApp('backoffice');
    expect(loadRemote).not.toHaveBeenCalled();
    prefetchRemoteApp('admin');
    expect(loadRemote).toHaveBeenCalledWith('admin/App');
  });
});
