import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  DEVICE_LIMITS,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  computeRefund,
  computeSale,
  type EventError,
  type EventErrorCode,
  type EventResult,
  type EventType,
  type EventsResponse,
  type LineAmounts,
  type RefundableLine,
} from '@hive/shared/schemas/device';
import type { AppliedTax } from '@hive/shared/schemas/backoffice/settings';
import { isForeignKeyViolation, isUniqueViolation } from '../db/connection';
import { reserveNumbers } from '../db/counters';
import type { Database } from '../database';
import { queueKitchenTickets } from '../backoffice/devices/printers';
import { recordReceiptRollups } from '../backoffice/reports/rollups';
import { postReceiptStock } from '../backoffice/inventory/ledger';
import { chunks } from '../db/chunks';
import { applyClockEvent, isClockEvent, loadClockBook, writeClockBook, type ClockBook } from '../backoffice/team/clock';
import {
  applyGiftCardPayments,
  giftCardNumbersOf,
  loadGiftCardBook,
  writeGiftCardPayments,
  type GiftCardBook,
} from '../backoffice/rewards/book';
import { loadDiscounts, type DiscountDefinition } from '../backoffice/offers/discounts';
import {
  applySalePoints,
  loadLoyaltyBook,
  writeReceiptPoints,
  type LoyaltyBook,
  type PlannedPoints,
} from '../backoffice/rewards/loyalty';
import {
  discountCents,
  discountCovers,
  evaluatePromotions,
  type PromotionRule,
} from '@hive/shared/schemas/backoffice/offers';
import { loadPromotions } from '../backoffice/offers/promotions';
import { knownModifierIds } from '../backoffice/catalog/modifiers';

/*
 * Ingest of register events: the one way receipts, refunds, shifts, cash movements and the time
 * clock's punches are stored (the device API calls it for every batch, the demo seed for its 90
 * days of history; the time clock's rules are in backoffice/team/clock.ts).
 *
 * A batch runs in one transaction, serialised per company (a PostgreSQL advisory lock; SQLite runs
 * one transaction at a time anyway), so what it reads (event ids seen, open shifts, refunded
 * quantities) cannot change under it. Events are checked in order against the database plus what
 * the earlier events of the same batch did (a refund of a sale two events earlier, a receipt in a
 * shift opened in the same batch); the ones that pass are then written with a few multi-row
 * INSERTs. An event is stored whole or rejected whole: nothing of a rejected event is written.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Parsed<K extends EventType> = z.output<(typeof EVENT_SCHEMAS)[K]>;
type AnyParsed = { [K in EventType]: Parsed<K> }[EventType];

export interface IngestDevice {
  companyId: number;
  terminalId: number | null;
  locationId: number | null;
}

export interface IngestOptions {
  now: number;
  /** Queue kitchen tickets for recent receipts sent to the kitchen (default true; the seed turns it off). */
  kitchenTickets?: boolean;
}

export interface IngestResult extends EventsResponse {
  /** Per stored receipt: its number (for logs and tests). */
  receiptNumbers: number[];
}

class Reject extends Error {
  constructor(readonly errors: EventError[]) {
    super(errors[0]?.message ?? 'rejected');
  }
}

const problem = (field: string, code: EventErrorCode, message: string) => new Reject([{ field, code, message }]);

// -------------------------------------------------------------------------------------------------
// What the batch reads

interface ShiftState {
  dbId: number | null;
  key: string; // client id
  number: number | null;
  terminalId: number | null;
  status: 'open' | 'closed';
}

interface SaleLineState {
  dbId: number | null;
  position: number;
  itemId: number | null;
  name: string;
  categoryId: number | null;
  sale: RefundableLine;
  /** Taxes in order with their rate ids (for the refund's tax lines). */
  taxIds: (number | null)[];
}

interface SaleState {
  dbId: number | null;
  key: string;
  kind: 'sale' | 'refund';
  customerId: number | null;
  orderTypeId: number | null;
  lines: SaleLineState[];
}

interface Lookup {
  items: Map<number, { categoryId: number | null }>;
  taxRates: Map<number, { name: string; rateBp: number; type: 'added' | 'included' }>;
  paymentTypes: Map<number, { name: string; cashLike: boolean; builtin: string | null }>;
  orderTypes: Map<number, { name: string }>;
  employees: Set<number>;
  customers: Set<number>;
  shifts: Map<string, ShiftState>;
  sales: Map<string, SaleState>;
  /** The terminal's open shift (its client id), or null. */
  openShift: string | null;
  /** The time clock of the employees the clock events name (null: the batch has none). */
  clock: ClockBook | null;
  /** The gift cards the payments name (null: the batch has none). */
  giftCards: GiftCardBook | null;
  /** The discounts the receipts name (Offers › Discounts), active or not. */
  discounts: Map<number, DiscountDefinition>;
  /** The loyalty programme and the points of the customers the batch names. */
  loyalty: LoyaltyBook | null;
  /** The promotions the receipts name, and the time zone their days are read in (the location's). */
  promotions: Map<number, PromotionRule>;
  timezone: string;
  /** The modifiers (Products › Modifiers) the lines name that are the company's, archived or not. */
  modifiers: Set<number>;
}

async function idsIn<T>(list: readonly T[], load: (part: T[]) => Promise<void>): Promise<void> {
  const unique = [...new Set(list)];
  for (const part of chunks(unique, 500)) if (part.length > 0) await load(part);
}

