import type { AxiosInstance } from 'axios';
import { createFakeAdapter } from './fakeAdapter.testutil';
import { createHttpClient } from './httpClient';
import { createLazyHttpClient } from './lazyHttpClient';

function deferredLoad() {
  const fake = createFakeAdapter((config) => ({
    status: 200,
    data: { url: config.url, seen: config.headers['X-Seen'] ?? null },
  }));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = jest.fn(async (): Promise<AxiosInstance> => {
    await gate;
    return createHttpClient({ adapter: fake.adapter });
  });
  return { load, release, fake };
}

describe('the lazily loaded HTTP client', () => {
  it('loads nothing until used, and interceptors registered before then apply to the first request', async () => {
    const { load, release, fake } = deferredLoad();
    const http = createLazyHttpClient(load);
    http.interceptors.request.use((config) => {
      config.headers.set('X-Seen', 'yes');
      return config;
    });
    expect(load).not.toHaveBeenCalled();
    const pending = http.get('/api/backoffice/items');
    expect(load).toHaveBeenCalledTimes(1);
    release();
    const response = await pending;
    expect(response.data).toEqual({ url: '/api/backoffice/items', seen: 'yes' });
    expect(fake.calls).toHaveLength(1);
  });

  it('forwards interceptors registered after loading, ejects both kinds, loads once', async () => {
    const { load, release } = deferredLoad();
    const http = createLazyHttpClient(load);
    const early = http.interceptors.request.use((config) => {
      config.headers.set('X-Seen', 'early');
      return config;
    });
    release();
    await http.preload();
    await http.preload();
    expect(load).toHaveBeenCalledTimes(1);
    http.interceptors.request.eject(early);
    expect((await http.post('/x', {})).data.seen).toBeNull();
    const late = http.interceptors.request.use((config) => {
      config.headers.set('X-Seen', 'late');
      return config;
    });
    expect((await http({ url: '/y', method: 'get' })).data.seen).toBe('late');
    http.interceptors.request.eject(late);
    expect((await http.put('/z', {})).data.seen).toBeNull();
  });

  it('response interceptors see errors of requests made before loading', async () => {
    const fake = createFakeAdapter(() => ({ status: 403, data: {} }));
    const http = createLazyHttpClient(async () => createHttpClient({ adapter: fake.adapter }));
    const seen: number[] = [];
    http.interceptors.response.use(undefined, (error: { response?: { status: number } }) => {
      seen.push(error.response?.status ?? 0);
      return Promise.reject(error);
    });
    await expect(http.delete('/api/backoffice/items/1')).rejects.toBeTruthy();
    expect(seen).toEqual([403]);
  });
});
