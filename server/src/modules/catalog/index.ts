// Products catalog (menu area "catalog"): items, categories, bundles, price lists and modifier
// groups; their tables and migrations, and the demo catalogs.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { barcodeMigration } from './barcodeMigration';
import { bundleMigrations } from './bundleMigrations';
import { bundlesRouter } from './bundles';
import { catalogMigration } from './catalogMigration';
import { categoriesRouter } from './categories';
import { mountItemImportParser } from './itemImportRoute';
import { itemsRouter } from './items';
import { modifierMigrations } from './modifierMigrations';
import { modifiersRouter } from './modifiers';
import { mountPriceListParsers, priceListsRouter } from './priceLists';

export { DEMO_CATALOGS, DEMO_CUSTOMER_PARTS, FALLBACK_CATALOG_SLUG } from './demoCatalog';
export type { DemoCatalog, DemoCategory, DemoItem, DemoSalesProfile } from './demoCatalog';
export { DEMO_BUNDLES, seedBundlesDemo } from './bundleDemo';
export { DEMO_MODIFIER_GROUPS, seedModifiersDemo } from './modifierDemo';
export { expandBundles } from './bundles';
export { loadItemModifiers, knownModifierIds } from './modifiers';
export type { CatalogTables } from './tables';
export { setItemCost } from './itemWrites';

export const catalogModule: ServerModule<AuthContext> = {
  name: 'catalog',
  reads: [
    'item_level_prices',
    'item_taxes',
    'price_levels',
    'receipt_line_modifiers',
    'receipt_lines',
    'receipts',
    'stock_levels',
    'tax_rates',
    'warehouses',
  ],
  migrations: { ...catalogMigration, ...bundleMigrations, ...modifierMigrations, ...barcodeMigration },
  routes: {
    // The price list and items imports (CSV files of up to 1 MB) and the price list's apply, before
    // the shared 32 kB parsers.
    parsers: (app) => {
      mountPriceListParsers(app);
      mountItemImportParser(app);
    },
    backoffice: (ctx) => [
      ['/items', itemsRouter(ctx)],
      ['/categories', categoriesRouter(ctx)],
      ['/bundles', bundlesRouter(ctx)],
      ['/price_lists', priceListsRouter(ctx)],
      ['/modifier_groups', modifiersRouter(ctx)],
    ],
  },
};
