// pages/devices/api.ts: the devices API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  BannerList,
  CloseShiftInput,
  PrintJob,
  ShiftClosedFromBackoffice,
  TerminalPairing,
  bannerReorderSchema,
} from '@hive/shared/schemas/backoffice/devices';
import { API } from '../../api';

/** The collections as the resource frame's `useSaveRecord` takes them (`endpoint`, under /api/backoffice). */
export const DEVICES_ENDPOINT = {
  terminals: 'terminals',
  printers: 'printers',
  kioskBanners: 'kiosk_banners',
  displayBanners: 'customer_display_banners',
} as const;

/** A banner page's collection (kiosk or customer display). */
export type BannerEndpoint = (typeof DEVICES_ENDPOINT)['kioskBanners' | 'displayBanners'];

/** Endpoints (GETs read by useApi/useLiveApi take these). */
export const DEVICES_URL = {
  terminals: `${API}/${DEVICES_ENDPOINT.terminals}`,
  terminal: (id: number) => `${API}/terminals/${id}`,
  terminalOptions: `${API}/terminals/options`,
  terminalLog: `${API}/terminal_log`,
  terminalLogOptions: `${API}/terminal_log/options`,
  printers: `${API}/${DEVICES_ENDPOINT.printers}`,
  printer: (id: number) => `${API}/printers/${id}`,
  printerOptions: `${API}/printers/options`,
  printJobs: `${API}/print_jobs`,
  banners: (endpoint: BannerEndpoint) => `${API}/${endpoint}`,
  banner: (endpoint: BannerEndpoint, id: number) => `${API}/${endpoint}/${id}`,
  bannerOptions: (endpoint: BannerEndpoint) => `${API}/${endpoint}/options`,
} as const;

export type BannerReorder = z.input<typeof bannerReorderSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function devicesApi(http: AxiosInstance) {
  return {
    /** A new one-time pairing code for a terminal (its answer also carries the terminal). */
    pairingCode: async (terminalId: number) =>
      (await http.post<TerminalPairing>(`${DEVICES_URL.terminal(terminalId)}/pairing_code`, {})).data,
    unpairTerminal: async (terminalId: number) =>
      (await http.post<unknown>(`${DEVICES_URL.terminal(terminalId)}/unpair`, {})).data,
    deleteTerminal: async (terminalId: number) => (await http.delete<unknown>(DEVICES_URL.terminal(terminalId))).data,
    /** Closes a dead register's open shift from the back-office, with the cash counted. */
    closeShift: async (terminalId: number, body: CloseShiftInput) =>
      (await http.post<ShiftClosedFromBackoffice>(`${DEVICES_URL.terminal(terminalId)}/close_shift`, body)).data,
    /** Queues a test page on a printer. */
    testPrinter: async (printerId: number) =>
      (await http.post<PrintJob>(`${DEVICES_URL.printer(printerId)}/test`, {})).data,
    deletePrinter: async (printerId: number) => (await http.delete<unknown>(DEVICES_URL.printer(printerId))).data,
    printJobAction: async (jobId: number, action: 'retry' | 'cancel') =>
      (await http.post<unknown>(`${DEVICES_URL.printJobs}/${jobId}/${action}`, {})).data,
    /** Saves a banner page's order (every id once, first shown first); answers the list. */
    reorderBanners: async (endpoint: BannerEndpoint, body: BannerReorder) =>
      (await http.post<BannerList>(`${DEVICES_URL.banners(endpoint)}/reorder`, body)).data,
    deleteBanner: async (endpoint: BannerEndpoint, id: number) =>
      (await http.delete<unknown>(DEVICES_URL.banner(endpoint, id))).data,
  };
}
export type DevicesApi = ReturnType<typeof devicesApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useDevicesApi(): DevicesApi {
  const http = useHttp();
  return useMemo(() => devicesApi(http), [http]);
}
