/*
 * Numbers as people type them, in their language: "1,80" and "1.234,56" in Spanish, "1.80" and
 * "1,234.56" in English. A browser number field reads what its own locale expects, whatever the
 * page's language: a Spanish "1,80" once saved an item's price as 180.00. Anything this cannot read
 * for sure is refused with the reason, never guessed:
 * - the other language's decimal separator ("1.80" in Spanish, "1,80" in English);
 * - "1.800" in Spanish, which could be 1800 (grouped) or 1,8 (Spanish writes 1800 ungrouped);
 * - more decimals than the field keeps (a price in a two-decimal currency), rather than rounding.
 */

export interface DecimalSeparators {
  decimal: '.' | ',';
  group: '.' | ',';
}

const ENGLISH: DecimalSeparators = { decimal: '.', group: ',' };
const SPANISH: DecimalSeparators = { decimal: ',', group: '.' };

/** The separators of a language (`es`, `es-ES`: Spanish; anything else: English). */
export function separatorsOf(lang: string): DecimalSeparators {
  return /^es\b/i.test(lang) ? SPANISH : ENGLISH;
}

export type DecimalProblem =
  /** Not a number at all. */
  | 'malformed'
  /** The other language's decimal separator: "1.80" in Spanish, "1,80" in English. */
  | 'otherSeparator'
  /** "1.800" in Spanish: a thousand eight hundred, or one point eight. */
  | 'ambiguous'
  /** More decimals than the field keeps. */
  | 'decimals'
  /** A minus sign where the field takes none. */
  | 'negative';

export type ParsedDecimal =
  | { ok: true; empty: true }
  | {
      ok: true;
      empty: false;
      /** The digits before the point (no sign, no leading zeros but one). */
      whole: string;
      /** The digits after the point, as typed (trailing zeros kept). */
      fraction: string;
      negative: boolean;
    }
  | { ok: false; problem: DecimalProblem };

export interface DecimalRules {
  /** Most digits after the separator (a price: the currency's, usually 2). */
  decimals: number;
  /** Whether a minus sign is allowed (an adjustment); default false. */
  signed?: boolean;
}

/**
 * Whole digits grouped by threes with `group` or spaces (as people and some formatters write
 * thousands), or ungrouped. Null when neither.
 */
function wholeDigits(text: string, group: string): { digits: string; grouped: boolean } | null {
  if (/^\d*$/.test(text)) return { digits: text, grouped: false };
  const parts = text.split(new RegExp(`[${group === '.' ? '\\.' : ','}\\u0020\\u00a0\\u202f]`));
  if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1).some((p) => !/^\d{3}$/.test(p))) return null;
  return { digits: parts.join(''), grouped: true };
}

export function parseDecimal(input: string, lang: string, rules: DecimalRules): ParsedDecimal {
  const { decimal, group } = separatorsOf(lang);
  let text = input.trim();
  if (text === '') return { ok: true, empty: true };
  let negative = false;
  if (/^[-\u2212]/.test(text)) {
    negative = true;
    text = text.slice(1).trimStart();
  }
  if (!/^[\d.,\u0020\u00a0\u202f]+$/.test(text) || !/\d/.test(text)) return { ok: false, problem: 'malformed' };
  if (negative && !rules.signed) return { ok: false, problem: 'negative' };

  let wholeText = text;
  let fraction = '';
  const decimalAt = text.lastIndexOf(decimal);
  if (decimalAt >= 0) {
    wholeText = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    if (!/^\d*$/.test(fraction)) {
      // "1.234,56" in English: the separators of the other language.
      return {
        ok: false,
        problem: fraction.includes(group) || wholeText.includes(group) ? 'otherSeparator' : 'malformed',
      };
    }
  }
  const whole = wholeDigits(wholeText, group);
  if (!whole) {
    // "1.80" in Spanish, "1,80" in English: a decimal in the other language's style.
    const other = decimalAt < 0 && new RegExp(`^\\d+\\${group}\\d+$`).test(text);
    return { ok: false, problem: other ? 'otherSeparator' : 'malformed' };
  }
  // Spanish groups only from five whole digits (10.000), so a lone "1.800" may be one point eight
  // written the English way.
  if (decimal === ',' && whole.grouped && decimalAt < 0 && whole.digits.length < 5 && text.includes('.')) {
    return { ok: false, problem: 'ambiguous' };
  }
  if (fraction.length > rules.decimals) return { ok: false, problem: 'decimals' };
  const digits = whole.digits.replace(/^0+(?=\d)/, '') || '0';
  return { ok: true, empty: false, whole: digits, fraction, negative };
}

/** The value as a number (null when empty). */
export function decimalValue(parsed: Extract<ParsedDecimal, { ok: true }>): number | null {
  if (parsed.empty) return null;
  const n = Number(`${parsed.whole}.${parsed.fraction || '0'}`);
  return parsed.negative && n !== 0 ? -n : n;
}

/** The value in minor units (`decimals` digits: cents for 2), exactly, with no float on the way. */
export function minorUnits(parsed: Extract<ParsedDecimal, { ok: true }>, decimals: number): number | null {
  if (parsed.empty) return null;
  const n = Number(parsed.whole + parsed.fraction.padEnd(decimals, '0').slice(0, decimals));
  return parsed.negative && n !== 0 ? -n : n;
}

/**
 * How a field shows a number for editing in a language: its decimal separator, no grouping (so that
 * what is shown is what `parseDecimal` reads back), at most `decimals` digits, trailing zeros kept
 * to `minDecimals`.
 */
export function decimalInput(
  value: number | null | undefined,
  lang: string,
  decimals: number,
  minDecimals = 0,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = value.toLocaleString('en-US', {
    useGrouping: false,
    minimumFractionDigits: Math.min(minDecimals, decimals),
    maximumFractionDigits: decimals,
  });
  return separatorsOf(lang).decimal === ',' ? text.replace('.', ',') : text;
}
