import fc from 'fast-check';
import { decimalInput, decimalValue, minorUnits, parseDecimal, type DecimalRules } from './decimal';

const MONEY: DecimalRules = { decimals: 2 };
const QUANTITY: DecimalRules = { decimals: 3 };

/** Cents, or the problem. */
function cents(text: string, lang: string, rules: DecimalRules = MONEY): number | null | string {
  const parsed = parseDecimal(text, lang, rules);
  return parsed.ok ? minorUnits(parsed, rules.decimals) : parsed.problem;
}

describe('parseDecimal: what a person types, in their language', () => {
  it('reads Spanish with a decimal comma and optional thousands points (the 100x price bug)', () => {
    expect(cents('1,80', 'es')).toBe(180);
    expect(cents('0,50', 'es')).toBe(50);
    expect(cents('1.234,56', 'es')).toBe(123456);
    expect(cents('12.345', 'es')).toBe(1234500);
    expect(cents('1 234,5', 'es')).toBe(123450);
    expect(cents(' 7 ', 'es-ES')).toBe(700);
    expect(cents(',5', 'es')).toBe(50);
  });

  it('reads English with a decimal point and optional thousands commas', () => {
    expect(cents('1.80', 'en')).toBe(180);
    expect(cents('1,234.56', 'en')).toBe(123456);
    expect(cents('1,800', 'en')).toBe(180000);
    expect(cents('.5', 'en')).toBe(50);
    expect(cents('5.', 'en')).toBe(500);
  });

  it("refuses the other language's decimal separator rather than reading it as thousands", () => {
    expect(cents('1.80', 'es')).toBe('otherSeparator');
    expect(cents('0.5', 'es')).toBe('otherSeparator');
    expect(cents('1,80', 'en')).toBe('otherSeparator');
    expect(cents('1.234,56', 'en')).toBe('otherSeparator');
    expect(cents('1,234.56', 'es')).toBe('otherSeparator');
  });

  it('refuses "1.800" in Spanish (1800 or 1,8?) and what is not a number at all', () => {
    expect(cents('1.800', 'es')).toBe('ambiguous');
    expect(cents('1.800,00', 'es')).toBe(180000);
    for (const text of ['abc', '1e3', '1,2,3', '1.2.3', '12 34', ',', '--1', '1-', '0x10', '1,23,456.7']) {
      expect([text, cents(text, 'en')]).toEqual([text, 'malformed']);
    }
    expect(cents('1..5', 'es')).toBe('malformed');
  });

  it('refuses more decimals than the field keeps, and a minus sign unless allowed', () => {
    expect(cents('1,805', 'es')).toBe('decimals');
    expect(cents('1.805', 'en')).toBe('decimals');
    expect(cents('-1,80', 'es')).toBe('negative');
    expect(cents('-1,80', 'es', { decimals: 2, signed: true })).toBe(-180);
    expect(cents('−0.5', 'en', { decimals: 2, signed: true })).toBe(-50);
    const quantity = parseDecimal('2,125', 'es', QUANTITY);
    expect(quantity.ok && decimalValue(quantity)).toBe(2.125);
  });

  it('reads an empty field as none', () => {
    const parsed = parseDecimal('  ', 'es', MONEY);
    expect(parsed).toEqual({ ok: true, empty: true });
    expect(parsed.ok && minorUnits(parsed, 2)).toBeNull();
  });
});

describe('what the formatters write reads back to the same value (property)', () => {
  const languages = fc.constantFrom('en', 'es');

  it('money: the display format (grouped) and the field format, in both languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), languages, (value, lang) => {
        const display = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
        expect(cents(display.format(value / 100), lang)).toBe(value);
        expect(cents(decimalInput(value / 100, lang, 2, 2), lang)).toBe(value);
        expect(cents(decimalInput(value / 100, lang, 2), lang)).toBe(value);
      }),
    );
  });

  it('quantities to the thousandth and signed amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), languages, (value, lang) => {
        const rules = { decimals: 3, signed: true };
        const display = new Intl.NumberFormat(lang, { maximumFractionDigits: 3 });
        expect(cents(display.format(value / 1000), lang, rules)).toBe(value);
        expect(cents(decimalInput(value / 1000, lang, 3), lang, rules)).toBe(value);
      }),
    );
  });
});
