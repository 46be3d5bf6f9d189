/**
 * Devices (menu area "devices"): terminals and their pairing (/terminal), the terminal log
 * (/terminal_log), printers and the print queue (/remoteprint), kiosk and customer-display banners
 * (/kioske_banner, /customer_display_banner). Schemas shared by the forms and the server, and the
 * answer types. The registers' own API is in `@hive/shared/schemas/device`.
 */
import { z } from 'zod';
import {
  createListQuerySchema,
  englishMessages,
  flagSchema,
  idChoiceSchema,
  idListSchema,
  integerSchema,
  textSchema,
  type ListResponse,
  type ValidationMessages,
} from './common';
import { DEVICE_LIMITS } from '@hive/shared/schemas/device';
import { type LocationOption } from './settings';

export const DEVICES_LIMITS = {
  terminalNameMax: 60,
  printerNameMax: 60,
  /** A printer's network address or port name, as the register understands it. */
  printerAddressMax: 100,
  printerCategoriesMax: 200,
  bannerTitleMax: 120,
  /** Banner images: PNG, JPEG or WebP, checked by their first bytes, at most 2 MB. */
  bannerMaxBytes: 2 * 1024 * 1024,
  bannerLocationsMax: 200,
  /** Banners of one kind a company may have. */
  bannersMax: 50,
} as const;

/** A terminal is online when the server heard from it within the last 2 minutes. */
export const TERMINAL_ONLINE_WINDOW_MS = 120_000;
/** How often the live pages (overview, /terminal) poll while visible. */
export const LIVE_POLL_MS = 3_000;

// ---------------------------------------------------------------------------------------------
// Terminals (/terminal)

export function createTerminalSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, DEVICES_LIMITS.terminalNameMax, { required: true }),
    locationId: idChoiceSchema(m),
  });
}
/** Create, rename and move take the same body. */
export const terminalInputSchema = createTerminalSchema();
export type TerminalInput = z.output<typeof terminalInputSchema>;

export const TERMINAL_STATUSES = ['new', 'paired', 'unpaired'] as const;
/** new: never paired yet; paired: has a device token; unpaired: its token was revoked. */
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

export interface Terminal {
  id: number;
  name: string;
  /** Null when its location was deleted: move it to another one. */
  locationId: number | null;
  locationName: string | null;
  status: TerminalStatus;
  /** Paired and heard from within TERMINAL_ONLINE_WINDOW_MS. */
  online: boolean;
  lastSeenAt: number | null;
  /** The last batch of events it sent. */
  lastSyncAt: number | null;
  appVersion: string;
  deviceModel: string;
  pairedAt: number | null;
  /** The expiry of the pairing code still open for it, or null (the code itself is shown once). */
  pairingExpiresAt: number | null;
  openShift: OpenShift | null;
  /** Sales it rang up since midnight (company time zone). */
  receiptsToday: number;
  /** It rang up a sale or opened a shift: it cannot be deleted (unpair it; its history stays). */
  hasHistory: boolean;
  createdAt: number;
  updatedAt: number;
}

/** The shift open on a terminal: the back-office may close it when the register is silent. */
export interface OpenShift {
  /** The shift's id (its Z report is /closings?shift=id). */
  id: number;
  number: number;
  openedAt: number;
  /** The employee who opened it (null: none named, or since deleted). */
  openedBy: string | null;
}

/**
 * "Close shift" in the back-office, for a register that died with its shift open: the shift (the
 * one the page showed, so a shift opened meanwhile is never closed by mistake), the cash counted in
 * the drawer (minor units) and an optional note. Refused while the register is online.
 */
export function createCloseShiftSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    shiftId: idChoiceSchema(m),
    countedCashCents: integerSchema(m, { min: 0, max: DEVICE_LIMITS.maxCents }),
    note: textSchema(m, DEVICE_LIMITS.noteMax).optional(),
  });
}
export const closeShiftInputSchema = createCloseShiftSchema();
export type CloseShiftInput = z.output<typeof closeShiftInputSchema>;

/** The answer of "Close shift": the closing as the register would have got it, and the terminal now. */
export interface ShiftClosedFromBackoffice {
  shiftId: number;
  number: number;
  closedAt: number;
  countedCashCents: number;
  expectedCashCents: number;
  differenceCents: number;
  terminal: Terminal;
}

