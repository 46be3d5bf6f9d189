import { fakeApi } from '@hive/shared/testing/fakeApi';
import { USERS_URL, usersApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(usersApi, data);

describe('the users API', () => {
  it('names its endpoints under /api/admin', () => {
    expect(USERS_URL.users).toBe('/api/admin/users');
    expect(USERS_URL.user(3)).toBe('/api/admin/users/3');
  });

  it('posts the reset link and the lock, puts the staff access', async () => {
    const { http, api } = fakeHttp();
    await api.sendResetLink(3);
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/users/3/reset-link', {});
    await api.setLocked(3, { locked: true });
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/users/3/lock', { locked: true });
    const access = { role: null, permissions: ['view_companies_menu'] };
    await api.saveAccess(3, access);
    expect(http.put).toHaveBeenLastCalledWith('/api/admin/users/3/access', access);
  });
});
