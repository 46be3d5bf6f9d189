import { useMemo } from 'react';
import { useAreaT } from '../../../i18n';

/** Months ("March 2026") and dates in the user's language, for the billing page. */
export function useBillingDates() {
  const { i18n } = useAreaT('settings');
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const month = new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const date = new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      /** `YYYY-MM` */
      period: (period: string) => month.format(new Date(`${period}-01T00:00:00Z`)),
      date: (at: number) => date.format(new Date(at)),
    };
  }, [lng]);
}
