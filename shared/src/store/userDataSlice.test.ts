import { createHiveStore } from './store';
import {
  applyUserData,
  reset,
  selectAddons,
  selectIsUserLoaded,
  selectLicenseName,
  selectMenuContext,
  selectPermissions,
  selectRoleName,
  selectUser,
  selectUserError,
  setError,
  setUserData,
  userDataSlice,
} from './userDataSlice';
import type { UserDataPayload } from './types';

const payload: UserDataPayload = {
  user: {
    user_id: 7,
    email: 'ana@example.com',
    admin: false,
    role: 'manager',
    permissions: [{ id_permission: 1, description: 'view_items_menu' }],
  },
  license: { name: 'Retail' },
  addons: ['Inventory'],
};

const newStore = () => createHiveStore({ storage: null });

describe('userData slice', () => {
  it('starts empty', () => {
    expect(newStore().getState().userData).toEqual({
      user: null,
      license: null,
      addons: [],
      role: null,
      error: null,
    });
  });

  it('setUserData stores user, license, addons and derives the role', () => {
    const store = newStore();
    store.dispatch(setError('old'));
    store.dispatch(setUserData(payload));
    expect(store.getState().userData).toEqual({ ...payload, role: 'manager', error: null });
  });

  it('derives an object role as is', () => {
    const store = newStore();
    store.dispatch(setUserData({ ...payload, user: { ...payload.user, role: { name: 'super_admin' } } }));
    expect(store.getState().userData.role).toEqual({ name: 'super_admin' });
    expect(selectRoleName(store.getState())).toBe('super_admin');
  });

  it('a malformed setUserData payload sets the error instead of throwing', () => {
    const store = newStore();
    store.dispatch(setUserData(payload));
    const bad = { user: { email: 3 }, license: null, addons: [] } as unknown as UserDataPayload;
    expect(() => store.dispatch(setUserData(bad))).not.toThrow();
    expect(store.getState().userData.error).toBe('Error setting user data');
    expect(store.getState().userData.user).toEqual(payload.user);
  });

  it('setError and reset', () => {
    const store = newStore();
    store.dispatch(setUserData(payload));
    store.dispatch(setError('Failed to fetch user data'));
    expect(selectUserError(store.getState())).toBe('Failed to fetch user data');
    store.dispatch(reset());
    expect(store.getState().userData).toEqual(userDataSlice.getInitialState());
  });
});

describe('applyUserData', () => {
  it('stores a valid payload, filling defaults and keeping extra fields', () => {
    const store = newStore();
    const ok = store.dispatch(
      applyUserData({ user: { user_id: '9', email: 'a@b.c', name: 'Ana' }, license: undefined }),
    );
    expect(ok).toBe(true);
    expect(store.getState().userData).toEqual({
      user: { user_id: '9', email: 'a@b.c', admin: false, role: null, permissions: [], name: 'Ana' },
      license: null,
      addons: [],
      role: null,
      error: null,
    });
  });

  it.each([
    ['nothing', undefined],
    ['null', null],
    ['a string', 'user'],
    ['no user', { license: null, addons: [] }],
    ['user without email', { user: { user_id: 1 }, license: null, addons: [] }],
    ['admin not boolean', { user: { ...payload.user, admin: 'yes' }, license: null, addons: [] }],
    ['permissions not a list', { user: { ...payload.user, permissions: 'all' }, license: null, addons: [] }],
    ['licence a string', { ...payload, license: 'Retail' }],
    ['addons not strings', { ...payload, addons: [1, 2] }],
  ])('rejects %s with "Error setting user data"', (_label, bad) => {
    const store = newStore();
    expect(store.dispatch(applyUserData(bad))).toBe(false);
    expect(store.getState().userData.error).toBe('Error setting user data');
    expect(store.getState().userData.user).toBeNull();
  });
});

describe('selectors', () => {
  it('read the user data', () => {
    const store = newStore();
    expect(selectIsUserLoaded(store.getState())).toBe(false);
    expect(selectPermissions(store.getState())).toEqual([]);
    store.dispatch(setUserData(payload));
    const state = store.getState();
    expect(selectUser(state)?.email).toBe('ana@example.com');
    expect(selectLicenseName(state)).toBe('Retail');
    expect(selectAddons(state)).toEqual(['Inventory']);
    expect(selectRoleName(state)).toBe('manager');
    expect(selectIsUserLoaded(state)).toBe(true);
  });

  it('selectMenuContext is memoized and fits visibleMenu', () => {
    const store = newStore();
    store.dispatch(setUserData(payload));
    const a = selectMenuContext(store.getState());
    store.dispatch({ type: 'unrelated' });
    expect(selectMenuContext(store.getState())).toBe(a);
    expect(a).toEqual({
      role: 'manager',
      license: 'Retail',
      addons: ['Inventory'],
      permissions: payload.user.permissions,
    });
  });
});