async function loadLookup(trx: Db, device: IngestDevice, events: AnyParsed[]): Promise<Lookup> {
  const { companyId } = device;
  const itemIds: number[] = [];
  const taxIds: number[] = [];
  const paymentIds: number[] = [];
  const orderTypeIds: number[] = [];
  const employeeIds: number[] = [];
  const customerIds: number[] = [];
  const shiftKeys: string[] = [];
  const saleKeys: string[] = [];
  const clockEmployeeIds: number[] = [];
  const giftCardNumbers: string[] = [];
  const discountIds: number[] = [];
  const promotionIds: number[] = [];
  const modifierIds: number[] = [];
  for (const e of events) {
    if (e.type === 'receipt') {
      for (const l of e.lines)
        for (const m of l.modifiers ?? []) if (m.modifierId !== undefined) modifierIds.push(m.modifierId);
      for (const d of e.discounts ?? []) if (d.promotionId !== undefined) promotionIds.push(d.promotionId);
      for (const l of e.lines) if (l.discountId !== undefined) discountIds.push(l.discountId);
      for (const d of e.discounts ?? []) if (d.discountId !== undefined) discountIds.push(d.discountId);
    }
    if (e.type === 'receipt' || e.type === 'refund') giftCardNumbers.push(...giftCardNumbersOf(e.payments));
    if (isClockEvent(e)) clockEmployeeIds.push(e.employeeId);
    if ('employeeId' in e && e.employeeId) employeeIds.push(e.employeeId);
    if ('shiftId' in e && e.shiftId) shiftKeys.push(e.shiftId.toLowerCase());
    if (e.type === 'receipt') {
      for (const l of e.lines) {
        if (l.itemId !== null) itemIds.push(l.itemId);
        taxIds.push(...l.taxRateIds);
      }
      paymentIds.push(...e.payments.map((p) => p.paymentTypeId));
      if (e.orderTypeId) orderTypeIds.push(e.orderTypeId);
      if (e.customerId) customerIds.push(e.customerId);
    } else if (e.type === 'refund') {
      paymentIds.push(...e.payments.map((p) => p.paymentTypeId));
      saleKeys.push(e.receiptId.toLowerCase());
    }
  }
  const lookup: Lookup = {
    items: new Map(),
    taxRates: new Map(),
    paymentTypes: new Map(),
    orderTypes: new Map(),
    employees: new Set(),
    customers: new Set(),
    shifts: new Map(),
    sales: new Map(),
    openShift: null,
    clock: null,
    giftCards: null,
    discounts: new Map(),
    modifiers: new Set(),
    loyalty: null,
    promotions: new Map(),
    timezone: 'UTC',
  };
  await idsIn(itemIds, async (ids) => {
    const rows = await trx
      .selectFrom('items')
      .select(['id', 'category_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.items.set(r.id, { categoryId: r.category_id });
  });
  await idsIn(saleKeys, async (keys) => {
    for (const sale of await loadSales(trx, companyId, keys)) {
      lookup.sales.set(sale.key, sale);
      // Their rates' names go on the refunds' tax lines.
      for (const line of sale.lines) for (const id of line.taxIds) if (id !== null) taxIds.push(id);
    }
  });
  await idsIn(taxIds, async (ids) => {
    const rows = await trx
      .selectFrom('tax_rates')
      .select(['id', 'name', 'rate_bp', 'type'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      lookup.taxRates.set(r.id, { name: r.name, rateBp: Number(r.rate_bp), type: r.type as 'added' | 'included' });
    }
  });
  await idsIn(paymentIds, async (ids) => {
    const rows = await trx
      .selectFrom('payment_types')
      .select(['id', 'name', 'cash_like', 'builtin'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) {
      lookup.paymentTypes.set(r.id, { name: r.name, cashLike: Number(r.cash_like) === 1, builtin: r.builtin });
    }
  });
  await idsIn(orderTypeIds, async (ids) => {
    const rows = await trx
      .selectFrom('order_types')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.orderTypes.set(r.id, { name: r.name });
  });
  await idsIn(employeeIds, async (ids) => {
    const rows = await trx
      .selectFrom('employees')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.employees.add(r.id);
  });
  await idsIn(customerIds, async (ids) => {
    const rows = await trx
      .selectFrom('customers')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) lookup.customers.add(r.id);
  });
  const shiftColumns = ['id', 'client_id', 'number', 'terminal_id', 'status'] as const;
  const addShift = (r: { id: number; client_id: string; number: number; terminal_id: number | null; status: string }) =>
    lookup.shifts.set(r.client_id, {
      dbId: r.id,
      key: r.client_id,
      number: Number(r.number),
      terminalId: r.terminal_id,
      status: r.status as 'open' | 'closed',
    });
  await idsIn(shiftKeys, async (keys) => {
    const rows = await trx
      .selectFrom('shifts')
      .select(shiftColumns)
      .where('company_id', '=', companyId)
      .where('client_id', 'in', keys)
      .execute();
    rows.forEach(addShift);
  });
  if (device.terminalId !== null) {
    const open = await trx
      .selectFrom('shifts')
      .select(shiftColumns)
      .where('company_id', '=', companyId)
      .where('terminal_id', '=', device.terminalId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open) {
      addShift(open);
      lookup.openShift = open.client_id;
    }
  }
  if (clockEmployeeIds.length > 0) lookup.clock = await loadClockBook(trx, companyId, clockEmployeeIds);
  for (const d of await loadDiscounts(trx, companyId, [...new Set(discountIds)])) lookup.discounts.set(d.id, d);
  lookup.modifiers = await knownModifierIds(trx, companyId, modifierIds);
  if (promotionIds.length > 0) {
    for (const p of await loadPromotions(trx, companyId, { ids: [...new Set(promotionIds)] }))
      lookup.promotions.set(p.id, p);
    const zone = device.locationId
      ? await trx.selectFrom('locations').select('timezone').where('id', '=', device.locationId).executeTakeFirst()
      : undefined;
    lookup.timezone =
      zone?.timezone ??
      (
        await trx
          .selectFrom('company_profiles')
          .select('timezone')
          .where('company_id', '=', companyId)
          .executeTakeFirst()
      )?.timezone ??
      'UTC';
  }
  const pointCustomers = [
    ...customerIds,
    ...[...lookup.sales.values()].flatMap((sale) => (sale.customerId === null ? [] : [sale.customerId])),
  ];
  const redeems = events.some((e) => e.type === 'receipt' && (e.discounts ?? []).some((d) => d.points !== undefined));
  if (pointCustomers.length > 0 || redeems) lookup.loyalty = await loadLoyaltyBook(trx, companyId, pointCustomers);
  if (events.some((e) => (e.type === 'receipt' || e.type === 'refund') && e.payments.length > 0)) {
    lookup.giftCards = await loadGiftCardBook(trx, companyId, giftCardNumbers);
  }
  return lookup;
}

/** Sales by client id with their lines, line taxes and what earlier refunds returned of each line. */
export async function loadSales(db: Db, companyId: number, keys: string[]): Promise<SaleState[]> {
  if (keys.length === 0) return [];
  const receipts = await db
    .selectFrom('receipts')
    .select(['id', 'client_id', 'kind', 'customer_id', 'order_type_id'])
    .where('company_id', '=', companyId)
    .where('client_id', 'in', keys)
    .execute();
  if (receipts.length === 0) return [];
  const receiptIds = receipts.map((r) => r.id);
  const lines = await db
    .selectFrom('receipt_lines')
    .select([
      'id',
      'receipt_id',
      'position',
      'item_id',
      'name',
      'category_id',
      'quantity',
      'gross_cents',
      'discount_cents',
    ])
    .where('company_id', '=', companyId)
    .where('receipt_id', 'in', receiptIds)
    .orderBy('position')
    .execute();
  const lineIds = lines.map((l) => l.id);
  const taxes =
    lineIds.length === 0
      ? []
      : await db
          .selectFrom('receipt_line_taxes')
          .select(['line_id', 'tax_rate_id', 'rate_bp', 'type', 'tax_cents'])
          .where('company_id', '=', companyId)
          .where('line_id', 'in', lineIds)
          .orderBy('id')
          .execute();
  // What refunds already returned: per sale line, and per tax of it (in the sale line's tax order).
  const refundLines =
    lineIds.length === 0
      ? []
      : await db
          .selectFrom('receipt_lines')
          .select(['id', 'refund_of_line_id', 'quantity', 'gross_cents', 'discount_cents'])
          .where('company_id', '=', companyId)
          .where('refund_of_line_id', 'in', lineIds)
          .execute();
  const refundTaxes =
    refundLines.length === 0
      ? []
      : await db
          .selectFrom('receipt_line_taxes')
          .select(['line_id', 'tax_cents'])
          .where('company_id', '=', companyId)
          .where(
            'line_id',
            'in',
            refundLines.map((l) => l.id),
          )
          .orderBy('id')
          .execute();
  return receipts.map((r) => ({
    dbId: r.id,
    key: r.client_id!,
    kind: r.kind,
    customerId: r.customer_id,
    orderTypeId: r.order_type_id,
    lines: lines
      .filter((l) => l.receipt_id === r.id)
      .map((l) => {
        const own = taxes.filter((t) => t.line_id === l.id);
        const refunds = refundLines.filter((x) => x.refund_of_line_id === l.id);
        const refundedTax = own.map(() => 0);
        for (const x of refunds) {
          refundTaxes
            .filter((t) => t.line_id === x.id)
            .forEach((t, k) => (refundedTax[k] = (refundedTax[k] ?? 0) + Number(t.tax_cents)));
        }
        return {
          dbId: l.id,
          position: Number(l.position),
          itemId: l.item_id,
          name: l.name,
          categoryId: l.category_id,
          taxIds: own.map((t) => t.tax_rate_id),
          sale: {
            quantity: Number(l.quantity),
            grossCents: Number(l.gross_cents),
            discountCents: Number(l.discount_cents),
            taxes: own.map((t) => ({
              rateBp: Number(t.rate_bp),
              type: t.type,
              taxCents: Number(t.tax_cents),
            })),
            refunded: {
              quantity: refunds.reduce((s, x) => s + Number(x.quantity), 0),
              grossCents: refunds.reduce((s, x) => s + Number(x.gross_cents), 0),
              discountCents: refunds.reduce((s, x) => s + Number(x.discount_cents), 0),
              taxCents: refundedTax,
            },
          },
        };
      }),
  }));
}

// -------------------------------------------------------------------------------------------------
// What the batch writes

interface PlannedLine {
  position: number;
  itemId: number | null;
  name: string;
  categoryId: number | null;
  quantity: number;
  unitPriceCents: number;
  modifiersCents: number;
  modifiers: { name: string; priceCents: number; modifierId: number | null }[];
  amounts: LineAmounts;
  taxes: { taxRateId: number | null; rateBp: number; type: 'added' | 'included' }[];
  /** Refund lines: the sale line they return (resolved to its id at write time). */
  refundOf: SaleLineState | null;
  /** Sale lines: the discount (Offers › Discounts) the line's own discount is, and that discount. */
  discountId?: number | null;
  lineDiscountCents?: number;
  /** Sale lines: what later refunds of the same batch read (its id is set once written). */
  state?: SaleLineState;
}

interface PlannedReceipt {
  index: number;
  key: string;
  kind: 'sale' | 'refund';
  at: number;
  localNumber: string;
  shiftKey: string | null;
  employeeId: number | null;
  orderTypeId: number | null;
  orderTypeName: string | null;
  customerId: number | null;
  refundOfKey: string | null;
  lines: PlannedLine[];
  discounts: {
    name: string;
    amountCents: number;
    discountId?: number | null;
    points?: number | null;
    promotionId?: number | null;
  }[];
  /** The customer's loyalty points it moves (null: none). */
  points?: PlannedPoints | null;
  payments: {
    paymentTypeId: number;
    name: string;
    cashLike: boolean;
    amountCents: number;
    tipCents: number;
    giftCardId: number | null;
  }[];
  changeCents: number;
  tipCents: number;
  note: string;
  totals: { grossCents: number; discountCents: number; netCents: number; taxCents: number; totalCents: number };
  sendToKitchen: boolean;
  number?: number;
  dbId?: number;
}

interface PlannedShiftOpen {
  index: number;
  key: string;
  at: number;
  employeeId: number | null;
  openingFloatCents: number;
  state: ShiftState;
  close: PlannedShiftClose | null;
}

interface PlannedShiftClose {
  index: number;
  key: string;
  shift: ShiftState;
  at: number;
  employeeId: number | null;
  countedCashCents: number;
  note: string;
}

interface PlannedMovement {
  index: number;
  key: string;
  shift: ShiftState;
  at: number;
  employeeId: number | null;
  kind: 'pay_in' | 'pay_out';
  amountCents: number;
  reason: string;
}

interface Plan {
  receipts: PlannedReceipt[];
  opens: PlannedShiftOpen[];
  closes: PlannedShiftClose[];
  movements: PlannedMovement[];
  /** Stored events in order: index in the batch, id, type, time. */
  stored: { index: number; key: string; type: EventType; at: number }[];
}

// -------------------------------------------------------------------------------------------------
// Checks

function checkShift(lookup: Lookup, device: IngestDevice, key: string, field: string): ShiftState {
  const shift = lookup.shifts.get(key);
  if (!shift) throw problem(field, 'unknown_shift', `${field}: no shift_open with this id was stored`);
  if (shift.terminalId !== device.terminalId) {
    throw problem(field, 'shift_of_another_terminal', `${field}: the shift belongs to another terminal`);
  }
  if (shift.status !== 'open') throw problem(field, 'shift_closed', `${field}: the shift is already closed`);
  return shift;
}

function checkEmployee(lookup: Lookup, id: number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  if (!lookup.employees.has(id)) throw problem('employeeId', 'unknown_employee', 'employeeId: no such employee');
  return id;
}

function checkTotals(
  errors: EventError[],
  sent: { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number },
  computed: { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number },
): void {
  for (const key of ['subtotalCents', 'discountCents', 'taxCents', 'totalCents'] as const) {
    if (sent[key] !== computed[key]) {
      errors.push({
        field: `totals.${key}`,
        code: 'totals_mismatch',
        message: `totals.${key}: the lines add up to ${computed[key]}, not ${sent[key]}`,
      });
    }
  }
}

/** The points a sale or refund moves (the batch's book updated); rejects the event when a redemption fails. */
function pointsOf(lookup: Lookup, sale: Parameters<typeof applySalePoints>[1]): PlannedPoints | null {
  if (!lookup.loyalty) return null;
  const result = applySalePoints(lookup.loyalty, sale);
  if ('errors' in result) throw new Reject(result.errors);
  return result.planned;
}

/** Runs the next check; if it rejects the event, the points it had moved in the book go back. */
function afterPoints<T>(lookup: Lookup, points: PlannedPoints | null, next: () => T): T {
  try {
    return next();
  } catch (error) {
    if (points && lookup.loyalty) {
      const { balances } = lookup.loyalty;
      balances.set(points.customerId, (balances.get(points.customerId) ?? 0) + points.redeemed - points.earned);
    }
    throw error;
  }
}

/** The card of each gift card payment, its balance moved in the batch's book; rejects the event when one fails. */
function giftCardsOf(
  lookup: Lookup,
  payments: readonly { paymentTypeId: number; amountCents: number; giftCardNumber?: string | undefined }[],
  direction: 'take' | 'give',
  at: number,
): (number | null)[] {
  if (!lookup.giftCards) return payments.map(() => null);
  const result = applyGiftCardPayments(
    lookup.giftCards,
    payments.map((p) => ({ ...p, builtin: lookup.paymentTypes.get(p.paymentTypeId)?.builtin ?? null })),
    direction,
    at,
  );
  if ('errors' in result) throw new Reject(result.errors);
  return result.cardIds;
}

/**
 * The discounts a sale names must be the company's and worth what their rule gives: a line's own
 * discount on the line's gross, a receipt discount on what the lines it covers cost after their own
 * discounts (each receipt discount on that same base). A discount switched off since is still
 * accepted (a register may not have its new config yet); one deleted is not.
 */
function checkNamedDiscounts(e: Parsed<'receipt'>, lookup: Lookup): EventError[] {
  const errors: EventError[] = [];
  const categoryOf = (itemId: number | null) =>
    itemId === null ? null : (lookup.items.get(itemId)?.categoryId ?? null);
  const gross = e.lines.map(
    (l) => l.quantity * (l.unitPriceCents + (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0)),
  );
  e.lines.forEach((l, i) => {
    if (l.discountId === undefined) return;
    const field = `lines.${i}.discountId`;
    const discount = lookup.discounts.get(l.discountId);
    if (!discount) {
      errors.push({ field, code: 'unknown_discount', message: `${field}: no such discount` });
      return;
    }
    const expected = discountCovers(discount, { itemId: l.itemId, categoryId: categoryOf(l.itemId) })
      ? discountCents(discount, gross[i]!)
      : null;
    if (expected === null || expected !== (l.discountCents ?? 0)) {
      errors.push({
        field: `lines.${i}.discountCents`,
        code: 'discount_mismatch',
        message:
          expected === null
            ? `lines.${i}.discountCents: "${discount.name}" does not apply to this item`
            : `lines.${i}.discountCents: "${discount.name}" takes ${expected} off this line, not ${l.discountCents ?? 0}`,
      });
    }
  });
  (e.discounts ?? []).forEach((d, j) => {
    if (d.discountId === undefined) return;
    const field = `discounts.${j}.discountId`;
    const discount = lookup.discounts.get(d.discountId);
    if (!discount) {
      errors.push({ field, code: 'unknown_discount', message: `${field}: no such discount` });
      return;
    }
    const base = e.lines.reduce(
      (sum, l, i) =>
        discountCovers(discount, { itemId: l.itemId, categoryId: categoryOf(l.itemId) })
          ? sum + Math.max(0, gross[i]! - (l.discountCents ?? 0))
          : sum,
      0,
    );
    const expected = discountCents(discount, base);
    if (expected !== d.amountCents) {
      errors.push({
        field: `discounts.${j}.amountCents`,
        code: 'discount_mismatch',
        message: `discounts.${j}.amountCents: "${discount.name}" takes ${expected} off this sale, not ${d.amountCents}`,
      });
    }
  });
  // Promotions: the basket evaluated with the promotions the receipt names, each amount as claimed.
  const named = (e.discounts ?? []).flatMap((d, j) => (d.promotionId === undefined ? [] : [{ d, j }]));
  if (named.length > 0) {
    const rules = named.flatMap(({ d }) =>
      lookup.promotions.has(d.promotionId!) ? [lookup.promotions.get(d.promotionId!)!] : [],
    );
    const applied = evaluatePromotions(
      e.lines.map((l) => ({
        itemId: l.itemId,
        categoryId: categoryOf(l.itemId),
        quantity: l.quantity,
        unitCents: l.unitPriceCents + (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0),
      })),
      rules,
      e.at,
      lookup.timezone,
    );
    for (const { d, j } of named) {
      const rule = lookup.promotions.get(d.promotionId!);
      if (!rule) {
        errors.push({
          field: `discounts.${j}.promotionId`,
          code: 'unknown_promotion',
          message: `discounts.${j}.promotionId: no such promotion`,
        });
        continue;
      }
      const expected = applied.find((a) => a.promotionId === rule.id)?.totalCents ?? 0;
      if (expected !== d.amountCents) {
        errors.push({
          field: `discounts.${j}.amountCents`,
          code: 'promotion_mismatch',
          message: `discounts.${j}.amountCents: "${rule.name}" takes ${expected} off this sale at this time, not ${d.amountCents}`,
        });
      }
    }
  }
  return errors;
}

function planSale(e: Parsed<'receipt'>, index: number, lookup: Lookup, device: IngestDevice): PlannedReceipt {
  const errors: EventError[] = [];
  const lineTaxes: AppliedTax[][] = [];
  e.lines.forEach((l, i) => {
    if (l.itemId !== null && !lookup.items.has(l.itemId)) {
      errors.push({ field: `lines.${i}.itemId`, code: 'unknown_item', message: `lines.${i}.itemId: no such item` });
    }
    const taxes: AppliedTax[] = [];
    for (const id of l.taxRateIds) {
      const rate = lookup.taxRates.get(id);
      if (rate) taxes.push({ rateBp: rate.rateBp, type: rate.type });
      else {
        errors.push({
          field: `lines.${i}.taxRateIds`,
          code: 'unknown_tax_rate',
          message: `lines.${i}.taxRateIds: no tax rate ${id}`,
        });
      }
    }
    lineTaxes.push(taxes);
  });
  e.payments.forEach((p, i) => {
    if (!lookup.paymentTypes.has(p.paymentTypeId)) {
      errors.push({
        field: `payments.${i}.paymentTypeId`,
        code: 'unknown_payment_type',
        message: `payments.${i}.paymentTypeId: no such payment type`,
      });
    }
  });
  if (e.orderTypeId && !lookup.orderTypes.has(e.orderTypeId)) {
    errors.push({ field: 'orderTypeId', code: 'unknown_order_type', message: 'orderTypeId: no such order type' });
  }
  if (e.customerId && !lookup.customers.has(e.customerId)) {
    errors.push({ field: 'customerId', code: 'unknown_customer', message: 'customerId: no such customer' });
  }
  if (e.employeeId && !lookup.employees.has(e.employeeId)) {
    errors.push({ field: 'employeeId', code: 'unknown_employee', message: 'employeeId: no such employee' });
  }
  let shift: ShiftState | null = null;
  if (e.shiftId) {
    try {
      shift = checkShift(lookup, device, e.shiftId.toLowerCase(), 'shiftId');
    } catch (error) {
      if (error instanceof Reject) errors.push(...error.errors);
      else throw error;
    }
  }
  if (errors.length > 0) throw new Reject(errors);

  const receiptDiscount = (e.discounts ?? []).reduce((s, d) => s + d.amountCents, 0);
  const computed = computeSale(
    e.lines.map((l, i) => ({ ...l, taxes: lineTaxes[i]! })),
    receiptDiscount,
  );
  if ('problems' in computed) {
    throw new Reject(
      computed.problems.map((p) =>
        p.problem === 'amount_too_large'
          ? {
              field: p.line === null ? 'lines' : `lines.${p.line}`,
              code: 'amount_too_large' as const,
              message: `${p.line === null ? 'lines' : `lines.${p.line}`}: the amount is over 100,000,000.00`,
            }
          : p.line === null
            ? {
                field: 'discounts',
                code: 'discount_too_large' as const,
                message: 'discounts: the receipt discounts are larger than what the lines cost',
              }
            : {
                field: `lines.${p.line}.discountCents`,
                code: 'discount_too_large' as const,
                message: `lines.${p.line}.discountCents: larger than the line's amount`,
              },
      ),
    );
  }
  const amounts = computed.amounts;
  checkTotals(errors, e.totals, amounts);
  errors.push(...checkNamedDiscounts(e, lookup));
  e.lines.forEach((l, i) =>
    (l.modifiers ?? []).forEach((m, j) => {
      // A register may not have the newest groups: any modifier of the company is accepted, by id.
      if (m.modifierId === undefined || lookup.modifiers.has(m.modifierId)) return;
      const field = `lines.${i}.modifiers.${j}.modifierId`;
      errors.push({ field, code: 'unknown_modifier', message: `${field}: no such modifier` });
    }),
  );
  const tipCents = e.payments.reduce((s, p) => s + (p.tipCents ?? 0), 0);
  if (e.totals.tipCents !== undefined && e.totals.tipCents !== tipCents) {
    errors.push({
      field: 'totals.tipCents',
      code: 'totals_mismatch',
      message: `totals.tipCents: the payments' tips add up to ${tipCents}, not ${e.totals.tipCents}`,
    });
  }
  const paid = e.payments.reduce((s, p) => s + p.amountCents, 0);
  const change = e.changeCents ?? 0;
  if (paid - change !== amounts.totalCents) {
    errors.push({
      field: 'payments',
      code: 'payments_mismatch',
      message: `payments: ${paid} paid minus ${change} change is ${paid - change}, the total is ${amounts.totalCents}`,
    });
  }
  const cash = e.payments
    .filter((p) => lookup.paymentTypes.get(p.paymentTypeId)?.cashLike)
    .reduce((s, p) => s + p.amountCents, 0);
  if (change > cash) {
    errors.push({
      field: 'changeCents',
      code: 'payments_mismatch',
      message: 'changeCents: change is given from cash payments only',
    });
  }
  if (errors.length > 0) throw new Reject(errors);
  // Last: points and gift card balances move only for a sale that passed everything else.
  const points = pointsOf(lookup, {
    kind: 'sale',
    customerId: e.customerId ?? null,
    netCents: amounts.netCents,
    redemptions: (e.discounts ?? []).flatMap((d, index) =>
      d.points === undefined ? [] : [{ index, points: d.points, amountCents: d.amountCents }],
    ),
  });
  const cardIds = afterPoints(lookup, points, () => giftCardsOf(lookup, e.payments, 'take', e.at));

  return {
    index,
    key: e.id.toLowerCase(),
    kind: 'sale',
    at: e.at,
    localNumber: e.localNumber ?? '',
    shiftKey: shift?.key ?? null,
    employeeId: e.employeeId ?? null,
    orderTypeId: e.orderTypeId ?? null,
    orderTypeName: e.orderTypeId ? (lookup.orderTypes.get(e.orderTypeId)?.name ?? null) : null,
    customerId: e.customerId ?? null,
    refundOfKey: null,
    lines: e.lines.map((l, i) => ({
      position: i + 1,
      itemId: l.itemId,
      name: l.name.trim(),
      categoryId: l.itemId === null ? null : (lookup.items.get(l.itemId)?.categoryId ?? null),
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      modifiersCents: (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0),
      modifiers: (l.modifiers ?? []).map((m) => ({
        name: m.name.trim(),
        priceCents: m.priceCents,
        modifierId: m.modifierId ?? null,
      })),
      amounts: amounts.lines[i]!,
      taxes: l.taxRateIds.map((id) => ({ taxRateId: id, ...lookup.taxRates.get(id)! })),
      refundOf: null,
      discountId: l.discountId ?? null,
      lineDiscountCents: l.discountCents ?? 0,
    })),
    discounts: (e.discounts ?? []).map((d) => ({
      name: d.name.trim(),
      amountCents: d.amountCents,
      discountId: d.discountId ?? null,
      points: d.points ?? null,
      promotionId: d.promotionId ?? null,
    })),
    points,
    payments: e.payments.map((p, i) => ({
      paymentTypeId: p.paymentTypeId,
      name: lookup.paymentTypes.get(p.paymentTypeId)!.name,
      cashLike: lookup.paymentTypes.get(p.paymentTypeId)!.cashLike,
      amountCents: p.amountCents,
      tipCents: p.tipCents ?? 0,
      giftCardId: cardIds[i] ?? null,
    })),
    changeCents: change,
    tipCents,
    note: e.note ?? '',
    totals: {
      grossCents: amounts.subtotalCents,
      discountCents: amounts.discountCents,
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
    },
    sendToKitchen: e.sendToKitchen === true,
  };
}

function planRefund(e: Parsed<'refund'>, index: number, lookup: Lookup, device: IngestDevice): PlannedReceipt {
  const errors: EventError[] = [];
  const sale = lookup.sales.get(e.receiptId.toLowerCase());
  if (!sale) throw problem('receiptId', 'unknown_receipt', 'receiptId: no receipt with this id was stored');
  if (sale.kind !== 'sale') throw problem('receiptId', 'not_a_sale', 'receiptId: a refund cannot be refunded');
  const picked: { sale: SaleLineState; quantity: number }[] = [];
  e.lines.forEach((l, i) => {
    const line = sale.lines.find((x) => x.position === l.line);
    if (!line) {
      errors.push({
        field: `lines.${i}.line`,
        code: 'unknown_line',
        message: `lines.${i}.line: the sale has no line ${l.line}`,
      });
    } else picked.push({ sale: line, quantity: l.quantity });
  });
  e.payments.forEach((p, i) => {
    if (!lookup.paymentTypes.has(p.paymentTypeId)) {
      errors.push({
        field: `payments.${i}.paymentTypeId`,
        code: 'unknown_payment_type',
        message: `payments.${i}.paymentTypeId: no such payment type`,
      });
    }
  });
  if (e.employeeId && !lookup.employees.has(e.employeeId)) {
    errors.push({ field: 'employeeId', code: 'unknown_employee', message: 'employeeId: no such employee' });
  }
  let shift: ShiftState | null = null;
  if (e.shiftId) {
    try {
      shift = checkShift(lookup, device, e.shiftId.toLowerCase(), 'shiftId');
    } catch (error) {
      if (error instanceof Reject) errors.push(...error.errors);
      else throw error;
    }
  }
  if (errors.length > 0) throw new Reject(errors);

  const computed = computeRefund(picked.map((p) => ({ sale: p.sale.sale, quantity: p.quantity })));
  if ('tooMany' in computed) {
    throw new Reject(
      computed.tooMany.map((i) => {
        const line = picked[i]!.sale.sale;
        const left = line.quantity - line.refunded.quantity;
        return {
          field: `lines.${i}.quantity`,
          code: 'refund_exceeds_sale' as const,
          message: `lines.${i}.quantity: ${line.quantity} sold, ${line.refunded.quantity} already returned: at most ${left} can be returned`,
        };
      }),
    );
  }
  const amounts = computed.amounts;
  checkTotals(errors, e.totals, amounts);
  const paid = e.payments.reduce((s, p) => s + p.amountCents, 0);
  if (paid !== amounts.totalCents) {
    errors.push({
      field: 'payments',
      code: 'payments_mismatch',
      message: `payments: ${paid} paid back, the refund's total is ${amounts.totalCents}`,
    });
  }
  if (errors.length > 0) throw new Reject(errors);
  const points = pointsOf(lookup, {
    kind: 'refund',
    customerId: sale.customerId,
    netCents: amounts.netCents,
    redemptions: [],
  });
  const cardIds = afterPoints(lookup, points, () => giftCardsOf(lookup, e.payments, 'give', e.at));

  return {
    index,
    key: e.id.toLowerCase(),
    kind: 'refund',
    at: e.at,
    localNumber: e.localNumber ?? '',
    shiftKey: shift?.key ?? null,
    employeeId: e.employeeId ?? null,
    orderTypeId: sale.orderTypeId,
    orderTypeName: null,
    customerId: sale.customerId,
    refundOfKey: sale.key,
    lines: picked.map((p, i) => ({
      position: i + 1,
      itemId: p.sale.itemId,
      name: p.sale.name,
      categoryId: p.sale.categoryId,
      quantity: p.quantity,
      unitPriceCents: Math.round(p.sale.sale.grossCents / p.sale.sale.quantity),
      modifiersCents: 0,
      modifiers: [],
      amounts: amounts.lines[i]!,
      taxes: p.sale.sale.taxes.map((t, k) => ({ taxRateId: p.sale.taxIds[k] ?? null, rateBp: t.rateBp, type: t.type })),
      refundOf: p.sale,
    })),
    discounts: [],
    points,
    payments: e.payments.map((p, i) => ({
      paymentTypeId: p.paymentTypeId,
      name: lookup.paymentTypes.get(p.paymentTypeId)!.name,
      cashLike: lookup.paymentTypes.get(p.paymentTypeId)!.cashLike,
      amountCents: p.amountCents,
      tipCents: 0,
      giftCardId: cardIds[i] ?? null,
    })),
    changeCents: 0,
    tipCents: 0,
    note: e.reason ?? '',
    totals: {
      grossCents: amounts.subtotalCents,
      discountCents: amounts.discountCents,
      netCents: amounts.netCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
    },
    sendToKitchen: false,
  };
}

/** After a sale is planned, later events of the batch can refund it. */
function rememberSale(lookup: Lookup, planned: PlannedReceipt): void {
  lookup.sales.set(planned.key, {
    dbId: null,
    key: planned.key,
    kind: 'sale',
    customerId: planned.customerId,
    orderTypeId: planned.orderTypeId,
    lines: planned.lines.map((l) => {
      const state: SaleLineState = {
        dbId: null,
        position: l.position,
        itemId: l.itemId,
        name: l.name,
        categoryId: l.categoryId,
        taxIds: l.taxes.map((t) => t.taxRateId),
        sale: {
          quantity: l.quantity,
          grossCents: l.amounts.grossCents,
          discountCents: l.amounts.discountCents,
          taxes: l.taxes.map((t, k) => ({ rateBp: t.rateBp, type: t.type, taxCents: l.amounts.taxCents[k]! })),
          refunded: { quantity: 0, grossCents: 0, discountCents: 0, taxCents: l.taxes.map(() => 0) },
        },
      };
      l.state = state;
      return state;
    }),
  });
}

/** A planned refund counts against its sale lines for the rest of the batch. */
function rememberRefund(planned: PlannedReceipt): void {
  for (const l of planned.lines) {
    const r = l.refundOf!.sale.refunded;
    l.refundOf!.sale.refunded = {
      quantity: r.quantity + l.quantity,
      grossCents: r.grossCents + l.amounts.grossCents,
      discountCents: r.discountCents + l.amounts.discountCents,
      taxCents: r.taxCents.map((c, k) => c + (l.amounts.taxCents[k] ?? 0)),
    };
  }
}

function plan(
  events: { index: number; event: AnyParsed }[],
  lookup: Lookup,
  device: IngestDevice,
  results: EventResult[],
): Plan {
  const out: Plan = { receipts: [], opens: [], closes: [], movements: [], stored: [] };
  for (const { index, event: e } of events) {
    const key = e.id.toLowerCase();
    try {
      switch (e.type) {
        case 'receipt': {
          const planned = planSale(e, index, lookup, device);
          out.receipts.push(planned);
          rememberSale(lookup, planned);
          break;
        }
        case 'refund': {
          const planned = planRefund(e, index, lookup, device);
          out.receipts.push(planned);
          rememberRefund(planned);
          break;
        }
        case 'shift_open': {
          const employeeId = checkEmployee(lookup, e.employeeId);
          if (lookup.openShift !== null) {
            throw problem(
              'event',
              'shift_already_open',
              'event: this terminal already has an open shift; close it first',
            );
          }
          const state: ShiftState = { dbId: null, key, number: null, terminalId: device.terminalId, status: 'open' };
          lookup.shifts.set(key, state);
          lookup.openShift = key;
          out.opens.push({
            index,
            key,
            at: e.at,
            employeeId,
            openingFloatCents: e.openingFloatCents,
            state,
            close: null,
          });
          break;
        }
        case 'shift_close': {
          const employeeId = checkEmployee(lookup, e.employeeId);
          const shift = checkShift(lookup, device, e.shiftId.toLowerCase(), 'shiftId');
          shift.status = 'closed';
          if (lookup.openShift === shift.key) lookup.openShift = null;
          const close: PlannedShiftClose = {
            index,
            key,
            shift,
            at: e.at,
            employeeId,
            countedCashCents: e.countedCashCents,
            note: e.note ?? '',
          };
          out.closes.push(close);
          const opened = out.opens.find((o) => o.state === shift);
          if (opened) opened.close = close;
          break;
        }
        case 'cash_movement': {
          const employeeId = checkEmployee(lookup, e.employeeId);
          const shift = checkShift(lookup, device, e.shiftId.toLowerCase(), 'shiftId');
          out.movements.push({
            index,
            key,
            shift,
            at: e.at,
            employeeId,
            kind: e.kind,
            amountCents: e.amountCents,
            reason: e.reason.trim(),
          });
          break;
        }
        case 'clock_in':
        case 'clock_out':
        case 'break_start':
        case 'break_end': {
          const error = applyClockEvent(lookup.clock!, index, e);
          if (error) throw new Reject([error]);
          break;
        }
      }
      out.stored.push({ index, key, type: e.type, at: e.at });
    } catch (error) {
      if (!(error instanceof Reject)) throw error;
      results[index] = { id: key, status: 'rejected', errors: error.errors };
    }
  }
  return out;
}

// -------------------------------------------------------------------------------------------------
// Writing

/** Rows per INSERT: well under the bound-parameter limits of both databases. */
const rowsPerInsert = (columns: number) => Math.max(1, Math.floor(16_000 / columns));

async function insertAll<T extends Record<string, unknown>>(
  trx: Db,
  table: keyof Database & string,
  rows: T[],
): Promise<void> {
  if (rows.length === 0) return;
  for (const part of chunks(rows, rowsPerInsert(Object.keys(rows[0]!).length))) {
    // The rows are built right here for `table`; Kysely's per-table insert types add nothing.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const values = part as any;
    await trx.insertInto(table).values(values).execute();
  }
}

async function insertReturning<T extends Record<string, unknown>, R>(
  trx: Db,
  table: keyof Database & string,
  rows: T[],
  returning: string[],
): Promise<R[]> {
  const out: R[] = [];
  if (rows.length === 0) return out;
  for (const part of chunks(rows, rowsPerInsert(Object.keys(rows[0]!).length))) {
    const inserted = await trx
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(part as any)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .returning(returning as any)
      .execute();
    out.push(...(inserted as R[]));
  }
  return out;
}

async function write(
  trx: Db,
  device: IngestDevice,
  lookup: Lookup,
  p: Plan,
  options: IngestOptions,
  results: EventResult[],
) {
  const { companyId } = device;
  const now = options.now;

  // 1. Shifts closed by this batch that were open before it: closed first, so that a new one can open.
  const closedBefore = p.closes.filter((c) => c.shift.dbId !== null);
  for (const c of closedBefore) {
    await trx
      .updateTable('shifts')
      .set({
        status: 'closed',
        closed_at: c.at,
        closed_by: c.employeeId,
        counted_cash_cents: c.countedCashCents,
        note: c.note,
      })
      .where('id', '=', c.shift.dbId!)
      .where('company_id', '=', companyId)
      .execute();
  }

  // 2. Shifts opened by this batch (already closed when the batch closes them too).
  if (p.opens.length > 0) {
    const first = await reserveNumbers(trx, companyId, 'shift', p.opens.length);
    p.opens.forEach((o, k) => (o.state.number = first + k));
    const rows = await insertReturning<Record<string, unknown>, { id: number; client_id: string }>(
      trx,
      'shifts',
      p.opens.map((o) => ({
        company_id: companyId,
        client_id: o.key,
        number: o.state.number,
        terminal_id: device.terminalId,
        location_id: device.locationId,
        status: o.close ? 'closed' : 'open',
        opened_at: o.at,
        opened_by: o.employeeId,
        opening_float_cents: o.openingFloatCents,
        closed_at: o.close?.at ?? null,
        closed_by: o.close?.employeeId ?? null,
        expected_cash_cents: null,
        counted_cash_cents: o.close?.countedCashCents ?? null,
        difference_cents: null,
        note: o.close?.note ?? '',
      })),
      ['id', 'client_id'],
    );
    const ids = new Map(rows.map((r) => [r.client_id, r.id]));
    for (const o of p.opens) o.state.dbId = ids.get(o.key)!;
  }
  // 3. Receipts: numbers from the company's counter, sales before the refunds that point at them.
  if (p.receipts.length > 0) {
    const first = await reserveNumbers(trx, companyId, 'receipt', p.receipts.length);
    p.receipts.forEach((r, k) => (r.number = first + k));
  }
  const shiftDbId = (key: string | null) => (key === null ? null : (lookup.shifts.get(key)?.dbId ?? null));
  for (const kind of ['sale', 'refund'] as const) {
    const list = p.receipts.filter((r) => r.kind === kind);
    if (list.length === 0) continue;
    const rows = await insertReturning<Record<string, unknown>, { id: number; client_id: string }>(
      trx,
      'receipts',
      list.map((r) => ({
        company_id: companyId,
        number: r.number,
        kind: r.kind,
        customer_id: r.customerId,
        refund_of: r.refundOfKey === null ? null : (lookup.sales.get(r.refundOfKey)?.dbId ?? null),
        net_cents: r.totals.netCents,
        tax_cents: r.totals.taxCents,
        total_cents: r.totals.totalCents,
        created_at: r.at,
        location_id: device.locationId,
        order_type_id: r.orderTypeId,
        terminal_id: device.terminalId,
        employee_id: r.employeeId,
        shift_id: shiftDbId(r.shiftKey),
        client_id: r.key,
        local_number: r.localNumber,
        gross_cents: r.totals.grossCents,
        discount_cents: r.totals.discountCents,
        tip_cents: r.tipCents,
        change_cents: r.changeCents,
        note: r.note,
        synced_at: now,
      })),
      ['id', 'client_id'],
    );
    const ids = new Map(rows.map((row) => [row.client_id, row.id]));
    for (const r of list) {
      r.dbId = ids.get(r.key)!;
      const sale = r.kind === 'sale' ? lookup.sales.get(r.key) : undefined;
      if (sale) sale.dbId = r.dbId;
    }
    // Lines (a refund line points at the sale line it returns, written just before for a sale of this batch).
    const lineRows = list.flatMap((r) =>
      r.lines.map((l) => ({
        receipt_id: r.dbId!,
        company_id: companyId,
        item_id: l.itemId,
        name: l.name,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        total_cents: l.amounts.totalCents,
        position: l.position,
        category_id: l.categoryId,
        modifiers_cents: l.modifiersCents,
        gross_cents: l.amounts.grossCents,
        discount_cents: l.amounts.discountCents,
        net_cents: l.amounts.netCents,
        tax_cents: l.amounts.includedTaxCents + l.amounts.addedTaxCents,
        refund_of_line_id: l.refundOf ? l.refundOf.dbId : null,
        discount_id: l.discountId ?? null,
        line_discount_cents: l.lineDiscountCents ?? 0,
      })),
    );
    const lineIds = await insertReturning<
      Record<string, unknown>,
      { id: number; receipt_id: number; position: number }
    >(trx, 'receipt_lines', lineRows, ['id', 'receipt_id', 'position']);
    const lineId = new Map(lineIds.map((l) => [`${l.receipt_id}:${Number(l.position)}`, l.id]));
    const modifiers: Record<string, unknown>[] = [];
    const lineTaxRows: Record<string, unknown>[] = [];
    const receiptTaxRows: Record<string, unknown>[] = [];
    for (const r of list) {
      const perRate = new Map<
        string,
        { taxRateId: number | null; rateBp: number; type: string; taxable: number; tax: number }
      >();
      for (const l of r.lines) {
        const id = lineId.get(`${r.dbId}:${l.position}`)!;
        if (l.state) l.state.dbId = id;
        for (const m of l.modifiers)
          modifiers.push({
            company_id: companyId,
            line_id: id,
            name: m.name,
            price_cents: m.priceCents,
            modifier_id: m.modifierId,
          });
        l.taxes.forEach((t, k) => {
          const cents = l.amounts.taxCents[k] ?? 0;
          lineTaxRows.push({
            company_id: companyId,
            line_id: id,
            tax_rate_id: t.taxRateId,
            rate_bp: t.rateBp,
            type: t.type,
            tax_cents: cents,
          });
          const rateKey = `${t.taxRateId}:${t.rateBp}:${t.type}`;
          const sum = perRate.get(rateKey) ?? {
            taxRateId: t.taxRateId,
            rateBp: t.rateBp,
            type: t.type,
            taxable: 0,
            tax: 0,
          };
          sum.taxable += l.amounts.netCents;
          sum.tax += cents;
          perRate.set(rateKey, sum);
        });
      }
      for (const t of perRate.values()) {
        receiptTaxRows.push({
          company_id: companyId,
          receipt_id: r.dbId,
          tax_rate_id: t.taxRateId,
          name:
            (t.taxRateId !== null ? lookup.taxRates.get(t.taxRateId)?.name : undefined) ?? `Tax ${t.rateBp / 100} %`,
          rate_bp: t.rateBp,
          type: t.type,
          taxable_cents: t.taxable,
          tax_cents: t.tax,
        });
      }
    }
    await insertAll(trx, 'receipt_line_modifiers', modifiers);
    await insertAll(trx, 'receipt_line_taxes', lineTaxRows);
    await insertAll(trx, 'receipt_taxes', receiptTaxRows);
    await insertAll(
      trx,
      'receipt_discounts',
      list.flatMap((r) =>
        r.discounts.map((d) => ({
          company_id: companyId,
          receipt_id: r.dbId,
          name: d.name,
          amount_cents: d.amountCents,
          discount_id: d.discountId ?? null,
          points: d.points ?? null,
          promotion_id: d.promotionId ?? null,
        })),
      ),
    );
    await insertAll(
      trx,
      'receipt_payments',
      list.flatMap((r) =>
        r.payments.map((x) => ({
          company_id: companyId,
          receipt_id: r.dbId,
          payment_type_id: x.paymentTypeId,
          name: x.name,
          cash_like: x.cashLike ? 1 : 0,
          amount_cents: x.amountCents,
          tip_cents: x.tipCents,
          gift_card_id: x.giftCardId,
        })),
      ),
    );
    await writeGiftCardPayments(
      trx,
      companyId,
      list.map((r) => ({ dbId: r.dbId!, kind: r.kind, at: r.at, payments: r.payments })),
    );
    await writeReceiptPoints(
      trx,
      companyId,
      list.map((r) => ({ dbId: r.dbId!, kind: r.kind, at: r.at, points: r.points ?? null })),
    );
    // The report roll-ups, in the same transaction: a report never disagrees with the receipts.
    await recordReceiptRollups(
      trx,
      list.map((r) => r.dbId!),
    );
    // Stock of the tracked items at the location's warehouse (the ledger), in the same transaction.
    await postReceiptStock(trx, {
      companyId,
      locationId: device.locationId,
      now,
      receipts: list.map((r) => ({
        id: r.dbId!,
        kind: r.kind,
        at: r.at,
        lines: r.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity })),
      })),
    });
  }

  // 4. Cash movements.
  await insertAll(
    trx,
    'cash_movements',
    p.movements.map((m) => ({
      company_id: companyId,
      client_id: m.key,
      shift_id: m.shift.dbId,
      terminal_id: device.terminalId,
      location_id: device.locationId,
      employee_id: m.employeeId,
      kind: m.kind,
      amount_cents: m.amountCents,
      reason: m.reason,
      at: m.at,
      synced_at: now,
    })),
  );

  // 4b. The time clock: entries opened or closed, breaks started or ended.
  if (lookup.clock) await writeClockBook(trx, device, lookup.clock, now);

  // 5. Each shift closed by this batch: what the drawer should hold, now that its sales are in.
  const closing = new Map<PlannedShiftClose, { expected: number; difference: number }>();
  const expected = await expectedCash(
    trx,
    companyId,
    p.closes.map((c) => c.shift.dbId!),
  );
  for (const c of p.closes) {
    const cents = expected.get(c.shift.dbId!) ?? 0;
    const difference = c.countedCashCents - cents;
    await trx
      .updateTable('shifts')
      .set({ expected_cash_cents: cents, difference_cents: difference })
      .where('id', '=', c.shift.dbId!)
      .where('company_id', '=', companyId)
      .execute();
    closing.set(c, { expected: cents, difference });
  }

  // 6. The idempotency record and each event's outcome.
  const outcome = new Map<number, Omit<EventResult, 'id' | 'status'>>();
  for (const r of p.receipts) outcome.set(r.index, { receiptNumber: r.number! });
  for (const o of p.opens) outcome.set(o.index, { shiftNumber: o.state.number! });
  for (const [index, entry] of lookup.clock?.byIndex ?? []) outcome.set(index, { timeEntryId: entry.dbId! });
  for (const c of p.closes) {
    const numbers = c.shift.number ?? p.opens.find((o) => o.state === c.shift)?.state.number;
    const { expected, difference } = closing.get(c)!;
    outcome.set(c.index, {
      ...(numbers ? { shiftNumber: numbers } : {}),
      expectedCashCents: expected,
      differenceCents: difference,
    });
  }
  await insertAll(
    trx,
    'device_events',
    p.stored.map((s) => ({
      company_id: companyId,
      id: s.key,
      terminal_id: device.terminalId,
      type: s.type,
      at: s.at,
      received_at: now,
      result: JSON.stringify(outcome.get(s.index) ?? {}),
    })),
  );
  for (const s of p.stored) results[s.index] = { id: s.key, status: 'stored', ...outcome.get(s.index) };

  // 7. Kitchen tickets of recent sales sent to the kitchen.
  if (options.kitchenTickets !== false) {
    for (const r of p.receipts) {
      if (!r.sendToKitchen || r.at < now - DEVICE_LIMITS.kitchenTicketMaxAgeMs) continue;
      await queueKitchenTickets(trx, {
        companyId,
        locationId: device.locationId,
        receiptId: r.dbId!,
        receiptNumber: r.number!,
        orderType: r.orderTypeName,
        now,
        lines: r.lines.map((l) => ({
          categoryId: l.categoryId,
          name: l.name,
          quantity: l.quantity,
          modifiers: l.modifiers.map((m) => m.name),
        })),
      });
    }
  }
}

