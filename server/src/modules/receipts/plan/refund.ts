import { type EventError } from '@hive/shared/schemas/device';
import { computeRefund } from '@hive/register-sdk/money';
import { checkShift, checkTotals } from './checks';
import {
  problem,
  Reject,
  type IngestDevice,
  type Lookup,
  type Parsed,
  type PlannedReceipt,
  type SaleLineState,
  type ShiftState,
} from './types';

/** A refund checked against the sale it returns (stored, or earlier in the batch) and planned. */
export function planRefund(e: Parsed<'refund'>, index: number, lookup: Lookup, device: IngestDevice): PlannedReceipt {
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
    payments: e.payments.map((p) => ({
      paymentTypeId: p.paymentTypeId,
      name: lookup.paymentTypes.get(p.paymentTypeId)!.name,
      cashLike: lookup.paymentTypes.get(p.paymentTypeId)!.cashLike,
      amountCents: p.amountCents,
      builtin: lookup.paymentTypes.get(p.paymentTypeId)!.builtin,
      tipCents: 0,
      giftCardNumber: p.giftCardNumber,
      giftCardId: null,
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

/** A planned refund counts against its sale lines for the rest of the batch. */
export function rememberRefund(planned: PlannedReceipt): void {
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
