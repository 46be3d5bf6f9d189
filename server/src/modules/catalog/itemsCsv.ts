import type { ItemImportField, ItemImportProblem } from '@hive/shared/schemas/backoffice/catalog';
import type { CsvDelimiter, CsvLanguage } from '../merchant';

/*
 * The items file's columns, one set of headers for the export and the import (an exported file
 * imports back unchanged): written in the reader's language, read in either. The stock columns
 * are one per warehouse, "On hand: <warehouse>" ("Existencias: <almacén>"), where inventory is on.
 */

type ItemColumn = Exclude<ItemImportField, 'stock'>;

const HEADERS: Record<ItemColumn, Record<CsvLanguage, string> & { also?: string[] }> = {
  name: { en: 'Name', es: 'Nombre', also: ['item', 'articulo', 'producto'] },
  sku: { en: 'SKU', es: 'SKU', also: ['referencia', 'ref'] },
  category: { en: 'Category', es: 'Categoría' },
  price: { en: 'Price', es: 'Precio' },
  cost: { en: 'Cost', es: 'Coste', also: ['costo'] },
  taxes: { en: 'Taxes', es: 'Impuestos', also: ['tax', 'impuesto'] },
  barcode: { en: 'Barcode', es: 'Código de barras', also: ['ean', 'upc'] },
  // `track_stock` and `active`: the headers of the export before issue 43.
  trackStock: { en: 'Track stock', es: 'Controlar stock' },
  active: { en: 'Active', es: 'Activo' },
};

export const ITEM_COLUMNS = Object.keys(HEADERS) as ItemColumn[];

const STOCK_PREFIX: Record<CsvLanguage, string> = { en: 'On hand', es: 'Existencias' };
const STOCK_PREFIXES = ['on hand', 'existencias', 'stock'];

/** Lower case, no accents, `_` as a space, spaces collapsed: "Categoría" = "categoria", track_stock = "Track stock". */
export const headerKey = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ').trim();

const KNOWN = new Map<string, ItemColumn>(
  ITEM_COLUMNS.flatMap((column) => {
    const h = HEADERS[column];
    return [h.en, h.es, ...(h.also ?? [])].map((text) => [headerKey(text), column] as const);
  }),
);

export const itemHeader = (column: ItemColumn, lang: CsvLanguage) => HEADERS[column][lang];
export const stockHeader = (warehouse: string, lang: CsvLanguage) => `${STOCK_PREFIX[lang]}: ${warehouse}`;

export type HeaderMeaning =
  | { kind: 'item'; column: ItemColumn }
  /** "On hand: Back room": a stock column (its warehouse still to be found). */
  | { kind: 'stock'; warehouse: string }
  | { kind: 'unknown' };

export function readHeader(text: string): HeaderMeaning {
  const key = headerKey(text);
  const column = KNOWN.get(key);
  if (column) return { kind: 'item', column };
  const colon = text.indexOf(':');
  if (colon > 0 && STOCK_PREFIXES.includes(headerKey(text.slice(0, colon)))) {
    return { kind: 'stock', warehouse: text.slice(colon + 1).trim() };
  }
  return { kind: 'unknown' };
}

/** A flag as the export writes it and people type it. */
export const yesNo = (value: boolean, lang: CsvLanguage) => (value ? (lang === 'es' ? 'sí' : 'yes') : 'no');

const YES = new Set(['yes', 'y', 'si', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);

export function readYesNo(cell: string): boolean | undefined {
  const key = headerKey(cell);
  if (YES.has(key)) return true;
  if (NO.has(key)) return false;
  return undefined;
}

/** A text cell: trimmed, without the apostrophe the export puts before formula-like text. */
export const textCell = (cell: string | undefined) => (cell ?? '').trim().replace(/^'(?=[=+\-@])/, '');

export type NumberResult = { ok: true; value: number } | { ok: false; problem: ItemImportProblem };

/**
 * A number in the file's own style: a `;` file (Excel in Spanish) writes decimal commas, a `,`
 * file decimal points. Thousands may be grouped by threes with the other sign; a currency sign
 * before or after is left out. What cannot be read for sure is refused, never guessed (as the
 * page's fields do, shared/src/ui/decimal.ts): the other decimal sign ("1.80" in a `;` file),
 * "1.800" in a `;` file (one thousand eight hundred, or 1,8?), more decimals than kept.
 * `value` is in minor units: x 10^decimals.
 */
export function readNumber(cell: string, delimiter: CsvDelimiter, decimals: number): NumberResult {
  const decimal = delimiter === ';' ? ',' : '.';
  const group = decimal === ',' ? '.' : ',';
  let text = cell
    .trim()
    .replace(/^[^\d\-\u2212.,]+/u, '')
    .replace(/[^\d.,]+$/u, '')
    .replace(/[\u0020\u00a0\u202f]/g, '');
  if (/^[-\u2212]/.test(text)) {
    return /\d/.test(text) ? { ok: false, problem: 'negative' } : { ok: false, problem: 'notNumber' };
  }
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, problem: 'notNumber' };
  let fraction = '';
  const at = text.lastIndexOf(decimal);
  if (at >= 0) {
    fraction = text.slice(at + 1);
    text = text.slice(0, at);
    if (!/^\d*$/.test(fraction)) return { ok: false, problem: 'otherSeparator' };
  }
  let whole = text;
  if (text.includes(group)) {
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(text)) {
      const other = at < 0 && new RegExp(`^\\d+\\${group}\\d+$`).test(text);
      return { ok: false, problem: other ? 'otherSeparator' : 'notNumber' };
    }
    whole = text.split(group).join('');
    // "1.800" in a Spanish file: Spanish groups only from five digits (10.000).
    if (decimal === ',' && at < 0 && whole.length < 5) return { ok: false, problem: 'ambiguous' };
  }
  if (fraction.length > decimals) return { ok: false, problem: 'decimals' };
  if (whole.length > 12) return { ok: false, problem: 'tooLarge' };
  return { ok: true, value: Number((whole || '0') + fraction.padEnd(decimals, '0')) };
}
