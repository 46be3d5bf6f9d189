import { useMemo } from 'react';
import { useFormat, useT } from '../../i18n';
import type { CellKind } from './table';

/**
 * Numbers and dates of the reports in the user's language: money from cents in the company's
 * currency, and the local dates and times the server sends (already in the location's time zone,
 * so formatted as they are, in UTC).
 */
export function useReportFormat(currency = 'USD', timeZone?: string) {
  const base = useFormat(currency, timeZone);
  const { i18n } = useT();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const weekday = new Intl.DateTimeFormat(lng, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const month = new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const signedPercent = new Intl.NumberFormat(lng, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    });
    const cents = (n: number) => base.money(n / 100);
    const hours = new Intl.NumberFormat(lng, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const basisPoints = new Intl.NumberFormat(lng, {
      style: 'percent',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return {
      ...base,
      cents,
      /** A local day `YYYY-MM-DD`: Oct 25, 2026 (the one date format, i18n/dates). */
      date: (iso: string) => base.calendarDate(iso),
      /** Sun, 25 Oct 2026 */
      weekday: (iso: string) => weekday.format(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`)),
      /** October 2026 */
      month: (iso: string) => month.format(Date.parse(`${iso.slice(0, 7)}-01T00:00:00Z`)),
      /** `YYYY-MM-DD HH:MM` (local to the location) as the one date and time format. */
      stamp: (local: string) => base.stamp(local),
      /** An hour of the day (0-23) as a clock time: 5:00 PM · 17:00. */
      hour: (h: number) => base.clock(`${String(h).padStart(2, '0')}:00`),
      change: (fraction: number) => signedPercent.format(fraction),
      cell(kind: CellKind, value: number | string | null): string {
        if (value === null) return '–';
        if (typeof value === 'string') return value;
        switch (kind) {
          case 'money':
            return cents(value);
          case 'int':
            return base.integer(value);
          case 'percent':
            return base.percent(value);
          case 'change':
            return signedPercent.format(value);
          case 'hours':
            return hours.format(value / 60);
          case 'basisPoints':
            return basisPoints.format(value / 10_000);
          default:
            return String(value);
        }
      },
    };
  }, [base, lng]);
}

export type ReportFormat = ReturnType<typeof useReportFormat>;
