import { randomUUID } from 'node:crypto';
import {
  changeShares,
  divRound,
  nextMidnight,
  localDay,
  priceSale,
  refundLine,
  refundTotals,
  type LineInput,
} from './model';
import type { DayPlan, RefundPlan, SalePlan } from './plan';
import type {
  Catalog,
  Ledger,
  LedgerPayment,
  LedgerReceipt,
  LedgerShift,
  LedgerLine,
  Refused,
  Outgoing,
} from './ledger';

/*
 * The register of the reconciliation test: it turns a plan (plan.ts) into device API events,
 * writing down in a ledger what each event should do to the books.
 */

export type * from './ledger';

// ---------------------------------------------------------------------------------------------
// The register

/** A line typed in at the register: no catalog item, no cost, no stock. */
export const TYPED_IN = {
  id: null,
  name: 'Recon misc',
  priceCents: 500,
  costCents: 0,
  trackStock: false,
  categoryId: null,
};

/** The drawer's expected cash by the rule of device-api.md 4.5, from the ledger. */
export function expectedCash(ledger: Ledger, shift: number): number {
  const s = ledger.shifts[shift]!;
  let cash = s.floatCents;
  for (const r of ledger.receipts) {
    if (r.shift !== shift) continue;
    for (const p of r.payments) {
      if (!p.cashLike) continue;
      cash += r.kind === 'sale' ? p.share + p.tipCents : -p.amountCents;
    }
  }
  for (const m of s.movements) cash += m.kind === 'pay_in' ? m.amountCents : -m.amountCents;
  return cash;
}

function payments(
  catalog: Catalog,
  ledger: Ledger,
  plan: SalePlan,
  total: number,
): { list: LedgerPayment[]; change: number; refused: Refused | null } {
  const pay = (type: 'cash' | 'card' | 'gift', amountCents: number, tipCents = 0): LedgerPayment => ({
    typeId: catalog[type].id,
    ...(type === 'gift' ? { giftCardNumber: catalog.gift.number } : {}),
    name: catalog[type].name,
    cashLike: type === 'cash',
    amountCents,
    tipCents,
    share: amountCents,
  });
  let tender = plan.tender;
  if (total === 0) return { list: [], change: 0, refused: null };
  if (total < 2 && tender !== 'card' && tender !== 'gift') tender = 'cash';
  if (tender === 'none') tender = 'card';
  // The card pays only what it holds (a register checks its balance first).
  if ((tender === 'gift' || tender === 'gift_cash') && ledger.giftCardCents < total) tender = 'card';
  if (tender === 'change_card' && plan.changeCents === 0) tender = 'card';
  const change = tender === 'card' || tender === 'gift' ? 0 : plan.changeCents;
  const part = 1 + Math.floor((plan.splitPermille * (total - 2)) / 1_000);
  const tip = plan.tipCents;
  const list =
    tender === 'change_card'
      ? [pay('cash', change), pay('card', total, tip)]
      : tender === 'cash'
        ? [pay('cash', total + change, tip)]
        : tender === 'card'
          ? [pay('card', total, tip)]
          : tender === 'cash_card'
            ? [pay('cash', part + change), pay('card', total - part, tip)]
            : tender === 'card_cash'
              ? [pay('card', part, tip), pay('cash', total - part + change)]
              : tender === 'gift'
                ? [pay('gift', total)]
                : tender === 'gift_cash'
                  ? [pay('gift', part), pay('cash', total - part + change, tip)]
                  : [pay('cash', part + change, tip), pay('cash', total - part)];
  for (const p of list) if (p.typeId === catalog.gift.id) ledger.giftCardCents -= p.amountCents;
  const shares = changeShares(list, change);
  list.forEach((p, i) => (p.share = shares[i]!));
  return { list, change, refused: changeOffCard(catalog, plan, list, total) };
}

/**
 * The same sale paid so that its change comes off a card (device-api.md 4.5: change is given
 * from cash only), which the server must refuse: the cash the valid tender had (none when the
 * card paid alone) stays, the card pays `badChangeCents` over, and the change is the cash plus
 * that. The payments still add up (paid less change is the total): only the cash rule refuses it.
 */
