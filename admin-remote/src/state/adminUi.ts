import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { STORAGE_KEYS } from '@hive/shared/config';
import { rootReducer } from '@hive/shared/store';
import { browserStorage, writeJson, type KeyStorage } from './storage';

/**
 * The admin console's UI state in the one store (DESIGN.md 5, slice injection). SPEC.md 2: the
 * sidebar starts open on every load of the console, so the initial state never reads storage; the
 * state is still saved under `admin_hive_redux_state`, the admin area's own saved-state key (SPEC.md
 * 9) and the one `admin_` key the route-change purge keeps. What the console does restore is the
 * open accordion group (`adminOpenAccordions`, state/accordion.ts).
 */
export interface AdminUiState {
  sidebarOpen: boolean;
}

export const ADMIN_UI_KEY = STORAGE_KEYS.adminState;

export function saveAdminUi(state: AdminUiState, storage: KeyStorage | null = browserStorage()): void {
  writeJson(storage, ADMIN_UI_KEY, { sidebarOpen: state.sidebarOpen });
}

export const adminUiSlice = createSlice({
  name: 'adminUi',
  initialState: (): AdminUiState => ({ sidebarOpen: true }),
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
