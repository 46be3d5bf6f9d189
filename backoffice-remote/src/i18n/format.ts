import { useMemo } from 'react';
import { formatRate, taxLabel } from '@hive/shared/schemas/taxLabel';
import { useBusinessZone } from '../api/useCompany';
import { dateTimeFormat } from './dates';
import { useT } from './hooks';

/**
 * Number formatters for the user's language (money in the company currency), and the one date and
 * time format (./dates) in `timeZone`: the location's where the page is about one, else the
 * business's (Settings › General information).
 */
/**
 * -0 (what negating a zero discount gives, or a sum that rounds to nothing) as 0: Intl writes it
 * "-0,00 EUR", a discount nobody was given. Rounding first catches amounts that only look like zero.
 */
const noMinusZero = (n: number) => (Math.abs(n) < 0.0005 ? 0 : n);

export function useFormat(currency = 'USD', timeZone?: string) {
  const { i18n } = useT();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  const zone = useTimeZone(timeZone);
  return useMemo(() => {
    const money = new Intl.NumberFormat(lng, { style: 'currency', currency });
    const integer = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 });
    const percent = new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 });
    const decimal = new Intl.NumberFormat(lng, { maximumFractionDigits: 2 });
    const compactMoney = new Intl.NumberFormat(lng, {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    const dates = dateTimeFormat(lng, zone);
    return {
      money: (n: number) => money.format(noMinusZero(n)),
      compactMoney: (n: number) => compactMoney.format(noMinusZero(n)),
      integer: (n: number) => integer.format(noMinusZero(n)),
      percent: (n: number) => percent.format(noMinusZero(n)),
      decimal: (n: number) => decimal.format(noMinusZero(n)),
      /** A tax rate (10 for 10 %) as the language writes a percentage: 10% · 10 %. */
      rate: (rate: number) => formatRate(rate, lng),
      /** A tax's name with its rate, unless the name already states it: "IVA 10%", "IVA 21 %". */
      tax: (name: string, rate: number) => taxLabel(name, rate, lng),
      ...dates,
      /** `YYYY-MM-DD` as day and month (chart axes): Nov 27 · 27 nov. */
      day: dates.dayMonth,
    };
  }, [lng, currency, zone]);
}

/**
 * The zone a page writes times in: `timeZone` when given (the location's), else the business's;
 * the browser's only until the company has loaded (it is cached once the header showed it).
 */
export function useTimeZone(timeZone?: string): string {
  const business = useBusinessZone();
  return timeZone || business || Intl.DateTimeFormat().resolvedOptions().timeZone;
}
