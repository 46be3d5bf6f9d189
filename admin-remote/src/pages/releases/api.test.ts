import { fakeApi } from '@hive/shared/testing/fakeApi';
import { RELEASES_URL, releasesApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(releasesApi, data);

describe('the releases API', () => {
  it('names its endpoints under /api/admin', () => {
    expect(RELEASES_URL.releases).toBe('/api/admin/releases');
    expect(RELEASES_URL.release(12)).toBe('/api/admin/releases/12');
  });

  it('posts a canary, a promotion and a rollback with the bodies as given', async () => {
    const { http, api } = fakeHttp();
    const canary = { percent: 45, companies: ['cornermarket'] };
    await api.canary(12, canary);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/releases/12/canary', canary);
    await api.act(12, 'promote', {});
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/releases/12/promote', {});
    await api.act(11, 'rollback', { reason: 'Checkout button missing' });
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/releases/11/rollback', {
      reason: 'Checkout button missing',
    });
  });
});
