import type { AxiosInstance } from 'axios';
import type { BackofficeOrder, OrderAction, OrderingSettings } from '@hive/shared/schemas/ordering';

/** `/api/backoffice/ordering`: settings and incoming orders of the signed-in company. */
export const ORDERING_API = '/api/backoffice/ordering';

export interface SettingsResponse {
  settings: OrderingSettings;
  exists: boolean;
  storefrontPath: string;
}

export function orderingOnlineApi(http: AxiosInstance) {
  return {
    settings: async () => (await http.get<SettingsResponse>(`${ORDERING_API}/settings`)).data,
    saveSettings: async (settings: OrderingSettings) =>
      (await http.put<SettingsResponse>(`${ORDERING_API}/settings`, settings)).data,
    orders: async () => (await http.get<{ items: BackofficeOrder[] }>(`${ORDERING_API}/orders`)).data.items,
    act: async (dbId: number, action: OrderAction) =>
      (await http.post<BackofficeOrder>(`${ORDERING_API}/orders/${dbId}/status`, { action })).data,
  };
}
export type OrderingOnlineApi = ReturnType<typeof orderingOnlineApi>;
