import { fetchRemoteMap, parseRemoteMap } from './remoteMap';

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
