// pages/coupons/api.ts: the coupons API of the admin console (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { useHttp } from '@hive/shared/shell-contract';
import type { Coupon } from '@hive/shared/schemas/admin';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const COUPONS_URL = {
  coupons: `${ADMIN_API}/coupons`,
  coupon: (id: number) => `${ADMIN_API}/coupons/${id}`,
} as const;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function couponsApi(http: AxiosInstance) {
  return {
    createCoupon: async (body: Coupon) => (await http.post<unknown>(COUPONS_URL.coupons, body)).data,
    saveCoupon: async (id: number, body: Coupon) => (await http.put<unknown>(COUPONS_URL.coupon(id), body)).data,
    deactivate: async (id: number) => (await http.post<unknown>(`${COUPONS_URL.coupon(id)}/deactivate`, {})).data,
  };
}
export type CouponsApi = ReturnType<typeof couponsApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useCouponsApi(): CouponsApi {
  const http = useHttp();
  return useMemo(() => couponsApi(http), [http]);
}
