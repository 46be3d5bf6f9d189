/*
 * How an online order is priced, in one place for the server that places it and the storefront
 * that shows its tax and total before it is placed (dependency-free, so the storefront bundles it
 * without zod): the promotions the basket gets now, then each line's taxes on what is left of it.
 */
import { evaluatePromotions, type AppliedPromotion, type PromotionRule } from './promotions.ts';

/** A tax rate charged on an item: inside the shelf price (included) or on top of it (added). */
export interface PricingTax {
  rateBp: number;
  type: 'included' | 'added';
}

/** The same, as a sale line carries it (in the order of the line's taxRateIds). */
export type AppliedTax = PricingTax;

export interface LineTaxes {
  /** The amount without any tax. */
  netCents: number;
  /** Tax inside the shelf price. */
  includedCents: number;
  /** Tax on top of the shelf price. */
  addedCents: number;
  /** What the customer pays: the shelf amount plus the added tax. */
  totalCents: number;
  /** Each tax's share, in the order given (for tax reports). */
  perTaxCents: number[];
}

/**
 * The taxes of one line whose shelf amount (price x quantity) is `amountCents`. Included rates are
 * taken out of the amount first (net = amount / (1 + sum of included rates)); every rate, included
 * or added, is then a share of that net, rounded to the cent; the included shares always add up to
 * exactly the amount minus the net.
 */
export function lineTaxes(amountCents: number, taxes: readonly PricingTax[]): LineTaxes {
  const includedBp = taxes.filter((t) => t.type === 'included').reduce((sum, t) => sum + t.rateBp, 0);
  const netCents = Math.round((amountCents * 10_000) / (10_000 + includedBp));
  const includedCents = amountCents - netCents;
  const perTaxCents = taxes.map((t) => Math.round((netCents * t.rateBp) / 10_000));
  // Give the rounding difference of the included shares to the last included tax.
  const lastIncluded = taxes.map((t) => t.type).lastIndexOf('included');
  if (lastIncluded >= 0) {
    const shares = perTaxCents.reduce((sum, cents, i) => sum + (taxes[i]!.type === 'included' ? cents : 0), 0);
    perTaxCents[lastIncluded] = perTaxCents[lastIncluded]! + includedCents - shares;
  }
  const addedCents = perTaxCents.reduce((sum, cents, i) => sum + (taxes[i]!.type === 'added' ? cents : 0), 0);
  return { netCents, includedCents, addedCents, totalCents: amountCents + addedCents, perTaxCents };
}

export interface PricingLine {
  itemId: number;
  categoryId: number | null;
  quantity: number;
  /** The unit price with its modifiers, from the catalog. */
  unitCents: number;
  taxes: readonly PricingTax[];
}

export interface PricedOrder {
  promotions: AppliedPromotion[];
  /** Per line: its amount after promotions (tax included ones inside), its tax and its net. */
  lines: { amountCents: number; taxCents: number; netCents: number; addedCents: number }[];
  /** Without tax. */
  subtotalCents: number;
  /** Included and added. */
  taxCents: number;
  /** What the customer pays: subtotal + tax. */
  totalCents: number;
}

export function priceOrder(
  lines: readonly PricingLine[],
  rules: readonly PromotionRule[],
  at: number,
  timeZone: string,
): PricedOrder {
  const promotions = evaluatePromotions(lines, rules, at, timeZone);
  const priced = lines.map((l, i) => {
    const off = promotions.reduce((sum, p) => sum + (p.lineCents[i] ?? 0), 0);
    const amountCents = l.unitCents * l.quantity - off;
    const taxes = lineTaxes(amountCents, l.taxes);
    return {
      amountCents,
      taxCents: taxes.includedCents + taxes.addedCents,
      netCents: taxes.netCents,
      addedCents: taxes.addedCents,
    };
  });
  return {
    promotions,
    lines: priced,
    subtotalCents: priced.reduce((sum, l) => sum + l.netCents, 0),
    taxCents: priced.reduce((sum, l) => sum + l.taxCents, 0),
    totalCents: priced.reduce((sum, l) => sum + l.amountCents + l.addedCents, 0),
  };
}
