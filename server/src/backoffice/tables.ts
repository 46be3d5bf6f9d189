import type { Generated } from 'kysely';
import type { SettingsTables } from './settings/tables';
import type { DevicesTables } from './devices/tables';
import type { TeamTables } from './team/tables';
import type { ReportTables } from './reports/tables';
import type { InventoryTables } from './inventory/tables';
import type { RewardsTables } from './rewards/tables';
import type { OffersTables } from './offers/tables';
import type { SalesTables } from './sales/tables';

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

/** A bundle item's components (see catalog/bundleMigrations.ts). */
export interface BundleComponentsTable {
  company_id: number;
  bundle_item_id: number;
  component_item_id: number;
  quantity: number;
  position: number;
}

/** Modifiers (issue 21): archived ones stay for the receipts and carts that name them. */
export interface ModifierGroupsTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  min_choices: number;
  max_choices: number;
  archived_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

export interface ModifiersTable {
  id: Generated<number>;
  company_id: number;
  group_id: number;
  name: string;
  price_cents: number;
  position: number;
  archived_at: Millis | null;
}

export interface ItemModifierGroupsTable {
  company_id: number;
  item_id: number;
  group_id: number;
  position: number;
}

export interface BackofficeTables
  extends
    SettingsTables,
    DevicesTables,
    TeamTables,
    ReportTables,
    InventoryTables,
    RewardsTables,
    OffersTables,
    SalesTables {
  categories: CategoriesTable;
  items: ItemsTable;
  customers: CustomersTable;
  bundle_components: BundleComponentsTable;
  modifier_groups: ModifierGroupsTable;
  modifiers: ModifiersTable;
  item_modifier_groups: ItemModifierGroupsTable;
}
