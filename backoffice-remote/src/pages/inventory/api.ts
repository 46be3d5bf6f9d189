// pages/inventory/api.ts: the inventory API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  Adjustment,
  AdjustmentInput,
  CountInput,
  InventorySettings,
  InventorySettingsInput,
  ProductionOrder,
  ProductionOrderInput,
  PurchaseSuggestion,
  StockCount,
  ThresholdInput,
  purchaseOrderEmailSchema,
} from '@hive/shared/schemas/backoffice/inventory';
import { API, downloadFile } from '../../api';

/** `/api/backoffice/inventory`: every inventory route of the signed-in company. */
export const INVENTORY_API = `${API}/inventory`;

/** The collections as the resource frame takes them (`endpoint`, under /api/backoffice). */
export const INVENTORY_ENDPOINT = {
  vendors: 'inventory/vendors',
  warehouses: 'inventory/warehouses',
  purchaseOrders: 'inventory/purchase_orders',
  transfers: 'inventory/transfers',
  adjustments: 'inventory/adjustments',
  productionTemplates: 'inventory/production_templates',
  productionOrders: 'inventory/production_orders',
} as const;

/** Endpoints (GETs read by useApi, links, and the document actions' URLs take these). */
export const INVENTORY_URL = {
  /** What one page's forms choose from (each page's routes stand behind its own menu rule). */
  options: (page: string) => `${INVENTORY_API}/${page}/options`,
  settings: `${INVENTORY_API}/settings`,
  stock: `${INVENTORY_API}/stock`,
  stockExport: `${INVENTORY_API}/stock/export`,
  threshold: `${INVENTORY_API}/stock/threshold`,
  counts: `${INVENTORY_API}/counts`,
  count: (id: number) => `${INVENTORY_API}/counts/${id}`,
  adjustments: `${INVENTORY_API}/adjustments`,
  productionOrders: `${INVENTORY_API}/production_orders`,
  purchaseSuggestions: `${INVENTORY_API}/purchase_orders/suggestions`,
  /** A purchase order, or one of its actions (`order`, `receive`, `email`, `print`...). */
  purchaseOrder: (id: number, action = '') => `${INVENTORY_API}/purchase_orders/${id}${action ? `/${action}` : ''}`,
  /** One of a transfer's actions (`send`, `receive`, `cancel`). */
  transfer: (id: number, action: string) => `${INVENTORY_API}/transfers/${id}/${action}`,
} as const;

export type PurchaseOrderEmailInput = z.input<typeof purchaseOrderEmailSchema>;
type ExportParams = Record<string, string | number | undefined>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function inventoryApi(http: AxiosInstance) {
  return {
    /** A document's explicit action (Order, Send, Receive, Cancel...): a POST to its URL. */
    documentAction: async (url: string, body: unknown = {}) => (await http.post<unknown>(url, body)).data,
    saveSettings: async (body: InventorySettingsInput) =>
      (await http.put<InventorySettings>(INVENTORY_URL.settings, body)).data,
    saveThreshold: async (body: ThresholdInput) => (await http.put<unknown>(INVENTORY_URL.threshold, body)).data,
    applyCount: async (body: CountInput) => (await http.post<StockCount>(INVENTORY_URL.counts, body)).data,
    /** The stock list as CSV (the list's filters, the delimiter and language), saved by the browser. */
    exportStock: (params: ExportParams) => downloadFile(http, INVENTORY_URL.stockExport, params, 'stock.csv'),
    createAdjustment: async (body: AdjustmentInput) =>
      (await http.post<Adjustment>(INVENTORY_URL.adjustments, body)).data,
    createProductionOrder: async (body: ProductionOrderInput) =>
      (await http.post<ProductionOrder>(INVENTORY_URL.productionOrders, body)).data,
    purchaseSuggestions: async (params: { vendorId: unknown; warehouseId: unknown }) =>
      (await http.get<{ rows: PurchaseSuggestion[] }>(INVENTORY_URL.purchaseSuggestions, { params })).data,
    emailPurchaseOrder: async (id: number, body: PurchaseOrderEmailInput) =>
      (await http.post<unknown>(INVENTORY_URL.purchaseOrder(id, 'email'), body)).data,
  };
}
export type InventoryApi = ReturnType<typeof inventoryApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useInventoryApi(): InventoryApi {
  const http = useHttp();
  return useMemo(() => inventoryApi(http), [http]);
}
