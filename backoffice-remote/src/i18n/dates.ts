/*
 * The one date and time format of the apps, per language, in a given IANA zone. Every page writes
 * dates and times through these (a test fails when a page formats one itself), so a purchase
 * order and its stock movement show the same clock time: the location's (or business's) zone,
 * never the browser's. No seconds; en "Nov 27, 2026" / "11:17 AM", es "27 nov 2026" / "11:17".
 */

export interface DateTimeFormat {
  /** The zone instants are written in. */
  readonly timeZone: string;
  /** An instant (epoch ms) as a date: Nov 27, 2026 · 27 nov 2026. */
  date(ms: number): string;
  /** An instant as a clock time: 11:17 AM · 11:17. */
  time(ms: number): string;
  /** An instant as a date and time: Nov 27, 2026, 11:17 AM · 27 nov 2026, 11:17. */
  dateTime(ms: number): string;
  /** A calendar date `YYYY-MM-DD` (no zone: it is already a local day) as a date. */
  calendarDate(iso: string): string;
  /** A date and time to the second, for logs only (a terminal's events): Nov 27, 2026, 11:17:05 AM. */
  dateTimeSeconds(ms: number): string;
  /** A calendar date kept as the epoch ms of its UTC midnight (a PO's expected day) as a date. */
  calendarDay(ms: number): string;
  /** A local wall-clock `YYYY-MM-DD HH:MM` (already in the location's zone) as a date and time. */
  stamp(local: string): string;
  /** A local wall-clock `HH:MM` as a clock time. */
  clock(hhmm: string): string;
  /** A calendar date as day and month only, for chart axes and week columns: Nov 27 · 27 nov. */
  dayMonth(iso: string): string;
  /** The zone's short name at `ms` (CST, GMT-6), for saying which zone the times are in. */
  zoneName(ms: number): string;
}

const DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** A wall-clock string (`YYYY-MM-DD`, `YYYY-MM-DD HH:MM`, `HH:MM`) as the UTC instant that reads the same. */
function wallClock(local: string): number {
  if (/^\d{2}:\d{2}$/.test(local)) return Date.parse(`1970-01-01T${local}:00Z`);
  const date = local.slice(0, 10);
  const time = local.length > 10 ? local.slice(11, 16) : '00:00';
  return Date.parse(`${date}T${time}:00Z`);
}

/** `timeZone` if this browser knows it; else UTC, said out loud in the console (bad stored data). */
function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    console.error(`unknown time zone ${JSON.stringify(timeZone)}: times shown in UTC`);
    return 'UTC';
  }
}

/** A calendar date kept as the epoch ms of its UTC midnight as `YYYY-MM-DD` (date inputs' value). */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A zone's offset at `at` as "UTC-06:00" ("UTC" for none; '' if unknown), for the zone picker. */
export function utcOffset(timeZone: string, at: number): string {
  try {
    const parts = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
    return name === 'GMT' || name === 'GMT+00:00' ? 'UTC' : name.replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

const cache = new Map<string, DateTimeFormat>();

/** The formats of language `lng` in `timeZone` (cached: pages ask on every render). */
export function dateTimeFormat(lng: string, timeZone: string): DateTimeFormat {
  const key = `${lng}|${timeZone}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const zone = knownZone(timeZone);
  const date = new Intl.DateTimeFormat(lng, { ...DATE, timeZone: zone });
  const time = new Intl.DateTimeFormat(lng, { ...TIME, timeZone: zone });
  const dateTime = new Intl.DateTimeFormat(lng, { ...DATE, ...TIME, timeZone: zone });
  const dateTimeSeconds = new Intl.DateTimeFormat(lng, { ...DATE, ...TIME, second: '2-digit', timeZone: zone });
  const utcDate = new Intl.DateTimeFormat(lng, { ...DATE, timeZone: 'UTC' });
  const utcTime = new Intl.DateTimeFormat(lng, { ...TIME, timeZone: 'UTC' });
  const utcDateTime = new Intl.DateTimeFormat(lng, { ...DATE, ...TIME, timeZone: 'UTC' });
  const dayMonth = new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const name = new Intl.DateTimeFormat(lng, { timeZone: zone, timeZoneName: 'short' });
  const format: DateTimeFormat = {
    timeZone: zone,
    date: (ms) => date.format(ms),
    time: (ms) => time.format(ms),
    dateTime: (ms) => dateTime.format(ms),
    dateTimeSeconds: (ms) => dateTimeSeconds.format(ms),
    calendarDate: (iso) => utcDate.format(wallClock(iso)),
    calendarDay: (ms) => utcDate.format(ms),
    stamp: (local) => utcDateTime.format(wallClock(local)),
    clock: (hhmm) => utcTime.format(wallClock(hhmm)),
    dayMonth: (iso) => dayMonth.format(wallClock(iso)),
    zoneName: (ms) => name.formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? zone,
  };
  cache.set(key, format);
  return format;
}
