import type { Generated } from 'kysely';
import type { DiscountScope, DiscountType } from '@hive/shared/schemas/backoffice/offers';

/** Row types of the discounts (see migrations.ts); merged into `Database` through backoffice/tables.ts. */

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

export interface OffersTables {
  discounts: DiscountsTable;
  discount_targets: DiscountTargetsTable;
}
