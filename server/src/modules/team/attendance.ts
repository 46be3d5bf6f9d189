import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import {
  LATE_GRACE_MINUTES,
  SCHEDULING_LIMITS,
  TIME_ENTRY_FLAGS,
  approveEntriesSchema,
  attendanceQuerySchema,
  timeEntryInputSchema,
  timeOfDay,
  type ApproveEntriesResult,
  type AttendanceAnswer,
  type MissingPunch,
  type TimeEntry,
  type TimeEntryFlag,
} from '@hive/shared/schemas/backoffice/scheduling';
import type { AuthContext } from '../auth';
import { chunks } from '../../platform/db/chunks';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, fieldProblem, idParam, noStore, notFound, refused } from '../merchant';
import { inWindow, reportContext, reportMeta, timeWindow } from '../reports';
import { localStamp } from '../../platform/time';
import { companyLocale } from '../settings';
import { lockEmployees, wholeMinutes } from './clock';
import { assertFree, locationOf, replaceBreaks, spanOf } from './attendanceEntries';

/*
 * `/api/backoffice/team/attendance` (page /attendancer): the time clock's entries of a period, each
 * matched to the employee's scheduled shift (late, missing clock-out ...), the scheduled shifts
 * nobody clocked in for, manual entries and corrections (with a reason), and approval for payroll.
 * The rules are written out in docs/behaviour.md section 14 (The time clock).
 */

const PAGE = '/attendancer';
type Db = Kysely<Database> | Transaction<Database>;

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
/** A shift matches an entry that overlaps it or was clocked in within this of its start. */
const MATCH_MS = 2 * HOUR_MS;
/** An open entry misses its clock-out this long after its shift's end ... */
const OPEN_PAST_END_MS = 2 * HOUR_MS;
/** ... or, with no shift, after this long. */
const OPEN_UNSCHEDULED_MS = 16 * HOUR_MS;

// -------------------------------------------------------------------------------------------------
// Reading entries

