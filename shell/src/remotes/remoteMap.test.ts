import { fetchRemoteListing, fetchRemoteMap, parseRemoteMap, parseRemoteReleases } from './remoteMap';

describe('parseRemoteMap', () => {
  it('keeps well-formed entries only', () => {
    expect(
      parseRemoteMap({ backoffice: '/remotes/backoffice/mf-manifest.json', bad: 3, '../x': '/x', empty: '' }),
    ).toEqual({ backoffice: '/remotes/backoffice/mf-manifest.json' });
  });

  it.each([null, undefined, 'x', 42, ['a'], true])('discards %p', (value) => {
    expect(parseRemoteMap(value)).toEqual({});
  });
});

describe('fetchRemoteMap', () => {
  const respond = (body: unknown, ok = true) =>
    jest.fn().mockResolvedValue({ ok, json: () => Promise.resolve(body) }) as unknown as typeof fetch;

  it('reads the map', async () => {
    await expect(fetchRemoteMap('/remotes.json', respond({ admin: '/a.json' }))).resolves.toEqual({ admin: '/a.json' });
  });

  it('answers an empty map when the file is missing or the network fails', async () => {
    await expect(fetchRemoteMap('/remotes.json', respond({}, false))).resolves.toEqual({});
    const failing = jest.fn().mockRejectedValue(new TypeError('offline')) as unknown as typeof fetch;
    await expect(fetchRemoteMap('/remotes.json', failing)).resolves.toEqual({});
  });
});

describe('parseRemoteReleases (`_releases`)', () => {
  it('keeps valid entries and overrides (null), drops malformed ones', () => {
    expect(
      parseRemoteReleases({
        backoffice: { id: 12, version: '2026.12.02-1a2b3c4' },
        ordering: null,
        admin: { id: '12', version: 'x' },
        bad1: { id: 0, version: 'x' },
        bad2: { id: 1.5, version: 'x' },
        bad3: { id: 3 },
        bad4: 'x',
        '../x': { id: 4, version: 'y' },
      }),
    ).toEqual({ backoffice: { id: 12, version: '2026.12.02-1a2b3c4' }, ordering: null });
  });

  it.each([null, undefined, 'x', 42, [{ id: 1 }]])('discards %p', (value) => {
    expect(parseRemoteReleases(value)).toEqual({});
  });
});

describe('fetchRemoteListing', () => {
  it('reads the map and the releases; `_releases` is not a remote', async () => {
    const body = {
      backoffice: '/remotes/backoffice/mf-manifest.json',
      ordering: 'https://cdn.test/o/mf-manifest.json',
      _releases: { backoffice: { id: 3, version: 'v3' }, ordering: null },
    };
    const fetchImpl = jest
      .fn()
      .mockResolvedValue({ ok: true, json: () => Promise.resolve(body) }) as unknown as typeof fetch;
    await expect(fetchRemoteListing('/remotes.json', fetchImpl)).resolves.toEqual({
      map: { backoffice: '/remotes/backoffice/mf-manifest.json', ordering: 'https://cdn.test/o/mf-manifest.json' },
      releases: { backoffice: { id: 3, version: 'v3' }, ordering: null },
    });
  });

  it('an older server without `_releases`, or no answer: no releases', async () => {
    const old = jest
      .fn()
      .mockResolvedValue({ ok: true, json: () => Promise.resolve({ admin: '/a.json' }) }) as unknown as typeof fetch;
    await expect(fetchRemoteListing('/remotes.json', old)).resolves.toEqual({
      map: { admin: '/a.json' },
      releases: {},
    });
    const failing = jest.fn().mockRejectedValue(new TypeError('offline')) as unknown as typeof fetch;
    await expect(fetchRemoteListing('/remotes.json', failing)).resolves.toEqual({ map: {}, releases: {} });
  });
});
