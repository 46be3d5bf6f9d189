import type { Generated } from 'kysely';

/** Row types of the catalog's tables (catalogMigration.ts, bundleMigrations.ts, modifierMigrations.ts). */

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
  /** '' when none; unique within the company otherwise (barcodeMigration.ts). */
  barcode: Generated<string>;
  price_cents: number;
  cost_cents: number;
  track_stock: Flag;
  active: Flag;
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

export interface CatalogTables {
  categories: CategoriesTable;
  items: ItemsTable;
  bundle_components: BundleComponentsTable;
  modifier_groups: ModifierGroupsTable;
  modifiers: ModifiersTable;
  item_modifier_groups: ItemModifierGroupsTable;
}
