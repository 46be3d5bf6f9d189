// pages/sales/api.ts: the sales API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  InvoiceDetail,
  QbFormat,
  QbKind,
  QbMapping,
  QbPreview,
  invoicePaymentSchema,
  invoiceVoidSchema,
} from '@hive/shared/schemas/backoffice/sales';
import { API, downloadFile } from '../../api';

/** The collections as the resource frame and `useSaveRecord` take them (`endpoint`, under /api/backoffice). */
export const SALES_ENDPOINT = {
  invoices: 'customer_invoices',
  recurring: 'recurring_invoices',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const SALES_URL = {
  /** What an invoice or a recurring template chooses from (customers, taxes, payment types...). */
  invoiceOptions: `${API}/${SALES_ENDPOINT.invoices}/options`,
  /** An invoice with its lines and payments (the id as the page's `?id=` gives it, already checked). */
  invoice: (id: number | string) => `${API}/${SALES_ENDPOINT.invoices}/${id}`,
  /** One of an invoice's explicit actions. */
  invoiceAction: (id: number, action: 'send' | 'pdf' | 'payments' | 'void') =>
    `${API}/${SALES_ENDPOINT.invoices}/${id}/${action}`,
  /** One of a recurring template's explicit actions. */
  recurringAction: (id: number, action: RecurringAction) => `${API}/${SALES_ENDPOINT.recurring}/${id}/${action}`,
  qbSettings: `${API}/quickbooks/settings`,
  qbPreview: `${API}/quickbooks/preview`,
  qbExport: `${API}/quickbooks/export`,
} as const;

export type RecurringAction = 'pause' | 'resume';
export type InvoicePaymentBody = z.input<typeof invoicePaymentSchema>;
export type InvoiceVoidBody = z.input<typeof invoiceVoidSchema>;
/** What the QuickBooks preview and export are asked for. */
export type QbQuery = { kind: QbKind; format: QbFormat; from: string; to: string };

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function salesApi(http: AxiosInstance) {
  return {
    /** Sends (or sends again) an invoice; `emailedTo` says whether the customer got it by email. */
    sendInvoice: async (id: number) =>
      (await http.post<InvoiceDetail & { emailedTo: string | null }>(SALES_URL.invoiceAction(id, 'send'), {})).data,
    /** The server's PDF of the invoice in the reader's language, saved by the browser. */
    downloadInvoicePdf: (id: number, lang: 'en' | 'es') =>
      downloadFile(http, SALES_URL.invoiceAction(id, 'pdf'), { lang }, `invoice-${id}.pdf`),
    recordPayment: async (id: number, body: InvoicePaymentBody) =>
      (await http.post<unknown>(SALES_URL.invoiceAction(id, 'payments'), body)).data,
    voidInvoice: async (id: number, body: InvoiceVoidBody) =>
      (await http.post<unknown>(SALES_URL.invoiceAction(id, 'void'), body)).data,
    recurringAction: async (id: number, action: RecurringAction) =>
      (await http.post<unknown>(SALES_URL.recurringAction(id, action), {})).data,
    qbPreview: async (params: QbQuery) => (await http.get<QbPreview>(SALES_URL.qbPreview, { params })).data,
    /** The QuickBooks file, saved by the browser (under the server's name, else this one). */
    qbExport: (params: QbQuery) =>
      downloadFile(http, SALES_URL.qbExport, params, `quickbooks-${params.kind}.${params.format}`),
    saveQbSettings: async (body: QbMapping) => (await http.put<unknown>(SALES_URL.qbSettings, body)).data,
  };
}
export type SalesApi = ReturnType<typeof salesApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useSalesApi(): SalesApi {
  const http = useHttp();
  return useMemo(() => salesApi(http), [http]);
}
