import { TZDate, tzOffset } from '@date-fns/tz';
import { isTimeZone } from '@hive/shared/schemas/backoffice/settings';

/*
 * The one place the server turns instants into wall-clock times of an IANA zone and back. The
 * offsets and the DST rules come from @date-fns/tz (over the runtime's ICU zone data), not from
 * hand-written arithmetic. Days are cut in the location's (else the business's) zone at query time
 * (docs/ARCHITECTURE.md); DST days are 23 or 25 hours long.
 */

/**
 * A stored zone the runtime does not know. Zones are checked where they are entered (a 400 naming
 * the field); meeting one here means bad stored data, so it fails loudly (the final error handler
 * logs it with its stack) instead of silently reading the times as UTC.
 */
export class UnknownTimeZoneError extends Error {
  constructor(readonly timeZone: string) {
    super(`unknown time zone ${JSON.stringify(timeZone)}: fix the location's or business's time zone`);
    this.name = 'UnknownTimeZoneError';
  }
}

const known = new Set<string>(['UTC']);

/** `timeZone` if the runtime knows it as an IANA zone, else throws UnknownTimeZoneError. */
export function checkTimeZone(timeZone: string): string {
  if (known.has(timeZone)) return timeZone;
  // tzOffset alone would read "Foo-05" as UTC-5 and give NaN only for some bad names: check first.
  if (!isTimeZone(timeZone)) throw new UnknownTimeZoneError(timeZone);
  known.add(timeZone);
  return timeZone;
}

/** Milliseconds to add to UTC to get the wall-clock time of `timeZone` at `at`. */
export function zoneOffsetMs(at: number, timeZone: string): number {
  const minutes = tzOffset(checkTimeZone(timeZone), new Date(at));
  if (Number.isNaN(minutes)) throw new UnknownTimeZoneError(timeZone);
  return Math.round(minutes * 60_000);
}

/**
 * The instant of wall-clock `minute` (past 1440 runs into the next days) of the calendar date
 * `year`-`month` (1-12)-`date` in `timeZone`. A time in the spring gap lands just after it (02:30
 * reads as 03:30 new time); an autumn time that happens twice is its first occurrence.
 */
export function wallClockInstant(year: number, month: number, date: number, minute: number, timeZone: string): number {
  const at = new TZDate(year, month - 1, date, 0, minute, checkTimeZone(timeZone)).getTime();
  if (Number.isNaN(at)) throw new UnknownTimeZoneError(timeZone);
  return at;
}

/** Local midnight (or the day's first instant, where midnight is skipped) of the day `at` falls on. */
export function startOfLocalDay(at: number, timeZone: string): number {
  const local = new TZDate(at, checkTimeZone(timeZone));
  local.setHours(0, 0, 0, 0);
  return local.getTime();
}
