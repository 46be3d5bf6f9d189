/**
 * Inventory (menu area "inventory", add-on Inventory): warehouses (/warehouses), vendors
 * (/vendors), stock on hand and counts (/stock), purchase orders (/purchase_orders), transfers
 * (/transfers), adjustments (/adjustment), production templates and orders
 * (/production_templates, /production_orders). Schemas shared by the forms and the server, and
 * the answer types. Quantities are whole units; money is in the currency's units with 2 decimals
 * (the server keeps integer cents).
 */
import { z } from 'zod';
import {
  LIMITS,
  emailSchema,
  englishMessages,
  flagSchema,
  idChoiceSchema,
  integerSchema,
  decimalSchema,
  phoneSchema,
  textSchema,
  type ValidationMessages,
} from './common';

export const INVENTORY_LIMITS = {
  nameMax: 120,
  noteMax: 1000,
  addressMax: 300,
  skuMax: 40,
  /** Lines of one document (or items of one vendor, ingredients of one recipe). */
  linesMax: 500,
  quantityMax: 1_000_000,
  batchesMax: 10_000,
  costMax: 1_000_000,
} as const;

/** The kinds of ledger rows: every change of stock is one of these. */
export const LEDGER_KINDS = [
  'sale',
  'refund',
  'receipt',
  'transfer_out',
  'transfer_in',
  'adjustment',
  'production_consumption',
  'production_output',
  'count',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export const ADJUSTMENT_REASONS = ['damage', 'loss', 'theft', 'received_without_po', 'correction'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const PURCHASE_ORDER_STATUSES = ['draft', 'ordered', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/**
 * The explicit actions of each document and the states they start from. Purchase orders: edit
 * and order from draft; receive from ordered or partially received; cancel from draft, ordered
 * (nothing received yet). Transfers: edit and send from draft; receive from in transit; cancel
 * from draft.
 */
export const PURCHASE_ORDER_ACTIONS = {
  edit: ['draft'],
  order: ['draft'],
  receive: ['ordered', 'partially_received'],
  cancel: ['draft', 'ordered'],
  /** Close short: after a partial receipt, the rest is no longer expected. */
  close: ['partially_received'],
} as const satisfies Record<string, readonly PurchaseOrderStatus[]>;

export const TRANSFER_ACTIONS = {
  edit: ['draft'],
  send: ['draft'],
  receive: ['in_transit'],
  cancel: ['draft'],
} as const satisfies Record<string, readonly TransferStatus[]>;

const quantitySchema = (m: ValidationMessages) => integerSchema(m, { min: 1, max: INVENTORY_LIMITS.quantityMax });
const costSchema = (m: ValidationMessages) => decimalSchema(m, { min: 0, max: INVENTORY_LIMITS.costMax, decimals: 2 });
const noteSchema = (m: ValidationMessages) => textSchema(m, INVENTORY_LIMITS.noteMax, { multiline: true });
const linesSchema = <T extends z.ZodTypeAny>(m: ValidationMessages, line: T, min = 1) =>
  z
    .array(line, { error: m('required') })
    .min(min, m('required'))
    .max(INVENTORY_LIMITS.linesMax, m('tooMany', { max: INVENTORY_LIMITS.linesMax }));
/** An item appears once per document. */
const distinctItems = (lines: { itemId: number }[]) => new Set(lines.map((l) => l.itemId)).size === lines.length;
const DUPLICATE_ITEM = 'each item once per document';

// ---------------------------------------------------------------------------------------------
// Settings

export const inventorySettingsInputSchema = z.object({ allowNegativeStock: flagSchema(englishMessages) });
export type InventorySettingsInput = z.output<typeof inventorySettingsInputSchema>;
export interface InventorySettings {
  allowNegativeStock: boolean;
}

// ---------------------------------------------------------------------------------------------
// Warehouses (/warehouses)

export function createWarehouseSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, INVENTORY_LIMITS.nameMax, { required: true }),
    locationId: idChoiceSchema(m).nullable(),
    active: flagSchema(m),
  });
}
export const warehouseInputSchema = createWarehouseSchema();
export type WarehouseInput = z.output<typeof warehouseInputSchema>;