function selectEntries(db: Db, companyId: number) {
  return db
    .selectFrom('time_entries as te')
    .innerJoin('employees as e', 'e.id', 'te.employee_id')
    .leftJoin('locations as l', 'l.id', 'te.location_id')
    .leftJoin('job_positions as p', 'p.id', 'te.position_id')
    .leftJoin('users as u', 'u.id', 'te.approved_by')
    .where('te.company_id', '=', companyId)
    .select([
      'te.id',
      'te.employee_id',
      'e.name as employee_name',
      'te.location_id',
      'l.name as location_name',
      'l.timezone',
      'p.name as position_name',
      'te.clock_in_at',
      'te.clock_out_at',
      'te.break_minutes',
      'te.source',
      'te.reason',
      'te.status',
      'u.email as approved_by_email',
      'te.approved_at',
      'te.edited_by',
      sql<number>`(case when exists (select 1 from time_breaks b
        where b.entry_id = te.id and b.end_at is null) then 1 else 0 end)`.as('on_break'),
    ]);
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['execute']>>[number];

interface ShiftSpan {
  id: number;
  employeeId: number;
  startsAt: number;
  endsAt: number;
  timezone: string;
}

/** Whether a shift is one an entry (clocked in at `inAt`, lasting until `endAt`) can be matched to. */
const matches = (shift: ShiftSpan, inAt: number, endAt: number) =>
  (shift.startsAt < endAt && shift.endsAt > inAt) || Math.abs(shift.startsAt - inAt) <= MATCH_MS;

/** The scheduled shifts of `employeeIds` that reach into [from, to) (bounds in epoch ms). */
async function shiftsBetween(db: Db, companyId: number, employeeIds: number[], from: number, to: number) {
  const out: ShiftSpan[] = [];
  for (const ids of chunks([...new Set(employeeIds)], 500)) {
    const rows = await db
      .selectFrom('schedule_shifts as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .select(['s.id', 's.employee_id', 's.starts_at', 's.ends_at', 'l.timezone'])
      .where('s.company_id', '=', companyId)
      .where('s.employee_id', 'in', ids)
      .where('s.starts_at', '<', to)
      .where('s.ends_at', '>', from)
      .execute();
    for (const r of rows) {
      out.push({
        id: r.id,
        employeeId: r.employee_id,
        startsAt: Number(r.starts_at),
        endsAt: Number(r.ends_at),
        timezone: r.timezone,
      });
    }
  }
  return out;
}

/** Entries as the page shows them: local times, the matched shift, lateness and flags. */
async function describe(
  db: Db,
  companyId: number,
  rows: EntryRow[],
  now: number,
  companyZone: string,
): Promise<TimeEntry[]> {
  if (rows.length === 0) return [];
  const spans = rows.map((r) => {
    const inAt = Number(r.clock_in_at);
    const outAt = r.clock_out_at === null ? null : Number(r.clock_out_at);
    return { inAt, outAt, endAt: outAt ?? Math.max(now, inAt) };
  });
  const shifts = await shiftsBetween(
    db,
    companyId,
    rows.map((r) => r.employee_id),
    Math.min(...spans.map((s) => s.inAt)) - MATCH_MS,
    Math.max(...spans.map((s) => s.endAt)) + MATCH_MS,
  );
  return rows.map((row, k) => {
    const { inAt, outAt, endAt } = spans[k]!;
    const zone = row.timezone ?? companyZone;
    let shift: ShiftSpan | null = null;
    for (const s of shifts) {
      if (s.employeeId !== row.employee_id || !matches(s, inAt, endAt)) continue;
      const distance = Math.abs(s.startsAt - inAt);
      const best = shift === null ? Infinity : Math.abs(shift.startsAt - inAt);
      if (distance < best || (distance === best && s.startsAt < shift!.startsAt)) shift = s;
    }
    // Whole minutes after the start, seconds dropped (+ 0: no -0).
    const lateMinutes = shift === null ? null : Math.trunc((inAt - shift.startsAt) / MINUTE_MS) + 0;
    const flags = new Set<TimeEntryFlag>();
    if (lateMinutes !== null && lateMinutes > LATE_GRACE_MINUTES) flags.add('late');
    if (outAt === null) {
      const overdue = shift === null ? now - inAt > OPEN_UNSCHEDULED_MS : now > shift.endsAt + OPEN_PAST_END_MS;
      if (overdue) flags.add('missing_clock_out');
      if (Number(row.on_break) === 1) flags.add('on_break');
    }
    if (row.source === 'manual') flags.add('manual');
    if (row.edited_by !== null) flags.add('edited');
    if (shift === null) flags.add('unscheduled');
    const breakMinutes = Number(row.break_minutes);
    return {
      id: row.id,
      employeeId: row.employee_id,
      employeeName: row.employee_name,
      locationId: row.location_id,
      locationName: row.location_name ?? null,
      positionName: row.position_name ?? null,
      clockIn: localStamp(inAt, zone),
      clockOut: outAt === null ? null : localStamp(outAt, zone),
      clockInAt: inAt,
      clockOutAt: outAt,
      breakMinutes,
      workedMinutes: outAt === null ? null : Math.max(0, wholeMinutes(outAt - inAt) - breakMinutes),
      source: row.source,
      reason: row.reason,
      status: row.status,
      approvedBy: row.approved_by_email ?? null,
      approvedAt: row.approved_at === null ? null : Number(row.approved_at),
      scheduled:
        shift === null
          ? null
          : {
              shiftId: shift.id,
              start: localStamp(shift.startsAt, shift.timezone),
              end: localStamp(shift.endsAt, shift.timezone),
            },
      lateMinutes,
      flags: TIME_ENTRY_FLAGS.filter((f) => flags.has(f)),
    };
  });
}

async function loadEntry(db: Db, companyId: number, id: number, now: number): Promise<TimeEntry> {
  const row = await selectEntries(db, companyId).where('te.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('time entry');
  const { timezone } = await companyLocale(db, companyId);
  return (await describe(db, companyId, [row], now, timezone))[0]!;
}

/**
 * Scheduled shifts of the period (their local dates) that started more than the grace minutes ago
 * and that no entry of the employee matches (overlapping it or clocked in within 2 h of its start).
 */
async function missingPunches(
  db: Db,
  companyId: number,
  filter: { from: number; to: number; locationId: number | null; employeeId: number | null },
  now: number,
): Promise<MissingPunch[]> {
  let query = db
    .selectFrom('schedule_shifts as s')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .select([
      's.id',
      's.employee_id',
      'e.name as employee_name',
      'l.name as location_name',
      's.day',
      's.start_minute',
      's.end_minute',
      's.starts_at',
      's.ends_at',
    ])
    .where('s.company_id', '=', companyId)
    .where('s.day', '>=', filter.from)
    .where('s.day', '<=', filter.to)
    .where('s.starts_at', '<', now - LATE_GRACE_MINUTES * MINUTE_MS);
  if (filter.locationId !== null) query = query.where('s.location_id', '=', filter.locationId);
  if (filter.employeeId !== null) query = query.where('s.employee_id', '=', filter.employeeId);
  const shifts = await query.orderBy('s.starts_at', 'desc').orderBy('s.id', 'desc').execute();
  if (shifts.length === 0) return [];
  const from = Math.min(...shifts.map((s) => Number(s.starts_at))) - MATCH_MS;
  const to = Math.max(...shifts.map((s) => Number(s.ends_at))) + MATCH_MS;
  const entries: { employeeId: number; inAt: number; endAt: number }[] = [];
  for (const ids of chunks([...new Set(shifts.map((s) => s.employee_id))], 500)) {
    const rows = await db
      .selectFrom('time_entries')
      .select(['employee_id', 'clock_in_at', 'clock_out_at'])
      .where('company_id', '=', companyId)
      .where('employee_id', 'in', ids)
      .where('clock_in_at', '<', to)
      .where((eb) => eb.or([eb('clock_out_at', 'is', null), eb('clock_out_at', '>', from)]))
      .execute();
    for (const r of rows) {
      const inAt = Number(r.clock_in_at);
      entries.push({
        employeeId: r.employee_id,
        inAt,
        endAt: r.clock_out_at === null ? Math.max(now, inAt) : Number(r.clock_out_at),
      });
    }
  }
  return shifts
    .filter((s) => {
      const span = { id: s.id, employeeId: s.employee_id, startsAt: Number(s.starts_at), endsAt: Number(s.ends_at) };
      return !entries.some(
        (e) => e.employeeId === span.employeeId && matches({ ...span, timezone: '' }, e.inAt, e.endAt),
      );
    })
    .map((s) => ({
      shiftId: s.id,
      employeeId: s.employee_id,
      employeeName: s.employee_name,
      locationName: s.location_name,
      date: isoDay(s.day),
      start: timeOfDay(s.start_minute),
      end: timeOfDay(s.end_minute),
    }));
}

/** The period rules of the reports, with the attendance list's own length limit. */
function checkPeriod(q: { period?: string; from?: number; to?: number }): void {
  const custom = q.period === 'custom' || (q.period === undefined && (q.from !== undefined || q.to !== undefined));
  if (!custom) {
    if (q.from !== undefined || q.to !== undefined) throw fieldProblem('period', 'from and to go with period=custom');
    return;
  }
  if (q.from === undefined) throw fieldProblem('from', 'a custom period needs from');
  if (q.to === undefined) throw fieldProblem('to', 'a custom period needs to');
  if (q.to < q.from) throw fieldProblem('to', 'must be on or after from');
  const max = SCHEDULING_LIMITS.attendanceDaysMax;
  if (q.to - q.from + 1 > max) throw fieldProblem('to', `the period must be at most ${max} days long`);
}

const ACTIVE_EMPLOYEE = 'choose an active employee';

// -------------------------------------------------------------------------------------------------
// The router

export function attendanceRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(attendanceQuerySchema, req.query);
    checkPeriod(q);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const report = await reportContext(db, companyId, { ...q, compare: false }, now, { preset: 'this_week' });
    let query = selectEntries(db, companyId).where(
      inWindow(timeWindow(report, report.range), 'te.clock_in_at', 'te.location_id'),
    );
    if (report.employeeId !== null) query = query.where('te.employee_id', '=', report.employeeId);
    const rows = await query.orderBy('te.clock_in_at', 'desc').orderBy('te.id', 'desc').execute();
    const all = await describe(db, companyId, rows, now, report.companyZone);
    const body: AttendanceAnswer = {
      ...reportMeta(report),
      entries: q.status === undefined ? all : all.filter((e) => e.status === q.status),
      missing: await missingPunches(
        db,
        companyId,
        { ...report.range, locationId: report.locationId, employeeId: report.employeeId },
        now,
      ),
      pendingCount: all.filter((e) => e.status === 'pending' && e.clockOutAt !== null).length,
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadEntry(db, merchantOf(res).companyId, idParam(req.params.id), ctx.now()));
  });

  // A manual entry: for a forgotten punch, or a register that was not used.
  router.post('/', async (req, res) => {
    const input = parseOrThrow(timeEntryInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const { timezone: companyZone } = await companyLocale(db, companyId);
    const id = await db.transaction().execute(async (trx) => {
      const [employee] = await lockEmployees(trx, companyId, [input.employeeId]);
      if (!employee?.active) throw fieldProblem('employeeId', ACTIVE_EMPLOYEE);
      const location = await locationOf(trx, companyId, input.locationId);
      const span = spanOf(input, location.timezone, now);
      await assertFree(trx, companyId, employee.id, span, null, companyZone);
      const created = await trx
        .insertInto('time_entries')
        .values({
          company_id: companyId,
          employee_id: employee.id,
          location_id: location.id,
          position_id: employee.positionId,
          rate_cents: employee.rateCents,
          clock_in_at: span.clockInAt,
          clock_out_at: span.clockOutAt,
          break_minutes: input.breakMinutes,
          source: 'manual',
          reason: input.reason,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await replaceBreaks(trx, companyId, created.id, span, input.breakMinutes);
      return created.id;
    });
    noStore(res)
      .status(201)
      .json(await loadEntry(db, companyId, id, now));
  });

  // A correction: the times, the breaks as a total, the location, even the employee; back to pending.
  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(timeEntryInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    const { timezone: companyZone } = await companyLocale(db, companyId);
    await db.transaction().execute(async (trx) => {
      const entry = () =>
        trx
          .selectFrom('time_entries')
          .select(['id', 'employee_id'])
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .executeTakeFirst();
      const before = await entry();
      if (!before) throw notFound('time entry');
      // The employees' rows first (as the registers' clock events do), then the entry as it is now.
      const locked = await lockEmployees(trx, companyId, [before.employee_id, input.employeeId]);
      const current = await entry();
      if (!current) throw notFound('time entry');
      if (current.employee_id !== before.employee_id) {
        throw refused('entry_changed', 'The entry was changed meanwhile: reload it and try again.');
      }
      const moved = input.employeeId !== current.employee_id;
      const employee = locked.find((e) => e.id === input.employeeId);
      // The same employee may have left since; another one must be active.
      if (!employee || (moved && !employee.active)) throw fieldProblem('employeeId', ACTIVE_EMPLOYEE);
      const location = await locationOf(trx, companyId, input.locationId);
      const span = spanOf(input, location.timezone, now);
      await assertFree(trx, companyId, employee.id, span, id, companyZone);
      await trx
        .updateTable('time_entries')
        .set({
          employee_id: employee.id,
          location_id: location.id,
          // Another employee: their position and rate now (the snapshot is kept otherwise).
          ...(moved ? { position_id: employee.positionId, rate_cents: employee.rateCents } : {}),
          clock_in_at: span.clockInAt,
          clock_out_at: span.clockOutAt,
          break_minutes: input.breakMinutes,
          reason: input.reason,
          status: 'pending',
          approved_by: null,
          approved_at: null,
          edited_by: userId,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await replaceBreaks(trx, companyId, id, span, input.breakMinutes);
    });
    noStore(res).json(await loadEntry(db, companyId, id, now));
  });

  // Manual entries only: a register's punch is corrected, never deleted.
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('time_entries')
        .select(['id', 'source'])
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      if (!row) throw notFound('time entry');
      if (row.source !== 'manual') {
        throw refused(
          'register_entry',
          'This entry was punched at a register: correct its times instead of deleting it.',
        );
      }
      await trx.deleteFrom('time_breaks').where('entry_id', '=', id).where('company_id', '=', companyId).execute();
      await trx.deleteFrom('time_entries').where('id', '=', id).where('company_id', '=', companyId).execute();
    });
    res.status(204).end();
  });

  // Several at once: every id must be the company's (else 404 and nothing changes); open and
  // already approved entries are skipped.
  router.post('/approve', async (req, res) => {
    const { ids } = parseOrThrow(approveEntriesSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    const unique = [...new Set(ids)];
    const approved = await db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('time_entries')
        .select(['id', 'clock_out_at', 'status'])
        .where('company_id', '=', companyId)
        .where('id', 'in', unique)
        .execute();
      if (found.length !== unique.length) throw notFound('time entry');
      const ready = found.filter((r) => r.clock_out_at !== null && r.status === 'pending').map((r) => r.id);
      if (ready.length === 0) return 0;
      const result = await trx
        .updateTable('time_entries')
        .set({ status: 'approved', approved_by: userId, approved_at: now, updated_at: now })
        .where('company_id', '=', companyId)
        .where('id', 'in', ready)
        .where('status', '=', 'pending')
        .where('clock_out_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
    const body: ApproveEntriesResult = { approved, skipped: unique.length - approved };
    noStore(res).json(body);
  });

  // One entry; approving an approved one again changes nothing.
  router.post('/:id/approve', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    const row = await db
      .selectFrom('time_entries')
      .select(['id', 'clock_out_at', 'status'])
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!row) throw notFound('time entry');
    if (row.clock_out_at === null) {
      throw refused('entry_open', 'The employee is still clocked in: an entry is approved once it is closed.');
    }
    if (row.status === 'pending') {
      await db
        .updateTable('time_entries')
        .set({ status: 'approved', approved_by: userId, approved_at: now, updated_at: now })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .where('status', '=', 'pending')
        .where('clock_out_at', 'is not', null)
        .execute();
    }
    noStore(res).json(await loadEntry(db, companyId, id, now));
  });

  return router;
}
