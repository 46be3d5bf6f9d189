/** Products catalog: items and categories (forms and request bodies, list queries, answers). */
import { z } from 'zod';
import {
  LIMITS,
  createListQuerySchema,
  decimalSchema,
  englishMessages,
  flagSchema,
  idListSchema,
  integerSchema,
  textSchema,
  type ValidationMessages,
} from './common';
import type { TaxType } from './settings';

const SKU = /^[A-Za-z0-9._-]*$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;
/** Taxes one item may carry (e.g. a state and a city sales tax). */
export const MAX_ITEM_TAXES = 5;

export function createItemSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    sku: textSchema(m, LIMITS.skuMax).refine((v) => SKU.test(v), m('invalidSku')),
    /** Left out: as it is (a new item: none). Unique within the company, like the SKU. */
    barcode: textSchema(m, LIMITS.skuMax)
      .refine((v) => SKU.test(v), m('invalidSku'))
      .optional(),
    categoryId: z
      .number({ error: m('invalidChoice') })
      .int(m('invalidChoice'))
      .positive(m('invalidChoice'))
      .max(Number.MAX_SAFE_INTEGER, m('invalidChoice'))
      .nullable(),
    price: decimalSchema(m, { min: 0, max: LIMITS.moneyMax, decimals: 2 }),
    cost: decimalSchema(m, { min: 0, max: LIMITS.moneyMax, decimals: 2 }),
    /** The tax rates charged on the item (Settings › Taxes); none = not taxed. */
    taxIds: idListSchema(m, MAX_ITEM_TAXES),
    trackStock: flagSchema(m),
    active: flagSchema(m),
  });
}

export function createCategorySchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    color: z
      .string({ error: m('invalidColor') })
      .trim()
      .regex(COLOR, m('invalidColor')),
    position: integerSchema(m, { min: 0, max: LIMITS.positionMax }),
  });
}

export const itemInputSchema = createItemSchema();
export const categoryInputSchema = createCategorySchema();

export type ItemInput = z.output<typeof itemInputSchema>;
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const ITEM_SORTS = ['name', 'sku', 'category', 'price', 'cost', 'trackStock', 'onHand', 'active'] as const;
export const CATEGORY_SORTS = ['position', 'name', 'color', 'itemCount'] as const;

export type ItemSort = (typeof ITEM_SORTS)[number];
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export const itemListQuerySchema = createListQuerySchema(ITEM_SORTS);
export const categoryListQuerySchema = createListQuerySchema(CATEGORY_SORTS);

export interface Item {
  id: number;
  name: string;
  sku: string;
  /** '' when none. */
  barcode: string;
  categoryId: number | null;
  categoryName: string | null;
  price: number;
  cost: number;
  /** The item's tax rates, by name (archived ones are kept but no longer charged). */
  taxes: ItemTax[];
  trackStock: boolean;
  /** On hand over all warehouses; null when the item's stock is not tracked. */
  onHand: number | null;
  active: boolean;
  updatedAt: number;
}

export interface Category {
  id: number;
  name: string;
  color: string;
  position: number;
  itemCount: number;
  updatedAt: number;
}

export interface CategoryOption {
  id: number;
  name: string;
}

/** A tax rate as an item shows it. */
export interface ItemTax {
  id: number;
  name: string;
  /** Percent, e.g. 8.25. */
  rate: number;
  type: TaxType;
  archived: boolean;
}

/** What the item form offers: categories, and the tax rates that are not archived. */
export interface ItemOptions {
  categories: CategoryOption[];
  taxes: (ItemTax & { appliesToNewItems: boolean })[];
}

// ---------------------------------------------------------------------------------------------
// Bundles (/bundles): an item sold at its own price, made of other items. Selling one moves the
// stock of its components (never its own); a component is never a bundle itself.

export const BUNDLE_LIMITS = { maxComponents: 50, maxQuantity: 9999 } as const;

