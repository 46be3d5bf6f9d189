import { useMemo } from 'react';
import { useT } from './hooks';

/** Number formatters for the user's language (money in the company currency). */
export function useFormat(currency = 'USD') {
  const { i18n } = useT();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
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
    const shortDate = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      money: (n: number) => money.format(n),
      compactMoney: (n: number) => compactMoney.format(n),
      integer: (n: number) => integer.format(n),
      percent: (n: number) => percent.format(n),
      decimal: (n: number) => decimal.format(n),
      /** `YYYY-MM-DD` (a calendar day, no time zone shift). */
      day: (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`)),
      /** An instant (epoch ms) as the viewer's date, or date and time, in the page's language. */
      date: (ms: number) => date.format(ms),
      dateTime: (ms: number) => dateTime.format(ms),
    };
  }, [lng, currency]);
}
