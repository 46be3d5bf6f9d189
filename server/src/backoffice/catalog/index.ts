// Products catalog (menu area "catalog"): items and categories, and the demo catalogs.
export { itemsRouter } from './items';
export { categoriesRouter } from './categories';
export { DEMO_CATALOGS, DEMO_CUSTOMER_PARTS, FALLBACK_CATALOG_SLUG } from './demoCatalog';
export type { DemoCatalog, DemoCategory, DemoItem, DemoSalesProfile } from './demoCatalog';
export { bundlesRouter, expandBundles } from './bundles';
export { priceListsRouter } from './priceLists';
export { modifiersRouter, loadItemModifiers, knownModifierIds } from './modifiers';
