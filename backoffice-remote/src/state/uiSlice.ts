import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { loadUiState, type SavedUiState } from './persistence';

/** Back-office UI state in the one store (injected by the remote, DESIGN.md 5). */
export interface BackofficeUiState {
  /** Desktop: full sidebar (true) or icon rail (false). Saved. */
  sidebarOpen: boolean;
  /** Narrow screens: the sidebar as a drawer over the page. Never saved (a reload starts closed). */
  drawerOpen: boolean;
  /** Accordion groups that are open, by menu name (e.g. 'menu.catalog'). Saved. */
  openGroups: Record<string, true>;
}

function fromSaved(saved: SavedUiState | null): BackofficeUiState {
  return {
    sidebarOpen: saved?.sidebarOpen ?? true,
    drawerOpen: false,
    openGroups: Object.fromEntries((saved?.openGroups ?? []).map((name) => [name, true as const])),
  };
}

export const backofficeUiSlice = createSlice({
  name: 'backofficeUi',
  // Lazy: read when the slice is injected into a store, so the saved state is restored on load.
  initialState: () => fromSaved(loadUiState()),
  reducers: {
    toggleSidebar(state) {
      state.sidebarOpen = !state.sidebarOpen;
    },
    setSidebarOpen(state, action: PayloadAction<boolean>) {
      state.sidebarOpen = action.payload;
    },
    setDrawerOpen(state, action: PayloadAction<boolean>) {
      state.drawerOpen = action.payload;
    },
    toggleGroup(state, action: PayloadAction<string>) {
      if (state.openGroups[action.payload]) delete state.openGroups[action.payload];
      else state.openGroups[action.payload] = true;
    },
    /** A group clicked while the sidebar is a closed rail: open the sidebar with that group open. */
    forceOpenGroup(state, action: PayloadAction<string>) {
      state.sidebarOpen = true;
      state.openGroups[action.payload] = true;
    },
    /** Opens groups without closing any (the ancestors of the page being shown). */
    openGroups(state, action: PayloadAction<string[]>) {
      for (const name of action.payload) state.openGroups[name] = true;
    },
    restore(_state, action: PayloadAction<SavedUiState | null>) {
      return fromSaved(action.payload);
    },
  },
  selectors: {
    selectSidebarOpen: (state) => state.sidebarOpen,
    selectDrawerOpen: (state) => state.drawerOpen,
    selectOpenGroups: (state) => state.openGroups,
  },
});

export const { toggleSidebar, setSidebarOpen, setDrawerOpen, toggleGroup, forceOpenGroup, openGroups, restore } =
  backofficeUiSlice.actions;

// Typed injection into the shell's store (module augmentation, see @hive/shared/store).
declare module '@hive/shared/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface LazyLoadedSlices extends WithSlice<typeof backofficeUiSlice> {}
}

type WithUi = { backofficeUi?: BackofficeUiState };
const FALLBACK = fromSaved(null);
const uiOf = (state: WithUi) => state.backofficeUi ?? FALLBACK;

export const selectUi = uiOf;
export const selectIsSidebarOpen = (state: WithUi) => uiOf(state).sidebarOpen;
export const selectIsDrawerOpen = (state: WithUi) => uiOf(state).drawerOpen;
export const selectOpenGroupMap = (state: WithUi) => uiOf(state).openGroups;

/** The saved part; a new object only when it changes (the persistence compares references). */
export const selectSavedUi = createSelector(
  [(state: WithUi) => state.backofficeUi?.sidebarOpen, (state: WithUi) => state.backofficeUi?.openGroups],
  (sidebarOpen, groups): SavedUiState | undefined =>
    sidebarOpen === undefined || groups === undefined ? undefined : { sidebarOpen, openGroups: Object.keys(groups) },
);
