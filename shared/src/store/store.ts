import {
  combineSlices,
  configureStore,
  createAction,
  createListenerMiddleware,
  type CombinedSliceReducer,
  type Reducer,
} from '@reduxjs/toolkit';
import { PERSIST_REHYDRATION_WAIT_MS, PERSIST_TIMEOUT_MS } from '@hive/shared/config';
import { defaultStorage, readPersisted, writePersisted, type PersistStorage } from './persistence';
import { persistSlice, rehydrated, type PersistState } from './persistSlice';
import type { UserDataState } from './types';
import { userDataSlice } from './userDataSlice';

/**
 * Slices that remotes inject later. A remote declares its slice here by module augmentation:
 *
 *   declare module '@hive/shared/store' {
 *     interface LazyLoadedSlices extends WithSlice<typeof cartSlice> {}
 *   }
 *   injectSlice(cartSlice, store); // or rootReducer.inject(cartSlice)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

/** The slices every store starts with. */
export interface StaticSlices {
  userData: UserDataState;
  persist: PersistState;
}

// Typed by hand so that declaration files (tsc -b) keep `LazyLoadedSlices` open to augmentation
// instead of printing the inferred state with no lazy slices in it.
export const rootReducer: CombinedSliceReducer<
  StaticSlices,
  StaticSlices & Partial<LazyLoadedSlices>
> = combineSlices(userDataSlice, persistSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Dispatched after an injection so the new slice's initial state appears at once. */
export const sliceInjected = createAction<string>('hive/sliceInjected');

export interface CreateHiveStoreOptions {
  /** Defaults to window.localStorage; null disables persistence. */
  storage?: PersistStorage | null;
  /** Give up on an asynchronous storage read after this long (default PERSIST_TIMEOUT_MS). */
  persistTimeoutMs?: number;
}

/** The one store. Persists the userData data part under `primary`. */
export function createHiveStore(options: CreateHiveStoreOptions = {}) {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const listener = createListenerMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().prepend(listener.middleware),
  });

  if (!storage) {
    store.dispatch(rehydrated(null));
    return store;
  }

  // Write only after rehydration (or the empty store would overwrite what is stored), and once
  // when rehydration ends, in case data was set while the read was pending.
  listener.startListening({
    predicate: (_action, current, previous) => {
      const now = current as RootState;
      const before = previous as RootState;
      return now.persist.rehydrated && (now.userData !== before.userData || !before.persist.rehydrated);
    },
    effect: (_action, api) => {
      writePersisted(storage, (api.getState() as RootState).userData);
    },
  });

  readPersisted(storage, options.persistTimeoutMs ?? PERSIST_TIMEOUT_MS, (data) => {
    store.dispatch(rehydrated(data));
  });
  return store;
}

export type AppStore = ReturnType<typeof createHiveStore>;
export type AppDispatch = AppStore['dispatch'];

type StoreLike = Pick<AppStore, 'getState' | 'subscribe'>;

/**
 * Resolves true once the store is rehydrated, or false after `waitMs` (default 300 ms) so the app
 * continues without stored data.
 */
export function waitForRehydration(store: StoreLike, waitMs: number = PERSIST_REHYDRATION_WAIT_MS): Promise<boolean> {
  if (store.getState().persist.rehydrated) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (value: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(value);
    };
    const timer = setTimeout(() => finish(false), waitMs);
    const unsubscribe = store.subscribe(() => {
      if (store.getState().persist.rehydrated) finish(true);
    });
  });
}

interface InjectableSlice {
  reducerPath: string;
  reducer: Reducer;
}

/**
 * Adds a remote's slice to the one store (rootReducer.inject). With `store`, its initial state
 * appears at once instead of on the next action. Injecting the same slice again is a no-op.
 */
export function injectSlice(
  slice: InjectableSlice,
  store?: Pick<AppStore, 'dispatch'>,
  config?: { overrideExisting?: boolean },
): void {
  // The typed route is module augmentation of LazyLoadedSlices; this helper accepts any slice.
  (rootReducer.inject as (s: InjectableSlice, c?: { overrideExisting?: boolean }) => unknown)(slice, config);
  store?.dispatch(sliceInjected(slice.reducerPath));
}
