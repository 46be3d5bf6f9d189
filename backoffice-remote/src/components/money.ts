import { useCompany } from '../api';
import { decimalInput, decimalValue, minorUnits, parseDecimal } from '@hive/shared/ui';
import { useFormat } from '../i18n';

/** Money of pages whose API sends integer minor units (`...Cents`), in the company's currency. */
export function useCentsFormat() {
  const company = useCompany();
  const format = useFormat(company?.currency);
  return {
    ...format,
    cents: (cents: number | null) => (cents === null ? '' : format.money(cents / 100)),
  };
}

/** An amount in cents as a field shows it in the user's language ("15.50", "15,50"); '' for none. */
export function centsToInput(cents: number | null | undefined, lang: string): string {
  return cents === null || cents === undefined ? '' : decimalInput(cents / 100, lang, 2, 2);
}

/**
 * What a money field holds, in cents for the schema, read in the user's language ("1,80" in es,
 * "1.80" in en: @hive/shared/ui decimal.ts): '' is null (none); anything it cannot read for sure
 * (the other language's separator, more than two decimals, not a number) is passed on as it is, so
 * that the schema refuses it in its words; so is a minus sign, for the schema's own minimum. Never
 * rounded nor guessed.
 */
export function inputToCents(value: string, lang: string): number | null | string {
  const parsed = parseDecimal(value, lang, { decimals: 2, signed: true });
  return parsed.ok ? minorUnits(parsed, 2) : value;
}

/** The same in any minor unit (hundredths of a quantity: `decimals` 2). */
export function inputToMinor(value: string, lang: string, decimals: number): number | null | string {
  const parsed = parseDecimal(value, lang, { decimals, signed: true });
  return parsed.ok ? minorUnits(parsed, decimals) : value;
}

/** The same for a decimal that the schema takes as a number (a quantity, a rate): `decimals` at most. */
export function inputToNumber(value: string, lang: string, decimals = 3): number | string | null {
  const parsed = parseDecimal(value, lang, { decimals, signed: true });
  return parsed.ok ? decimalValue(parsed) : value;
}
