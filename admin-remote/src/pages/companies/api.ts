// pages/companies/api.ts: the companies API of the admin console (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import { useHttp } from '@hive/shared/shell-contract';
import type { CompanyCreateInput, CompanyPlan, CompanyStatusChange } from '@hive/shared/schemas/admin';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const COMPANIES_URL = {
  companies: `${ADMIN_API}/companies`,
  /** `id` as the route gave it (encoded here). */
  company: (id: string | number) => `${ADMIN_API}/companies/${encodeURIComponent(id)}`,
  audit: (id: string | number) => `${ADMIN_API}/companies/${encodeURIComponent(id)}/audit`,
} as const;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function companiesApi(http: AxiosInstance) {
  return {
    /** A new company with its owner; answers its id and name. */
    createCompany: async (body: CompanyCreateInput) =>
      (await http.post<{ id: number; name: string }>(COMPANIES_URL.companies, body)).data,
    savePlan: async (id: number, plan: CompanyPlan) =>
      (await http.put<unknown>(`${COMPANIES_URL.companies}/${id}/plan`, plan)).data,
    saveStatus: async (id: number, body: CompanyStatusChange) =>
      (await http.put<unknown>(`${COMPANIES_URL.companies}/${id}/status`, body)).data,
  };
}
export type CompaniesApi = ReturnType<typeof companiesApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useCompaniesApi(): CompaniesApi {
  const http = useHttp();
  return useMemo(() => companiesApi(http), [http]);
}