/**
 * What each shift's drawer should hold: float + cash taken (amounts and tips of cash-like payments)
 * - change given - cash refunded + pay-ins - pay-outs.
 */
export async function expectedCash(db: Db, companyId: number, shiftIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (shiftIds.length === 0) return out;
  const add = (id: number | null, cents: unknown) => {
    if (id !== null) out.set(id, (out.get(id) ?? 0) + Number(cents ?? 0));
  };
  for (const ids of chunks(shiftIds, 500)) {
    const [floats, payments, change, movements] = await Promise.all([
      db
        .selectFrom('shifts')
        .select(['id', 'opening_float_cents'])
        .where('company_id', '=', companyId)
        .where('id', 'in', ids)
        .execute(),
      db
        .selectFrom('receipt_payments as p')
        .innerJoin('receipts as r', 'r.id', 'p.receipt_id')
        .select([
          'r.shift_id',
          sql<number>`sum(case when r.kind = 'sale' then p.amount_cents + p.tip_cents else -p.amount_cents end)`.as(
            'n',
          ),
        ])
        .where('r.company_id', '=', companyId)
        .where('r.shift_id', 'in', ids)
        .where('p.cash_like', '=', 1)
        .groupBy('r.shift_id')
        .execute(),
      db
        .selectFrom('receipts')
        .select(['shift_id', sql<number>`sum(change_cents)`.as('n')])
        .where('company_id', '=', companyId)
        .where('shift_id', 'in', ids)
        .groupBy('shift_id')
        .execute(),
      db
        .selectFrom('cash_movements')
        .select([
          'shift_id',
          sql<number>`sum(case when kind = 'pay_in' then amount_cents else -amount_cents end)`.as('n'),
        ])
        .where('company_id', '=', companyId)
        .where('shift_id', 'in', ids)
        .groupBy('shift_id')
        .execute(),
    ]);
    for (const f of floats) add(f.id, f.opening_float_cents);
    for (const p of payments) add(p.shift_id, p.n);
    for (const c of change) add(c.shift_id, -Number(c.n ?? 0));
    for (const m of movements) add(m.shift_id, m.n);
  }
  return out;
}

