import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { localTime, startOfDay } from './time';
import {
  addCashMovement,
  closeShift,
  openShift,
  saleAmounts,
  writeReceipts,
  type PaymentInput,
  type ReceiptInput,
  type SaleInput,
  type TaxInput,
} from './writer';

/*
 * A sales history for a company, day by day, the way its registers would have rung it up: shifts
 * opened and closed on each terminal (with a float, a pay-out now and then, and a count that is
 * sometimes off), receipts with the company's items and taxes, modifiers, discounts, cash (with
 * change), card (with tips in a restaurant) and split payments, refunds of earlier sales, customers
 * and order types. Deterministic for a given random source. Written through writer.ts, so the
 * roll-ups are kept as every writer keeps them. Used by the demo seed (90 days) and the reporting
 * benchmark (a million receipts over three years).
 */

type Db = Kysely<Database> | Transaction<Database>;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface HistoryOptions {
  /** The last day generated is today (local days of each location); nothing after `now`. */
  now: number;
  days: number;
  /** Sales per day at the company (before the weekday factor, the trend and some noise). */
  perDay: number;
  /** Monday-first? No: 0 = Sunday ... 6 = Saturday, like Date#getDay. */
  weekday: readonly number[];
  /** Relative traffic of each local hour 0-23. */
  hours: readonly number[];
  maxLines: number;
  maxQty: number;
  refundRate: number;
  /** Popularity of each item (by id); items not listed sell now and then. */
  weights?: ReadonlyMap<number, number>;
  /** Restaurants take tips and have order types. */
  restaurant: boolean;
  /** Modifiers rung up with some lines (none: no modifiers). */
  modifiers?: readonly { name: string; priceCents: number }[];
  random: () => number;
  /** Called after each day is written (progress of long runs). */
  onDay?: (day: number, receipts: number) => void;
}

interface Catalog {
  items: {
    id: number;
    name: string;
    categoryId: number | null;
    priceCents: number;
    taxes: TaxInput[];
    weight: number;
  }[];
  locations: { id: number; timezone: string; terminals: number[] }[];
  employees: number[];
  payments: { cash?: PaymentType; card?: PaymentType; other: PaymentType[] };
  orderTypes: number[];
  customers: number[];
}

interface PaymentType {
  id: number;
  name: string;
  cashLike: boolean;
}

