import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { PERSIST_REHYDRATION_WAIT_MS, PERSIST_TIMEOUT_MS, STORAGE_KEYS } from '@hive/shared/config';
import type { PersistStorage } from './persistence';
import { selectIsRehydrated } from './persistSlice';
import { createHiveStore, injectSlice, rootReducer, waitForRehydration } from './store';
import type { UserDataPayload, UserDataState } from './types';
import { setError, setUserData } from './userDataSlice';

const counterSlice = createSlice({
  name: 'testCounter',
  initialState: { value: 0 },
  reducers: { increment: (s) => void (s.value += 1) },
});

// Typed injection route for remotes (must compile).
declare module './store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof counterSlice> {}
}

const KEY = STORAGE_KEYS.persistedStore;

const payload: UserDataPayload = {
  user: { user_id: 1, email: 'a@b.c', admin: true, role: 'admin', permissions: [] },
  license: { name: 'Restaurant' },
  addons: ['Kiosk'],
};

const stored: UserDataState = { ...payload, role: 'admin', error: null };

class MemoryStorage implements PersistStorage {
  data = new Map<string, string>();
  getItem = jest.fn((key: string) => this.data.get(key) ?? null);
  setItem = jest.fn((key: string, value: string) => void this.data.set(key, value));
  removeItem = jest.fn((key: string) => void this.data.delete(key));
}