// -------------------------------------------------------------------------------------------------
// The batch

const ZOD_CODE: EventErrorCode = 'invalid';

function zodErrors(error: z.ZodError): EventError[] {
  const seen = new Set<string>();
  const out: EventError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'event';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, code: ZOD_CODE, message: `${field}: ${issue.message}` });
  }
  return out;
}

/**
 * Checks and stores a batch of events (already known to be objects with a UUID `id` and a string
 * `type`). Returns one outcome per event, in the order sent.
 */
export async function ingestEvents(
  db: Kysely<Database>,
  device: IngestDevice,
  batch: readonly { id: string; type: string }[],
  options: IngestOptions,
): Promise<IngestResult> {
  const results: EventResult[] = new Array(batch.length);
  const valid: { index: number; event: AnyParsed }[] = [];
  const firstOf = new Map<string, number>();
  batch.forEach((raw, index) => {
    const key = raw.id.toLowerCase();
    if (firstOf.has(key)) return; // settled below, after the first one
    firstOf.set(key, index);
    if (!(EVENT_TYPES as readonly string[]).includes(raw.type)) {
      results[index] = {
        id: key,
        status: 'rejected',
        errors: [{ field: 'type', code: 'unknown_type', message: `type: must be one of ${EVENT_TYPES.join(', ')}` }],
      };
      return;
    }
    const parsed = EVENT_SCHEMAS[raw.type as EventType].safeParse(raw);
    if (!parsed.success) {
      results[index] = { id: key, status: 'rejected', errors: zodErrors(parsed.error) };
      return;
    }
    if (parsed.data.at > options.now + DEVICE_LIMITS.clockSkewMs) {
      results[index] = {
        id: key,
        status: 'rejected',
        errors: [{ field: 'at', code: 'bad_time', message: 'at: the time is in the future; check the register clock' }],
      };
      return;
    }
    valid.push({ index, event: parsed.data as AnyParsed });
  });

  if (valid.length > 0) {
    // Inside a caller's transaction (the demo seed) the batch is part of it.
    const inTransaction = <T>(fn: (trx: Transaction<Database>) => Promise<T>) =>
      db.isTransaction ? fn(db as Transaction<Database>) : db.transaction().execute(fn);
    const run = async (events: { index: number; event: AnyParsed }[]) =>
      inTransaction(async (trx) => {
        if (trx.getExecutor().adapter instanceof PostgresAdapter) {
          await sql`select pg_advisory_xact_lock(hashtext(${`hive-ingest:${device.companyId}`}))`.execute(trx);
        }
        // Events stored before (a register resending) are duplicates: nothing changes.
        const seen = new Map<string, string>();
        await idsIn(
          events.map((e) => e.event.id.toLowerCase()),
          async (keys) => {
            const rows = await trx
              .selectFrom('device_events')
              .select(['id', 'result'])
              .where('company_id', '=', device.companyId)
              .where('id', 'in', keys)
              .execute();
            for (const r of rows) seen.set(r.id, r.result);
          },
        );
        const fresh = events.filter((e) => {
          const key = e.event.id.toLowerCase();
          const stored = seen.get(key);
          if (stored === undefined) return true;
          results[e.index] = { id: key, status: 'duplicate', ...parseResult(stored) };
          return false;
        });
        if (fresh.length === 0) return;
        const lookup = await loadLookup(
          trx,
          device,
          fresh.map((e) => e.event),
        );
        const planned = plan(fresh, lookup, device, results);
        await write(trx, device, lookup, planned, options, results);
      });
    try {
      await run(valid);
    } catch (error) {
      // Something changed under the batch (an item deleted meanwhile, say): each event on its own,
      // so that one stale event does not hold back the others.
      if (db.isTransaction || (!isForeignKeyViolation(error) && !isUniqueViolation(error))) throw error;
      for (const e of valid) {
        results[e.index] = undefined as unknown as EventResult;
        try {
          await run([e]);
        } catch (single) {
          if (!isForeignKeyViolation(single) && !isUniqueViolation(single)) throw single;
          results[e.index] = {
            id: e.event.id.toLowerCase(),
            status: 'rejected',
            errors: [
              {
                field: 'event',
                code: 'stale_reference',
                message: 'event: it names something that was deleted or changed meanwhile; sync the config and resend',
              },
            ],
          };
        }
      }
    }
  }

  // A repeated id in the batch: a duplicate of the first when that one was stored, else rejected alike.
  batch.forEach((raw, index) => {
    if (results[index]) return;
    const first = results[firstOf.get(raw.id.toLowerCase())!]!;
    results[index] =
      first.status === 'rejected' ? { ...first } : { id: first.id, status: 'duplicate', ...withoutStatus(first) };
  });

  const count = (status: EventResult['status']) => results.filter((r) => r.status === status).length;
  return {
    results,
    stored: count('stored'),
    duplicate: count('duplicate'),
    rejected: count('rejected'),
    receiptNumbers: results.filter((r) => r.status === 'stored' && r.receiptNumber).map((r) => r.receiptNumber!),
  };
}

function withoutStatus(result: EventResult): Omit<EventResult, 'id' | 'status'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { id, status, errors, ...rest } = result;
  return rest;
}

function parseResult(text: string): Omit<EventResult, 'id' | 'status'> {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const out: Omit<EventResult, 'id' | 'status'> = {};
    for (const key of [
      'receiptNumber',
      'shiftNumber',
      'expectedCashCents',
      'differenceCents',
      'timeEntryId',
    ] as const) {
      if (typeof value[key] === 'number') out[key] = value[key] as number;
    }
    return out;
  } catch {
    return {};
  }
}
