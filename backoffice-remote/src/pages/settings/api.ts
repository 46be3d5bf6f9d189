// pages/settings/api.ts: the settings API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  BillingContact,
  Business,
  BusinessInput,
  PlanRequestInput,
  SupportRequestSummary,
  logoUploadSchema,
  reorderSchema,
} from '@hive/shared/schemas/backoffice/settings';
import { API } from '../../api';

/** The collections as the resource frame and `useSaveRecord` take them (`endpoint`, under /api/backoffice). */
export const SETTINGS_ENDPOINT = {
  taxRates: 'tax_rates',
  locations: 'locations',
  priceLevels: 'price_levels',
  orderTypes: 'order_types',
  paymentTypes: 'payment_types',
  business: 'business',
  billingContact: 'billing/contact',
  billingRequests: 'billing/requests',
} as const;

/** The two short lists the registers show in order (moved up and down, see ordered-types/). */
export type OrderedTypesEndpoint = typeof SETTINGS_ENDPOINT.orderTypes | typeof SETTINGS_ENDPOINT.paymentTypes;

/** Endpoints (GETs read by useApi take these). */
export const SETTINGS_URL = {
  business: `${API}/${SETTINGS_ENDPOINT.business}`,
  businessLogo: `${API}/business/logo`,
  billing: `${API}/billing`,
  /** A platform invoice (the id as the page's `?invoice=` gives it, already checked). */
  billingInvoice: (id: string) => `${API}/billing/invoices/${id}`,
  billingContact: `${API}/${SETTINGS_ENDPOINT.billingContact}`,
  billingRequests: `${API}/${SETTINGS_ENDPOINT.billingRequests}`,
  priceLevelOptions: `${API}/price_levels/options`,
  /** One of a tax rate's explicit actions (`archive`, `restore`). */
  taxRate: (id: number, action: TaxRateAction) => `${API}/${SETTINGS_ENDPOINT.taxRates}/${id}/${action}`,
  /** Order types or payment types, all of them. */
  orderedTypes: (endpoint: OrderedTypesEndpoint) => `${API}/${endpoint}`,
} as const;

export type TaxRateAction = 'archive' | 'restore';
export type LogoUpload = z.input<typeof logoUploadSchema>;
export type ReorderInput = z.input<typeof reorderSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function settingsApi(http: AxiosInstance) {
  return {
    /** The business is one record: PUT /business. */
    saveBusiness: async (body: BusinessInput) => (await http.put<Business>(SETTINGS_URL.business, body)).data,
    uploadLogo: async (body: LogoUpload) => (await http.put<Business>(SETTINGS_URL.businessLogo, body)).data,
    removeLogo: async () => (await http.delete<unknown>(SETTINGS_URL.businessLogo)).data,
    saveBillingContact: async (body: BillingContact) =>
      (await http.put<BillingContact>(SETTINGS_URL.billingContact, body)).data,
    requestPlanChange: async (body: PlanRequestInput) =>
      (await http.post<SupportRequestSummary>(SETTINGS_URL.billingRequests, body)).data,
    taxRateAction: async (id: number, action: TaxRateAction) =>
      (await http.post<unknown>(SETTINGS_URL.taxRate(id, action), {})).data,
    /** Saves the whole order (every id once, first one first); answers the list in its new order. */
    reorderTypes: async <T>(endpoint: OrderedTypesEndpoint, body: ReorderInput) =>
      (await http.post<{ rows: T[] }>(`${SETTINGS_URL.orderedTypes(endpoint)}/reorder`, body)).data,
    deleteType: async (endpoint: OrderedTypesEndpoint, id: number) =>
      (await http.delete<unknown>(`${SETTINGS_URL.orderedTypes(endpoint)}/${id}`)).data,
  };
}
export type SettingsApi = ReturnType<typeof settingsApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useSettingsApi(): SettingsApi {
  const http = useHttp();
  return useMemo(() => settingsApi(http), [http]);
}