function changeOffCard(catalog: Catalog, plan: SalePlan, list: LedgerPayment[], total: number) {
  if (plan.badChangeCents === 0 || total === 0) return null;
  const cashIn = list.filter((p) => p.cashLike).reduce((s, p) => s + p.share, 0);
  const cash = Math.min(cashIn, total);
  const change = cash + plan.badChangeCents;
  return {
    payments: [
      ...(cash > 0 ? [{ paymentTypeId: catalog.cash.id, amountCents: cash }] : []),
      { paymentTypeId: catalog.card.id, amountCents: total - cash + change },
    ],
    changeCents: change,
  };
}

/**
 * `minutes` from the midnight that ends the first day (from the one holding `at`) whose clocks
 * change in `zone`, if that is not before `at` nor after `latest`: where a report that takes a
 * day as 24 hours lists a sale on the wrong day. Null when there is none (Tokyo, June).
 */
function nearClockChange(at: number, zone: string, minutes: number, latest: number): number | null {
  const hour = 3_600_000;
  let end = nextMidnight(at, zone);
  let start = nextMidnight(end - 26 * hour, zone);
  while (start <= latest) {
    const near = end + minutes * 60_000;
    if (end - start !== 24 * hour && near >= at && near <= latest) return near;
    [start, end] = [end, nextMidnight(end, zone)];
  }
  return null;
}

/**
 * Turns a plan into the events a pair of registers sends, in order, and the ledger of what they
 * should do. Times run from `windowStart` in minutes; nothing is dated after `latest`.
 */
