/*
 * How a tax rate is written next to its name, everywhere a tax shows (settings, items, receipts,
 * reports, invoices): a tax named "IVA 10%" is not followed by its rate again ("IVA 10% 10 %"),
 * and the percentage is written as the language writes one ("10 %" in Spanish, "10%" in English).
 */

/** A percentage (10 for 10 %) as `language` writes it: "10%" (en), "10 %" (es, a no-break space). */
export function formatRate(rate: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 3 }).format(rate / 100);
}

/** Whether `name` already states `rate` as a percentage ("IVA 10%", "VAT 8.5 %", "IVA 10,5 %"). */
export function nameStatesRate(name: string, rate: number): boolean {
  for (const match of name.matchAll(/(\d+(?:[.,]\d+)?)\s*%/g)) {
    if (Number(match[1]!.replace(',', '.')) === rate) return true;
  }
  return false;
}

/**
 * A tax as the pages name it: its name, then its rate unless the name already says it ("IVA 10%";
 * "Standard 8%"). A name stating another rate than the one charged keeps the real one beside it.
 */
export function taxLabel(name: string, rate: number, language: string): string {
  return nameStatesRate(name, rate) ? name : `${name} ${formatRate(rate, language)}`;
}

/**
 * A tax on a document's totals (invoice page, PDF, e-mail): "IVA (10 %, incluido)", or
 * "IVA 10% (incluido)" when the name already says its rate; `note` is how it is charged, if said.
 */
export function documentTaxLabel(name: string, rate: number, language: string, note?: string): string {
  const parts = [nameStatesRate(name, rate) ? null : formatRate(rate, language), note].filter(Boolean);
  return parts.length > 0 ? `${name} (${parts.join(', ')})` : name;
}
