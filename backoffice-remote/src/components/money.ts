import { useCompany } from '../api';
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

/** An amount in cents as a field shows it ("15.50"); '' for none. */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
}

/**
 * What a money field holds, in cents for the schema: '' is null (none), a number is rounded to the
 * cent, anything else is passed on as it is so that the schema refuses it with its own words.
 */
export function inputToCents(value: string): number | null | string {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n * 100) : value;
}

/**
 * What a decimal field holds, for a schema that takes a number ("12,50" reads as 12.5): '' is null,
 * anything that is not a number is passed on as it is so that the schema refuses it in its words.
 */
export function inputToNumber(value: string): number | string | null {
  const text = value.trim().replace(',', '.');
  if (text === '') return null;
  return Number.isFinite(Number(text)) ? Number(text) : value;
}
