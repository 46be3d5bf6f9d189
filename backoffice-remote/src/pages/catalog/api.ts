// pages/catalog/api.ts: the catalog API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  ItemImportPreview,
  ItemImportRequest,
  ItemImportResult,
  PriceListChange,
  PriceListImportPreview,
  priceListImportSchema,
} from '@hive/shared/schemas/backoffice/catalog';
import { API, downloadFile } from '../../api';

/** The collections as the resource frame and `useSaveRecord` take them (`endpoint`, under /api/backoffice). */
export const CATALOG_ENDPOINT = {
  items: 'items',
  categories: 'categories',
  bundles: 'bundles',
  modifierGroups: 'modifier_groups',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const CATALOG_URL = {
  itemOptions: `${API}/${CATALOG_ENDPOINT.items}/options`,
  itemImport: `${API}/${CATALOG_ENDPOINT.items}/import`,
  bundleOptions: `${API}/${CATALOG_ENDPOINT.bundles}/options`,
  modifierGroupOptions: `${API}/${CATALOG_ENDPOINT.modifierGroups}/options`,
  priceLists: `${API}/price_lists`,
  priceListsExport: `${API}/price_lists/export`,
  priceListsImport: `${API}/price_lists/import`,
} as const;

export type PriceListImportInput = z.input<typeof priceListImportSchema>;
type ExportParams = Record<string, string | number | undefined>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function catalogApi(http: AxiosInstance) {
  return {
    /** A CSV read and checked into a preview; nothing is written. */
    previewItemImport: async (body: ItemImportRequest & { dryRun: true }) =>
      (await http.post<ItemImportPreview>(CATALOG_URL.itemImport, body)).data,
    /** The same CSV written in one transaction, or nothing (refused when it now differs from the preview). */
    importItems: async (body: ItemImportRequest & { dryRun: false }) =>
      (await http.post<ItemImportResult>(CATALOG_URL.itemImport, body)).data,
    applyPriceChanges: async (body: { changes: PriceListChange[] }) =>
      (await http.put<unknown>(CATALOG_URL.priceLists, body)).data,
    previewPriceListImport: async (body: PriceListImportInput) =>
      (await http.post<PriceListImportPreview>(CATALOG_URL.priceListsImport, body)).data,
    /** The price list as CSV (the user's delimiter), saved by the browser. */
    exportPriceList: (params: ExportParams) =>
      downloadFile(http, CATALOG_URL.priceListsExport, params, 'price-list.csv'),
  };
}
export type CatalogApi = ReturnType<typeof catalogApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useCatalogApi(): CatalogApi {
  const http = useHttp();
  return useMemo(() => catalogApi(http), [http]);
}
