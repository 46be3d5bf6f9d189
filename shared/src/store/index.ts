export { createHiveStore, injectSlice, rootReducer, sliceInjected, waitForRehydration } from './store';
export type { AppDispatch, AppStore, CreateHiveStoreOptions, LazyLoadedSlices, RootState } from './store';
export {
  applyUserData,
  initialUserData,
  reset,
  selectAddons,
  selectIsUserLoaded,
  selectLicense,
  selectLicenseName,
  selectMenuContext,
  selectPermissions,
  selectRole,
  selectRoleName,
  selectUser,
  selectUserData,
  selectUserError,
  setError,
  setUserData,
  userDataSlice,
} from './userDataSlice';
export { persistSlice, rehydrated, selectIsRehydrated } from './persistSlice';
export type { PersistState } from './persistSlice';
export { PERSIST_KEY, parsePersisted, toPersisted } from './persistence';
export type { PersistStorage } from './persistence';
export type { License, Permission, Role, User, UserDataPayload, UserDataState } from './types';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export type { WithSlice } from '@reduxjs/toolkit';
