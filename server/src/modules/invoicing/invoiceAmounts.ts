import { invoiceAmounts } from '@hive/shared/schemas/backoffice/sales';

// A stored invoice's amounts, recomputed from its lines: one computation for the document
// (invoices.ts) and the QuickBooks tax summary, so they cannot disagree.

export interface StoredTax {
  taxRateId: number;
  name: string;
  rateBp: number;
  type: 'added' | 'included';
}

function parseTaxes(json: string): StoredTax[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as StoredTax[]) : [];
  } catch {
    return [];
  }
}

/** A stored invoice line, as far as its amounts go. */
interface StoredLineAmounts {
  quantity_hundredths: number;
  unit_price_cents: number;
  discount_cents: number;
  taxes_json: string;
}

/**
 * A stored invoice's line amounts and its taxes per rate, each with its taxable base (the net of
 * the lines it applies to, as a receipt's taxes count it): one computation for the document and
 * the QuickBooks tax summary.
 */
export function storedInvoiceAmounts(lines: readonly StoredLineAmounts[], invoiceDiscountCents: number) {
  const taxesOf = lines.map((l) => parseTaxes(l.taxes_json));
  const computed = invoiceAmounts(
    lines.map((l, i) => ({
      quantityHundredths: Number(l.quantity_hundredths),
      unitPriceCents: Number(l.unit_price_cents),
      discountCents: Number(l.discount_cents),
      taxes: taxesOf[i]!,
    })),
    invoiceDiscountCents,
  );
  const amounts = 'amounts' in computed ? computed.amounts.lines : [];
  const perRate = new Map<
    string,
    { name: string; rateBp: number; type: 'added' | 'included'; taxableCents: number; taxCents: number }
  >();
  taxesOf.forEach((taxes, i) => {
    taxes.forEach((t, k) => {
      const key = `${t.taxRateId}:${t.rateBp}:${t.type}`;
      const entry = perRate.get(key) ?? { name: t.name, rateBp: t.rateBp, type: t.type, taxableCents: 0, taxCents: 0 };
      entry.taxableCents += amounts[i]?.netCents ?? 0;
      entry.taxCents += amounts[i]?.taxCents[k] ?? 0;
      perRate.set(key, entry);
    });
  });
  return { taxesOf, amounts, taxes: [...perRate.values()] };
}
