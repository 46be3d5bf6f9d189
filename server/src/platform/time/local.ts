import { wallClockInstant, zoneOffsetMs } from './zone';

/*
 * Local calendar days and hours of receipts. A day is a calendar date (days since 1970-01-01) in
 * the time zone of the location where the receipt was rung up; hours are wall-clock hours, so a
 * daylight-saving day has 23 or 25 hours of receipts and its 01:00 (autumn) holds two real hours.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Offsets change on quarter hours at most: cache each zone's offset per quarter hour. */
const SLOT_MS = 900_000;
const CACHE_MAX = 50_000;
const offsets = new Map<string, number>();

/** Milliseconds to add to UTC for the wall-clock time of `timeZone` at `at` (cached). */
export function offsetAt(at: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(at / SLOT_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = zoneOffsetMs(at, timeZone);
    if (offsets.size >= CACHE_MAX) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

export interface LocalTime {
  /** Days since 1970-01-01 of the local date. */
  day: number;
  /** 0-23, the local wall-clock hour. */
  hour: number;
  /** Minutes past the hour. */
  minute: number;
}

export function localTime(at: number, timeZone: string): LocalTime {
  const local = at + offsetAt(at, timeZone);
  const day = Math.floor(local / DAY_MS);
  const inDay = local - day * DAY_MS;
  return { day, hour: Math.floor(inDay / HOUR_MS), minute: Math.floor((inDay % HOUR_MS) / 60_000) };
}

/** `YYYY-MM-DD HH:MM` of `at` in `timeZone`. */
export function localStamp(at: number, timeZone: string): string {
  const local = new Date(at + offsetAt(at, timeZone)).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)}`;
}

/** The first instant of local date `day` in `timeZone` (epoch ms): midnight, or later where skipped. */
export function startOfDay(day: number, timeZone: string): number {
  return localInstant(day, 0, timeZone);
}

/**
 * The instant of local `minute` minutes after the midnight starting `day` in `timeZone` (past
 * 1440 is the next day). Wall-clock time: on a DST day 09:00 is 09:00. A time that does not exist
 * (in the spring gap) lands just after the gap; a repeated autumn time is its first occurrence.
 */
export function localInstant(day: number, minute: number, timeZone: string): number {
  const date = new Date(day * DAY_MS);
  return wallClockInstant(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), minute, timeZone);
}

/** Today's date in `timeZone`. */
export function today(now: number, timeZone: string): number {
  return localTime(now, timeZone).day;
}
