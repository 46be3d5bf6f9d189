/*
 * A sale's and a refund's amounts, the way the server computes them from what a register sends:
 * every line, discount share and tax to the cent. A register that sends other totals gets its event
 * rejected (`totals_mismatch`), so it must compute them with these rules.
 */
import { lineTaxes, type AppliedTax } from './pricing.ts';

export interface SaleLineInput {
  quantity: number;
  unitPriceCents: number;
  modifiers?: readonly { priceCents: number }[];
  discountCents?: number;
  /** The line's taxes, in the order of its taxRateIds. */
  taxes: readonly AppliedTax[];
}

export interface LineAmounts {
  grossCents: number;
  /** The line's own discount plus its share of the receipt discounts. */
  discountCents: number;
  netCents: number;
  /** Each tax of the line, in order. */
  taxCents: number[];
  includedTaxCents: number;
  addedTaxCents: number;
  totalCents: number;
}

export interface SaleAmounts {
  lines: LineAmounts[];
  subtotalCents: number;
  discountCents: number;
  netCents: number;
  taxCents: number;
  totalCents: number;
}

export type SaleProblem = {
  line: number | null;
  problem: 'line_discount_too_large' | 'receipt_discount_too_large' | 'amount_too_large';
};

/** The largest amount of a line or a receipt (100,000,000.00): keeps every product exact. */
export const MAX_SALE_CENTS = 10_000_000_000;

/**
 * Splits `amount` over `weights` in proportion, in whole cents: each share is rounded down, and the
 * cents left over go one each to the largest remainders (the earlier line on a tie).
 */
export function splitProportionally(amount: number, weights: readonly number[]): number[] {
  // BigInt: amount x weight can pass 2^53 for large receipts.
  const sum = weights.reduce((a, b) => a + BigInt(b), 0n);
  if (sum <= 0n) return weights.map(() => 0);
  const total = BigInt(amount);
  const shares = weights.map((w) => (total * BigInt(w)) / sum);
  let left = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ i, rest: (total * BigInt(w)) % sum }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

/**
 * A sale's amounts. Per line: gross = quantity x (unit price + modifiers); minus the line discount;
 * the receipt discounts are spread over the lines in proportion to what is left of each
 * (splitProportionally); the taxes of the discounted amount follow lineTaxes (included taxes are
 * inside the amount, added taxes on top). Returns the problems instead when a discount is larger
 * than what it discounts.
 */
export function computeSale(
  lines: readonly SaleLineInput[],
  receiptDiscountCents: number,
): { amounts: SaleAmounts } | { problems: SaleProblem[] } {
  const problems: SaleProblem[] = [];
  const gross = lines.map(
    (l) => l.quantity * (l.unitPriceCents + (l.modifiers ?? []).reduce((s, m) => s + m.priceCents, 0)),
  );
  gross.forEach((g, i) => {
    if (g > MAX_SALE_CENTS) problems.push({ line: i, problem: 'amount_too_large' });
  });
  if (gross.reduce((a, b) => a + b, 0) > MAX_SALE_CENTS) problems.push({ line: null, problem: 'amount_too_large' });
  const afterLine = lines.map((l, i) => {
    const discount = l.discountCents ?? 0;
    if (discount > gross[i]!) problems.push({ line: i, problem: 'line_discount_too_large' });
    return Math.max(0, gross[i]! - discount);
  });
  const left = afterLine.reduce((a, b) => a + b, 0);
  if (receiptDiscountCents > left) problems.push({ line: null, problem: 'receipt_discount_too_large' });
  if (problems.length > 0) return { problems };
  const shares = splitProportionally(receiptDiscountCents, afterLine);
  const amounts: LineAmounts[] = lines.map((l, i) => {
    const discountCents = (l.discountCents ?? 0) + shares[i]!;
    const taxed = lineTaxes(gross[i]! - discountCents, l.taxes);
    return {
      grossCents: gross[i]!,
      discountCents,
      netCents: taxed.netCents,
      taxCents: taxed.perTaxCents,
      includedTaxCents: taxed.includedCents,
      addedTaxCents: taxed.addedCents,
      totalCents: taxed.totalCents,
    };
  });
  return { amounts: totalsOf(amounts) };
}

function totalsOf(lines: LineAmounts[]): SaleAmounts {
  const sum = (pick: (l: LineAmounts) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    lines,
    subtotalCents: sum((l) => l.grossCents),
    discountCents: sum((l) => l.discountCents),
    netCents: sum((l) => l.netCents),
    taxCents: sum((l) => l.includedTaxCents + l.addedTaxCents),
    totalCents: sum((l) => l.totalCents),
  };
}

/** A sale line as a refund needs it: what was sold and what earlier refunds already returned. */
export interface RefundableLine {
  quantity: number;
  grossCents: number;
  discountCents: number;
  taxes: readonly (AppliedTax & { taxCents: number })[];
  refunded: { quantity: number; grossCents: number; discountCents: number; taxCents: readonly number[] };
}

/**
 * The amounts of returning `quantity` of a sale line: its gross, discount and each tax in
 * proportion (rounded to the cent), and the last units returned take exactly what is left, so the
 * refunds of a line never add up to more than was paid. Net and total follow from those.
 * Null when more would be returned than was sold.
 */
export function refundLineAmounts(line: RefundableLine, quantity: number): LineAmounts | null {
  const remaining = line.quantity - line.refunded.quantity;
  if (quantity < 1 || quantity > remaining) return null;
  const last = quantity === remaining;
  const part = (whole: number, done: number) => (last ? whole - done : Math.round((whole * quantity) / line.quantity));
  const grossCents = part(line.grossCents, line.refunded.grossCents);
  const discountCents = part(line.discountCents, line.refunded.discountCents);
  const taxCents = line.taxes.map((t, k) => part(t.taxCents, line.refunded.taxCents[k] ?? 0));
  const includedTaxCents = taxCents.reduce((s, c, k) => s + (line.taxes[k]!.type === 'included' ? c : 0), 0);
  const addedTaxCents = taxCents.reduce((s, c, k) => s + (line.taxes[k]!.type === 'added' ? c : 0), 0);
  return {
    grossCents,
    discountCents,
    netCents: grossCents - discountCents - includedTaxCents,
    taxCents,
    includedTaxCents,
    addedTaxCents,
    totalCents: grossCents - discountCents + addedTaxCents,
  };
}

/** The amounts of a refund (null for a line asked for more than is left). */
export function computeRefund(
  lines: readonly { sale: RefundableLine; quantity: number }[],
): { amounts: SaleAmounts } | { tooMany: number[] } {
  const out: LineAmounts[] = [];
  const tooMany: number[] = [];
  lines.forEach(({ sale, quantity }, i) => {
    const amounts = refundLineAmounts(sale, quantity);
    if (amounts) out.push(amounts);
    else tooMany.push(i);
  });
  return tooMany.length > 0 ? { tooMany } : { amounts: totalsOf(out) };
}
