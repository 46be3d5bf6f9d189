import { sql } from 'kysely';
import { weekdayOf } from '@hive/shared/schemas/backoffice/reports';
import { offsetAt } from '../../time';

/*
 * What the scheduling, the time clock and the labour reports share: local dates and times to
 * instants, weeks, and the cost of minutes of work. Days are days since 1970-01-01 in the
 * location's zone (like the report roll-ups); weeks start on Monday.
 */

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;

/**
 * The instant of local `minute` minutes after the midnight starting `day` in `timeZone` (past
 * 1440 is the next day). Wall-clock time: on a DST day 09:00 is 09:00. A time that does not exist
 * (in the spring gap) is read with the offset before the change, so it lands just after the gap.
 */
export function localInstant(day: number, minute: number, timeZone: string): number {
  const wall = (day * DAY_MINUTES + minute) * MINUTE_MS;
  const before = wall - offsetAt(wall - 12 * 3_600_000, timeZone);
  const after = wall - offsetAt(before, timeZone);
  return after === before ? before : wall - offsetAt(after, timeZone) === after ? after : before;
}

/** The Monday of the week `day` is in. */
export function mondayOf(day: number): number {
  return day - weekdayOf(day);
}

/** minutes x rate per hour, in minor units, rounded half up (whole cents, never floats). */
export function costOfMinutes(minutes: number, rateCents: number): number {
  return Math.floor((minutes * rateCents * 2 + 60) / 120);
}

/** The rate an employee is paid per hour: their own, else their position's, else 0 (SQL, `e` and `p` aliases). */
export const employeeRateSql = sql<number>`coalesce(e.hourly_rate_cents, p.hourly_rate_cents, 0)`;
