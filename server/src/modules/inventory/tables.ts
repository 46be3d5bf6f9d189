import type { ColumnType, Generated } from 'kysely';

/** Row types of the inventory tables (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1
/** Text columns with a default of '' (optional on insert). */
type Text = ColumnType<string, string | undefined, string>;
type UserId = number | null;

export interface WarehousesTable {
  id: Generated<number>;
  company_id: number;
  location_id: number | null;
  name: string;
  is_default: Flag;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface InventorySettingsTable {
  company_id: number;
  allow_negative_stock: Flag;
  updated_at: Millis;
}

export type LedgerKind =
  | 'sale'
  | 'refund'
  | 'receipt'
  | 'transfer_out'
  | 'transfer_in'
  | 'adjustment'
  | 'production_consumption'
  | 'production_output'
  | 'count';

export type LedgerDocument = 'receipt' | 'purchase_order' | 'transfer' | 'adjustment' | 'count' | 'production_order';

export interface StockLedgerTable {
  id: Generated<number>;
  company_id: number;
  item_id: number;
  warehouse_id: number;
  kind: LedgerKind;
  quantity: number;
  unit_cost_cents: number;
  reason: Text;
  document_type: LedgerDocument;
  document_id: number;
  user_id: UserId;
  created_at: Millis;
}

/** The ledger's sums per company, UTC day (floor(created_at / 86,400,000)), item, warehouse and kind. */
export interface StockLedgerDaysTable {
  company_id: number;
  day: number;
  item_id: number;
  warehouse_id: number;
  kind: LedgerKind;
  incoming: ColumnType<number | string, number, number>;
  outgoing: ColumnType<number | string, number, number>;
}

export interface StockLevelsTable {
  company_id: number;
  item_id: number;
  warehouse_id: number;
  on_hand: ColumnType<number, number | undefined, number>;
  low_stock: ColumnType<number | null, number | null | undefined, number | null>;
  updated_at: Millis;
}

export interface VendorsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  contact_name: Text;
  email: Text;
  phone: Text;
  address: Text;
  note: Text;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface VendorItemsTable {
  vendor_id: number;
  item_id: number;
  company_id: number;
  vendor_sku: Text;
  cost_cents: number;
}

interface DocumentColumns {
  created_by: UserId;
  created_at: Millis;
  updated_by: UserId;
  updated_at: Millis;
}

export type PurchaseOrderStatus = 'draft' | 'ordered' | 'partially_received' | 'received' | 'cancelled';

export interface PurchaseOrdersTable extends DocumentColumns {
  id: Generated<number>;
  company_id: number;
  number: number;
  vendor_id: number;
  warehouse_id: number;
  status: PurchaseOrderStatus;
  expected_at: Millis | null;
  note: Text;
  ordered_by: ColumnType<UserId, UserId | undefined, UserId>;
  ordered_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  received_by: ColumnType<UserId, UserId | undefined, UserId>;
  received_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  cancelled_by: ColumnType<UserId, UserId | undefined, UserId>;
  cancelled_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  closed_short_by: ColumnType<UserId, UserId | undefined, UserId>;
  closed_short_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

export interface PurchaseOrderLinesTable {
  id: Generated<number>;
  company_id: number;
  purchase_order_id: number;
  item_id: number;
  position: number;
  quantity: number;
  received_quantity: ColumnType<number, number | undefined, number>;
  cost_cents: number;
}

export type TransferStatus = 'draft' | 'in_transit' | 'received' | 'cancelled';

export interface TransfersTable extends DocumentColumns {
  id: Generated<number>;
  company_id: number;
  number: number;
  from_warehouse_id: number;
  to_warehouse_id: number;
  status: TransferStatus;
  note: Text;
  sent_by: ColumnType<UserId, UserId | undefined, UserId>;
  sent_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  received_by: ColumnType<UserId, UserId | undefined, UserId>;
  received_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  cancelled_by: ColumnType<UserId, UserId | undefined, UserId>;
  cancelled_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
}

export interface TransferLinesTable {
  id: Generated<number>;
  company_id: number;
  transfer_id: number;
  item_id: number;
  position: number;
  quantity: number;
  unit_cost_cents: ColumnType<number | null, number | null | undefined, number | null>;
}

export type AdjustmentReason = 'damage' | 'loss' | 'theft' | 'received_without_po' | 'correction';

export interface AdjustmentsTable extends DocumentColumns {
  id: Generated<number>;
  company_id: number;
  number: number;
  warehouse_id: number;
  reason: AdjustmentReason;
  note: Text;
}

export interface AdjustmentLinesTable {
  id: Generated<number>;
  company_id: number;
  adjustment_id: number;
  item_id: number;
  position: number;
  quantity: number;
  unit_cost_cents: number;
}

export interface StockCountsTable extends DocumentColumns {
  id: Generated<number>;
  company_id: number;
  number: number;
  warehouse_id: number;
  note: Text;
}

export interface StockCountLinesTable {
  id: Generated<number>;
  company_id: number;
  count_id: number;
  item_id: number;
  position: number;
  expected: number;
  counted: number;
}

export interface ProductionTemplatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  output_item_id: number;
  output_quantity: number;
  note: Text;
  active: Flag;
  created_by: UserId;
  created_at: Millis;
  updated_by: UserId;
  updated_at: Millis;
}

export interface ProductionTemplateIngredientsTable {
  id: Generated<number>;
  company_id: number;
  template_id: number;
  item_id: number;
  position: number;
  quantity: number;
}

export interface ProductionOrdersTable extends DocumentColumns {
  id: Generated<number>;
  company_id: number;
  number: number;
  template_id: number | null;
  warehouse_id: number;
  batches: number;
  output_item_id: number;
  output_quantity: number;
  output_unit_cost_cents: number;
  note: Text;
}

export interface InventoryTables {
  warehouses: WarehousesTable;
  inventory_settings: InventorySettingsTable;
  stock_ledger: StockLedgerTable;
  stock_ledger_days: StockLedgerDaysTable;
  stock_levels: StockLevelsTable;
  vendors: VendorsTable;
  vendor_items: VendorItemsTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  transfers: TransfersTable;
  transfer_lines: TransferLinesTable;
  adjustments: AdjustmentsTable;
  adjustment_lines: AdjustmentLinesTable;
  stock_counts: StockCountsTable;
  stock_count_lines: StockCountLinesTable;
  production_templates: ProductionTemplatesTable;
  production_template_ingredients: ProductionTemplateIngredientsTable;
  production_orders: ProductionOrdersTable;
}