/** getItem answers when the test says so. */
class AsyncStorage implements PersistStorage {
  data = new Map<string, string>();
  private pending: (() => void)[] = [];
  getItem = jest.fn(
    (key: string) =>
      new Promise<string | null>((resolve) => this.pending.push(() => resolve(this.data.get(key) ?? null))),
  );
  setItem = jest.fn(async (key: string, value: string) => void this.data.set(key, value));
  removeItem = jest.fn(async (key: string) => void this.data.delete(key));
  answer() {
    this.pending.splice(0).forEach((fn) => fn());
  }
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

afterEach(() => {
  jest.useRealTimers();
  localStorage.clear();
});

describe('rehydration from synchronous storage', () => {
  it('restores the stored data at once', async () => {
    const storage = new MemoryStorage();
    storage.data.set(KEY, JSON.stringify(stored));
    const store = createHiveStore({ storage });
    expect(store.getState().userData).toEqual(stored);
    expect(selectIsRehydrated(store.getState())).toBe(true);
    await expect(waitForRehydration(store)).resolves.toBe(true);
  });

  it('uses window.localStorage by default', () => {
    localStorage.setItem(KEY, JSON.stringify(stored));
    const store = createHiveStore();
    expect(store.getState().userData.user?.email).toBe('a@b.c');
    store.dispatch(setError('boom'));
    expect(JSON.parse(localStorage.getItem(KEY) as string).error).toBe('boom');
  });

  it('fills defaults for missing optional fields', () => {
    const storage = new MemoryStorage();
    storage.data.set(KEY, JSON.stringify({ user: null }));
    const store = createHiveStore({ storage });
    expect(store.getState().userData).toEqual({ user: null, license: null, addons: [], role: null, error: null });
  });

  it.each([
    ['bad JSON', '{"user":'],
    ['plain text', 'hello'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[1,2]'],
    ['a string', '"primary"'],
    ['an empty object', '{}'],
    ['user of the wrong type', JSON.stringify({ ...stored, user: 'ana' })],
    ['user missing email', JSON.stringify({ ...stored, user: { user_id: 1 } })],
    ['addons not a list', JSON.stringify({ ...stored, addons: 'Kiosk' })],
    ['addons with numbers', JSON.stringify({ ...stored, addons: [1] })],
    ['licence without name', JSON.stringify({ ...stored, license: {} })],
    ['role a number', JSON.stringify({ ...stored, role: 3 })],
    ['error an object', JSON.stringify({ ...stored, error: { m: 1 } })],
    ['redux-persist envelope', JSON.stringify({ userData: JSON.stringify(stored), _persist: '{}' })],
  ])('discards and removes corrupt data: %s', (_label, raw) => {
    const storage = new MemoryStorage();
    storage.data.set(KEY, raw);
    let store: ReturnType<typeof createHiveStore> | undefined;
    expect(() => (store = createHiveStore({ storage }))).not.toThrow();
    expect(store?.getState().userData).toEqual({ user: null, license: null, addons: [], role: null, error: null });
    expect(selectIsRehydrated(store!.getState())).toBe(true);
    expect(storage.removeItem).toHaveBeenCalledWith(KEY);
  });

  it('survives a storage that throws', () => {
    const storage: PersistStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => {
        throw new Error('nope');
      },
    };
    const store = createHiveStore({ storage });
    expect(() => store.dispatch(setUserData(payload))).not.toThrow();
    expect(selectIsRehydrated(store.getState())).toBe(true);
  });

  it('storage null: no persistence, rehydrated at once', () => {
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(payload));
    expect(selectIsRehydrated(store.getState())).toBe(true);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('writes', () => {
  it('write only the data part, on each change', () => {
    const storage = new MemoryStorage();
    const store = createHiveStore({ storage });
    injectSlice(counterSlice, store);
    storage.setItem.mockClear();
    store.dispatch(setUserData(payload));
    expect(storage.setItem).toHaveBeenCalledTimes(1);
    const written = JSON.parse(storage.data.get(KEY) as string);
    expect(Object.keys(written).sort()).toEqual(['addons', 'error', 'license', 'role', 'user']);
    expect(written).toEqual(stored);
    store.dispatch(counterSlice.actions.increment());
    store.dispatch({ type: 'unrelated' });
    expect(storage.setItem).toHaveBeenCalledTimes(1);
  });

  it('round-trips through a new store', () => {
    const storage = new MemoryStorage();
    createHiveStore({ storage }).dispatch(setUserData(payload));
    expect(createHiveStore({ storage }).getState().userData).toEqual(stored);
  });
});

describe('rehydration gate with asynchronous storage', () => {
  it('continues after the 300 ms fallback when storage is slow', async () => {
    jest.useFakeTimers();
    const storage = new AsyncStorage();
    const store = createHiveStore({ storage });
    expect(selectIsRehydrated(store.getState())).toBe(false);
    const onDone = jest.fn();
    void waitForRehydration(store).then(onDone);
    jest.advanceTimersByTime(PERSIST_REHYDRATION_WAIT_MS - 1);
    await flush();
    expect(onDone).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await flush();
    expect(onDone).toHaveBeenCalledWith(false);
  });

  it('resolves as soon as the data arrives', async () => {
    jest.useFakeTimers();
    const storage = new AsyncStorage();
    storage.data.set(KEY, JSON.stringify(stored));
    const store = createHiveStore({ storage });
    const onDone = jest.fn();
    void waitForRehydration(store).then(onDone);
    jest.advanceTimersByTime(100);
    storage.answer();
    await flush();
    expect(onDone).toHaveBeenCalledWith(true);
    expect(store.getState().userData).toEqual(stored);
  });

  it('gives up on the read after the persist timeout', async () => {
    jest.useFakeTimers();
    const storage = new AsyncStorage();
    storage.data.set(KEY, JSON.stringify(stored));
    const store = createHiveStore({ storage });
    jest.advanceTimersByTime(PERSIST_TIMEOUT_MS - 1);
    expect(selectIsRehydrated(store.getState())).toBe(false);
    jest.advanceTimersByTime(1);
    expect(selectIsRehydrated(store.getState())).toBe(true);
    storage.answer(); // too late: ignored
    await flush();
    expect(store.getState().userData.user).toBeNull();
  });

  it('honours a custom persist timeout', () => {
    jest.useFakeTimers();
    const store = createHiveStore({ storage: new AsyncStorage(), persistTimeoutMs: 50 });
    jest.advanceTimersByTime(50);
    expect(selectIsRehydrated(store.getState())).toBe(true);
  });

  it('does not write before rehydration, and keeps data set meanwhile', async () => {
    const storage = new AsyncStorage();
    storage.data.set(KEY, JSON.stringify({ ...stored, user: { ...stored.user, email: 'old@b.c' } }));
    const store = createHiveStore({ storage });
    store.dispatch(setUserData(payload));
    expect(storage.setItem).not.toHaveBeenCalled();
    storage.answer();
    await flush();
    expect(store.getState().userData.user?.email).toBe('a@b.c');
    expect(JSON.parse(storage.data.get(KEY) as string).user.email).toBe('a@b.c');
  });

  it('discards corrupt data from asynchronous storage', async () => {
    const storage = new AsyncStorage();
    storage.data.set(KEY, '{oops');
    const store = createHiveStore({ storage });
    storage.answer();
    await flush();
    expect(selectIsRehydrated(store.getState())).toBe(true);
    expect(storage.removeItem).toHaveBeenCalledWith(KEY);
    expect(store.getState().userData.user).toBeNull();
  });

  it('treats a rejected read as no data', async () => {
    const storage: PersistStorage = {
      getItem: () => Promise.reject(new Error('io')),
      setItem: async () => undefined,
      removeItem: async () => undefined,
    };
    const store = createHiveStore({ storage });
    await expect(waitForRehydration(store)).resolves.toBe(true);
  });
});

describe('slice injection', () => {
  it('injects a remote slice into the one store', () => {
    const store = createHiveStore({ storage: null });
    injectSlice(counterSlice, store);
    expect(store.getState().testCounter).toEqual({ value: 0 });
    store.dispatch(counterSlice.actions.increment());
    expect(store.getState().testCounter).toEqual({ value: 1 });
    expect(() => injectSlice(counterSlice, store)).not.toThrow();
  });

  it('rootReducer.inject is the typed route', () => {
    const withCounter = rootReducer.inject(counterSlice);
    const store = createHiveStore({ storage: null });
    store.dispatch({ type: 'any' });
    expect(counterSlice.selectSlice(withCounter(store.getState(), { type: 'x' }))).toEqual({ value: 0 });
  });
});
