import type { AxiosInstance, AxiosResponse } from 'axios';

/** Set by the server on a merchant's API responses once their company's plan changed (admin console). */
export const PLAN_CHANGED_HEADER = 'x-plan-changed';
/** Beside it when what changed was the user's own access (their role or permissions, on /roles or /permissions). */
export const ACCESS_CHANGED_HEADER = 'x-access-changed';

/** What the notice says: the company's plan changed, or this user's access did. */
export type PlanChange = 'plan' | 'access';

type Listener = () => void;
let change: PlanChange | null = null;
const listeners = new Set<Listener>();

export const planNotice = {
  isShown: () => change !== null,
  kind: () => change,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** true: the plan changed (kept as 'access' when that was signalled already); false: hidden. */
  set(value: boolean | PlanChange) {
    const next = value === false ? null : value === true ? (change ?? 'plan') : value;
    if (next === change) return;
    change = next;
    for (const l of [...listeners]) l();
  },
};

const isSet = (value: unknown) => value === '1' || value === 'true';

/** The change a response signals, or null. */
export function planChangeOf(res: Pick<AxiosResponse, 'headers'> | undefined): PlanChange | null {
  if (!isSet(res?.headers?.[PLAN_CHANGED_HEADER])) return null;
  return isSet(res?.headers?.[ACCESS_CHANGED_HEADER]) ? 'access' : 'plan';
}

export function responseSignalsPlanChange(res: Pick<AxiosResponse, 'headers'> | undefined): boolean {
  return planChangeOf(res) !== null;
}

function signal(res: Pick<AxiosResponse, 'headers'> | undefined): void {
  const kind = planChangeOf(res);
  // An access change is the more precise message: a later plain plan signal does not replace it.
  if (kind) planNotice.set(kind === 'access' ? 'access' : true);
}

/** Watches every response (and error response) of the shell's HTTP client for the signal. */
export function watchPlanChanges(http: AxiosInstance): void {
  http.interceptors.response.use(
    (res) => {
      signal(res);
      return res;
    },
    (error: { response?: AxiosResponse }) => {
      signal(error?.response);
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
