import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type CashMovementEvent, type EventResult, type ReceiptEvent, type RefundEvent, type ShiftCloseEvent, type ShiftOpenEvent } from '@hive/shared/schemas/device';
import { computeRefund, computeSale, type RefundableLine, type SaleAmounts } from '@hive/register-sdk/money';
import { chunks } from '../../platform/db/chunks';
import type { Database } from '../../database';
import { ingestEvents } from './ingest';

/*
 * Device events built as a register would send them (docs/device-api.md), with the totals the
 * server recomputes, for what has no register of its own: tests and the benchmarks. They are
 * stored by the one ingest (postEvents), so a test receipt gets every consequence a register's
 * does (stock, points, roll-ups ...). Inputs name the company's own records (tax rates, payment
 * types): a mistake is an error, never a silently different receipt.
 */

export interface SaleLineSpec {
  itemId: number | null;
  name: string;
  quantity: number;
  unitPriceCents: number;
  modifiers?: { name: string; priceCents: number; modifierId?: number }[];
  discountCents?: number;
  discountId?: number;
  /** The line's tax rates, with what the totals are computed from. */
  taxes: readonly { taxRateId: number; rateBp: number; type: 'added' | 'included' }[];
}

export interface SaleSpec {
  at: number;
  id?: string;
  /** The event id of the shift_open the sale is rung up in. */
  shiftId?: string | null;
  employeeId?: number | null;
  orderTypeId?: number | null;
  customerId?: number | null;
  lines: SaleLineSpec[];
  discounts?: { name: string; amountCents: number; discountId?: number; promotionId?: number; points?: number }[];
  payments: { paymentTypeId: number; amountCents: number; tipCents?: number; giftCardNumber?: string }[];
  changeCents?: number;
  note?: string;
  localNumber?: string;
  sendToKitchen?: boolean;
}

/** What a refund of a built sale needs: its lines as sold, less what built refunds returned. */
const refundable = new WeakMap<ReceiptEvent, RefundableLine[]>();

/** The amounts of a sale as the server computes them (throws when a discount is too large). */
export function saleAmounts(sale: Pick<SaleSpec, 'lines' | 'discounts'>): SaleAmounts {
  const result = computeSale(
    sale.lines,
    (sale.discounts ?? []).reduce((s, d) => s + d.amountCents, 0),
  );
  if ('problems' in result) throw new Error(`sale refused: ${JSON.stringify(result.problems)}`);
  return result.amounts;
}

export function saleEvent(spec: SaleSpec): ReceiptEvent {
  const amounts = saleAmounts(spec);
  const tipCents = spec.payments.reduce((s, p) => s + (p.tipCents ?? 0), 0);
  const event: ReceiptEvent = {
    id: spec.id ?? randomUUID(),
    type: 'receipt',
    at: spec.at,
    ...(spec.localNumber === undefined ? {} : { localNumber: spec.localNumber }),
    shiftId: spec.shiftId ?? null,
    employeeId: spec.employeeId ?? null,
    orderTypeId: spec.orderTypeId ?? null,
    customerId: spec.customerId ?? null,
    lines: spec.lines.map(({ taxes, ...line }) => ({ ...line, taxRateIds: taxes.map((t) => t.taxRateId) })),
    ...(spec.discounts ? { discounts: spec.discounts } : {}),
    payments: spec.payments,
    ...(spec.changeCents === undefined ? {} : { changeCents: spec.changeCents }),
    totals: {
      subtotalCents: amounts.subtotalCents,
      discountCents: amounts.discountCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
      tipCents,
    },
    ...(spec.sendToKitchen === undefined ? {} : { sendToKitchen: spec.sendToKitchen }),
    ...(spec.note === undefined ? {} : { note: spec.note }),
  };
  refundable.set(
    event,
    spec.lines.map((l, i) => {
      const a = amounts.lines[i]!;
      return {
        quantity: l.quantity,
        grossCents: a.grossCents,
        discountCents: a.discountCents,
        taxes: l.taxes.map((t, k) => ({ rateBp: t.rateBp, type: t.type, taxCents: a.taxCents[k]! })),
        refunded: { quantity: 0, grossCents: 0, discountCents: 0, taxCents: l.taxes.map(() => 0) },
      };
    }),
  );
  return event;
}

export interface RefundSpec {
  at: number;
  id?: string;
  /** Line numbers of the sale (1 = its first line) and how many units go back. */
  lines: { line: number; quantity: number }[];
  /** How the money goes back (adding up to the refund's total), or all of it to one payment type. */
  payments?: { paymentTypeId: number; amountCents: number; giftCardNumber?: string }[];
  refundTo?: number;
  shiftId?: string | null;
  employeeId?: number | null;
  reason?: string;
}