export interface Warehouse {
  id: number;
  name: string;
  locationId: number | null;
  locationName: string | null;
  /** The location's own warehouse (created with it): its register sales move its stock. */
  isDefault: boolean;
  active: boolean;
  /** Units on hand and their value at average cost. */
  units: number;
  value: number;
  createdAt: number;
  updatedAt: number;
}

// ---------------------------------------------------------------------------------------------
// Vendors (/vendors)

export function createVendorSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    name: textSchema(m, INVENTORY_LIMITS.nameMax, { required: true }),
    contactName: textSchema(m, INVENTORY_LIMITS.nameMax),
    email: emailSchema(m),
    phone: phoneSchema(m),
    address: textSchema(m, INVENTORY_LIMITS.addressMax, { multiline: true }),
    note: noteSchema(m),
    active: flagSchema(m),
    items: linesSchema(
      m,
      z.object({
        itemId: idChoiceSchema(m),
        cost: costSchema(m),
        vendorSku: textSchema(m, INVENTORY_LIMITS.skuMax),
      }),
      0,
    ).refine(distinctItems, DUPLICATE_ITEM),
  });
}
export const vendorInputSchema = createVendorSchema();
export type VendorInput = z.output<typeof vendorInputSchema>;

export interface VendorItem {
  itemId: number;
  itemName: string;
  sku: string;
  vendorSku: string;
  cost: number;
}

export interface Vendor {
  id: number;
  name: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  note: string;
  active: boolean;
  items: VendorItem[];
  createdAt: number;
  updatedAt: number;
}

// ---------------------------------------------------------------------------------------------
// Stock (/stock)

export const stockQuerySchema = z.object({
  warehouseId: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, englishMessages('invalidChoice'))
    .transform(Number)
    .optional(),
  /** Only the rows at or below their low-stock threshold. */
  low: z.enum(['true', 'false']).optional(),
  search: textSchema(englishMessages, LIMITS.searchMax).optional(),
});
export type StockQuery = z.output<typeof stockQuerySchema>;

export interface StockRow {
  itemId: number;
  itemName: string;
  sku: string;
  warehouseId: number;
  warehouseName: string;
  onHand: number;
  lowStock: number | null;
  /** At or below its threshold. */
  low: boolean;
  averageCost: number;
  /** onHand x averageCost (0 when nothing is on hand). */
  value: number;
}

export interface StockList {
  rows: StockRow[];
  totals: { units: number; value: number; lowCount: number };
}

export function createThresholdSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    itemId: idChoiceSchema(m),
    warehouseId: idChoiceSchema(m),
    lowStock: integerSchema(m, { min: 0, max: INVENTORY_LIMITS.quantityMax }).nullable(),
  });
}
export const thresholdInputSchema = createThresholdSchema();
export type ThresholdInput = z.output<typeof thresholdInputSchema>;

// ---------------------------------------------------------------------------------------------
// Counts (/stock: the count sheet, entered as a count)

export function createCountSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    warehouseId: idChoiceSchema(m),
    note: noteSchema(m),
    lines: linesSchema(
      m,
      z.object({ itemId: idChoiceSchema(m), counted: integerSchema(m, { min: 0, max: INVENTORY_LIMITS.quantityMax }) }),
    ).refine(distinctItems, DUPLICATE_ITEM),
  });
}
export const countInputSchema = createCountSchema();
export type CountInput = z.output<typeof countInputSchema>;

export interface StockCount {
  id: number;
  number: number;
  warehouseId: number;
  warehouseName: string;
  note: string;
  lines: { itemId: number; itemName: string; expected: number; counted: number; difference: number }[];
  /** The differences at the average cost of the time (the ledger rows' cost). */
  valueDifference: number;
  createdBy: string | null;
  createdAt: number;
}

/** A past count in the list (`GET /counts`, newest first): its lines summed up. */
export interface StockCountSummary extends Omit<StockCount, 'lines'> {
  /** Items counted. */
  itemCount: number;
  /** Sum of counted - expected over the lines (signed units). */
  unitsDifference: number;
}

// ---------------------------------------------------------------------------------------------
// Purchase orders (/purchase_orders)

