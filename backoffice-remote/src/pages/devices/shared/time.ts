import { useEffect, useMemo, useState } from 'react';
import { useAreaT, useFormat } from '../../../i18n';

/** The current time (client clock), refreshed every `everyMs` while mounted. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * How far the server's clock is ahead of this one: `serverTime` was the server's time when an
 * answer left it, `receivedAt` the client's when it arrived. Countdowns and "seen 2 min ago" use
 * server time, so a computer whose clock is off still shows the right minutes.
 */
export function clockOffset(serverTime: number | undefined, receivedAt: number | null): number {
  return serverTime === undefined || receivedAt === null ? 0 : serverTime - receivedAt;
}

/** `m:ss` of a duration (never negative): 9:58, 0:07. */
export function countdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

function useLanguage(): string {
  const { i18n } = useAreaT('devices');
  return i18n.resolvedLanguage ?? i18n.language ?? 'en';
}

/** Dates and times in the user's language and the business's time zone (the one format, i18n/dates). */
export function useDateTimeFormat() {
  const lng = useLanguage();
  const { dateTime, dateTimeSeconds, time } = useFormat();
  return useMemo(() => {
    const relative = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
    return {
      dateTime,
      dateTimeSeconds,
      time,
      /** "just now", "3 minutes ago", "2 hours ago", "yesterday"; older: the date. */
      ago: (at: number, now: number) => {
        const seconds = Math.round((now - at) / 1000);
        if (seconds < 45) return relative.format(0, 'second');
        const minutes = Math.round(seconds / 60);
        if (minutes < 60) return relative.format(-minutes, 'minute');
        const hours = Math.round(minutes / 60);
        if (hours < 24) return relative.format(-hours, 'hour');
        const days = Math.round(hours / 24);
        if (days < 7) return relative.format(-days, 'day');
        return dateTime(at);
      },
    };
  }, [lng, dateTime, dateTimeSeconds, time]);
}

/** `YYYY-MM-DD` of a local calendar day <-> its local midnight in epoch ms (date inputs). */
export function dayStart(isoDate: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getFullYear() === Number(match[1]) && date.getMonth() === Number(match[2]) - 1 ? date.getTime() : null;
}

/** The local midnight after `isoDate` (an inclusive "to" day as an exclusive bound). */
export function dayAfter(isoDate: string): number | null {
  const start = dayStart(isoDate);
  if (start === null) return null;
  const date = new Date(start);
  date.setDate(date.getDate() + 1);
  return date.getTime();
}

/** Epoch ms <-> the value of an `<input type="datetime-local">` (local time, minutes). */
export function toLocalInput(at: number | null): string {
  if (at === null) return '';
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromLocalInput(value: string): number | null {
  if (value.trim() === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi).getTime();
}
