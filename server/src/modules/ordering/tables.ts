import type { ColumnType, Generated } from 'kysely';

/** Row types of the ordering tables (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1

/** One row per company that has an online store; the storefront's public face. */
export interface OrderingSettingsTable {
  company_id: number;
  slug: string;
  taking_orders: Flag;
  lead_minutes: number;
  timezone: string;
  /** JSON: 7 entries Sunday first, `{open,close}` ("HH:MM") or null. */
  hours_json: string;
  updated_at: Millis;
}

export interface OrderingOrdersTable {
  id: Generated<number>;
  company_id: number;
  /** Unguessable id used in the customer's status URL. */
  public_id: string;
  number: number;
  status: string;
  customer_name: string;
  phone: string;
  pickup_at: Millis;
  notes: string;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: Millis;
  updated_at: Millis;
  /** Pickup orders are the company's Takeaway order type (issue 16). */
  order_type_id: number | null;
  /** Paid from a gift card when ordering (the rest at pickup); loaded back if the order is cancelled. */
  gift_card_id: ColumnType<number | null, number | null | undefined, number | null>;
  gift_card_cents: ColumnType<number, number | undefined, number>;
  /** What the promotions took off, and which (JSON: [{promotionId, name, amountCents}]). */
  discount_cents: ColumnType<number, number | undefined, number>;
  promotions_json: ColumnType<string, string | undefined, string>;
}

export interface OrderingOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  company_id: number;
  item_id: number | null;
  name: string;
  /** JSON array of option names as ordered. */
  options_json: string;
  quantity: number;
  unit_price_cents: number;
  tax_cents: number;
  total_cents: number;
}

export interface OrderingTables {
  ordering_settings: OrderingSettingsTable;
  ordering_orders: OrderingOrdersTable;
  ordering_order_lines: OrderingOrderLinesTable;
}