export function createPurchaseOrderSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    vendorId: idChoiceSchema(m),
    warehouseId: idChoiceSchema(m),
    expectedAt: z
      .number({ error: m('notANumber') })
      .int(m('notAnInteger'))
      .min(0)
      .nullable(),
    note: noteSchema(m),
    lines: linesSchema(
      m,
      z.object({ itemId: idChoiceSchema(m), quantity: quantitySchema(m), cost: costSchema(m) }),
    ).refine(distinctItems, DUPLICATE_ITEM),
  });
}
export const purchaseOrderInputSchema = createPurchaseOrderSchema();
export type PurchaseOrderInput = z.output<typeof purchaseOrderInputSchema>;

/** Receive everything outstanding (no lines) or the quantities given per line. */
export function createReceiveSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    lines: linesSchema(m, z.object({ lineId: idChoiceSchema(m), quantity: quantitySchema(m) }))
      .refine((lines) => new Set(lines.map((l) => l.lineId)).size === lines.length, 'each line once')
      .optional(),
  });
}
export const receiveInputSchema = createReceiveSchema();
export type ReceiveInput = z.output<typeof receiveInputSchema>;

/** Characters that make an address a list ("a@x.test, b@y.test"; "a@x.test; b@y.test"). */
const ADDRESS_LIST = /[,;]|@.*@/;

/**
 * E-mailing a purchase order: to the vendor's address (no `to`, or the vendor's own), or to one
 * other address the user confirms (`confirmOtherRecipient: true`). Never a list.
 */
export function createPurchaseOrderEmailSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    to: z
      .string()
      .refine((v) => !ADDRESS_LIST.test(v), m('oneAddress'))
      .pipe(emailSchema(m))
      .optional(),
    confirmOtherRecipient: z.boolean().optional(),
  });
}
export const purchaseOrderEmailSchema = createPurchaseOrderEmailSchema();

export interface DocumentAction {
  by: string | null;
  at: number | null;
}

export interface PurchaseOrderLine {
  id: number;
  itemId: number;
  itemName: string;
  sku: string;
  quantity: number;
  receivedQuantity: number;
  cost: number;
  total: number;
}

export interface PurchaseOrder {
  id: number;
  number: number;
  vendorId: number;
  vendorName: string;
  /** The vendor's address ('' = none): where the order is e-mailed unless the user confirms another. */
  vendorEmail: string;
  warehouseId: number;
  warehouseName: string;
  /** The zone its times are shown in: the warehouse's location's, else the business's. */
  timezone: string;
  status: PurchaseOrderStatus;
  expectedAt: number | null;
  note: string;
  lines: PurchaseOrderLine[];
  /** What was ordered: quantity x cost, every line. */
  total: number;
  /** What was received, at the same costs (the total once all arrived; less once closed short). */
  receivedTotal: number;
  created: DocumentAction;
  updated: DocumentAction;
  ordered: DocumentAction;
  received: DocumentAction;
  cancelled: DocumentAction;
  /** Set when it was closed short (status 'received' with less than ordered received). */
  closedShort: DocumentAction;
}

/** Suggested lines for a new purchase order: the vendor's items at or below their threshold. */
export interface PurchaseSuggestion {
  itemId: number;
  itemName: string;
  onHand: number;
  lowStock: number;
  quantity: number;
  cost: number;
}

// ---------------------------------------------------------------------------------------------
// Transfers (/transfers)

export function createTransferSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      fromWarehouseId: idChoiceSchema(m),
      toWarehouseId: idChoiceSchema(m),
      note: noteSchema(m),
      lines: linesSchema(m, z.object({ itemId: idChoiceSchema(m), quantity: quantitySchema(m) })).refine(
        distinctItems,
        DUPLICATE_ITEM,
      ),
    })
    .refine((t) => t.fromWarehouseId !== t.toWarehouseId, {
      path: ['toWarehouseId'],
      message: 'choose another warehouse than the one it leaves',
    });
}
export const transferInputSchema = createTransferSchema();
export type TransferInput = z.output<typeof transferInputSchema>;

