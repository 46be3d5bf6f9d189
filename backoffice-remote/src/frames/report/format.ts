import { useMemo } from 'react';
import { useFormat, useT } from '../../i18n';
import type { CellKind } from './table';

const utc = (iso: string) => new Date(`${iso.length === 10 ? `${iso}T00:00` : iso.replace(' ', 'T')}:00Z`);

/**
 * Numbers and dates of the reports in the user's language: money from cents in the company's
 * currency, and the local dates and times the server sends (already in the location's time zone,
 * so formatted as they are, in UTC).
 */
export function useReportFormat(currency = 'USD') {
  const base = useFormat(currency);
  const { i18n } = useT();
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(lng, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const month = new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const stamp = new Intl.DateTimeFormat(lng, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
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
      /** 25 Oct 2026 */
      date: (iso: string) => date.format(utc(iso)),
      /** Sun, 25 Oct 2026 */
      weekday: (iso: string) => weekday.format(utc(iso)),
      /** October 2026 */
      month: (iso: string) => month.format(utc(iso)),
      /** `YYYY-MM-DD HH:MM` as a date and time. */
      stamp: (local: string) => stamp.format(utc(local)),
      hour: (h: number) => `${String(h).padStart(2, '0')}:00`,
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
