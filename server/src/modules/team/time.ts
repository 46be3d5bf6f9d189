import { sql } from 'kysely';
import { weekdayOf } from '@hive/shared/schemas/backoffice/reports';

/*
 * What the scheduling, the time clock and the labour reports share: local dates and times to
 * instants, weeks, and the cost of minutes of work. Days are days since 1970-01-01 in the
 * location's zone (like the report roll-ups); weeks start on Monday.
 */

// Local wall-clock times to instants live in the one time module (on @date-fns/tz).
export { localInstant } from '../../platform/time';

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