export function createBundleSchema(m: ValidationMessages = englishMessages) {
  const item = createItemSchema(m);
  return z
    .object({
      name: item.shape.name,
      sku: item.shape.sku,
      categoryId: item.shape.categoryId,
      price: item.shape.price,
      taxIds: item.shape.taxIds,
      active: item.shape.active,
      components: z
        .array(
          z.object({
            itemId: z
              .number({ error: m('invalidChoice') })
              .int(m('invalidChoice'))
              .positive(m('invalidChoice')),
            quantity: integerSchema(m, { min: 1, max: BUNDLE_LIMITS.maxQuantity }),
          }),
          { error: m('required') },
        )
        .min(1, m('required'))
        .max(BUNDLE_LIMITS.maxComponents, m('tooMany', { max: BUNDLE_LIMITS.maxComponents })),
    })
    .superRefine((value, ctx) => {
      const seen = new Set<number>();
      value.components.forEach((c, i) => {
        if (seen.has(c.itemId))
          ctx.addIssue({ code: 'custom', path: ['components', i, 'itemId'], message: m('invalidChoice') });
        seen.add(c.itemId);
      });
    });
}
export const bundleInputSchema = createBundleSchema();
export type BundleInput = z.output<typeof bundleInputSchema>;

export interface Bundle {
  id: number;
  name: string;
  sku: string;
  categoryId: number | null;
  categoryName: string | null;
  price: number;
  taxIds: number[];
  active: boolean;
  components: { itemId: number; name: string; quantity: number; cost: number; trackStock: boolean }[];
  /** What the components cost at their cost price, and what is left of the price. */
  cost: number;
  margin: number;
  updatedAt: number;
}

export interface BundleOptions {
  items: { id: number; name: string; sku: string; cost: number; trackStock: boolean }[];
  categories: { id: number; name: string }[];
  taxRates: { id: number; name: string }[];
}

// ---------------------------------------------------------------------------------------------
// Price lists (/price_hive_items): each item's price at each price level of Settings › Price
// levels. An item without a price of its own at a level sells there at its base price.

/**
 * maxRows: an import's item rows (a list holds at most 10,000 items); maxCells: its rows x price
 * level columns; maxErrors: problems listed one by one (the rest are counted in one line).
 */
export const PRICE_LIST_LIMITS = {
  maxChanges: 5000,
  maxCsvBytes: 1_000_000,
  maxCents: 100_000_000,
  maxRows: 10_000,
  maxCells: 200_000,
  maxErrors: 100,
} as const;

export const PRICE_ROUNDINGS = ['cent', '99', '95'] as const;
export type PriceRounding = (typeof PRICE_ROUNDINGS)[number];

/** A price rounded to the cent as it is, or to the nearest price ending in .99 or .95 (never below 0). */
export function roundPrice(cents: number, rounding: PriceRounding): number {
  const value = Math.max(0, Math.round(cents));
  if (rounding === 'cent') return value;
  const ending = rounding === '99' ? 99 : 95;
  const nearest = Math.round((value - ending) / 100) * 100 + ending;
  return nearest < 0 ? ending : nearest;
}

