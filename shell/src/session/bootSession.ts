import type { AxiosInstance } from 'axios';
import { API_PATHS, ERROR_MESSAGES } from '@hive/shared/config';
import { applyUserData, reset, setError, type AppStore } from '@hive/shared/store';
import type { AuthClient } from '../auth/authClient';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface UserCompanyResponse {
  success: boolean;
  user?: unknown;
  license?: unknown;
  addons?: unknown;
}

/**
 * SPEC.md 4: authenticated with no user loaded (or `?planChanged=true`) fetches the user data;
 * a different email than the loaded one is a new login; unauthenticated clears the store.
 */
export async function bootSession({
  auth,
  http,
  store,
  search = typeof location !== 'undefined' ? location.search : '',
}: {
  auth: AuthClient;
  http: AxiosInstance;
  store: AppStore;
  search?: string;
}): Promise<SessionStatus> {
  let session;
  try {
    session = await auth.getSession();
  } catch {
    // Server unreachable: keep whatever is loaded out of the way and show the sign-in page.
    session = null;
  }
  if (!session?.user?.email) {
    store.dispatch(reset());
    return 'unauthenticated';
  }

  const loaded = store.getState().userData.user;
  const planChanged = new URLSearchParams(search).get('planChanged') === 'true';
  const emailChanged = !!loaded && loaded.email.toLowerCase() !== session.user.email.toLowerCase();
  if (emailChanged) store.dispatch(reset());

  if (!loaded || planChanged || emailChanged) {
    await loadUserData(http, store);
  }
  return 'authenticated';
}

export async function loadUserData(http: AxiosInstance, store: AppStore): Promise<void> {
  try {
    const { data } = await http.post<UserCompanyResponse>(API_PATHS.userCompany, {});
    if (!data?.success) throw new Error(ERROR_MESSAGES.fetchUserData);
    store.dispatch(applyUserData({ user: data.user, license: data.license, addons: data.addons }));
  } catch {
    store.dispatch(setError(ERROR_MESSAGES.fetchUserData));
  }
}
