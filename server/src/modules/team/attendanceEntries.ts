import { type Kysely, type Transaction } from 'kysely';
import { englishMessages } from '@hive/shared/schemas/backoffice/common';
import { dayNumber } from '@hive/shared/schemas/backoffice/reports';
import { minuteOfDay, splitLocalDateTime, type TimeEntryInput } from '@hive/shared/schemas/backoffice/scheduling';
import type { Database } from '../../database';
import { fieldProblem, refused } from '../merchant';
import { localStamp } from '../../platform/time';
import { localInstant } from './time';

// The checks and writes of a manual or corrected time entry (attendance.ts): its span in the
// location's zone, overlap with the employee's other entries, and its break row.

type Db = Kysely<Database> | Transaction<Database>;

const MINUTE_MS = 60_000;
/** Manual times may be up to a minute ahead of the server's clock (the minute being typed). */
const FUTURE_SLACK_MS = MINUTE_MS;

export interface Span {
  clockInAt: number;
  clockOutAt: number | null;
}

/** The form's local date-times as instants in the location's zone, with the checks the zone decides. */
export function spanOf(input: TimeEntryInput, timeZone: string, now: number): Span {
  const instant = (value: string) => {
    const parts = splitLocalDateTime(value)!;
    return localInstant(dayNumber(parts.date)!, minuteOfDay(parts.time)!, timeZone);
  };
  const clockInAt = instant(input.clockIn);
  const clockOutAt = input.clockOut === '' ? null : instant(input.clockOut);
  if (clockInAt > now + FUTURE_SLACK_MS) throw fieldProblem('clockIn', 'must not be in the future');
  if (clockOutAt !== null) {
    if (clockOutAt > now + FUTURE_SLACK_MS) throw fieldProblem('clockOut', 'must not be in the future');
    // A daylight-saving change can make a wall-clock range shorter than it reads.
    if (clockOutAt <= clockInAt) throw fieldProblem('clockOut', englishMessages('endBeforeStart'));
  }
  const lengthMs = (clockOutAt ?? now) - clockInAt;
  if (input.breakMinutes > 0 && input.breakMinutes * MINUTE_MS >= lengthMs) {
    throw fieldProblem(
      'breakMinutes',
      clockOutAt === null ? 'must be shorter than the time clocked in so far' : englishMessages('breakTooLong'),
    );
  }
  return { clockInAt, clockOutAt };
}

/**
 * 409 unless the span is free for the employee: an open entry while they have another open one
 * (already_clocked_in), or any overlap with another of their entries (entry_overlaps; an open
 * entry runs until it is closed). Call with the employee's row locked.
 */
export async function assertFree(
  trx: Db,
  companyId: number,
  employeeId: number,
  span: Span,
  exceptId: number | null,
  companyZone: string,
): Promise<void> {
  const others = () => {
    let query = trx
      .selectFrom('time_entries as te')
      .leftJoin('locations as l', 'l.id', 'te.location_id')
      .select(['te.id', 'te.clock_in_at', 'te.clock_out_at', 'l.timezone'])
      .where('te.company_id', '=', companyId)
      .where('te.employee_id', '=', employeeId);
    if (exceptId !== null) query = query.where('te.id', '!=', exceptId);
    return query;
  };
  if (span.clockOutAt === null) {
    const open = await others().where('te.clock_out_at', 'is', null).executeTakeFirst();
    if (open) {
      const since = localStamp(Number(open.clock_in_at), open.timezone ?? companyZone);
      throw refused(
        'already_clocked_in',
        `The employee is already clocked in (since ${since}): close that entry first, or give this one a clock-out.`,
        { entryId: open.id },
      );
    }
  }
  let query = others().where((eb) =>
    eb.or([eb('te.clock_out_at', 'is', null), eb('te.clock_out_at', '>', span.clockInAt)]),
  );
  if (span.clockOutAt !== null) query = query.where('te.clock_in_at', '<', span.clockOutAt);
  const other = await query.orderBy('te.clock_in_at').orderBy('te.id').executeTakeFirst();
  if (other) {
    const zone = other.timezone ?? companyZone;
    const from = localStamp(Number(other.clock_in_at), zone);
    const to = other.clock_out_at === null ? 'now (still clocked in)' : localStamp(Number(other.clock_out_at), zone);
    throw refused('entry_overlaps', `The employee has another entry at that time, from ${from} to ${to}.`, {
      entryId: other.id,
    });
  }
}

/**
 * A manual total of break minutes becomes the entry's only break row: that long, centred in the
 * entry (an open entry's starts at the clock-in).
 */
export async function replaceBreaks(trx: Db, companyId: number, entryId: number, span: Span, minutes: number) {
  await trx.deleteFrom('time_breaks').where('entry_id', '=', entryId).where('company_id', '=', companyId).execute();
  if (minutes <= 0) return;
  const breakMs = minutes * MINUTE_MS;
  const startAt =
    span.clockOutAt === null
      ? span.clockInAt
      : span.clockInAt + Math.floor((span.clockOutAt - span.clockInAt - breakMs) / 2 / MINUTE_MS) * MINUTE_MS;
  await trx
    .insertInto('time_breaks')
    .values({ company_id: companyId, entry_id: entryId, start_at: startAt, end_at: startAt + breakMs })
    .execute();
}

export async function locationOf(trx: Db, companyId: number, id: number) {
  const location = await trx
    .selectFrom('locations')
    .select(['id', 'timezone'])
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!location) throw fieldProblem('locationId', englishMessages('invalidChoice'));
  return location;
}
