// pages/beeMerchant/api.ts: the "Bee merchant" API of the admin console (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type { merchantRejectSchema } from '@hive/shared/schemas/admin';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const BEE_MERCHANT_URL = {
  accounts: `${ADMIN_API}/bee_merchant`,
  account: (id: number) => `${ADMIN_API}/bee_merchant/${id}`,
} as const;

export type MerchantReject = z.output<typeof merchantRejectSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function beeMerchantApi(http: AxiosInstance) {
  return {
    approve: async (id: number) => (await http.post<unknown>(`${BEE_MERCHANT_URL.account(id)}/approve`, {})).data,
    /** Rejects with a reason the merchant will see. */
    reject: async (id: number, body: MerchantReject) =>
      (await http.post<unknown>(`${BEE_MERCHANT_URL.account(id)}/reject`, body)).data,
  };
}
export type BeeMerchantApi = ReturnType<typeof beeMerchantApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useBeeMerchantApi(): BeeMerchantApi {
  const http = useHttp();
  return useMemo(() => beeMerchantApi(http), [http]);
}
