import type { Generated } from 'kysely';
import type { SettingsTables } from './settings/tables';

/** Row types of the back-office tables (see migrations.ts); merged into `Database` in db/schema.ts. */

type Millis = number;
type Flag = number; // 0 / 1

export interface CategoriesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  color: string;
  position: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface ItemsTable {
  id: Generated<number>;
  company_id: number;
  category_id: number | null;
  name: string;
  sku: string;
  price_cents: number;
  cost_cents: number;
  track_stock: Flag;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface CustomersTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  email: string;
  phone: string;
  notes: string;
  points: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface ReceiptsTable {
  id: Generated<number>;
  company_id: number;
  number: number;
  kind: 'sale' | 'refund';
  customer_id: number | null;
  refund_of: number | null;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: Millis;
  /** Where and how it was sold (issue 16; null on older receipts). */
  location_id: number | null;
  order_type_id: number | null;
}

export interface ReceiptLinesTable {
  id: Generated<number>;
  receipt_id: number;
  company_id: number;
  item_id: number | null;
  name: string;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
}

export interface BackofficeTables extends SettingsTables {
  categories: CategoriesTable;
  items: ItemsTable;
  customers: CustomersTable;
  receipts: ReceiptsTable;
  receipt_lines: ReceiptLinesTable;
}