export interface TerminalList {
  rows: Terminal[];
  /** The server's clock, for the pairing countdown and "seen 3 min ago". */
  serverTime: number;
}

/** The answer of "Add terminal" and "New pairing code": the code is shown this once. */
export interface TerminalPairing {
  terminal: Terminal;
  pairingCode: string;
  pairingExpiresAt: number;
  serverTime: number;
}

export interface TerminalOptions {
  locations: LocationOption[];
}

/** The filters of /terminal_log: every terminal of the company, removed ones aside. */
export interface TerminalLogOptions {
  terminals: { id: number; name: string; locationName: string | null }[];
}

// ---------------------------------------------------------------------------------------------
// Terminal log (/terminal_log)

/**
 * pairing: codes, pairing, unpairing; sync: event batches; config: a new configuration fetched;
 * app: app version changes; device: what the register reported; printing: print jobs that failed;
 * settings: renamed or moved in the back-office; shift: a shift closed from the back-office.
 */
export const TERMINAL_LOG_KINDS = [
  'pairing',
  'sync',
  'config',
  'app',
  'device',
  'printing',
  'settings',
  'shift',
] as const;
export type TerminalLogKind = (typeof TERMINAL_LOG_KINDS)[number];
export const LOG_LEVELS = ['info', 'warning', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const optionalId = z
  .string({ error: englishMessages('invalidChoice') })
  .regex(/^[1-9]\d{0,9}$/, englishMessages('invalidChoice'))
  .transform(Number)
  .optional();
const optionalMillis = z
  .string({ error: englishMessages('notAnInteger') })
  .regex(/^\d{1,15}$/, 'must be a time in epoch milliseconds')
  .transform(Number)
  .optional();

/** Page and page size of a list that is always newest first. */
const pagingSchema = createListQuerySchema(['newest'] as const).pick({ page: true, pageSize: true });

/** Newest first. */
export const terminalLogQuerySchema = pagingSchema.extend({
  terminalId: optionalId,
  kind: z.enum(TERMINAL_LOG_KINDS, { error: `must be one of ${TERMINAL_LOG_KINDS.join(', ')}` }).optional(),
  level: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  /** From (inclusive) and to (exclusive), epoch ms: the page sends local day boundaries. */
  from: optionalMillis,
  to: optionalMillis,
});
export type TerminalLogQuery = z.output<typeof terminalLogQuerySchema>;

export interface TerminalLogEntry {
  id: number;
  at: number;
  terminalId: number;
  terminalName: string;
  kind: TerminalLogKind;
  level: LogLevel;
  message: string;
  details: Record<string, unknown>;
}
export type TerminalLogList = ListResponse<TerminalLogEntry>;

// ---------------------------------------------------------------------------------------------
// Printers and the print queue (/remoteprint)

export const PRINTER_KINDS = ['receipt', 'kitchen'] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

export function createPrinterSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      name: textSchema(m, DEVICES_LIMITS.printerNameMax, { required: true }),
      kind: z.enum(PRINTER_KINDS, { error: m('invalidChoice') }),
      locationId: idChoiceSchema(m),
      /** The register that prints its jobs (null: none yet; its jobs wait). */
      terminalId: idChoiceSchema(m).nullable(),
      address: textSchema(m, DEVICES_LIMITS.printerAddressMax),
      /** Kitchen printers: the categories whose lines they print. */
      categoryIds: idListSchema(m, DEVICES_LIMITS.printerCategoriesMax),
      active: flagSchema(m),
    })
    .transform((p) => ({ ...p, categoryIds: p.kind === 'kitchen' ? p.categoryIds : [] }));
}
export const printerInputSchema = createPrinterSchema();
export type PrinterInput = z.output<typeof printerInputSchema>;

export interface Printer extends Omit<PrinterInput, 'locationId'> {
  id: number;
  /** Null when its location was deleted: choose another one. */
  locationId: number | null;
  locationName: string | null;
  terminalName: string | null;
  categoryNames: string[];
  /** Jobs waiting, and jobs that failed (retry them from the queue). */
  queued: number;
  failed: number;
  updatedAt: number;
}

