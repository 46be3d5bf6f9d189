import fc from 'fast-check';

/*
 * The plan of a random trading day: what fast-check generates and shrinks, every choice a small
 * number or a flag that the register (generator.ts) turns into events.
 */

/** `change_card`: the card pays the total and the cash handed over all comes back as change. */
export const TENDERS = [
  'cash',
  'card',
  'cash_card',
  'card_cash',
  'change_card',
  'cash_cash',
  'gift',
  'gift_cash',
  'none',
] as const;
export type Tender = (typeof TENDERS)[number];

export interface LinePlan {
  /** An item of the catalog, or (one past the last) an item typed in at the register. */
  item: number;
  quantity: number;
  /** Price typed in, or the item's own when null. */
  priceCents: number | null;
  modifiers: number[];
  /** Per mille of the line's gross taken off as its own discount. */
  discountPermille: number;
  /** The item discount of the catalog instead, when it covers the item. */
  namedDiscount: boolean;
  /** The modifiers name the catalog's (modifierId), or are notes typed in with a price. */
  namedModifiers: boolean;
  taxSet: number;
}

export interface SalePlan {
  kind: 'sale';
  gapMinutes: number;
  lines: LinePlan[];
  /** Per mille of what is left after the line discounts, one entry per receipt discount. */
  receiptDiscounts: number[];
  tender: Tender;
  splitPermille: number;
  changeCents: number;
  tipCents: number;
  /** Rung up outside the drawer's shift (a register may send no shiftId). */
  outsideShift: boolean;
  /**
   * Dated on a day's edge where the till stands: 1 exactly at the next local midnight, 2 a
   * millisecond before; 3 `turnMinutes` from the end of the next day whose clocks change (a 23- or
   * 25-hour day: 23:30 on the long day, 00:30 after the short one), when the window has one ahead.
   */
  edge: number;
  turnMinutes: number;
  /**
   * When above 0, the register first sends the sale with change off a card, which must be refused:
   * the card pays this much over, and the change is that much more than the cash paid (a card-only
   * sale "with change", or cash 2.00 + card 10.00 with change 4.00 on 8.00).
   */
  badChangeCents: number;
  /** An order type of the configuration (one past the last: none). */
  orderType: number;
  /** Who rang it up: an employee of the fixture (one past the last: nobody named). */
  employee: number;
  /** For the loyalty customer (who earns points), and the points they spend on it (0: none). */
  customer: boolean;
  redeemPoints: number;
  /** The register applies the spend-and-get promotion when the basket qualifies. */
  promotion: boolean;
  /** The receipt discount of the catalog (a percentage of what the lines cost after their own). */
  namedDiscount: boolean;
}

export interface RefundPlan {
  kind: 'refund';
  gapMinutes: number;
  /** Which earlier sale (modulo the sales that still have something to return). */
  pick: number;
  lines: { line: number; quantity: number }[];
  /** How the money goes back: 0 cash, 1 card, 2 cash and card, 3 onto the gift card. */
  tender: number;
  employee: number;
}

export interface MovementPlan {
  kind: 'move';
  gapMinutes: number;
  payIn: boolean;
  amountCents: number;
}

export type ActionPlan = SalePlan | RefundPlan | MovementPlan;

export interface ShiftPlan {
  floatCents: number;
  actions: ActionPlan[];
  /** Closed with the counted cash off by this much (the last shift may stay open). */
  close: boolean;
  countedOffCents: number;
}

export interface DayPlan {
  /** Which of the test's fixed trading windows. */
  window: number;
  /** Minutes after the window's start each terminal's first shift opens. */
  startMinutes: [number, number];
  shifts: [ShiftPlan[], ShiftPlan[]];
  /** Refunds rung up on the other terminal, outside any shift, after everything else. */
  crossRefunds: RefundPlan[];
  batchSize: number;
  /** Batches sent a second time (indices modulo the number of batches). */
  resend: number[];
  /** Batches that carry one of their events twice (the second is a duplicate of the first). */
  repeatInside: number[];
}

const gap = fc.integer({ min: 1, max: 150 });

