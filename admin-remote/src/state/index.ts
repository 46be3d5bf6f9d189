export {
  ADMIN_UI_KEY,
  adminUi,
  adminUiSlice,
  saveAdminUi,
  selectSidebarOpen,
  setSidebarOpen,
  toggleSidebar,
} from './adminUi';
export type { AdminUiState } from './adminUi';
export { ACCORDION_KEY, readOpenGroup, toggleGroup, writeOpenGroup } from './accordion';
export { purgeAdminKeys } from './purgeAdminKeys';
export { browserStorage, readJson, writeJson, type KeyStorage } from './storage';
