/**
 * Back-office API contract (`@hive/shared/schemas/backoffice`): the zod schemas that validate the
 * forms in the browser AND the request bodies on the server (one set of rules), plus the answer
 * types. One file per menu area under `backoffice/`; import an area by its own path
 * (`@hive/shared/schemas/backoffice/settings`). This index keeps the names of the first areas
 * importable from the old path. React-free.
 *
 * Values are re-exported by name, not with `export *`: the server loads these files as CommonJS
 * under tsx, and Node finds the named exports of such a module only when they are spelled out
 * (backoffice.test.ts checks that nothing is left out).
 */
export type * from './backoffice/common';
export type * from './backoffice/catalog';
export type * from './backoffice/customers';
export type * from './backoffice/overview';
export {
  VALIDATION_MESSAGE_KEYS,
  englishMessages,
  LIMITS,
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  hasControlChars,
  isMissing,
  textSchema,
  decimalSchema,
  integerSchema,
  flagSchema,
  idChoiceSchema,
  idListSchema,
  PHONE,
  EMAIL,
  emailSchema,
  phoneSchema,
  createListQuerySchema,
} from './backoffice/common';
export {
  MAX_ITEM_TAXES,
  BUNDLE_LIMITS,
  createBundleSchema,
  bundleInputSchema,
  MODIFIER_LIMITS,
  createModifierGroupSchema,
  modifierGroupInputSchema,
  PRICE_LIST_LIMITS,
  PRICE_ROUNDINGS,
  PRICE_RULES,
  roundPrice,
  applyPriceRule,
  priceListChangesSchema,
  priceListImportSchema,
  createItemSchema,
  createCategorySchema,
  itemInputSchema,
  categoryInputSchema,
  ITEM_SORTS,
  CATEGORY_SORTS,
  itemListQuerySchema,
  categoryListQuerySchema,
  ITEM_IMPORT_LIMITS,
  itemImportSchema,
  ITEM_IMPORT_FIELDS,
  ITEM_IMPORT_PROBLEMS,
} from './backoffice/catalog';
export {
  createCustomerSchema,
  customerInputSchema,
  CUSTOMER_SORTS,
  customerListQuerySchema,
} from './backoffice/customers';
export { overviewQuerySchema, OVERVIEW_PERIODS } from './backoffice/overview';
