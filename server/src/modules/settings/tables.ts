import type { ColumnType, Generated } from 'kysely';

/** Row types of the settings tables (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1
/** Text columns with a default of '' (optional on insert). */
type Text = ColumnType<string, string | undefined, string>;

export interface CompanyProfilesTable {
  company_id: number;
  legal_name: Text;
  tax_id: Text;
  email: Text;
  phone: Text;
  address_line1: Text;
  address_line2: Text;
  city: Text;
  region: Text;
  postal_code: Text;
  country: Text;
  currency: ColumnType<string, string | undefined, string>;
  timezone: ColumnType<string, string | undefined, string>;
  /** 'included' | 'added': the type new tax rates start as (sign-up proposes it from the country). */
  tax_mode: ColumnType<string, string | undefined, string>;
  receipt_header: Text;
  receipt_footer: Text;
  updated_at: Millis;
}

export interface CompanyLogosTable {
  company_id: number;
  content_type: string;
  bytes: Buffer;
  size: number;
  sha256: string;
  updated_at: Millis;
}

export interface LocationsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  address_line1: Text;
  address_line2: Text;
  city: Text;
  region: Text;
  postal_code: Text;
  country: Text;
  timezone: string;
  phone: Text;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface TaxRatesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  rate_bp: number;
  type: string; // 'added' | 'included'
  applies_to_new_items: Flag;
  archived_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ItemTaxesTable {
  item_id: number;
  tax_rate_id: number;
  company_id: number;
}

export interface PriceLevelsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  active: Flag;
  /** Bit 0 = Sunday ... bit 6 = Saturday; 0 = no schedule. */
  days_mask: number;
  start_time: Text;
  end_time: Text;
  all_locations: Flag;
  created_at: Millis;
  updated_at: Millis;
}

export interface PriceLevelLocationsTable {
  price_level_id: number;
  location_id: number;
  company_id: number;
}

export interface ItemLevelPricesTable {
  item_id: number;
  price_level_id: number;
  company_id: number;
  mode: string; // 'price' | 'percent'
  price_cents: number | null;
  percent_bp: number | null;
}

export interface OrderTypesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  builtin: string | null; // 'dine_in' | 'takeaway' | 'delivery'
  active: Flag;
  position: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface PaymentTypesTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  builtin: string | null; // 'cash' | 'card' | 'gift_card' | 'other'
  cash_like: Flag;
  active: Flag;
  position: number;
  created_at: Millis;
  updated_at: Millis;
}

export interface CompanyBillingTable {
  company_id: number;
  contact_name: Text;
  contact_email: Text;
  coupon_id: number | null;
  updated_at: Millis;
}

export interface PlatformInvoicesTable {
  id: Generated<number>;
  company_id: number;
  number: number;
  period: string; // YYYY-MM
  issued_at: Millis;
  due_at: Millis;
  status: string; // 'open' | 'paid'
  paid_at: Millis | null;
  currency: string;
  subtotal_cents: number;
  discount_cents: number;
  total_cents: number;
  lines_json: string;
  billed_to_json: string;
}

export interface SettingsTables {
  company_profiles: CompanyProfilesTable;
  company_logos: CompanyLogosTable;
  locations: LocationsTable;
  tax_rates: TaxRatesTable;
  item_taxes: ItemTaxesTable;
  price_levels: PriceLevelsTable;
  price_level_locations: PriceLevelLocationsTable;
  item_level_prices: ItemLevelPricesTable;
  order_types: OrderTypesTable;
  payment_types: PaymentTypesTable;
  company_billing: CompanyBillingTable;
  platform_invoices: PlatformInvoicesTable;
}