export const PRICE_RULES = ['set', 'percentOfBase', 'percentOfLevel', 'clear'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

/**
 * The new price of a bulk edit: a set price, the base price or the level's current price changed by
 * `percentBp` (-1000 = 10 % less), rounded; `clear` removes the item's own price (null).
 */
export function applyPriceRule(
  rule: { kind: PriceRule; priceCents?: number; percentBp?: number; rounding: PriceRounding },
  item: { baseCents: number; currentCents: number },
): number | null {
  switch (rule.kind) {
    case 'clear':
      return null;
    case 'set':
      return roundPrice(rule.priceCents ?? 0, 'cent');
    case 'percentOfBase':
      return roundPrice((item.baseCents * (10_000 + (rule.percentBp ?? 0))) / 10_000, rule.rounding);
    case 'percentOfLevel':
      return roundPrice((item.currentCents * (10_000 + (rule.percentBp ?? 0))) / 10_000, rule.rounding);
  }
}

export const priceListChangesSchema = z.object({
  changes: z
    .array(
      z.object({
        itemId: z.number({ error: 'choose one of the options' }).int().positive(),
        levelId: z.number({ error: 'choose one of the options' }).int().positive(),
        priceCents: z
          .number({ error: 'enter a price' })
          .int('enter a whole number of cents')
          .min(0, 'must not be negative')
          .max(PRICE_LIST_LIMITS.maxCents, 'is too large')
          .nullable(),
      }),
    )
    .min(1, 'nothing to change')
    .max(PRICE_LIST_LIMITS.maxChanges, `at most ${PRICE_LIST_LIMITS.maxChanges} changes at a time`),
});
export type PriceListChange = z.output<typeof priceListChangesSchema>['changes'][number];

export const priceListImportSchema = z.object({
  csv: z
    .string({ error: 'choose a CSV file' })
    .min(1, 'the file is empty')
    .max(PRICE_LIST_LIMITS.maxCsvBytes, 'the file is larger than 1 MB'),
});

export interface PriceListItem {
  id: number;
  name: string;
  sku: string;
  categoryName: string | null;
  baseCents: number;
  /** By level id: the item's own price there (null: its base price), and what it sells for. */
  prices: Record<string, { ownCents: number | null; effectiveCents: number }>;
}

export interface PriceList {
  levels: { id: number; name: string; active: boolean }[];
  items: PriceListItem[];
}

/** A change as the preview shows it: old and new own price of an item at a level. */
export interface PriceListPreviewChange extends PriceListChange {
  itemName: string;
  levelName: string;
  oldCents: number | null;
}

export interface PriceListImportPreview {
  changes: PriceListPreviewChange[];
  /** Rows that cannot be read, by their line number in the file. */
  errors: { line: number; message: string }[];
  unchanged: number;
}

// ---------------------------------------------------------------------------------------------
// Modifiers (/modifiers, add-on Item Modifiers): groups of choices sold with an item (Milk: whole,
// oat +0.50), each with how many choices it takes, attached to items. The registers get them in
// their config and the storefront offers them on the item's card (checkModifierChoice of @hive/register-sdk has the rule).

export const MODIFIER_LIMITS = { maxModifiers: 30, maxItems: 2000, maxChoices: 30 } as const;

export function createModifierGroupSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      name: textSchema(m, LIMITS.nameMax, { required: true }),
      minChoices: integerSchema(m, { min: 0, max: MODIFIER_LIMITS.maxChoices }),
      maxChoices: integerSchema(m, { min: 1, max: MODIFIER_LIMITS.maxChoices }),
      modifiers: z
        .array(
          z.object({
            /** An existing modifier keeps its id (receipts and carts name it); new ones have none. */
            id: z
              .number({ error: m('invalidChoice') })
              .int(m('invalidChoice'))
              .positive(m('invalidChoice'))
              .max(2_147_483_647, m('invalidChoice'))
              .nullable(),
            name: textSchema(m, LIMITS.nameMax, { required: true }),
            price: decimalSchema(m, { min: 0, max: LIMITS.moneyMax, decimals: 2 }),
          }),
          { error: m('required') },
        )
        .min(1, m('required'))
        .max(MODIFIER_LIMITS.maxModifiers, m('tooMany', { max: MODIFIER_LIMITS.maxModifiers })),
      itemIds: idListSchema(m, MODIFIER_LIMITS.maxItems),
    })
    .superRefine((value, ctx) => {
      if (value.maxChoices < value.minChoices)
        ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: m('min', { min: value.minChoices }) });
      if (value.maxChoices > value.modifiers.length)
        ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: m('max', { max: value.modifiers.length }) });
      const names = new Set<string>();
      const ids = new Set<number>();
      value.modifiers.forEach((modifier, i) => {
        const key = modifier.name.toLocaleLowerCase();
        if (names.has(key))
          ctx.addIssue({ code: 'custom', path: ['modifiers', i, 'name'], message: m('duplicateName') });
        names.add(key);
        if (modifier.id !== null && ids.has(modifier.id))
          ctx.addIssue({ code: 'custom', path: ['modifiers', i, 'id'], message: m('invalidChoice') });
        if (modifier.id !== null) ids.add(modifier.id);
      });
    });
}
export const modifierGroupInputSchema = createModifierGroupSchema();
export type ModifierGroupInput = z.output<typeof modifierGroupInputSchema>;

export interface ModifierGroup {
  id: number;
  name: string;
  minChoices: number;
  maxChoices: number;
  /** In the currency (like the Items page). */
  modifiers: { id: number; name: string; price: number }[];
  items: { id: number; name: string }[];
  /** Sold on receipts over the last 30 days (lines naming one of its modifiers). */
  soldLast30Days: number;
  updatedAt: number;
}

export interface ModifierGroupOptions {
  items: { id: number; name: string; sku: string; categoryName: string | null; active: boolean }[];
}

// ---------------------------------------------------------------------------------------------
// Items import (/items, "Import"): a CSV file read by the server into a preview of the items it
// creates or changes (matched by SKU), with its problems by row and column; nothing is written
// until the same file is sent again without `dryRun`, and then all of it in one transaction.

/**
 * maxCsvBytes: the file (the page refuses a larger one before sending it); maxRows: item rows of
 * one file; maxItems: the catalog a company may reach by importing (what lists and exports hold);
 * maxErrors / maxRowsListed: what a preview lists one by one (the rest are counted).
 */
