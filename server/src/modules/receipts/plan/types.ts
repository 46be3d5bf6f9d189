import type { z } from 'zod';
import type { EVENT_SCHEMAS, EventError, EventErrorCode, EventType } from '@hive/shared/schemas/device';
import type { LineAmounts, RefundableLine } from '@hive/register-sdk/money';
import type { DiscountDefinition } from '../../offers';
import type { PromotionRule } from '@hive/register-sdk/money';

/* What planning reads (the lookup) and what it hands to posting (the plan). */

export type Parsed<K extends EventType> = z.output<(typeof EVENT_SCHEMAS)[K]>;
export type AnyParsed = { [K in EventType]: Parsed<K> }[EventType];

export interface IngestDevice {
  companyId: number;
  terminalId: number | null;
  locationId: number | null;
}

export class Reject extends Error {
  constructor(readonly errors: EventError[]) {
    super(errors[0]?.message ?? 'rejected');
  }
}

export const problem = (field: string, code: EventErrorCode, message: string) => new Reject([{ field, code, message }]);

export interface ShiftState {
  dbId: number | null;
  key: string; // client id
  number: number | null;
  terminalId: number | null;
  status: 'open' | 'closed';
  /**
   * Closed from the back-office while its register was away: the closing that stands, which the
   * register's own shift_close, sent when it comes back, is answered with (plan/index.ts).
   */
  closedInBackoffice?: { expectedCashCents: number; differenceCents: number };
}

export interface SaleLineState {
  dbId: number | null;
  position: number;
  itemId: number | null;
  name: string;
  categoryId: number | null;
  sale: RefundableLine;
  /** Taxes in order with their rate ids (for the refund's tax lines). */
  taxIds: (number | null)[];
}

export interface SaleState {
  dbId: number | null;
  key: string;
  kind: 'sale' | 'refund';
  customerId: number | null;
  orderTypeId: number | null;
  lines: SaleLineState[];
}

export interface Lookup {
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
  /** The discounts the receipts name (Offers › Discounts), active or not. */
  discounts: Map<number, DiscountDefinition>;
  /** The promotions the receipts name, and the time zone their days are read in (the location's). */
  promotions: Map<number, PromotionRule>;
  timezone: string;
  /** The modifiers (Products › Modifiers) the lines name that are the company's, archived or not. */
  modifiers: Set<number>;
}

export interface PlannedLine {
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

export interface PlannedPayment {
  paymentTypeId: number;
  name: string;
  cashLike: boolean;
  /** The payment type's builtin kind ('cash', 'card', 'gift_card' ...), null for the company's own. */
  builtin: string | null;
  amountCents: number;
  tipCents: number;
  giftCardNumber?: string | undefined;
  /** Set by the gift cards' posting step when the payment takes from (or gives back to) a card. */
  giftCardId: number | null;
}

export interface PlannedReceipt {
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
  payments: PlannedPayment[];
  changeCents: number;
  tipCents: number;
  note: string;
  totals: { grossCents: number; discountCents: number; netCents: number; taxCents: number; totalCents: number };
  sendToKitchen: boolean;
  /** Set once written. */
  number?: number;
  dbId?: number;
}

export interface PlannedShiftOpen {
  index: number;
  key: string;
  at: number;
  employeeId: number | null;
  openingFloatCents: number;
  state: ShiftState;
  close: PlannedShiftClose | null;
}

export interface PlannedShiftClose {
  index: number;
  key: string;
  shift: ShiftState;
  at: number;
  employeeId: number | null;
  countedCashCents: number;
  note: string;
}

export interface PlannedMovement {
  index: number;
  key: string;
  shift: ShiftState;
  at: number;
  employeeId: number | null;
  kind: 'pay_in' | 'pay_out';
  amountCents: number;
  reason: string;
}

export interface Plan {
  receipts: PlannedReceipt[];
  opens: PlannedShiftOpen[];
  closes: PlannedShiftClose[];
  movements: PlannedMovement[];
  /** Stored events in order: index in the batch, id, type, time. */
  stored: { index: number; key: string; type: EventType; at: number }[];
}
