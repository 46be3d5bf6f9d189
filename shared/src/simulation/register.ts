/**
 * A simulated register: it rings up sales, refunds, pay-ins and pay-outs and opens and closes
 * shifts, producing exactly the events a real register sends to `/api/device/v1/events`. The
 * register simulator (`npm run simulate`) streams them live; the demo seed uses the same generator
 * for its 90 days of history, so history and live data have one shape.
 *
 * Deterministic: the same seed gives the same events with the same ids (the times are whatever the
 * caller passes). Pure: no I/O, no clock.
 */
import { type CashMovementEvent, type ClockInEvent, type ClockOutEvent, type DeviceConfig, type ReceiptEvent, type RefundEvent, type ShiftCloseEvent, type ShiftOpenEvent } from '@hive/shared/schemas/device';
import { computeRefund, computeSale, type RefundableLine } from '@hive/register-sdk/money';

/** mulberry32 seeded from a string (FNV-1a): small, fast, good enough for simulated shoppers. */
export function createRandom(seedText: string): () => number {
  let seed = 0x811c9dc5;
  for (let k = 0; k < seedText.length; k += 1) seed = Math.imul(seed ^ seedText.charCodeAt(k), 0x01000193);
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A version-4 UUID derived from `text` (cyrb128: four 32-bit hashes), so that the same seed and
 * counter always give the same event id and different ones practically never collide.
 */
export function uuidFrom(text: string): string {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i += 1) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  const hex = [h1 ^ h2 ^ h3 ^ h4, h2 ^ h1, h3 ^ h1, h4 ^ h1]
    .map((h) => (h >>> 0).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What the generator reads of a register's configuration. */
export type SimConfig = Pick<DeviceConfig, 'taxRates' | 'paymentTypes' | 'orderTypes' | 'employees'> & {
  items: (Omit<DeviceConfig['items'][number], 'modifierGroupIds'> & { modifierGroupIds?: number[] })[];
  /** Without it (or for items without groups) a restaurant's lines now and then carry a typed-in modifier. */
  modifierGroups?: DeviceConfig['modifierGroups'];
};

export interface RegisterOptions {
  /** Every id and choice follows from it. */
  seed: string;
  /** Restaurants: order types, modifiers, tips. */
  restaurant: boolean;
  /** Relative popularity by item id (default: a long tail in a seeded order). */
  weights?: ReadonlyMap<number, number>;
  /** Most lines of a receipt and the highest quantity of a line. */
  maxLines?: number;
  maxQty?: number;
  /** Share of sales returned later (0.01 = 1 %). */
  refundRate?: number;
  /** Customers to name on some receipts (ids of the company's customers). */
  customerIds?: readonly number[];
}

interface RememberedSale {
  id: string;
  paidCash: boolean;
  lines: { line: number; sale: RefundableLine }[];
}

const MODIFIERS = [
  ['Extra cheese', 150],
  ['Large', 100],
  ['Oat milk', 50],
  ['No onions', 0],
  ['Extra shot', 80],
] as const;
const PAY_OUTS = ['Milk delivery', 'Window cleaner', 'Stamps', 'Cleaning supplies', 'Ice'] as const;

export class SimulatedRegister {
  private readonly random: () => number;
  /** The modifiers of the items' groups: a stream of their own, so the rest of a sale stays the same. */
  private readonly modifierRandom: () => number;
  private readonly groupOf: Map<number, DeviceConfig['modifierGroups'][number]>;
  private counter = 0;
  private readonly cash: number | null;
  private readonly card: number | null;
  private readonly weights: number[];
  private readonly weightSum: number;
  private readonly recent: RememberedSale[] = [];
  private readonly taxOf: Map<number, { rateBp: number; type: 'added' | 'included' }>;
  /** The open shift: its id, and what the drawer should hold. */
  private shift: { id: string; expectedCents: number } | null = null;
  /**
   * The time clock keeps a counter of its own and draws nothing from `random`: clocking people in
   * and out changes neither the ids nor the choices of the sales.
   */
  private clockCounter = 0;
  private readonly clockedIn = new Set<number>();

  constructor(
    private readonly config: SimConfig,
    private readonly options: RegisterOptions,
  ) {
    this.random = createRandom(`${options.seed}:choices`);
    this.modifierRandom = createRandom(`${options.seed}:modifiers`);
    this.groupOf = new Map((config.modifierGroups ?? []).map((g) => [g.id, g]));
    const pay = config.paymentTypes;
    this.cash = (pay.find((p) => p.builtin === 'cash') ?? pay.find((p) => p.cashLike))?.id ?? null;
    this.card = (pay.find((p) => p.builtin === 'card') ?? pay.find((p) => !p.cashLike))?.id ?? this.cash;
    // A long tail unless told: a seeded order of the items, the first ones sell most.
    const order = createRandom(`${options.seed}:popularity`);
    const ranks = new Map(
      config.items
        .map((i) => ({ id: i.id, r: order() }))
        .sort((a, b) => a.r - b.r)
        .map((x, rank) => [x.id, rank]),
    );
    this.weights = config.items.map((i) => options.weights?.get(i.id) ?? 1 / (1 + ranks.get(i.id)!));
    this.weightSum = this.weights.reduce((a, b) => a + b, 0);
    this.taxOf = new Map(config.taxRates.map((t) => [t.id, { rateBp: t.rateBp, type: t.type }]));
  }

  get openShiftId(): string | null {
    return this.shift?.id ?? null;
  }

  /** Picks up a shift left open (e.g. by an earlier run) so that it can be closed. */
  adoptShift(id: string, expectedCents: number): void {
    this.shift = { id, expectedCents };
  }

  private nextId(kind: string): string {
    this.counter += 1;
    return uuidFrom(`${this.options.seed}:${kind}:${this.counter}`);
  }

  private employee(): number | null {
    const list = this.config.employees;
    return list.length === 0 ? null : list[Math.floor(this.random() * list.length)]!.id;
  }

  /** Each group's minimum, and sometimes more up to its maximum (undefined: none chosen). */
  private chooseModifiers(groups: DeviceConfig['modifierGroups']) {
    const chosen = groups.flatMap((g) => {
      const spare = g.maxChoices - g.minChoices;
      const extra = spare > 0 && this.modifierRandom() < 0.3 ? 1 + Math.floor(this.modifierRandom() * spare) : 0;
      const pool = [...g.modifiers];
      const picked: typeof pool = [];
      for (let k = 0; k < Math.min(g.minChoices + extra, pool.length); k += 1) {
        picked.push(...pool.splice(Math.floor(this.modifierRandom() * pool.length), 1));
      }
      return picked.map((m) => ({ name: m.name, priceCents: m.priceCents, modifierId: m.id }));
    });
    return chosen.length > 0 ? chosen : undefined;
  }

  private pickItem() {
    let r = this.random() * this.weightSum;
    for (let k = 0; k < this.config.items.length; k += 1) {
      r -= this.weights[k]!;
      if (r <= 0) return this.config.items[k]!;
    }
    return this.config.items[this.config.items.length - 1]!;
  }

  get canSell(): boolean {
    return this.config.items.length > 0 && this.cash !== null;
  }

  openShift(at: number, floatCents = 10_000 * (1 + Math.floor(this.random() * 2))): ShiftOpenEvent {
    const id = this.nextId('shift');
    this.shift = { id, expectedCents: floatCents };
    return { id, type: 'shift_open', at, employeeId: this.employee(), openingFloatCents: floatCents };
  }

  /** Counted cash is what the drawer should hold, now and then a little off. */
  closeShift(at: number): ShiftCloseEvent {
    if (!this.shift) throw new Error('no open shift');
    const r = this.random();
    const off = r < 0.7 ? 0 : Math.round((this.random() - 0.6) * 800);
    const event: ShiftCloseEvent = {
      id: this.nextId('close'),
      type: 'shift_close',
      at,
      shiftId: this.shift.id,
      employeeId: this.employee(),
      countedCashCents: Math.max(0, this.shift.expectedCents + off),
    };
    this.shift = null;
    return event;
  }

  /** Employees this register clocked in and has not clocked out. */
  get onTheClock(): number[] {
    return [...this.clockedIn];
  }

  private nextClockId(): string {
    this.clockCounter += 1;
    return uuidFrom(`${this.options.seed}:clock:${this.clockCounter}`);
  }

  /**
   * Picks up an employee already on the clock here (config.clockedIn, e.g. after a restart), so
   * that clockOutAll sends them home rather than a second clock_in being refused.
   */
  adoptClockIn(employeeId: number): void {
    this.clockedIn.add(employeeId);
  }

  /** Lets go of an employee someone else has on the clock (their clock_in here was refused). */
  forgetClockIn(employeeId: number): void {
    this.clockedIn.delete(employeeId);
  }

  /** An employee (from config.employees) starts work at this register. */
  clockIn(at: number, employeeId: number): ClockInEvent {
    if (this.clockedIn.has(employeeId)) throw new Error(`employee ${employeeId} is already clocked in`);
    this.clockedIn.add(employeeId);
    return { id: this.nextClockId(), type: 'clock_in', at, employeeId };
  }

  clockOut(at: number, employeeId: number): ClockOutEvent {
    if (!this.clockedIn.delete(employeeId)) throw new Error(`employee ${employeeId} is not clocked in`);
    return { id: this.nextClockId(), type: 'clock_out', at, employeeId };
  }

  /** Everyone this register clocked in goes home (at the end of the shift). */
  clockOutAll(at: number): ClockOutEvent[] {
    return this.onTheClock.map((employeeId) => this.clockOut(at, employeeId));
  }

  cashMovement(at: number): CashMovementEvent {
    if (!this.shift) throw new Error('no open shift');
    const payIn = this.random() < 0.2;
    const amountCents = payIn ? 5_000 : 500 + Math.floor(this.random() * 30) * 100;
    if (!payIn && amountCents > this.shift.expectedCents) return this.cashMovementIn(at, 5_000);
    this.shift.expectedCents += payIn ? amountCents : -amountCents;
    return {
      id: this.nextId('cash'),
      type: 'cash_movement',
      at,
      shiftId: this.shift.id,
      employeeId: this.employee(),
      kind: payIn ? 'pay_in' : 'pay_out',
      amountCents,
      reason: payIn ? 'Change float top-up' : PAY_OUTS[Math.floor(this.random() * PAY_OUTS.length)]!,
    };
  }

  private cashMovementIn(at: number, amountCents: number): CashMovementEvent {
    this.shift!.expectedCents += amountCents;
    return {
      id: this.nextId('cash'),
      type: 'cash_movement',
      at,
      shiftId: this.shift!.id,
      employeeId: this.employee(),
      kind: 'pay_in',
      amountCents,
      reason: 'Change float top-up',
    };
  }

  /** A sale: a basket of popular items, sometimes discounted, paid by cash, card or both. */
  sale(at: number): ReceiptEvent {
    const { restaurant } = this.options;
    const maxLines = this.options.maxLines ?? (restaurant ? 6 : 8);
    const maxQty = this.options.maxQty ?? (restaurant ? 2 : 3);
    const chosen = new Map<number, ReceiptEvent['lines'][number]>();
    const count = 1 + Math.floor(this.random() * this.random() * maxLines);
    for (let k = 0; k < count; k += 1) {
      const item = this.pickItem();
      const quantity = 1 + Math.floor(this.random() * this.random() * maxQty);
      const existing = chosen.get(item.id);
      if (existing) {
        existing.quantity += quantity;
        continue;
      }
      const typed =
        restaurant && this.random() < 0.12
          ? [MODIFIERS[Math.floor(this.random() * MODIFIERS.length)]!].map(([name, priceCents]) => ({
              name,
              priceCents,
            }))
          : undefined;
      const groups = (item.modifierGroupIds ?? []).flatMap((id) => this.groupOf.get(id) ?? []);
      const modifiers = groups.length > 0 ? this.chooseModifiers(groups) : typed;
      chosen.set(item.id, {
        itemId: item.id,
        name: item.name,
        quantity,
        unitPriceCents: item.priceCents,
        ...(modifiers ? { modifiers } : {}),
        taxRateIds: item.taxRateIds.filter((id) => this.taxOf.has(id)),
      });
    }
    const lines = [...chosen.values()];
    // A staff or promotion discount now and then: 10 % off one line, or 5 % off the receipt.
    if (this.random() < 0.05) {
      const line = lines[Math.floor(this.random() * lines.length)]!;
      const gross =
        line.quantity * (line.unitPriceCents + (line.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0));
      const off = Math.round(gross / 10);
      if (off > 0) line.discountCents = off;
    }
    const taxed = lines.map((l) => ({ ...l, taxes: l.taxRateIds.map((id) => this.taxOf.get(id)!) }));
    let discounts: ReceiptEvent['discounts'];
    const preview = computeSale(taxed, 0);
    if ('amounts' in preview && this.random() < 0.03) {
      const off = Math.round((preview.amounts.subtotalCents - preview.amounts.discountCents) / 20);
      if (off > 0) discounts = [{ name: 'Loyalty 5 %', amountCents: off }];
    }
    const computed = computeSale(taxed, discounts?.[0]?.amountCents ?? 0);
    if (!('amounts' in computed)) throw new Error('the simulator built an impossible sale');
    const total = computed.amounts.totalCents;

    // Payment: cash 35 %, card 55 %, split 10 %; tips on some restaurant card payments.
    const r = this.random();
    const payments: ReceiptEvent['payments'] = [];
    let changeCents = 0;
    let cashIn = 0;
    const tip =
      restaurant && this.random() < 0.4 ? Math.round((total * (5 + Math.floor(this.random() * 11))) / 100) : 0;
    if (total > 0) {
      if (r < 0.35 || this.card === null) {
        const tendered = this.random() < 0.5 ? total : Math.ceil(total / 500) * 500 + (this.random() < 0.3 ? 500 : 0);
        payments.push({ paymentTypeId: this.cash!, amountCents: tendered });
        changeCents = tendered - total;
        cashIn = total;
      } else if (r < 0.9 || total < 200) {
        payments.push({ paymentTypeId: this.card, amountCents: total, ...(tip > 0 ? { tipCents: tip } : {}) });
      } else {
        const cashPart = Math.max(100, Math.floor((total * (0.2 + this.random() * 0.5)) / 100) * 100);
        const part = Math.min(cashPart, total - 1);
        payments.push({ paymentTypeId: this.cash!, amountCents: part });
        payments.push({ paymentTypeId: this.card, amountCents: total - part, ...(tip > 0 ? { tipCents: tip } : {}) });
        cashIn = part;
      }
    }
    const tipCents = payments.reduce((s, p) => s + (p.tipCents ?? 0), 0);
    if (this.shift) this.shift.expectedCents += cashIn;

    const orderTypeId = restaurant ? this.orderType() : null;
    const customers = this.options.customerIds ?? [];
    const id = this.nextId('sale');
    const event: ReceiptEvent = {
      id,
      type: 'receipt',
      at,
      localNumber: `${this.counter}`,
      shiftId: this.shift?.id ?? null,
      employeeId: this.employee(),
      orderTypeId,
      customerId:
        customers.length > 0 && this.random() < 0.3 ? customers[Math.floor(this.random() * customers.length)]! : null,
      lines,
      ...(discounts ? { discounts } : {}),
      payments,
      ...(changeCents > 0 ? { changeCents } : {}),
      totals: {
        subtotalCents: computed.amounts.subtotalCents,
        discountCents: computed.amounts.discountCents,
        taxCents: computed.amounts.taxCents,
        totalCents: total,
        tipCents,
      },
      ...(restaurant && orderTypeId !== null ? { sendToKitchen: true } : {}),
    };
    this.recent.push({
      id,
      paidCash: cashIn > 0 && payments.length === 1,
      lines: lines.map((l, i) => ({
        line: i + 1,
        sale: {
          quantity: l.quantity,
          grossCents: computed.amounts.lines[i]!.grossCents,
          discountCents: computed.amounts.lines[i]!.discountCents,
          taxes: taxed[i]!.taxes.map((t, k) => ({ ...t, taxCents: computed.amounts.lines[i]!.taxCents[k]! })),
          refunded: { quantity: 0, grossCents: 0, discountCents: 0, taxCents: taxed[i]!.taxes.map(() => 0) },
        },
      })),
    });
    if (this.recent.length > 50) this.recent.shift();
    return event;
  }

  private orderType(): number | null {
    const types = this.config.orderTypes;
    const t = this.random();
    const by = (b: string) => types.find((x) => x.builtin === b)?.id;
    return (t < 0.65 ? by('dine_in') : t < 0.95 ? by('takeaway') : by('delivery')) ?? types[0]?.id ?? null;
  }

  /** Whether the next sale should come with a refund of an earlier one (the refund rate). */
  wantsRefund(): boolean {
    return this.recent.length > 0 && this.random() < (this.options.refundRate ?? 0.02);
  }

  /** Returns part of a recent sale of this register (never more than is left of a line), or null. */
  refund(at: number): RefundEvent | null {
    const open = this.recent.filter((s) => s.lines.some((l) => l.sale.refunded.quantity < l.sale.quantity));
    if (open.length === 0) return null;
    const sale = open[Math.floor(this.random() * open.length)]!;
    const candidates = sale.lines.filter((l) => l.sale.refunded.quantity < l.sale.quantity);
    const picked = candidates.slice(0, 1 + Math.floor(this.random() * Math.min(2, candidates.length)));
    const lines = picked.map((l) => ({
      line: l.line,
      quantity: 1 + Math.floor(this.random() * (l.sale.quantity - l.sale.refunded.quantity)),
    }));
    const computed = computeRefund(lines.map((l, i) => ({ sale: picked[i]!.sale, quantity: l.quantity })));
    if (!('amounts' in computed)) return null;
    const total = computed.amounts.totalCents;
    // Record what was returned, as the server will.
    picked.forEach((l, i) => {
      const a = computed.amounts.lines[i]!;
      const r = l.sale.refunded;
      l.sale.refunded = {
        quantity: r.quantity + lines[i]!.quantity,
        grossCents: r.grossCents + a.grossCents,
        discountCents: r.discountCents + a.discountCents,
        taxCents: r.taxCents.map((c, k) => c + (a.taxCents[k] ?? 0)),
      };
    });
    const byCash = sale.paidCash || this.card === null;
    if (byCash && this.shift) this.shift.expectedCents -= total;
    return {
      id: this.nextId('refund'),
      type: 'refund',
      at,
      receiptId: sale.id,
      shiftId: this.shift?.id ?? null,
      employeeId: this.employee(),
      reason: this.random() < 0.5 ? 'Damaged' : 'Changed mind',
      lines,
      payments: total > 0 ? [{ paymentTypeId: (byCash ? this.cash : this.card)!, amountCents: total }] : [],
      totals: {
        subtotalCents: computed.amounts.subtotalCents,
        discountCents: computed.amounts.discountCents,
        taxCents: computed.amounts.taxCents,
        totalCents: total,
      },
    };
  }
}
