import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '@hive/shared/config';
import { rootReducer } from '@hive/shared/store';
import { browserStorage, readJson, writeJson, type KeyStorage } from './storage';

/**
 * The admin console's UI state in the one store (DESIGN.md 5, slice injection), saved under
 * `admin_hive_redux_state` (DESIGN.md 7): the one `admin_` key the route-change purge keeps.
 * The sidebar starts open: that is the initial state, and a fresh sign-in clears what was saved.
 */
export interface AdminUiState {
  sidebarOpen: boolean;
}

export const ADMIN_UI_KEY = STORAGE_KEYS.adminState;

const isAdminUi = (value: unknown): value is AdminUiState =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { sidebarOpen?: unknown }).sidebarOpen === 'boolean';

export function loadAdminUi(storage: KeyStorage | null = browserStorage()): AdminUiState | null {
  const saved = readJson(storage, ADMIN_UI_KEY, isAdminUi);
  return saved ? { sidebarOpen: saved.sidebarOpen } : null;
}

export function saveAdminUi(state: AdminUiState, storage: KeyStorage | null = browserStorage()): void {
  writeJson(storage, ADMIN_UI_KEY, { sidebarOpen: state.sidebarOpen });
}

export const adminUiSlice = createSlice({
  name: 'adminUi',
  // Lazy: read when the slice first appears in the store, so a reload keeps the choice.
  initialState: (): AdminUiState => ({ sidebarOpen: loadAdminUi()?.sidebarOpen ?? true }),
  reducers: {
    toggleSidebar(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    setSidebarOpen(state, action: PayloadAction<boolean>) {
      state.sidebarOpen = action.payload;
    },
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
  },
});

declare module '@hive/shared/store' {
  // The slice is part of RootState once injected (DESIGN.md 5, module augmentation).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof adminUiSlice> {}
}

/**
 * Injected into the shell's root reducer (a federation singleton) when this module loads; its
 * selectors answer the initial state until the first admin action materialises the slice.
 */
export const adminUi = adminUiSlice.injectInto(rootReducer);
export const { toggleSidebar, setSidebarOpen } = adminUi.actions;
export const { selectSidebarOpen } = adminUi.selectors;
