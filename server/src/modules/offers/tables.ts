import type { Generated } from 'kysely';
import type { DiscountScope, DiscountType } from '@hive/shared/schemas/backoffice/offers';

/** Row types of the discounts (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Flag = number; // 0 / 1

export interface DiscountsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  type: DiscountType;
  percent_bp: number | null;
  amount_cents: number | null;
  scope: DiscountScope;
  restricted: Flag;
  active: Flag;
  created_at: Millis;
  updated_at: Millis;
}

/** The items and categories a discount of scope `items` applies to (one of the two per row). */
export interface DiscountTargetsTable {
  discount_id: number;
  company_id: number;
  item_id: number | null;
  category_id: number | null;
}

export interface PromotionsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  kind: 'buy_get' | 'percent_off' | 'spend_get';
  priority: number;
  stackable: Flag;
  active: Flag;
  buy_quantity: number;
  get_quantity: number;
  get_percent_bp: number;
  percent_bp: number;
  threshold_cents: number;
  amount_cents: number;
  /** Bit 0 = Sunday ... bit 6 = Saturday; 0 = every day. */
  days_mask: number;
  start_time: string;
  end_time: string;
  starts_on: string | null;
  ends_on: string | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface OffersTables {
  discounts: DiscountsTable;
  discount_targets: DiscountTargetsTable;
  promotions: PromotionsTable;
  /** Shaped like discount_targets. */
  promotion_targets: { promotion_id: number; company_id: number; item_id: number | null; category_id: number | null };
}
