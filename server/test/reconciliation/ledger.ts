import type { LineFigures, Returned, SaleFigures, TaxRate } from './model';

/*
 * The ledger of the reconciliation test: what the model expects each stored event to have done to
 * the books (generator.ts writes it while ringing up a plan).
 */

export interface Catalog {
  rates: Map<number, TaxRate>;
  /** The tax rates a line may carry together (none, one, two). */
  taxSets: number[][];
  items: {
    id: number;
    name: string;
    priceCents: number;
    costCents: number;
    trackStock: boolean;
    categoryId: number | null;
    /** A bundle's components: the stock that moves when it sells. */
    components?: { itemId: number; quantity: number }[];
  }[];
  orderTypes: { id: number; name: string }[];
  cash: { id: number; name: string };
  card: { id: number; name: string };
  /** A gift card payment type and the one card the fixture issued. */
  gift: { id: number; name: string; number: string; balanceCents: number };
  employees: { id: number; name: string }[];
  /** The loyalty customer and the programme's rules. */
  customer: { id: number; name: string; points: number };
  loyalty: { pointsPerUnit: number; valuePer100Cents: number; minRedeemPoints: number };
  /** Two discounts of the catalog: a percentage off the receipt, one off the items of a category. */
  discounts: {
    receipt: { id: number; name: string; percentBp: number };
    items: { id: number; name: string; percentBp: number; categoryId: number };
  };
  /** A modifier group of two (Extra 1, Extra 2): a line's modifiers may name them. */
  modifierGroup: { id: number; modifierIds: number[] };
  /** One promotion, spend X get Y off: every item, every day, all day. */
  promotion: { id: number; name: string; thresholdCents: number; amountCents: number };
  /** Per terminal: its location's index and time zone. */
  terminals: { location: number; timezone: string }[];
}

export interface LedgerPayment {
  typeId: number;
  giftCardNumber?: string;
  name: string;
  cashLike: boolean;
  amountCents: number;
  tipCents: number;
  /** Toward the totals: the amount less its part of the change. */
  share: number;
}

export interface LedgerLine {
  itemId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  modifiers: { name: string; priceCents: number; modifierId?: number }[];
  figures: LineFigures;
  costCents: number;
  categoryId: number | null;
}

export interface LedgerReceipt {
  kind: 'sale' | 'refund';
  eventId: string;
  /** The receipt number the server answered. */
  number: number | null;
  at: number;
  terminal: number;
  location: number;
  day: string;
  shift: number | null;
  lines: LedgerLine[];
  discounts: number[];
  /** What the promotion took off (0: not claimed). */
  promotionCents: number;
  /** What each discount of the catalog took off it, by discount id. */
  named: Map<number, number>;
  payments: LedgerPayment[];
  change: number;
  figures: SaleFigures;
  tip: number;
  refundOf: string | null;
  employee: { id: number; name: string } | null;
  /** The loyalty customer, on a sale and on its refunds. */
  customer: boolean;
  /** The sale's order type (a refund's is its sale's). */
  orderType: { id: number; name: string } | null;
}

export interface LedgerShift {
  eventId: string;
  terminal: number;
  number: number | null;
  floatCents: number;
  openedAt: number;
  closedAt: number | null;
  countedCents: number | null;
  /** What the server answered at the closing. */
  answeredExpected: number | null;
  movements: { kind: 'pay_in' | 'pay_out'; amountCents: number; at: number }[];
}

export interface Ledger {
  receipts: LedgerReceipt[];
  shifts: LedgerShift[];
  /** Per sale event id, per line: what refunds took so far. */
  returned: Map<string, Returned[]>;
  /** What the gift card holds after the events so far. */
  giftCardCents: number;
  /** The loyalty customer's points after the events so far. */
  points: number;
}

/** What a sale sent with its change off a card pays instead (see changeOffCard). */
export interface Refused {
  payments: { paymentTypeId: number; amountCents: number }[];
  changeCents: number;
}

/** A register event as sent, with the terminal that sends it. */
export interface Outgoing {
  terminal: number;
  event: Record<string, unknown>;
  /** The event must be refused, naming this field (and change nothing). */
  refusedOn?: string;
  /** The ledger entry the answer's number goes to. */
  receipt?: LedgerReceipt;
  shift?: LedgerShift;
}
