// pages/overview/api.ts: the overview API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { useHttp } from '@hive/shared/shell-contract';
import { API } from '../../api';

/** Endpoints (GETs read by useApi/useLiveApi take these). */
export const OVERVIEW_URL = {
  overview: `${API}/overview`,
  /** What the live indicator polls: the figures are read again once it moved. */
  version: `${API}/overview/version`,
  firstSteps: `${API}/first_steps`,
} as const;

/** The calls: each a typed function. */
export function overviewApi(http: AxiosInstance) {
  return {
    /** Hides the first-steps checklist for the whole company (the server takes only `true`). */
    dismissFirstSteps: async () => (await http.put<unknown>(OVERVIEW_URL.firstSteps, { dismissed: true })).data,
  };
}
export type OverviewApi = ReturnType<typeof overviewApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useOverviewApi(): OverviewApi {
  const http = useHttp();
  return useMemo(() => overviewApi(http), [http]);
}
