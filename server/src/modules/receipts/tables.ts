import type { ColumnType, Generated } from 'kysely';

/** Row types of the sales model (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1
/** Columns with a default (optional on insert). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/**
 * A sale or a refund (kind); amounts are positive either way. gross = the lines at shelf price
 * (modifiers included), discount = line and receipt discounts, net = without any tax, tax = every
 * tax (included and added), total = what the customer paid (gross - discount + added tax), tip on
 * top of it.
 */
export interface ReceiptsTable {
  id: Generated<number>;
  company_id: number;
  number: number;
  kind: 'sale' | 'refund';
  customer_id: number | null;
  refund_of: number | null;
  net_cents: number;
  tax_cents: number;
  total_cents: number;
  created_at: Millis;
  location_id: number | null;
  order_type_id: number | null;
  terminal_id: Defaulted<number | null>;
  employee_id: Defaulted<number | null>;
  shift_id: Defaulted<number | null>;
  /** The register's event id (UUID); null on receipts from before the device API. */
  client_id: Defaulted<string | null>;
  local_number: Defaulted<string>;
  gross_cents: Defaulted<number>;
  discount_cents: Defaulted<number>;
  tip_cents: Defaulted<number>;
  change_cents: Defaulted<number>;
  note: Defaulted<string>;
  synced_at: Defaulted<Millis | null>;
}

export interface ReceiptLinesTable {
  id: Generated<number>;
  receipt_id: number;
  company_id: number;
  item_id: number | null;
  /** The name as sold: a receipt keeps its text when the item is renamed or deleted. */
  name: string;
  quantity: number;
  unit_price_cents: number;
  /** What the customer paid for the line: gross - discount + added tax. */
  total_cents: number;
  /** 1, 2, 3 ... in the order of the receipt. */
  position: Defaulted<number>;
  category_id: Defaulted<number | null>;
  /** The modifiers' prices, per unit. */
  modifiers_cents: Defaulted<number>;
  gross_cents: Defaulted<number>;
  discount_cents: Defaulted<number>;
  net_cents: Defaulted<number>;
  tax_cents: Defaulted<number>;
  refund_of_line_id: Defaulted<number | null>;
  /** The item's cost per unit when sold (a refund line: its sale line's); set by recordReceiptRollups. */
  unit_cost_cents: Defaulted<number | null>;
  /** The discount (Offers › Discounts) the line's own discount was. */
  discount_id: Defaulted<number | null>;
  /** The line's own discount (discount_cents adds its share of the receipt discounts). */
  line_discount_cents: Defaulted<number>;
}

export interface ReceiptLineModifiersTable {
  id: Generated<number>;
  company_id: number;
  line_id: number;
  name: string;
  price_cents: number;
  /** The modifier of Products › Modifiers the register named (null: typed in, or since deleted). */
  modifier_id: Defaulted<number | null>;
}

export interface ReceiptLineTaxesTable {
  id: Generated<number>;
  company_id: number;
  line_id: number;
  tax_rate_id: number | null;
  rate_bp: number;
  type: 'added' | 'included';
  tax_cents: number;
}

export interface ReceiptTaxesTable {
  id: Generated<number>;
  company_id: number;
  receipt_id: number;
  tax_rate_id: number | null;
  name: string;
  rate_bp: number;
  type: 'added' | 'included';
  /** The net amount the rate was charged on. */
  taxable_cents: number;
  tax_cents: number;
}

export interface ReceiptDiscountsTable {
  id: Generated<number>;
  company_id: number;
  receipt_id: number;
  name: string;
  amount_cents: number;
  /** The discount (Offers › Discounts) it was, when the register said so. */
  discount_id: Defaulted<number | null>;
  /** A loyalty redemption: the customer's points it took. */
  points: Defaulted<number | null>;
  /** The promotion (Offers › Promotions) it was. */
  promotion_id: Defaulted<number | null>;
}

export interface ReceiptPaymentsTable {
  id: Generated<number>;
  company_id: number;
  receipt_id: number;
  payment_type_id: number | null;
  name: string;
  cash_like: Flag;
  amount_cents: number;
  tip_cents: number;
  /** The gift card a `gift_card` payment was taken from (or, on a refund, loaded back to). */
  gift_card_id: Defaulted<number | null>;
}

export interface ShiftsTable {
  id: Generated<number>;
  company_id: number;
  client_id: string;
  number: number;
  terminal_id: number | null;
  location_id: number | null;
  status: 'open' | 'closed';
  opened_at: Millis;
  opened_by: number | null;
  opening_float_cents: number;
  closed_at: Millis | null;
  closed_by: number | null;
  expected_cash_cents: number | null;
  counted_cash_cents: number | null;
  difference_cents: number | null;
  note: Defaulted<string>;
  /** Closed from the back-office (a register that died): the account, and its e-mail then. */
  closed_by_user_id: Defaulted<number | null>;
  closed_by_email: Defaulted<string | null>;
}

export interface CashMovementsTable {
  id: Generated<number>;
  company_id: number;
  client_id: string;
  shift_id: number;
  terminal_id: number | null;
  location_id: number | null;
  employee_id: number | null;
  kind: 'pay_in' | 'pay_out';
  amount_cents: number;
  reason: string;
  at: Millis;
  synced_at: Millis;
}

export interface DeviceEventsTable {
  company_id: number;
  id: string;
  terminal_id: number | null;
  type: string;
  at: Millis;
  received_at: Millis;
  result: string;
}

export interface ReceiptTables {
  receipts: ReceiptsTable;
  receipt_lines: ReceiptLinesTable;
  receipt_line_modifiers: ReceiptLineModifiersTable;
  receipt_line_taxes: ReceiptLineTaxesTable;
  receipt_taxes: ReceiptTaxesTable;
  receipt_discounts: ReceiptDiscountsTable;
  receipt_payments: ReceiptPaymentsTable;
  shifts: ShiftsTable;
  cash_movements: CashMovementsTable;
  device_events: DeviceEventsTable;
}
