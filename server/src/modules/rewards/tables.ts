import type { ColumnType, Generated } from 'kysely';
import type { GiftCardEntryKind, LoyaltyEntryKind } from '@hive/shared/schemas/backoffice/rewards';

/** Row types of the gift cards (see migrations.ts); merged into `Database` in src/database.ts. */

type Millis = number;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface GiftCardsTable {
  id: Generated<number>;
  company_id: number;
  /** The 16 digits. Shown whole once, at issue; everywhere else as its last 4. */
  number: string;
  last4: string;
  initial_cents: number;
  balance_cents: number;
  customer_id: number | null;
  /** YYYY-MM-DD, the last day it can be used (company time zone), or null. */
  expires_on: string | null;
  status: Defaulted<'active' | 'void'>;
  note: Defaulted<string>;
  created_at: Millis;
  created_by: number | null;
  updated_at: Millis;
  last_used_at: Defaulted<Millis | null>;
}

export interface GiftCardEntriesTable {
  id: Generated<number>;
  company_id: number;
  gift_card_id: number;
  kind: GiftCardEntryKind;
  amount_cents: number;
  balance_after_cents: number;
  receipt_id: Defaulted<number | null>;
  order_id: Defaulted<number | null>;
  user_id: Defaulted<number | null>;
  note: Defaulted<string>;
  at: Millis;
}

export interface LoyaltySettingsTable {
  company_id: number;
  enabled: number;
  points_per_unit: number;
  value_per_100_cents: number;
  min_redeem_points: number;
  updated_at: Millis;
}

export interface LoyaltyEntriesTable {
  id: Generated<number>;
  company_id: number;
  customer_id: number;
  kind: LoyaltyEntryKind;
  points: number;
  balance_after: number;
  receipt_id: Defaulted<number | null>;
  user_id: Defaulted<number | null>;
  note: Defaulted<string>;
  at: Millis;
}

export interface RewardsTables {
  gift_cards: GiftCardsTable;
  gift_card_entries: GiftCardEntriesTable;
  loyalty_settings: LoyaltySettingsTable;
  loyalty_entries: LoyaltyEntriesTable;
}