export interface Transfer {
  id: number;
  number: number;
  fromWarehouseId: number;
  fromWarehouseName: string;
  toWarehouseId: number;
  toWarehouseName: string;
  status: TransferStatus;
  note: string;
  lines: { id: number; itemId: number; itemName: string; quantity: number; unitCost: number | null }[];
  created: DocumentAction;
  updated: DocumentAction;
  sent: DocumentAction;
  received: DocumentAction;
  cancelled: DocumentAction;
}

// ---------------------------------------------------------------------------------------------
// Adjustments (/adjustment)

export function createAdjustmentSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    warehouseId: idChoiceSchema(m),
    reason: z.enum(ADJUSTMENT_REASONS, { error: m('invalidChoice') }),
    note: noteSchema(m),
    lines: linesSchema(
      m,
      z.object({
        itemId: idChoiceSchema(m),
        /** Signed: negative takes stock out (damage, loss, theft), positive adds it. */
        quantity: integerSchema(m, { min: -INVENTORY_LIMITS.quantityMax, max: INVENTORY_LIMITS.quantityMax }).refine(
          (q) => q !== 0,
          m('min', { min: 1 }),
        ),
        /** The cost of goods received without a PO (moves the average cost); ignored otherwise. */
        cost: costSchema(m).nullable().optional(),
      }),
    ).refine(distinctItems, DUPLICATE_ITEM),
  });
}
export const adjustmentInputSchema = createAdjustmentSchema();
export type AdjustmentInput = z.output<typeof adjustmentInputSchema>;

export interface Adjustment {
  id: number;
  number: number;
  warehouseId: number;
  warehouseName: string;
  reason: AdjustmentReason;
  note: string;
  lines: { itemId: number; itemName: string; quantity: number; unitCost: number }[];
  createdBy: string | null;
  createdAt: number;
}

// ---------------------------------------------------------------------------------------------
// Production (/production_templates, /production_orders)

export function createProductionTemplateSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      name: textSchema(m, INVENTORY_LIMITS.nameMax, { required: true }),
      outputItemId: idChoiceSchema(m),
      outputQuantity: quantitySchema(m),
      note: noteSchema(m),
      active: flagSchema(m),
      ingredients: linesSchema(m, z.object({ itemId: idChoiceSchema(m), quantity: quantitySchema(m) })).refine(
        distinctItems,
        DUPLICATE_ITEM,
      ),
    })
    .refine((t) => t.ingredients.every((i) => i.itemId !== t.outputItemId), {
      path: ['ingredients'],
      message: 'the output item cannot be one of its ingredients',
    });
}
export const productionTemplateInputSchema = createProductionTemplateSchema();
export type ProductionTemplateInput = z.output<typeof productionTemplateInputSchema>;

export interface ProductionTemplate {
  id: number;
  name: string;
  outputItemId: number;
  outputItemName: string;
  outputQuantity: number;
  note: string;
  active: boolean;
  ingredients: { itemId: number; itemName: string; quantity: number; unitCost: number }[];
  /** Sum of the ingredients at their average cost, per batch and per output unit. */
  batchCost: number;
  unitCost: number;
  createdAt: number;
  updatedAt: number;
}

export function createProductionOrderSchema(m: ValidationMessages = englishMessages) {
  return z.object({
    templateId: idChoiceSchema(m),
    warehouseId: idChoiceSchema(m),
    batches: integerSchema(m, { min: 1, max: INVENTORY_LIMITS.batchesMax }),
    note: noteSchema(m),
  });
}
export const productionOrderInputSchema = createProductionOrderSchema();
export type ProductionOrderInput = z.output<typeof productionOrderInputSchema>;

export interface ProductionOrder {
  id: number;
  number: number;
  templateId: number | null;
  templateName: string | null;
  warehouseId: number;
  warehouseName: string;
  batches: number;
  outputItemId: number;
  outputItemName: string;
  outputQuantity: number;
  outputUnitCost: number;
  note: string;
  createdBy: string | null;
  createdAt: number;
}

/** 409 insufficient_stock: what a document would take out that is not there. */
export interface StockShortage {
  itemId: number;
  warehouseId: number;
  onHand: number;
  needed: number;
}