const linePlan = (items: number, taxSets: number): fc.Arbitrary<LinePlan> =>
  fc.record({
    item: fc.nat({ max: items }),
    quantity: fc.integer({ min: 1, max: 4 }),
    priceCents: fc.option(fc.integer({ min: 1, max: 4_999 }), { freq: 3 }),
    modifiers: fc.array(fc.integer({ min: 0, max: 250 }), { maxLength: 2 }),
    discountPermille: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000 })),
    namedDiscount: fc.boolean(),
    namedModifiers: fc.boolean(),
    taxSet: fc.nat({ max: taxSets - 1 }),
  });

const salePlan = (items: number, taxSets: number): fc.Arbitrary<SalePlan> =>
  fc.record({
    kind: fc.constant('sale' as const),
    gapMinutes: gap,
    lines: fc.array(linePlan(items, taxSets), { minLength: 1, maxLength: 4 }),
    receiptDiscounts: fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 2 }),
    tender: fc.constantFrom(...TENDERS),
    splitPermille: fc.integer({ min: 0, max: 1_000 }),
    changeCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_000 })),
    tipCents: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
    orderType: fc.nat({ max: 3 }),
    employee: fc.nat({ max: 2 }),
    customer: fc.boolean(),
    promotion: fc.boolean(),
    namedDiscount: fc.boolean(),
    redeemPoints: fc.oneof(fc.constant(0), fc.integer({ min: 50, max: 900 })),
    edge: fc.oneof(
      { arbitrary: fc.constant(0), weight: 6 },
      { arbitrary: fc.integer({ min: 1, max: 2 }), weight: 2 },
      { arbitrary: fc.constant(3), weight: 2 },
    ),
    // Mostly within the hour a 24-hour day would get wrong (the last of a long day, the first after a short one).
    turnMinutes: fc.integer({ min: -75, max: 75 }),
    badChangeCents: fc.oneof(
      { arbitrary: fc.constant(0), weight: 8 },
      { arbitrary: fc.integer({ min: 1, max: 500 }), weight: 1 },
    ),
    outsideShift: fc.oneof({ arbitrary: fc.constant(false), weight: 5 }, { arbitrary: fc.constant(true), weight: 1 }),
  });

const refundPlan: fc.Arbitrary<RefundPlan> = fc.record({
  kind: fc.constant('refund' as const),
  gapMinutes: gap,
  pick: fc.nat({ max: 50 }),
  lines: fc.array(fc.record({ line: fc.nat({ max: 3 }), quantity: fc.nat({ max: 3 }) }), {
    minLength: 1,
    maxLength: 2,
  }),
  tender: fc.nat({ max: 3 }),
  employee: fc.nat({ max: 2 }),
});

const movementPlan: fc.Arbitrary<MovementPlan> = fc.record({
  kind: fc.constant('move' as const),
  gapMinutes: gap,
  payIn: fc.boolean(),
  amountCents: fc.integer({ min: 1, max: 5_000 }),
});

const shiftPlan = (items: number, taxSets: number): fc.Arbitrary<ShiftPlan> =>
  fc.record({
    floatCents: fc.integer({ min: 0, max: 20_000 }),
    actions: fc.array(
      fc.oneof(
        { arbitrary: salePlan(items, taxSets), weight: 5 },
        { arbitrary: refundPlan, weight: 2 },
        { arbitrary: movementPlan, weight: 1 },
      ),
      { maxLength: 7 },
    ),
    close: fc.boolean(),
    countedOffCents: fc.integer({ min: -500, max: 500 }),
  });

export function dayPlan(items: number, taxSets: number, windows: number): fc.Arbitrary<DayPlan> {
  const shifts = fc.array(shiftPlan(items, taxSets), { minLength: 1, maxLength: 2 });
  return fc.record({
    window: fc.nat({ max: windows - 1 }),
    startMinutes: fc.tuple(fc.nat({ max: 1_440 }), fc.nat({ max: 1_440 })),
    shifts: fc.tuple(shifts, shifts),
    crossRefunds: fc.array(refundPlan, { maxLength: 2 }),
    batchSize: fc.integer({ min: 1, max: 12 }),
    resend: fc.array(fc.nat({ max: 20 }), { maxLength: 2 }),
    repeatInside: fc.array(fc.nat({ max: 20 }), { maxLength: 2 }),
  });
}