export function ringUp(
  plan: DayPlan,
  catalog: Catalog,
  windowStart: number,
  latest: number,
): { outgoing: Outgoing[]; ledger: Ledger } {
  const ledger: Ledger = {
    receipts: [],
    shifts: [],
    returned: new Map(),
    giftCardCents: catalog.gift.balanceCents,
    points: catalog.customer.points,
  };
  const outgoing: Outgoing[] = [];
  const minute = 60_000;
  const clocks = [windowStart + plan.startMinutes[0] * minute, windowStart + plan.startMinutes[1] * minute];
  const tick = (terminal: number, minutes: number) => {
    clocks[terminal] = Math.min(latest, clocks[terminal]! + minutes * minute);
    return clocks[terminal]!;
  };
  const dayOf = (terminal: number, at: number) => localDay(at, catalog.terminals[terminal]!.timezone);

  const sale = (terminal: number, inShift: number | null, p: SalePlan) => {
    const shift = p.outsideShift ? null : inShift;
    let at = tick(terminal, p.gapMinutes);
    const zone = catalog.terminals[terminal]!.timezone;
    if (p.edge === 1 || p.edge === 2) {
      const midnight = nextMidnight(at, zone) - (p.edge === 2 ? 1 : 0);
      if (midnight <= latest) at = clocks[terminal] = midnight;
    } else if (p.edge === 3) {
      const near = nearClockChange(at, zone, p.turnMinutes, latest);
      if (near !== null) at = clocks[terminal] = near;
    }
    const named = new Map<number, number>();
    const lines: LineInput[] = p.lines.map((l) => {
      const item = catalog.items[l.item] ?? TYPED_IN;
      const unitPriceCents = l.priceCents ?? item.priceCents;
      // The register prints the name and price; naming the catalog's modifier is optional.
      const modifiers = l.modifiers.map((priceCents, k) => ({
        name: `Extra ${k + 1}`,
        priceCents,
        ...(l.namedModifiers ? { modifierId: catalog.modifierGroup.modifierIds[k]! } : {}),
      }));
      const gross = l.quantity * (unitPriceCents + modifiers.reduce((s, m) => s + m.priceCents, 0));
      // The item discount: its percentage of the line's gross, half up (device-api.md 3.1, 4.7).
      const itemDiscount = catalog.discounts.items;
      if (l.namedDiscount && item.categoryId === itemDiscount.categoryId) {
        const cents = divRound(gross * itemDiscount.percentBp, 10_000);
        named.set(itemDiscount.id, (named.get(itemDiscount.id) ?? 0) + cents);
        return {
          itemId: item.id,
          name: item.name,
          quantity: l.quantity,
          unitPriceCents,
          modifiers,
          discountCents: cents,
          discountId: itemDiscount.id,
          taxRateIds: catalog.taxSets[l.taxSet]!,
        };
      }
      return {
        itemId: item.id,
        name: item.name,
        quantity: l.quantity,
        unitPriceCents,
        modifiers,
        discountCents: Math.floor((gross * l.discountPermille) / 1_000),
        taxRateIds: catalog.taxSets[l.taxSet]!,
      };
    });
    const left = lines.reduce(
      (s, l) =>
        s + l.quantity * (l.unitPriceCents + l.modifiers.reduce((a, m) => a + m.priceCents, 0)) - l.discountCents,
      0,
    );
    // Each receipt discount a share of what is left; together never more than it.
    const discounts: number[] = [];
    const sent: Record<string, unknown>[] = [];
    let room = left;
    // The receipt discount: its percentage of what the lines cost after their own discounts.
    const receiptDiscount = catalog.discounts.receipt;
    const off = divRound(left * receiptDiscount.percentBp, 10_000);
    if (p.namedDiscount && off > 0 && off <= room) {
      discounts.push(off);
      sent.push({ name: receiptDiscount.name, amountCents: off, discountId: receiptDiscount.id });
      named.set(receiptDiscount.id, off);
      room -= off;
    }
    // Spend X get Y (behaviour.md 15): once the basket (units at their price with modifiers)
    // reaches X, Y off it (never more than it). Claimed first, if what is left can take it.
    const { promotion } = catalog;
    const basket = lines.reduce(
      (s, l) => s + l.quantity * (l.unitPriceCents + l.modifiers.reduce((a, m) => a + m.priceCents, 0)),
      0,
    );
    const promo = Math.min(basket, promotion.amountCents);
    if (p.promotion && basket >= promotion.thresholdCents && promo <= room) {
      discounts.push(promo);
      sent.push({ name: promotion.name, amountCents: promo, promotionId: promotion.id });
      room -= promo;
    }
    for (const permille of p.receiptDiscounts) {
      const amount = Math.min(room, Math.floor((left * permille) / 1_000));
      if (amount > 0) {
        discounts.push(amount);
        sent.push({ name: `Discount ${sent.length + 1}`, amountCents: amount });
      }
      room -= amount;
    }
    // Points turned into money off: worth points x value / 100, rounded down (device-api.md 3.1, 4.7).
    const { loyalty } = catalog;
    const worth = Math.floor((p.redeemPoints * loyalty.valuePer100Cents) / 100);
    const redeem =
      p.customer &&
      p.redeemPoints >= loyalty.minRedeemPoints &&
      p.redeemPoints <= ledger.points &&
      worth > 0 &&
      worth <= room;
    if (redeem) {
      discounts.push(worth);
      sent.push({ name: 'Points', amountCents: worth, points: p.redeemPoints });
      ledger.points -= p.redeemPoints;
    }
    const figures = priceSale(lines, discounts, catalog.rates);
    const { list, change, refused } = payments(catalog, ledger, p, figures.total);
    const net = figures.lines.reduce((s, l) => s + l.net, 0);
    if (p.customer) ledger.points += Math.floor((net * loyalty.pointsPerUnit) / 100);
    const orderType = catalog.orderTypes[p.orderType] ?? null;
    const receipt: LedgerReceipt = {
      kind: 'sale',
      eventId: randomUUID(),
      number: null,
      at,
      terminal,
      location: catalog.terminals[terminal]!.location,
      day: dayOf(terminal, at),
      shift,
      orderType,
      employee: catalog.employees[p.employee] ?? null,
      customer: p.customer,
      lines: lines.map((l, i) => ({
        categoryId: (catalog.items.find((it) => it.id === l.itemId) ?? TYPED_IN).categoryId,
        itemId: l.itemId,
        name: l.name,
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        modifiers: l.modifiers,
        figures: figures.lines[i]!,
        costCents: l.quantity * (catalog.items.find((it) => it.id === l.itemId) ?? TYPED_IN).costCents,
      })),
      discounts,
      promotionCents: sent.some((x) => x.promotionId !== undefined) ? promo : 0,
      named,
      payments: list,
      change,
      figures,
      tip: list.reduce((s, x) => s + x.tipCents, 0),
      refundOf: null,
    };
    const event = {
      id: receipt.eventId,
      type: 'receipt',
      at,
      ...(shift === null ? {} : { shiftId: ledger.shifts[shift]!.eventId }),
      ...(orderType === null ? {} : { orderTypeId: orderType.id }),
      ...(receipt.employee === null ? {} : { employeeId: receipt.employee.id }),
      lines,
      ...(sent.length > 0 ? { discounts: sent } : {}),
      ...(p.customer ? { customerId: catalog.customer.id } : {}),
      payments: list.map((x) => ({
        paymentTypeId: x.typeId,
        ...(x.giftCardNumber ? { giftCardNumber: x.giftCardNumber } : {}),
        amountCents: x.amountCents,
        ...(x.tipCents > 0 ? { tipCents: x.tipCents } : {}),
      })),
      ...(change > 0 ? { changeCents: change } : {}),
      totals: {
        subtotalCents: figures.subtotal,
        discountCents: figures.discount,
        taxCents: figures.tax,
        totalCents: figures.total,
        tipCents: receipt.tip,
      },
    };
    if (refused) {
      // Sent first under its own id: refused, it must leave no trace (no number, points, stock).
      outgoing.push({
        terminal,
        refusedOn: 'changeCents',
        event: { ...event, id: randomUUID(), ...refused, totals: { ...event.totals, tipCents: 0 } },
      });
    }
    ledger.receipts.push(receipt);
    ledger.returned.set(
      receipt.eventId,
      lines.map(() => ({ quantity: 0, gross: 0, discount: 0, taxes: [] })),
    );
    outgoing.push({ terminal, receipt, event });
  };

  const refund = (terminal: number, shift: number | null, p: RefundPlan, notBefore = 0) => {
    const open = ledger.receipts.filter(
      (r) => r.kind === 'sale' && ledger.returned.get(r.eventId)!.some((x, i) => x.quantity < r.lines[i]!.quantity),
    );
    if (open.length === 0) return;
    const of = open[p.pick % open.length]!;
    const returned = ledger.returned.get(of.eventId)!;
    const picks = new Map<number, number>();
    for (const l of p.lines) {
      const index = l.line % of.lines.length;
      const left = of.lines[index]!.quantity - returned[index]!.quantity;
      if (left > 0 && !picks.has(index)) picks.set(index, 1 + (l.quantity % left));
    }
    if (picks.size === 0) return;
    // Never before the sale it returns, nor before what the register did last.
    const at = Math.min(latest, Math.max(tick(terminal, p.gapMinutes), notBefore, of.at + minute));
    clocks[terminal] = at;
    const chosen = [...picks.entries()].sort(([a], [b]) => a - b);
    const lines: LedgerLine[] = chosen.map(([index, q]) => {
      const sold = of.lines[index]!;
      return {
        ...sold,
        quantity: q,
        figures: refundLine(sold.figures, sold.quantity, returned[index]!, q),
        costCents: (sold.costCents / sold.quantity) * q,
      };
    });
    const figures = refundTotals(lines.map((l) => l.figures));
    const back = (type: 'cash' | 'card' | 'gift', amountCents: number): LedgerPayment => ({
      typeId: catalog[type].id,
      ...(type === 'gift' ? { giftCardNumber: catalog.gift.number } : {}),
      name: catalog[type].name,
      cashLike: type === 'cash',
      amountCents,
      tipCents: 0,
      share: amountCents,
    });
    const total = figures.total;
    const half = Math.floor(total / 2);
    const list: LedgerPayment[] =
      total === 0
        ? []
        : p.tender === 1
          ? [back('card', total)]
          : p.tender === 2 && half > 0
            ? [back('cash', half), back('card', total - half)]
            : p.tender === 3 && ledger.giftCardCents + total <= catalog.gift.balanceCents
              ? [back('gift', total)]
              : [back('cash', total)];
    // A refund paid back onto the gift card loads it (never over what it held when issued).
    for (const x of list) if (x.typeId === catalog.gift.id) ledger.giftCardCents += x.amountCents;
    const receipt: LedgerReceipt = {
      kind: 'refund',
      eventId: randomUUID(),
      number: null,
      at,
      terminal,
      location: catalog.terminals[terminal]!.location,
      day: dayOf(terminal, at),
      shift,
      lines,
      discounts: [],
      promotionCents: 0,
      named: new Map(),
      payments: list,
      change: 0,
      figures,
      tip: 0,
      refundOf: of.eventId,
      orderType: of.orderType,
      employee: catalog.employees[p.employee] ?? null,
      customer: of.customer,
    };
    // A refund takes back what its own net earned, never more than the customer still holds.
    if (of.customer) {
      const net = figures.lines.reduce((s, l) => s + l.net, 0);
      ledger.points -= Math.min(ledger.points, Math.floor((net * catalog.loyalty.pointsPerUnit) / 100));
    }
    ledger.receipts.push(receipt);
    outgoing.push({
      terminal,
      receipt,
      event: {
        id: receipt.eventId,
        type: 'refund',
        at,
        receiptId: of.eventId,
        ...(receipt.employee === null ? {} : { employeeId: receipt.employee.id }),
        ...(shift === null ? {} : { shiftId: ledger.shifts[shift]!.eventId }),
        reason: 'Reconciliation',
        lines: chosen.map(([index, quantity]) => ({ line: index + 1, quantity })),
        payments: list.map((x) => ({
          paymentTypeId: x.typeId,
          ...(x.giftCardNumber ? { giftCardNumber: x.giftCardNumber } : {}),
          amountCents: x.amountCents,
        })),
        totals: {
          subtotalCents: figures.subtotal,
          discountCents: figures.discount,
          taxCents: figures.tax,
          totalCents: figures.total,
        },
      },
    });
  };

  for (const terminal of [0, 1]) {
    for (const s of plan.shifts[terminal]!) {
      const openedAt = tick(terminal, 1);
      const index = ledger.shifts.length;
      const shift: LedgerShift = {
        eventId: randomUUID(),
        terminal,
        number: null,
        floatCents: s.floatCents,
        openedAt,
        closedAt: null,
        countedCents: null,
        answeredExpected: null,
        movements: [],
      };
      ledger.shifts.push(shift);
      outgoing.push({
        terminal,
        shift,
        event: { id: shift.eventId, type: 'shift_open', at: openedAt, openingFloatCents: s.floatCents },
      });
      for (const a of s.actions) {
        if (a.kind === 'sale') sale(terminal, index, a);
        else if (a.kind === 'refund') refund(terminal, index, a);
        else {
          const at = tick(terminal, a.gapMinutes);
          const kind = a.payIn ? 'pay_in' : 'pay_out';
          shift.movements.push({ kind, amountCents: a.amountCents, at });
          outgoing.push({
            terminal,
            event: {
              id: randomUUID(),
              type: 'cash_movement',
              at,
              shiftId: shift.eventId,
              kind,
              amountCents: a.amountCents,
              reason: a.payIn ? 'Change float' : 'Supplies',
            },
          });
        }
      }
      // A terminal opens its next shift only after closing this one; its last may stay open.
      const last = s === plan.shifts[terminal]!.at(-1);
      if (s.close || !last) {
        const at = tick(terminal, 5);
        shift.closedAt = at;
        shift.countedCents = Math.max(0, expectedCash(ledger, index) + s.countedOffCents);
        outgoing.push({
          terminal,
          shift,
          event: {
            id: randomUUID(),
            type: 'shift_close',
            at,
            shiftId: shift.eventId,
            countedCashCents: shift.countedCents,
          },
        });
      }
    }
  }
  // Refunds of the other terminal's sales (or its own), outside any shift.
  plan.crossRefunds.forEach((p, k) => {
    const terminal = k % 2;
    refund(terminal, null, p, Math.max(...clocks));
  });
  return { outgoing, ledger };
}
