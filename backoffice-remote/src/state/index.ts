export {
  backofficeUiSlice,
  forceOpenGroup,
  openGroups,
  restore,
  selectIsDrawerOpen,
  selectIsSidebarOpen,
  selectOpenGroupMap,
  selectSavedUi,
  selectUi,
  setDrawerOpen,
  setSidebarOpen,
  toggleGroup,
  toggleSidebar,
} from './uiSlice';
export type { BackofficeUiState } from './uiSlice';
export { loadUiState, saveUiState, startUiPersistence, UI_STATE_KEY } from './persistence';
export type { SavedUiState } from './persistence';
export { useBackofficeUi } from './useBackofficeUi';
