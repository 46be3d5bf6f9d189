import type { AxiosInstance } from 'axios';
import { createHiveStore, setUserData } from '@hive/shared/store';
import type { AuthClient } from '../auth/authClient';
import { bootSession } from './bootSession';

const merchant = (email: string) => ({
  success: true,
  user: {
    user_id: 1,
    email,
    admin: false,
    role: 'admin',
    permissions: [{ id_permission: 'view_items_menu', description: 'view_items_menu' }],
  },
  license: { name: 'Retail' },
  addons: ['Inventory'],
});

function setup({ sessionEmail, userCompany }: { sessionEmail: string | null; userCompany?: unknown }) {
  localStorage.clear();
  const store = createHiveStore();
  const auth = {
    getSession: jest.fn().mockResolvedValue(sessionEmail ? { user: { email: sessionEmail } } : null),
  } as unknown as AuthClient;
  const post = jest.fn().mockResolvedValue({ data: userCompany ?? merchant(sessionEmail ?? 'x@y.z') });
  const http = { post } as unknown as AxiosInstance;
  return { store, auth, http, post };
}

describe('bootSession (SPEC.md 4)', () => {
  it('signed in with no user loaded: fetches the user data into the store', async () => {
    const { store, auth, http, post } = setup({ sessionEmail: 'owner@cornermarket.test' });
    await expect(bootSession({ auth, http, store, search: '' })).resolves.toBe('authenticated');
    expect(post).toHaveBeenCalledWith('/api/auth/usercompany', {});
    expect(store.getState().userData).toMatchObject({
      user: { email: 'owner@cornermarket.test' },
      license: { name: 'Retail' },
      addons: ['Inventory'],
    });
  });

  it('signed in with the same user loaded: no refetch, unless ?planChanged=true', async () => {
    const { store, auth, http, post } = setup({ sessionEmail: 'owner@cornermarket.test' });
    store.dispatch(setUserData(merchant('owner@cornermarket.test')));
    await bootSession({ auth, http, store, search: '' });
    expect(post).not.toHaveBeenCalled();
    await bootSession({ auth, http, store, search: '?planChanged=true' });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('a different email than the loaded user is a new login: previous data is replaced', async () => {
    const { store, auth, http, post } = setup({ sessionEmail: 'clerk@cornermarket.test' });
    store.dispatch(setUserData(merchant('owner@cornermarket.test')));
    await bootSession({ auth, http, store, search: '' });
    expect(post).toHaveBeenCalledTimes(1);
    expect(store.getState().userData.user?.email).toBe('clerk@cornermarket.test');
  });

  it('signed out: the store is cleared', async () => {
    const { store, auth, http } = setup({ sessionEmail: null });
    store.dispatch(setUserData(merchant('owner@cornermarket.test')));
    await expect(bootSession({ auth, http, store, search: '' })).resolves.toBe('unauthenticated');
    expect(store.getState().userData.user).toBeNull();
  });

  it("success false from the user data call records 'Failed to fetch user data'", async () => {
    const { store, auth, http } = setup({ sessionEmail: 'owner@cornermarket.test', userCompany: { success: false } });
    await bootSession({ auth, http, store, search: '' });
    expect(store.getState().userData.error).toBe('Failed to fetch user data');
    expect(store.getState().userData.user).toBeNull();
  });
});
