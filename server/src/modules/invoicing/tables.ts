import type { ColumnType, Generated } from 'kysely';
import type {
  InvoicePaymentMethod,
  InvoiceStatus,
  RecurringFrequency,
  RecurringStatus,
} from '@hive/shared/schemas/backoffice/sales';

/** Row types of the invoices (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface InvoicesTable {
  id: Generated<number>;
  company_id: number;
  number: number | null;
  status: InvoiceStatus;
  customer_id: number;
  issue_date: string;
  due_date: string;
  discount_cents: number;
  notes: Defaulted<string>;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  paid_cents: Defaulted<number>;
  sent_at: Defaulted<Millis | null>;
  void_reason: Defaulted<string>;
  created_at: Millis;
  created_by: number | null;
  updated_at: Millis;
}

export interface InvoiceLinesTable {
  id: Generated<number>;
  company_id: number;
  invoice_id: number;
  position: number;
  item_id: number | null;
  description: string;
  quantity_hundredths: number;
  unit_price_cents: number;
  discount_cents: number;
  taxes_json: string;
}

export interface InvoicePaymentsTable {
  id: Generated<number>;
  company_id: number;
  invoice_id: number;
  amount_cents: number;
  paid_on: string;
  payment_type_id: number | null;
  payment_type_name: string | null;
  /** 'bank_transfer', or null: paid by the payment type above (or not said). */
  method: InvoicePaymentMethod | null;
  reference: Defaulted<string>;
  note: Defaulted<string>;
  recorded_at: Millis;
  recorded_by: number | null;
}

export interface RecurringInvoicesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  frequency: RecurringFrequency;
  interval: number;
  start_date: string;
  end_date: string | null;
  due_days: number;
  auto_send: number;
  /** JSON: the invoice lines as the form sends them. */
  lines_json: string;
  discount_cents: number;
  notes: Defaulted<string>;
  status: Defaulted<RecurringStatus>;
  /** Periods done so far: the next run is runDate(start, frequency, interval, runs). */
  runs: Defaulted<number>;
  last_error: Defaulted<string>;
  created_at: Millis;
  updated_at: Millis;
}

export interface RecurringRunsTable {
  template_id: number;
  company_id: number;
  run_date: string;
  invoice_id: number | null;
  created_at: Millis;
}

export interface SalesTables {
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  invoice_payments: InvoicePaymentsTable;
  recurring_invoices: RecurringInvoicesTable;
  recurring_runs: RecurringRunsTable;
  quickbooks_settings: { company_id: number; mapping_json: string; updated_at: Millis };
}
