// pages/basePrices/api.ts: the base prices API of the admin console (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { useHttp } from '@hive/shared/shell-contract';
import type { BasePriceChange } from '@hive/shared/schemas/admin';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const BASE_PRICES_URL = {
  prices: `${ADMIN_API}/base_prices`,
  /** One item's price changes (`?kind=&name=`). */
  history: `${ADMIN_API}/base_prices/history`,
} as const;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function basePricesApi(http: AxiosInstance) {
  return {
    /** A new monthly base price for one licence or add-on. */
    savePrice: async (body: BasePriceChange) => (await http.put<unknown>(BASE_PRICES_URL.prices, body)).data,
  };
}
export type BasePricesApi = ReturnType<typeof basePricesApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useBasePricesApi(): BasePricesApi {
  const http = useHttp();
  return useMemo(() => basePricesApi(http), [http]);
}
