import type { AxiosInstance } from 'axios';
import { API_PATHS, ERROR_MESSAGES } from '@hive/shared/config';
import { applyUserData, setError, type AppStore } from '@hive/shared/store';

export interface UserCompanyResponse {
  success: boolean;
  user?: unknown;
  license?: unknown;
  addons?: unknown;
}

/**
 * SPEC.md 4: the user data (`POST /api/auth/usercompany`) into the store; a failure, or
 * `success: false`, leaves "Failed to fetch user data" as the store's error. Never rejects.
 */
export async function loadUserData(http: AxiosInstance, store: AppStore): Promise<void> {
  try {
    const { data } = await http.post<UserCompanyResponse>(API_PATHS.userCompany, {});
    if (!data?.success) throw new Error(ERROR_MESSAGES.fetchUserData);
    store.dispatch(applyUserData({ user: data.user, license: data.license, addons: data.addons }));
  } catch {
    store.dispatch(setError(ERROR_MESSAGES.fetchUserData));
  }
}