export interface PrinterOptions {
  locations: LocationOption[];
  terminals: { id: number; name: string; locationId: number | null }[];
  categories: { id: number; name: string }[];
}

export const PRINT_JOB_KINDS = ['test', 'kitchen', 'receipt'] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];
export const PRINT_JOB_STATUSES = ['queued', 'printed', 'failed', 'cancelled'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** Newest first. */
export const printJobQuerySchema = pagingSchema.extend({
  printerId: optionalId,
  status: z.enum(PRINT_JOB_STATUSES, { error: `must be one of ${PRINT_JOB_STATUSES.join(', ')}` }).optional(),
});
export type PrintJobQuery = z.output<typeof printJobQuerySchema>;

export interface PrintJob {
  id: number;
  printerId: number;
  printerName: string;
  kind: PrintJobKind;
  status: PrintJobStatus;
  title: string;
  /** The document as the register receives it. */
  document: { lines: { text: string; bold?: boolean; large?: boolean }[] };
  attempts: number;
  /** When a register last fetched it (it is offered again if not acknowledged within a minute). */
  deliveredAt: number | null;
  ackedAt: number | null;
  error: string;
  createdAt: number;
  updatedAt: number;
}
export type PrintJobList = ListResponse<PrintJob>;

// ---------------------------------------------------------------------------------------------
// Banners (/kioske_banner, /customer_display_banner)

export const BANNER_KINDS = ['kiosk', 'customer_display'] as const;
export type BannerKind = (typeof BANNER_KINDS)[number];
export const BANNER_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

const millisOrNull = (m: ValidationMessages) =>
  z
    .number({ error: m('notANumber') })
    .int(m('notAnInteger'))
    .min(0, m('min', { min: 0 }))
    .max(8_640_000_000_000_000, m('invalidChoice'))
    .nullable();

/** The image, base64 of the file's bytes (its type is read from the bytes, never claimed). */
export const bannerImageSchema = z
  .string({ error: 'send the image as base64 text' })
  .min(1, 'send the image as base64 text')
  .max(Math.ceil(DEVICES_LIMITS.bannerMaxBytes / 3) * 4, 'the image must be at most 2 MB')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'send the image as base64 text');

export function createBannerSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      title: textSchema(m, DEVICES_LIMITS.bannerTitleMax, { required: true }),
      /** Shown from / until (epoch ms); null = no limit. */
      activeFrom: millisOrNull(m),
      activeUntil: millisOrNull(m),
      allLocations: flagSchema(m),
      locationIds: idListSchema(m, DEVICES_LIMITS.bannerLocationsMax),
      /** Required when creating; leave it out to keep the current image. */
      image: bannerImageSchema.optional(),
    })
    .superRefine((b, ctx) => {
      if (b.activeFrom !== null && b.activeUntil !== null && b.activeUntil <= b.activeFrom) {
        ctx.addIssue({ code: 'custom', path: ['activeUntil'], message: m('sameTimes') });
      }
      if (!b.allLocations && b.locationIds.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['locationIds'], message: m('chooseLocations') });
      }
    })
    .transform((b) => ({ ...b, locationIds: b.allLocations ? [] : [...new Set(b.locationIds)] }));
}
export const bannerInputSchema = createBannerSchema();
export type BannerInput = z.output<typeof bannerInputSchema>;

/** active: shown now; scheduled: starts later; ended: past its end (no longer sent to devices). */
export type BannerState = 'active' | 'scheduled' | 'ended';

export interface Banner {
  id: number;
  kind: BannerKind;
  title: string;
  /** The image (signed-in users of the page), versioned by its content. */
  imageUrl: string;
  contentType: BannerType;
  size: number;
  activeFrom: number | null;
  activeUntil: number | null;
  allLocations: boolean;
  locationIds: number[];
  locationNames: string[];
  position: number;
  state: BannerState;
  updatedAt: number;
}

export interface BannerList {
  rows: Banner[];
  serverTime: number;
}

export interface BannerOptions {
  locations: LocationOption[];
}

/** The new order of a company's banners of one kind: every id once, first shown first. */
export const bannerReorderSchema = z.object({
  ids: idListSchema(englishMessages, DEVICES_LIMITS.bannersMax).refine(
    (ids) => ids.length > 0,
    'give the ids in their new order',
  ),
});
