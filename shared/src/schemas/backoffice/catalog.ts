/** Products catalog: items and categories (forms and request bodies, list queries, answers). */
import { z } from 'zod';
import {
  LIMITS,
  createListQuerySchema,
  decimalSchema,
  englishMessages,
  flagSchema,
  integerSchema,
  textSchema,
  type ValidationMessages,
} from './common';

const SKU = /^[A-Za-z0-9._-]*$/;
const COLOR = /^#[0-9a-fA-F]{6}$/;

export function createItemSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    sku: textSchema(m, LIMITS.skuMax).refine((v) => SKU.test(v), m('invalidSku')),
    categoryId: z
      .number({ error: m('invalidChoice') })
      .int(m('invalidChoice'))
      .positive(m('invalidChoice'))
      .max(Number.MAX_SAFE_INTEGER, m('invalidChoice'))
      .nullable(),
    price: decimalSchema(m, { min: 0, max: LIMITS.moneyMax, decimals: 2 }),
    cost: decimalSchema(m, { min: 0, max: LIMITS.moneyMax, decimals: 2 }),
    taxRate: decimalSchema(m, { min: 0, max: 100, decimals: 2 }),
    trackStock: flagSchema(m),
    active: flagSchema(m),
  });
}

export function createCategorySchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, LIMITS.nameMax, { required: true }),
    color: z.string({ error: m('invalidColor') }).trim().regex(COLOR, m('invalidColor')),
    position: integerSchema(m, { min: 0, max: LIMITS.positionMax }),
  });
}

export const itemInputSchema = createItemSchema();
export const categoryInputSchema = createCategorySchema();

export type ItemInput = z.output<typeof itemInputSchema>;
export type CategoryInput = z.output<typeof categoryInputSchema>;

export const ITEM_SORTS = ['name', 'sku', 'category', 'price', 'cost', 'taxRate', 'trackStock', 'active'] as const;
export const CATEGORY_SORTS = ['position', 'name', 'color', 'itemCount'] as const;

export type ItemSort = (typeof ITEM_SORTS)[number];
export type CategorySort = (typeof CATEGORY_SORTS)[number];

export const itemListQuerySchema = createListQuerySchema(ITEM_SORTS);
export const categoryListQuerySchema = createListQuerySchema(CATEGORY_SORTS);

export interface Item {
  id: number;
  name: string;
  sku: string;
  categoryId: number | null;
  categoryName: string | null;
  price: number;
  cost: number;
  taxRate: number;
  trackStock: boolean;
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