export const ITEM_IMPORT_LIMITS = {
  maxCsvBytes: 1_000_000,
  maxRows: 5_000,
  maxItems: 10_000,
  maxErrors: 100,
  maxRowsListed: 1_000,
  maxQuantity: 1_000_000,
} as const;

export const itemImportSchema = z.object({
  csv: z
    .string({ error: 'choose a CSV file' })
    .min(1, 'the file is empty')
    .max(ITEM_IMPORT_LIMITS.maxCsvBytes, 'the file is larger than 1 MB'),
  /** true: read and check only (the preview); false: write it all, or nothing when a row is wrong. */
  dryRun: z.boolean({ error: 'must be true or false' }),
  /** The file's name, kept as the note of the stock adjustments an import makes. */
  fileName: z
    .string({ error: 'must be text' })
    .max(200, 'at most 200 characters')
    .regex(/^[^\p{Cc}]*$/u, 'must not hold control characters')
    .optional(),
  /** The preview's fingerprint: the import is refused (409) when the same file now does something else. */
  expected: z.string({ error: 'must be text' }).max(100, 'at most 100 characters').optional(),
});
export type ItemImportRequest = z.output<typeof itemImportSchema>;

/** What an import can set on an item (`stock`: on hand in one warehouse). */
export const ITEM_IMPORT_FIELDS = [
  'name',
  'sku',
  'category',
  'price',
  'cost',
  'taxes',
  'barcode',
  'trackStock',
  'active',
  'stock',
] as const;
export type ItemImportField = (typeof ITEM_IMPORT_FIELDS)[number];

/** Why a cell, a row or the file cannot be imported (the page words each one; `message` is English). */
export const ITEM_IMPORT_PROBLEMS = [
  'noHeader',
  'missingName',
  'duplicateColumn',
  'tooManyRows',
  'tooManyItems',
  'required',
  'missingPrice',
  'tooLong',
  'controlChars',
  'invalidSku',
  'skuInFile',
  'nameInFile',
  'barcodeInFile',
  'barcodeTaken',
  'sameName',
  'notNumber',
  'otherSeparator',
  'ambiguous',
  'decimals',
  'negative',
  'tooLarge',
  'notQuantity',
  'notYesNo',
  'unknownTax',
  'archivedTax',
  'tooManyTaxes',
  'bundleStock',
  'stockNotTracked',
  'unknownWarehouse',
  'noInventory',
] as const;
export type ItemImportProblem = (typeof ITEM_IMPORT_PROBLEMS)[number];

export interface ItemImportError {
  /** The row in the file (the header is row 1). */
  row: number;
  /** The column as the file names it (null: the whole row or file). */
  column: string | null;
  code: ItemImportProblem;
  /** The cell, cut to a readable length, or what the problem names (a tax, a SKU). */
  value?: string;
  message: string;
}

/** Money in minor units (cents), stock in units, taxes by name, flags as booleans. */
export type ItemImportValue = string | number | boolean | string[] | null;

export interface ItemImportChange {
  field: ItemImportField;
  /** The warehouse of a `stock` change. */
  warehouse?: string;
  /** null for a new item. */
  old: ItemImportValue;
  new: ItemImportValue;
}

export interface ItemImportRow {
  row: number;
  action: 'create' | 'update' | 'unchanged';
  /** The existing item (update, unchanged). */
  itemId: number | null;
  name: string;
  sku: string;
  changes: ItemImportChange[];
}

export interface ItemImportPreview {
  rows: ItemImportRow[];
  /** Rows past maxRowsListed: counted, not listed. */
  rowsNotListed: number;
  creates: number;
  updates: number;
  unchanged: number;
  /** Categories the import creates (a name the company has no category for). */
  newCategories: string[];
  /** The columns read as stock, each with its warehouse. */
  stockColumns: { column: string; warehouse: string }[];
  /** Columns the import does not know: left out (e.g. a description from another system). */
  ignoredColumns: string[];
  errors: ItemImportError[];
  /** Problems past maxErrors: counted, not listed. */
  errorsNotListed: number;
  /** What the file does, for `expected` when it is imported. */
  fingerprint: string;
}

/** The answer of an import that was written. */
export interface ItemImportResult {
  created: number;
  updated: number;
  unchanged: number;
  categoriesCreated: number;
  /** Stock adjustments written (one per warehouse whose stock changed). */
  adjustments: number;
}
