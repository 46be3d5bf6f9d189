import type { ColumnType, Generated } from 'kysely';

/*
 * Tables of the admin console (migration 2026_03_100_admin_console). Same conventions as
 * db/schema.ts: epoch-millisecond BIGINTs, 0/1 integer flags, JSON kept as text.
 */
type Millis = number;
type Flag = ColumnType<number, number, number>;

/** Append-only record of every admin write. No foreign keys: history outlives what it names. */
export interface AuditLogTable {
  id: Generated<number>;
  at: Millis;
  actor_user_id: number | null;
  actor_email: string;
  actor_role: string | null;
  action: string;
  entity_type: string;
  entity_id: number | null;
  company_id: number | null;
  before_json: string | null;
  after_json: string | null;
}

export interface CouponsTable {
  id: Generated<number>;
  code: string; // upper case, unique
  kind: string; // 'percent' | 'amount'
  percent_off: number | null;
  amount_cents: number | null;
  valid_from: string; // YYYY-MM-DD
  valid_to: string;
  max_redemptions: number | null;
  redemptions: number;
  licenses_json: string; // JSON array of licence names
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  ref: string; // human reference, unique (e.g. HIVE-1001)
  company_id: number;
  subject: string;
  status: string; // 'open' | 'pending' | 'closed'
  created_at: Millis;
  updated_at: Millis;
  /** A merchant's plan request (Settings › Billing): the plan asked for, JSON `{ license, addons }`. */
  plan_request_json: ColumnType<string | null, string | null | undefined, string | null>;
  /** When staff applied that request from the ticket (once), and who. */
  plan_applied_at: ColumnType<Millis | null, Millis | null | undefined, Millis | null>;
  plan_applied_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author_user_id: number | null;
  author_email: string;
  from_staff: Flag;
  body: string;
  created_at: Millis;
}

/** Current monthly base price per licence / add-on. */
export interface BasePricesTable {
  item_kind: string; // 'license' | 'addon'
  item_name: string;
  monthly_cents: number;
  updated_at: Millis;
  updated_by: string | null;
}

export interface BasePriceHistoryTable {
  id: Generated<number>;
  item_kind: string;
  item_name: string;
  monthly_cents: number;
  previous_cents: number | null;
  note: string | null;
  changed_at: Millis;
  changed_by: string | null;
}

/** "Bee merchant": a company's payment-processing account, reviewed by staff. */
export interface MerchantAccountsTable {
  id: Generated<number>;
  company_id: number; // unique: one account per company
  legal_name: string;
  payout_last4: string;
  status: string; // 'pending' | 'active' | 'rejected'
  rejection_reason: string | null;
  submitted_at: Millis;
  decided_at: Millis | null;
  decided_by: string | null;
}

export interface AdminTables {
  audit_log: AuditLogTable;
  coupons: CouponsTable;
  support_tickets: SupportTicketsTable;
  support_messages: SupportMessagesTable;
  base_prices: BasePricesTable;
  base_price_history: BasePriceHistoryTable;
  merchant_accounts: MerchantAccountsTable;
}
