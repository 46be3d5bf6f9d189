import type { AxiosInstance, AxiosResponse } from 'axios';

/** Set by the server on a merchant's API responses once their company's plan changed (admin console). */
export const PLAN_CHANGED_HEADER = 'x-plan-changed';

type Listener = () => void;
let changed = false;
const listeners = new Set<Listener>();

export const planNotice = {
  isShown: () => changed,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  set(value: boolean) {
    if (value === changed) return;
    changed = value;
    for (const l of [...listeners]) l();
  },
};

export function responseSignalsPlanChange(res: Pick<AxiosResponse, 'headers'> | undefined): boolean {
  const value = res?.headers?.[PLAN_CHANGED_HEADER];
  return value === '1' || value === 'true';
}

/** Watches every response (and error response) of the shell's HTTP client for the signal. */
export function watchPlanChanges(http: AxiosInstance): void {
  http.interceptors.response.use(
    (res) => {
      if (responseSignalsPlanChange(res)) planNotice.set(true);
      return res;
    },
    (error: { response?: AxiosResponse }) => {
      if (responseSignalsPlanChange(error?.response)) planNotice.set(true);
      return Promise.reject(error);
    },
  );
}

/** The current page reloaded with `?planChanged=true`, which makes the shell fetch the user data again. */
export function planChangedHref(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.set('planChanged', 'true');
  return `${location.pathname}?${params.toString()}`;
}