async function loadCatalog(db: Db, companyId: number, weights?: ReadonlyMap<number, number>): Promise<Catalog> {
  const items = await db
    .selectFrom('items')
    .select(['id', 'name', 'category_id', 'price_cents'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  const taxes = await db
    .selectFrom('item_taxes as it')
    .innerJoin('tax_rates as t', 't.id', 'it.tax_rate_id')
    .select(['it.item_id', 't.id', 't.name', 't.rate_bp', 't.type'])
    .where('it.company_id', '=', companyId)
    .where('t.archived_at', 'is', null)
    .orderBy('t.id')
    .execute();
  const taxesOf = new Map<number, TaxInput[]>();
  for (const t of taxes) {
    taxesOf.set(t.item_id, [
      ...(taxesOf.get(t.item_id) ?? []),
      { taxRateId: t.id, name: t.name, rateBp: Number(t.rate_bp), type: t.type as 'added' | 'included' },
    ]);
  }
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'timezone'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  const terminals = await db
    .selectFrom('terminals')
    .select(['id', 'location_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  const employees = (
    await db
      .selectFrom('employees')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute()
  ).map((e) => e.id);
  const paymentTypes = await db
    .selectFrom('payment_types')
    .select(['id', 'name', 'builtin', 'cash_like'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('position')
    .execute();
  const orderTypes = (
    await db
      .selectFrom('order_types')
      .select('id')
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('position')
      .execute()
  ).map((o) => o.id);
  const customers = (
    await db.selectFrom('customers').select('id').where('company_id', '=', companyId).orderBy('id').execute()
  ).map((c) => c.id);
  const asType = (p: (typeof paymentTypes)[number]): PaymentType => ({
    id: p.id,
    name: p.name,
    cashLike: p.cash_like === 1,
  });
  const cash = paymentTypes.find((p) => p.builtin === 'cash') ?? paymentTypes.find((p) => p.cash_like === 1);
  const card = paymentTypes.find((p) => p.builtin === 'card') ?? paymentTypes.find((p) => p.cash_like === 0);
  return {
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      categoryId: i.category_id,
      priceCents: Number(i.price_cents),
      taxes: taxesOf.get(i.id) ?? [],
      weight: weights?.get(i.id) ?? 0.5,
    })),
    locations: locations.map((l) => ({
      id: l.id,
      timezone: l.timezone,
      // A location without a terminal of its own rings up on the company's terminals without one.
      terminals: terminals
        .filter((t) => t.location_id === l.id || (t.location_id === null && l.id === locations[0]?.id))
        .map((t) => t.id),
    })),
    employees,
    payments: {
      cash: cash ? asType(cash) : undefined,
      card: card ? asType(card) : undefined,
      other: paymentTypes.filter((p) => p !== cash && p !== card).map(asType),
    },
    orderTypes,
    customers,
  };
}

interface PlannedRefund {
  at: number;
  saleId: number;
  lines: { line: number; quantity: number }[];
  payment: PaymentType;
  terminalId: number | null;
  locationId: number;
}

interface PlannedSale {
  at: number;
  input: SaleInput;
  terminalId: number | null;
  refund: { afterDays: number; lines: { line: number; quantity: number }[]; payment: PaymentType } | null;
}

/** Writes the history and returns the number of receipts (sales and refunds) written. */
export async function generateHistory(db: Db, companyId: number, options: HistoryOptions): Promise<number> {
  const catalog = await loadCatalog(db, companyId, options.weights);
  const { random } = options;
  if (catalog.items.length === 0 || catalog.locations.length === 0) return 0;
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const weightSum = catalog.items.reduce((s, i) => s + i.weight, 0);
  const pickItem = () => {
    let r = random() * weightSum;
    for (const item of catalog.items) {
      r -= item.weight;
      if (r <= 0) return item;
    }
    return catalog.items[catalog.items.length - 1]!;
  };
  const hourTotal = options.hours.reduce((a, b) => a + b, 0);
  const pickHour = () => {
    let r = random() * hourTotal;
    for (let h = 0; h < 24; h += 1) {
      r -= options.hours[h]!;
      if (r < 0) return h;
    }
    return 23;
  };
  const cash = catalog.payments.cash;
  const someCard = catalog.payments.card ?? cash;
  if (!someCard) return 0;
  const card: PaymentType = someCard;

  const pending = new Map<number, PlannedRefund[]>();
  let written = 0;
  const firstLocation = catalog.locations[0]!;
  const lastDay = localTime(options.now, firstLocation.timezone).day;
  for (let k = 0; k < options.days; k += 1) {
    const day = lastDay - (options.days - 1) + k;
    const trend = 0.85 + (0.3 * k) / options.days;
    const noise = 0.8 + random() * 0.4;
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const count = Math.round(options.perDay * options.weekday[weekday]! * trend * noise);

    // Where and when each sale of the day happens (local hours of its location).
    const sales: PlannedSale[] = [];
    for (let s = 0; s < count; s += 1) {
      const location =
        catalog.locations.length === 1 || random() < 0.6
          ? firstLocation
          : catalog.locations[1 + Math.floor(random() * (catalog.locations.length - 1))]!;
      const at = startOfDay(day, location.timezone) + pickHour() * HOUR_MS + Math.floor(random() * HOUR_MS);
      if (at > options.now) continue;
      const terminalId = location.terminals.length > 0 ? pick(location.terminals) : null;
      sales.push(planSale(at, location.id, terminalId));
    }
    sales.sort((a, b) => a.at - b.at);

    // One shift per terminal that sells today, by one employee, around its first and last sale.
    const refunds = (pending.get(day) ?? []).filter((r) => r.at <= options.now);
    pending.delete(day);
    const activity = new Map<number, { first: number; last: number; locationId: number }>();
    const touch = (terminalId: number | null, at: number, locationId: number) => {
      if (terminalId === null) return;
      const a = activity.get(terminalId) ?? { first: at, last: at, locationId };
      a.first = Math.min(a.first, at);
      a.last = Math.max(a.last, at);
      activity.set(terminalId, a);
    };
    for (const s of sales) touch(s.terminalId, s.at, s.input.locationId!);
    for (const r of refunds) touch(r.terminalId, r.at, r.locationId);
    const shifts = new Map<number, { id: number; employeeId: number | null; closeAt: number }>();
    for (const [terminalId, a] of [...activity.entries()].sort((x, y) => x[0] - y[0])) {
      const employeeId = catalog.employees.length > 0 ? pick(catalog.employees) : null;
      const float = (10 + Math.floor(random() * 11)) * 1000;
      const shift = await openShift(db, companyId, {
        terminalId,
        employeeId,
        at: a.first - 30 * 60_000,
        openingFloatCents: float,
      });
      shifts.set(terminalId, { id: shift.id, employeeId, closeAt: a.last + 15 * 60_000 });
    }

    const inputs: { at: number; input: ReceiptInput; plan?: PlannedSale }[] = [];
    for (const s of sales) {
      const shift = s.terminalId === null ? undefined : shifts.get(s.terminalId);
      s.input.shiftId = shift?.id ?? null;
      s.input.employeeId = shift?.employeeId ?? (catalog.employees.length > 0 ? pick(catalog.employees) : null);
      inputs.push({ at: s.at, input: s.input, plan: s });
    }
    for (const r of refunds) {
      const shift = r.terminalId === null ? undefined : shifts.get(r.terminalId);
      inputs.push({
        at: r.at,
        input: {
          kind: 'refund',
          at: r.at,
          saleId: r.saleId,
          lines: r.lines,
          // All of it back the way the sale was mostly paid.
          refundTo: { paymentTypeId: r.payment.id, name: r.payment.name, cashLike: r.payment.cashLike },
          terminalId: r.terminalId,
          shiftId: shift?.id ?? null,
          employeeId: shift?.employeeId ?? null,
        },
      });
    }
    inputs.sort((a, b) => a.at - b.at);
    const ids = await writeReceipts(
      db,
      companyId,
      inputs.map((i) => i.input),
      options.now,
    );
    written += ids.length;
    inputs.forEach((i, index) => {
      const plan = i.plan;
      if (!plan?.refund) return;
      const target = day + plan.refund.afterDays;
      const at = plan.at + plan.refund.afterDays * DAY_MS + Math.floor(random() * 4 * HOUR_MS);
      pending.set(target, [
        ...(pending.get(target) ?? []),
        {
          at,
          saleId: ids[index]!,
          lines: plan.refund.lines,
          payment: plan.refund.payment,
          terminalId: plan.terminalId,
          locationId: plan.input.locationId!,
        },
      ]);
    });

    // Cash in and out of the drawers, then the count at closing (today's shifts stay open).
    for (const [terminalId, shift] of shifts) {
      const a = activity.get(terminalId)!;
      if (random() < 0.3) {
        await addCashMovement(db, companyId, {
          shiftId: shift.id,
          kind: 'pay_out',
          amountCents: (2 + Math.floor(random() * 30)) * 100,
          reason: pick(['Supplies', 'Window cleaner', 'Milk', 'Delivery tip']),
          employeeId: shift.employeeId,
          at: a.first + Math.floor((a.last - a.first) * random()),
        });
      }
      if (random() < 0.1) {
        await addCashMovement(db, companyId, {
          shiftId: shift.id,
          kind: 'pay_in',
          amountCents: (5 + Math.floor(random() * 10)) * 1000,
          reason: 'Change from the bank',
          employeeId: shift.employeeId,
          at: a.first + Math.floor((a.last - a.first) * random()),
        });
      }
      // Today's shifts are still open.
      if (day === lastDay || shift.closeAt > options.now) continue;
      const off = random() < 0.7 ? 0 : Math.round((random() - 0.5) * 1000);
      await closeShift(db, companyId, shift.id, {
        at: shift.closeAt,
        employeeId: shift.employeeId,
        countedOffsetCents: off,
      });
    }
    options.onDay?.(day, ids.length);
  }
  return written;

  function planSale(at: number, locationId: number, terminalId: number | null): PlannedSale {
    const lineCount = 1 + Math.floor(random() * random() * options.maxLines);
    const lines: SaleInput['lines'] = [];
    const seen = new Map<number, number>();
    for (let l = 0; l < lineCount; l += 1) {
      const item = pickItem();
      const quantity = 1 + Math.floor(random() * random() * options.maxQty);
      const index = seen.get(item.id);
      if (index !== undefined && lines[index]!.modifiers === undefined) {
        lines[index]!.quantity += quantity;
        continue;
      }
      const modifiers =
        options.modifiers && options.modifiers.length > 0 && random() < 0.15 ? [pick(options.modifiers)] : undefined;
      const unitPrice = item.priceCents;
      const discountCents =
        random() < 0.06 ? Math.round((quantity * (unitPrice + (modifiers?.[0]?.priceCents ?? 0))) / 10) : undefined;
      seen.set(item.id, lines.length);
      lines.push({
        itemId: item.id,
        name: item.name,
        categoryId: item.categoryId,
        quantity,
        unitPriceCents: unitPrice,
        modifiers,
        discountCents,
        taxes: item.taxes,
      });
    }
    const gross = lines.reduce(
      (s, l) => s + l.quantity * (l.unitPriceCents + (l.modifiers ?? []).reduce((m, x) => m + x.priceCents, 0)),
      0,
    );
    const afterLines = gross - lines.reduce((s, l) => s + (l.discountCents ?? 0), 0);
    const discounts =
      random() < 0.04 && afterLines >= 200 ? [{ name: 'Loyalty 5%', amountCents: Math.floor(afterLines / 20) }] : [];
    const total = saleAmounts({ lines, discounts }).totalCents;
    const payments: PaymentInput[] = [];
    let changeCents = 0;
    const r = random();
    if (cash && r < 0.42) {
      // Cash: a round amount handed over, the change given back.
      const step = total > 2000 ? 1000 : 500;
      const tendered = random() < 0.3 ? total : Math.ceil(total / step) * step;
      payments.push({ paymentTypeId: cash.id, name: cash.name, cashLike: true, amountCents: tendered });
      changeCents = tendered - total;
    } else if (cash && r < 0.47 && total >= 200) {
      const part = Math.floor(total / 2);
      payments.push({ paymentTypeId: cash.id, name: cash.name, cashLike: true, amountCents: part });
      payments.push({ paymentTypeId: card.id, name: card.name, cashLike: card.cashLike, amountCents: total - part });
    } else if (catalog.payments.other.length > 0 && r < 0.5) {
      const other = pick(catalog.payments.other);
      payments.push({ paymentTypeId: other.id, name: other.name, cashLike: other.cashLike, amountCents: total });
    } else {
      const tip =
        options.restaurant && random() < 0.6 ? Math.round((total * (10 + Math.floor(random() * 11))) / 100) : 0;
      payments.push({
        paymentTypeId: card.id,
        name: card.name,
        cashLike: card.cashLike,
        amountCents: total,
        tipCents: tip,
      });
    }
    const refund =
      random() < options.refundRate
        ? {
            afterDays: 1 + Math.floor(random() * 2),
            lines:
              random() < 0.5
                ? lines.map((l, i) => ({ line: i + 1, quantity: l.quantity }))
                : [{ line: 1, quantity: 1 }],
            payment: payments[0]!.cashLike && cash ? cash : card,
          }
        : null;
    return {
      at,
      terminalId,
      refund,
      input: {
        kind: 'sale',
        at,
        locationId,
        terminalId,
        orderTypeId:
          options.restaurant && catalog.orderTypes.length > 0
            ? catalog.orderTypes[
                random() < 0.65 ? 0 : random() < 0.85 ? 1 : Math.min(2, catalog.orderTypes.length - 1)
              ]!
            : null,
        customerId: catalog.customers.length > 0 && random() < 0.3 ? pick(catalog.customers) : null,
        lines,
        discounts,
        payments,
        changeCents,
      },
    };
  }
}
