import type { ColumnType, Generated } from 'kysely';

/** Row types of the devices tables (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1
type Text = ColumnType<string, string | undefined, string>;

export interface TerminalsTable {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  name: string;
  status: 'new' | 'paired' | 'unpaired';
  /** SHA-256 (hex) of the pairing code while one is open. */
  pairing_code_hash: string | null;
  pairing_expires_at: Millis | null;
  /** SHA-256 (hex) of the device token while paired. */
  token_hash: string | null;
  paired_at: Millis | null;
  last_seen_at: Millis | null;
  last_sync_at: Millis | null;
  app_version: Text;
  device_model: Text;
  created_at: Millis;
  updated_at: Millis;
}

export interface TerminalLogTable {
  id: Generated<number>;
  company_id: number;
  terminal_id: number;
  at: Millis;
  kind: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  /** JSON object. */
  details: ColumnType<string, string | undefined, string>;
}

export interface PrintersTable {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  terminal_id: number | null;
  name: string;
  kind: 'receipt' | 'kitchen';
  address: Text;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface PrinterCategoriesTable {
  printer_id: number;
  category_id: number;
  company_id: number;
}

export interface PrintJobsTable {
  id: Generated<number>;
  company_id: number;
  printer_id: number;
  kind: 'test' | 'kitchen' | 'receipt';
  status: 'queued' | 'printed' | 'failed' | 'cancelled';
  title: string;
  /** JSON: the document to print. */
  content: string;
  receipt_id: number | null;
  attempts: ColumnType<number, number | undefined, number>;
  delivered_at: Millis | null;
  acked_at: Millis | null;
  error: Text;
  created_at: Millis;
  updated_at: Millis;
}

export interface BannersTable {
  id: Generated<number>;
  company_id: number;
  kind: 'kiosk' | 'customer_display';
  title: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  active_from: Millis | null;
  active_until: Millis | null;
  all_locations: Flag;
  position: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface BannerLocationsTable {
  banner_id: number;
  location_id: number;
  company_id: number;
}

export interface DevicesTables {
  terminals: TerminalsTable;
  terminal_log: TerminalLogTable;
  printers: PrintersTable;
  printer_categories: PrinterCategoriesTable;
  print_jobs: PrintJobsTable;
  banners: BannersTable;
  banner_locations: BannerLocationsTable;
}
