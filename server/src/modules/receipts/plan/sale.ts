import type { AppliedTax } from '@hive/shared/schemas/backoffice/settings';
import { type EventError } from '@hive/shared/schemas/device';
import { computeSale } from '@hive/register-sdk/money';
import { checkShift, checkTotals } from './checks';
import { checkNamedDiscounts } from './discounts';
import {
  Reject,
  type IngestDevice,
  type Lookup,
  type Parsed,
  type PlannedReceipt,
  type SaleLineState,
  type ShiftState,
} from './types';

/** A sale (receipt event) checked against the lookup and planned; the posting steps check it last. */
export function planSale(e: Parsed<'receipt'>, index: number, lookup: Lookup, device: IngestDevice): PlannedReceipt {
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
    payments: e.payments.map((p) => ({
      paymentTypeId: p.paymentTypeId,
      name: lookup.paymentTypes.get(p.paymentTypeId)!.name,
      cashLike: lookup.paymentTypes.get(p.paymentTypeId)!.cashLike,
      amountCents: p.amountCents,
      builtin: lookup.paymentTypes.get(p.paymentTypeId)!.builtin,
      tipCents: p.tipCents ?? 0,
      giftCardNumber: p.giftCardNumber,
      giftCardId: null,
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

/** After a sale is planned, later events of the batch can refund it. */
export function rememberSale(lookup: Lookup, planned: PlannedReceipt): void {
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
