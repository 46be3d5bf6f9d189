import { useMemo } from 'react';
import { dayNumber, isoDay, weekdayOf } from '@hive/shared/schemas/backoffice/reports';
import { useAreaT, useFormat } from '../../../i18n';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * Numbers, durations and dates of the scheduling pages in the user's language: money from cents in
 * the answer's currency, minutes as "7 h 30 min", and the location's calendar dates (`YYYY-MM-DD`,
 * formatted as they are, in UTC, so no time zone moves them).
 */
export function useSchedulingFormat(currency?: string) {
  const { t, i18n } = useAreaT('scheduling');
  const base = useFormat(currency);
  const lng = i18n.resolvedLanguage ?? i18n.language ?? 'en';
  return useMemo(() => {
    const dayShort = new Intl.DateTimeFormat(lng, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    const dayLong = new Intl.DateTimeFormat(lng, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    const weekday = new Intl.DateTimeFormat(lng, { weekday: 'short', timeZone: 'UTC' });
    const dayMonth = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return {
      ...base,
      /** Integer minor units in the currency. */
      cents: (cents: number) => base.money(cents / 100),
      /** 450 -> "7 h 30 min", 45 -> "45 min", 480 -> "8 h". */
      duration(minutes: number): string {
        const whole = Math.max(0, Math.round(minutes));
        const h = Math.floor(whole / 60);
        const m = whole % 60;
        if (h === 0) return t('shared.duration.minutes', { m });
        if (m === 0) return t('shared.duration.hours', { h: base.integer(h) });
        return t('shared.duration.both', { h: base.integer(h), m });
      },
      /** Hundredths of a percent (2534) as a percentage ("25.3%"). */
      percentBp: (bp: number) => base.percent(bp / 10_000),
      /** "Mon, Jul 6" */
      dayShort: (iso: string) => dayShort.format(utc(iso)),
      /** "Monday, July 6" */
      dayLong: (iso: string) => dayLong.format(utc(iso)),
      /** "Mon" */
      weekday: (iso: string) => weekday.format(utc(iso)),
      /** "Jul 6" */
      dayMonth: (iso: string) => dayMonth.format(utc(iso)),
      /** "Jul 6, 2026" */
      date: (iso: string) => base.calendarDate(iso),
      /** The clock time of `HH:MM` or of a local stamp, in the one time format: "9:05 AM", "9:05". */
      clock: (value: string) => base.clock(timePart(value)),
    };
  }, [base, lng, t]);
}

export type SchedulingFormat = ReturnType<typeof useSchedulingFormat>;

/** `YYYY-MM-DD` plus `days` (negative: back), or null when it is not a date. */
export function addDays(iso: string, days: number): string | null {
  const day = dayNumber(iso);
  return day === null ? null : isoDay(day + days);
}

/** The Monday of the week of `iso` (weeks start on Monday), or null when it is not a date. */
export function mondayOf(iso: string): string | null {
  const day = dayNumber(iso);
  return day === null ? null : isoDay(day - weekdayOf(day));
}

/** `YYYY-MM-DD HH:MM` (the API's local stamps) -> `YYYY-MM-DDTHH:MM` (a datetime-local input's value). */
export function toLocalInput(stamp: string): string {
  return stamp.trim().replace(' ', 'T').slice(0, 16);
}

/** The `HH:MM` of a time or of a local stamp (`YYYY-MM-DD HH:MM`). */
export function timePart(value: string): string {
  const m = /(\d{2}:\d{2})(?::\d{2})?$/.exec(value.trim());
  return m ? m[1]! : value;
}

/** The `YYYY-MM-DD` of a local stamp. */
export function datePart(stamp: string): string {
  return stamp.trim().slice(0, 10);
}
