import { createSelector, createSlice, type Dispatch, type PayloadAction } from '@reduxjs/toolkit';
import { ERROR_MESSAGES } from '@hive/shared/config';
import type { MenuContext } from '@hive/shared/menu';
import { roleName } from '@hive/shared/menu';
import { rehydrated } from './persistSlice';
import { checkUserDataPayload } from './checks';
import type { Permission, UserDataPayload, UserDataState } from './types';

export const initialUserData: UserDataState = {
  user: null,
  license: null,
  addons: [],
  role: null,
  error: null,
};

const isPristine = (s: UserDataState): boolean =>
  s.user === null && s.license === null && s.addons.length === 0 && s.role === null && s.error === null;

export const userDataSlice = createSlice({
  name: 'userData',
  initialState: initialUserData,
  reducers: {
    /** Role is derived from `user.role`. An invalid payload sets the error instead of throwing. */
    setUserData(state, action: PayloadAction<UserDataPayload>) {
      const parsed = checkUserDataPayload(action.payload);
      if (!parsed.success) {
        state.error = ERROR_MESSAGES.setUserData;
        return;
      }
      const { user, license, addons } = parsed.data;
      return { user, license, addons, role: user.role, error: null };
    },
    setError(state, action: PayloadAction<string>) {
      state.error = action.payload;
    },
    reset() {
      return initialUserData;
    },
  },
  extraReducers: (builder) => {
    // Stored data never overwrites data set before the (asynchronous) read finished.
    builder.addCase(rehydrated, (state, action) => (action.payload && isPristine(state) ? action.payload : state));
  },
});

export const { setUserData, setError, reset } = userDataSlice.actions;

/**
 * Validates an untrusted payload (e.g. the usercompany response) and stores it; on failure sets
 * the error "Error setting user data". Returns whether it was stored.
 */
export function applyUserData(payload: unknown) {
  return (dispatch: Dispatch): boolean => {
    const parsed = checkUserDataPayload(payload);
    if (!parsed.success) {
      dispatch(setError(ERROR_MESSAGES.setUserData));
      return false;
    }
    dispatch(setUserData(parsed.data));
    return true;
  };
}

interface WithUserData {
  userData: UserDataState;
}

const EMPTY_PERMISSIONS: Permission[] = [];

export const selectUserData = (state: WithUserData): UserDataState => state.userData;
export const selectUser = (state: WithUserData) => state.userData.user;
export const selectLicense = (state: WithUserData) => state.userData.license;
export const selectLicenseName = (state: WithUserData): string | null => state.userData.license?.name ?? null;
export const selectAddons = (state: WithUserData) => state.userData.addons;
export const selectRole = (state: WithUserData) => state.userData.role;
export const selectRoleName = (state: WithUserData): string | null => roleName(state.userData.role);
export const selectUserError = (state: WithUserData) => state.userData.error;
export const selectPermissions = (state: WithUserData): Permission[] =>
  state.userData.user?.permissions ?? EMPTY_PERMISSIONS;
export const selectIsUserLoaded = (state: WithUserData): boolean => state.userData.user !== null;

/** The context `visibleMenu` / `canSeePath` need, memoized. */
export const selectMenuContext = createSelector(
  [selectRoleName, selectLicenseName, selectAddons, selectPermissions],
  (role, license, addons, permissions): MenuContext => ({ role, license, addons, permissions }),
);
