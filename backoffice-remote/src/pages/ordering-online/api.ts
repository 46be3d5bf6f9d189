// pages/ordering-online/api.ts: the online-ordering API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { useHttp } from '@hive/shared/shell-contract';
import type { BackofficeOrder, OrderAction, OrderingSettings } from '@hive/shared/schemas/ordering';
import { API } from '../../api';

/** `/api/backoffice/ordering`: settings and incoming orders of the signed-in company. */
export const ORDERING_API = `${API}/ordering`;

/** Endpoints (GETs read by useLiveApi take these). */
export const ORDERING_URL = {
  settings: `${ORDERING_API}/settings`,
  orders: `${ORDERING_API}/orders`,
  /** Moves one order on (accept, ready, complete, cancel...). */
  orderStatus: (dbId: number) => `${ORDERING_API}/orders/${dbId}/status`,
} as const;

export interface SettingsResponse {
  settings: OrderingSettings;
  exists: boolean;
  storefrontPath: string;
}

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function orderingOnlineApi(http: AxiosInstance) {
  return {
    settings: async () => (await http.get<SettingsResponse>(ORDERING_URL.settings)).data,
    saveSettings: async (settings: OrderingSettings) =>
      (await http.put<SettingsResponse>(ORDERING_URL.settings, settings)).data,
    orders: async () => (await http.get<{ items: BackofficeOrder[] }>(ORDERING_URL.orders)).data.items,
    act: async (dbId: number, action: OrderAction) =>
      (await http.post<BackofficeOrder>(ORDERING_URL.orderStatus(dbId), { action })).data,
  };
}
export type OrderingOnlineApi = ReturnType<typeof orderingOnlineApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useOrderingOnlineApi(): OrderingOnlineApi {
  const http = useHttp();
  return useMemo(() => orderingOnlineApi(http), [http]);
}