/** A refund of a sale built by saleEvent; later refunds of the same sale see what this one returns. */
export function refundEvent(sale: ReceiptEvent, spec: RefundSpec): RefundEvent {
  const lines = refundable.get(sale);
  if (!lines) throw new Error('refundEvent: the sale was not built by saleEvent');
  const chosen = spec.lines.map((l) => {
    const line = lines[l.line - 1];
    if (!line) throw new Error(`refundEvent: the sale has no line ${l.line}`);
    return { sale: line, quantity: l.quantity };
  });
  const result = computeRefund(chosen);
  if ('tooMany' in result) throw new Error('refundEvent: more than was sold');
  const { amounts } = result;
  chosen.forEach(({ sale: line, quantity }, i) => {
    const a = amounts.lines[i]!;
    line.refunded = {
      quantity: line.refunded.quantity + quantity,
      grossCents: line.refunded.grossCents + a.grossCents,
      discountCents: line.refunded.discountCents + a.discountCents,
      taxCents: line.refunded.taxCents.map((c, k) => c + (a.taxCents[k] ?? 0)),
    };
  });
  const payments =
    spec.payments ??
    (spec.refundTo === undefined ? [] : [{ paymentTypeId: spec.refundTo, amountCents: amounts.totalCents }]);
  return {
    id: spec.id ?? randomUUID(),
    type: 'refund',
    at: spec.at,
    receiptId: sale.id,
    shiftId: spec.shiftId ?? null,
    employeeId: spec.employeeId ?? null,
    ...(spec.reason === undefined ? {} : { reason: spec.reason }),
    lines: spec.lines,
    payments,
    totals: {
      subtotalCents: amounts.subtotalCents,
      discountCents: amounts.discountCents,
      taxCents: amounts.taxCents,
      totalCents: amounts.totalCents,
    },
  };
}

export function shiftOpenEvent(spec: {
  at: number;
  openingFloatCents: number;
  employeeId?: number | null;
  id?: string;
}): ShiftOpenEvent {
  return {
    id: spec.id ?? randomUUID(),
    type: 'shift_open',
    at: spec.at,
    employeeId: spec.employeeId ?? null,
    openingFloatCents: spec.openingFloatCents,
  };
}

export function cashMovementEvent(spec: {
  shiftId: string;
  at: number;
  kind: 'pay_in' | 'pay_out';
  amountCents: number;
  reason: string;
  employeeId?: number | null;
  id?: string;
}): CashMovementEvent {
  return {
    id: spec.id ?? randomUUID(),
    type: 'cash_movement',
    at: spec.at,
    shiftId: spec.shiftId,
    employeeId: spec.employeeId ?? null,
    kind: spec.kind,
    amountCents: spec.amountCents,
    reason: spec.reason,
  };
}

export function shiftCloseEvent(spec: {
  shiftId: string;
  at: number;
  countedCashCents: number;
  employeeId?: number | null;
  note?: string;
  id?: string;
}): ShiftCloseEvent {
  return {
    id: spec.id ?? randomUUID(),
    type: 'shift_close',
    at: spec.at,
    shiftId: spec.shiftId,
    employeeId: spec.employeeId ?? null,
    countedCashCents: spec.countedCashCents,
    ...(spec.note === undefined ? {} : { note: spec.note }),
  };
}

export interface PostedEvents {
  results: EventResult[];
  /** Per event: the id of the row it stored (receipt, shift, cash movement; 0 for the others). */
  ids: number[];
}

/**
 * Posts events through the ingest as the terminal's register would (its location from the
 * terminal), and throws on any event not stored: a test or a benchmark never goes on with less
 * than it meant to write. `now` is the server's time (events may be at most 10 minutes after it).
 */
export async function postEvents(
  db: Kysely<Database>,
  terminal: { companyId: number; terminalId: number },
  events: readonly { id: string; type: string }[],
  options: { now?: number } = {},
): Promise<PostedEvents> {
  const { companyId, terminalId } = terminal;
  const { location_id: locationId } = await db
    .selectFrom('terminals')
    .select('location_id')
    .where('company_id', '=', companyId)
    .where('id', '=', terminalId)
    .executeTakeFirstOrThrow();
  const { results } = await ingestEvents(db, { companyId, terminalId, locationId }, events, {
    now: options.now ?? Date.now(),
  });
  const refused = results.find((r) => r.status !== 'stored');
  if (refused) throw new Error(`postEvents: an event was not stored: ${JSON.stringify(refused)}`);
  const keys = events.map((e) => e.id.toLowerCase());
  const ids = new Map<string, number>();
  for (const table of ['receipts', 'shifts', 'cash_movements'] as const) {
    for (const part of chunks(keys, 500)) {
      const rows = await db
        .selectFrom(table)
        .select(['id', 'client_id'])
        .where('company_id', '=', companyId)
        .where('client_id', 'in', part)
        .execute();
      for (const r of rows) ids.set(r.client_id!, r.id);
    }
  }
  return { results, ids: keys.map((k) => ids.get(k) ?? 0) };
}
