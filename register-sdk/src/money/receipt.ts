import { computeSale, type SaleAmounts, type SaleProblem } from './sale.ts';

/** A tax rate as the configuration lists it. */
export interface ConfigTaxRate {
  id: number;
  rateBp: number;
  type: 'included' | 'added';
}

/** A receipt line as the register sends it (ReceiptEvent.lines). */
export interface ReceiptLineInput {
  quantity: number;
  unitPriceCents: number;
  modifiers?: readonly { priceCents: number }[];
  discountCents?: number;
  taxRateIds: readonly number[];
}

export interface ReceiptTotals {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * The `totals` a sale must send, from its lines (with their taxRateIds of the configuration) and the
 * receipt discounts: computeSale with the configuration's tax rates looked up. Throws on a tax rate
 * the configuration does not have (download the configuration again); returns the problems when a
 * discount is larger than what it discounts or an amount is over the limit.
 */
export function receiptTotals(
  lines: readonly ReceiptLineInput[],
  taxRates: readonly ConfigTaxRate[],
  receiptDiscounts: readonly { amountCents: number }[] = [],
): { totals: ReceiptTotals; amounts: SaleAmounts } | { problems: SaleProblem[] } {
  const rates = new Map(taxRates.map((t) => [t.id, t]));
  const sale = computeSale(
    lines.map((l) => ({
      ...l,
      taxes: l.taxRateIds.map((id) => {
        const rate = rates.get(id);
        if (!rate) throw new Error(`tax rate ${id} is not in the configuration`);
        return { rateBp: rate.rateBp, type: rate.type };
      }),
    })),
    receiptDiscounts.reduce((sum, d) => sum + d.amountCents, 0),
  );
  if ('problems' in sale) return sale;
  const a = sale.amounts;
  return {
    amounts: a,
    totals: {
      subtotalCents: a.subtotalCents,
      discountCents: a.discountCents,
      taxCents: a.taxCents,
      totalCents: a.totalCents,
    },
  };
}
