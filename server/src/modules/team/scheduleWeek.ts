import { sql, type Kysely, type Transaction } from 'kysely';
import { dayNumber, figuresOf, isoDay } from '@hive/shared/schemas/backoffice/reports';
import {
  OVERTIME_WEEKLY_MINUTES,
  timeOfDay,
  type SalesBasis,
  type ScheduleShift,
  type ScheduleWeek,
  type ShiftConflict,
  type TimeOff,
} from '@hive/shared/schemas/backoffice/scheduling';
import type { Database } from '../../database';
import { sumOf, SUM_COLUMNS, toSums } from '../reports';
import { today } from '../../platform/time';
import { fieldProblem } from '../merchant';
import { companyLocale } from '../settings';
import { positionOptions } from './positions';
import { costOfMinutes, employeeRateSql, mondayOf } from './time';

/*
 * The weekly schedule as the page reads it: one location's week (Monday to Sunday, its own days),
 * the people who may be planned there, their shifts, the conflicts (never refusals: the schedule is
 * a plan) and the projected labour cost against the sales the reports count.
 */

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * Days around a week that hold every shift able to overlap one of it: an overnight shift from
 * the Sunday before, and shifts at locations whose zone is up to a day ahead or behind.
 */
export const NEARBY_DAYS = 2;

export interface Place {
  id: number;
  name: string;
  timezone: string;
}

/** The company's locations by name, then id (the pickers' order). */
export async function companyPlaces(db: Db, companyId: number) {
  return db
    .selectFrom('locations')
    .select(['id', 'name', 'timezone', 'active'])
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/**
 * The location asked for (400 on `field` when it is not the company's), else the first active one
 * (the first of all when every location is closed).
 */
export async function pickPlace(db: Db, companyId: number, id: number | undefined, field: string) {
  const rows = await companyPlaces(db, companyId);
  const place =
    id === undefined ? (rows.find((r) => Number(r.active) === 1) ?? rows[0]) : rows.find((r) => r.id === id);
  if (!place) throw fieldProblem(field, id === undefined ? 'the company has no location' : 'no such location');
  return {
    place: { id: place.id, name: place.name, timezone: place.timezone } satisfies Place,
    locations: rows.map((r) => ({ id: r.id, name: r.name })),
  };
}

/** The Monday of the week of `date` (any date), else of today at the location. */
export function weekOf(date: string | undefined, place: Place, now: number): number {
  return mondayOf(date === undefined ? today(now, place.timezone) : dayNumber(date)!);
}

/** 1 when employee `e` may work at `locationId`: every location, or this one chosen. */
export const worksAtSql = (locationId: number) =>
  sql<number>`case when e.all_locations = 1 or exists (select 1 from employee_locations el
    where el.employee_id = e.id and el.location_id = ${locationId}) then 1 else 0 end`;

/** Shifts with what their answer needs: the employee's rate and when their week was last published. */
export function selectShifts(db: Db, companyId: number) {
  return db
    .selectFrom('schedule_shifts as s')
    .innerJoin('employees as e', 'e.id', 's.employee_id')
    .leftJoin('job_positions as p', 'p.id', 'e.position_id')
    .leftJoin('schedule_weeks as w', (join) =>
      join
        .onRef('w.company_id', '=', 's.company_id')
        .onRef('w.location_id', '=', 's.location_id')
        .on(sql<boolean>`w.week_start <= s.day and w.week_start > s.day - 7`),
    )
    .where('s.company_id', '=', companyId)
    .select([
      's.id',
      's.location_id',
      's.employee_id',
      's.position_id',
      's.day',
      's.start_minute',
      's.end_minute',
      's.break_minutes',
      's.starts_at',
      's.ends_at',
      's.note',
      's.updated_at',
      'e.name as employee_name',
      employeeRateSql.as('rate'),
      'w.published_at',
    ]);
}

export type ShiftRow = Awaited<ReturnType<ReturnType<typeof selectShifts>['executeTakeFirstOrThrow']>>;

/**
 * Paid minutes: the wall-clock length less the break, as the labour report counts scheduled
 * minutes (a night over a clock change is planned as the hours its times say).
 */
export function paidMinutesOf(row: Pick<ShiftRow, 'start_minute' | 'end_minute' | 'break_minutes'>): number {
  return Math.max(0, Number(row.end_minute) - Number(row.start_minute) - Number(row.break_minutes));
}

export function toShift(row: ShiftRow): ScheduleShift {
  const paidMinutes = paidMinutesOf(row);
  const publishedAt = row.published_at === null ? null : Number(row.published_at);
  return {
    id: row.id,
    locationId: row.location_id,
    employeeId: row.employee_id,
    positionId: row.position_id,
    date: isoDay(Number(row.day)),
    start: timeOfDay(Number(row.start_minute)),
    end: timeOfDay(Number(row.end_minute)),
    // An end of 24:00 reads 00:00: the next day's, like any end at or before the start.
    overnight: Number(row.end_minute) >= 1440,
    breakMinutes: Number(row.break_minutes),
    paidMinutes,
    costCents: costOfMinutes(paidMinutes, Number(row.rate)),
    note: row.note,
    unpublished: publishedAt === null || Number(row.updated_at) > publishedAt,
  };
}

interface Span {
  id: number;
  employeeId: number;
  day: number;
  startsAt: number;
  endsAt: number;
  paidMinutes: number;
}

const spanOf = (row: ShiftRow): Span => ({
  id: row.id,
  employeeId: row.employee_id,
  day: Number(row.day),
  startsAt: Number(row.starts_at),
  endsAt: Number(row.ends_at),
  paidMinutes: paidMinutesOf(row),
});

const byStart = (a: Span, b: Span) => a.startsAt - b.startsAt || a.id - b.id;

/** [a, b) and [c, d) share an instant. */
export const intersects = (a: { startsAt: number; endsAt: number }, b: { startsAt: number; endsAt: number }) =>
  a.startsAt < b.endsAt && b.startsAt < a.endsAt;

interface TimeOffSpan {
  id: number;
  employeeId: number;
  firstDay: number;
  lastDay: number;
}

/**
 * The conflicts of `shown` (the location's shifts of the week), against every shift of the same
 * people (`nearby`, any location) and their time off. Over 40 h counts the week's shifts at every
 * location in start order: the one during which the paid total passes 40 h and every later one.
 */
export function findConflicts(shown: Span[], nearby: Span[], timeOff: TimeOffSpan[], monday: number): ShiftConflict[] {
  const over = new Set<number>();
  const people = new Set(shown.map((s) => s.employeeId));
  for (const employeeId of people) {
    let total = 0;
    const week = nearby
      .filter((s) => s.employeeId === employeeId && s.day >= monday && s.day <= monday + 6)
      .sort(byStart);
    for (const shift of week) {
      total += shift.paidMinutes;
      if (total > OVERTIME_WEEKLY_MINUTES) over.add(shift.id);
    }
  }
  const conflicts: ShiftConflict[] = [];
  for (const shift of [...shown].sort(byStart)) {
    const base = { shiftId: shift.id, employeeId: shift.employeeId };
    for (const other of nearby.filter((o) => o.employeeId === shift.employeeId && o.id !== shift.id).sort(byStart)) {
      if (intersects(shift, other)) conflicts.push({ ...base, kind: 'overlap', otherId: other.id });
    }
    for (const away of timeOff) {
      if (away.employeeId === shift.employeeId && away.firstDay <= shift.day && shift.day <= away.lastDay) {
        conflicts.push({ ...base, kind: 'time_off', otherId: away.id });
      }
    }
    if (over.has(shift.id)) conflicts.push({ ...base, kind: 'over_40', otherId: null });
  }
  return conflicts;
}

/** Net sales at a location over local days `from`..`to`, as the reports count them (their roll-ups). */
export async function netSalesCents(db: Db, companyId: number, locationId: number, from: number, to: number) {
  const row = await db
    .selectFrom('rollup_sales')
    .select(SUM_COLUMNS.map((c) => sumOf(c).as(c)))
    .where('company_id', '=', companyId)
    .where('location_id', '=', locationId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .executeTakeFirst();
  return figuresOf(toSums(row as Record<string, unknown> | undefined)).netSalesCents;
}

/** The sales a week's labour is compared with: the same week 52 weeks back, or the 4 weeks before. */
export async function basisSalesCents(
  db: Db,
  companyId: number,
  locationId: number,
  monday: number,
  basis: SalesBasis,
) {
  if (basis === 'last_year') return netSalesCents(db, companyId, locationId, monday - 364, monday - 358);
  return Math.round((await netSalesCents(db, companyId, locationId, monday - 28, monday - 1)) / 4);
}

/** Cost / sales in hundredths of a percent; null without sales to compare with. */
export const labourPercentBp = (costCents: number, salesCents: number) =>
  salesCents > 0 ? Math.round((costCents * 10_000) / salesCents) : null;

/** How a user is named on the page: their employee record's name, else their e-mail. */
export async function userLabel(db: Db, companyId: number, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [employee, user] = await Promise.all([
    db
      .selectFrom('employees')
      .select('name')
      .where('user_id', '=', userId)
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
    db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst(),
  ]);
  return employee?.name ?? user?.email ?? null;
}

export interface WeekQuery {
  location?: number;
  week?: string;
  basis?: SalesBasis;
}

export async function loadWeek(db: Db, companyId: number, q: WeekQuery, now: number): Promise<ScheduleWeek> {
  const { place, locations } = await pickPlace(db, companyId, q.location, 'location');
  const monday = weekOf(q.week, place, now);
  const sunday = monday + 6;
  const basis = q.basis ?? 'last_4_weeks';

  const [locale, positions, shiftRows, people, week] = await Promise.all([
    companyLocale(db, companyId),
    positionOptions(db, companyId),
    selectShifts(db, companyId)
      .where('s.location_id', '=', place.id)
      .where('s.day', '>=', monday)
      .where('s.day', '<=', sunday)
      .orderBy('s.starts_at')
      .orderBy('s.id')
      .execute(),
    // Who may be planned here, and whoever already is this week (even if inactive since).
    db
      .selectFrom('employees as e')
      .leftJoin('job_positions as p', 'p.id', 'e.position_id')
      .select(['e.id', 'e.name', 'e.position_id', 'e.email', employeeRateSql.as('rate')])
      .where('e.company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb.and([eb('e.active', '=', 1), eb(worksAtSql(place.id), '=', 1)]),
          eb.exists(
            eb
              .selectFrom('schedule_shifts as x')
              .select('x.id')
              .whereRef('x.employee_id', '=', 'e.id')
              .where('x.location_id', '=', place.id)
              .where('x.day', '>=', monday)
              .where('x.day', '<=', sunday),
          ),
        ]),
      )
      .orderBy(sql`lower(e.name)`)
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('schedule_weeks')
      .select(['published_at', 'published_by'])
      .where('company_id', '=', companyId)
      .where('location_id', '=', place.id)
      .where('week_start', '=', monday)
      .executeTakeFirst(),
  ]);
  const ids = people.map((e) => e.id);

  const [nearbyRows, awayRows, salesCents, publishedBy] = await Promise.all([
    ids.length === 0
      ? []
      : selectShifts(db, companyId)
          .where('s.employee_id', 'in', ids)
          .where('s.day', '>=', monday - NEARBY_DAYS)
          .where('s.day', '<=', sunday + NEARBY_DAYS)
          .execute(),
    ids.length === 0
      ? []
      : db
          .selectFrom('time_off as t')
          .innerJoin('employees as e', 'e.id', 't.employee_id')
          .select(['t.id', 't.employee_id', 'e.name', 't.first_day', 't.last_day', 't.reason'])
          .where('t.company_id', '=', companyId)
          .where('t.employee_id', 'in', ids)
          .where('t.first_day', '<=', sunday)
          .where('t.last_day', '>=', monday)
          .orderBy('t.first_day')
          .orderBy('t.id')
          .execute(),
    basisSalesCents(db, companyId, place.id, monday, basis),
    userLabel(db, companyId, week?.published_by ?? null),
  ]);

  const shifts = shiftRows.map(toShift);
  const nearby = nearbyRows.map(spanOf);
  const inWeek = nearbyRows.filter((r) => Number(r.day) >= monday && Number(r.day) <= sunday);
  const timeOff: TimeOff[] = awayRows.map((t) => ({
    id: t.id,
    employeeId: t.employee_id,
    employeeName: t.name,
    from: isoDay(Number(t.first_day)),
    to: isoDay(Number(t.last_day)),
    reason: t.reason,
  }));
  const costCents = shifts.reduce((sum, s) => sum + s.costCents, 0);

  return {
    locations,
    locationId: place.id,
    locationName: place.name,
    timeZone: place.timezone,
    currency: locale.currency,
    week: isoDay(monday),
    days: Array.from({ length: 7 }, (_, i) => isoDay(monday + i)),
    employees: people.map((e) => {
      const mine = inWeek.filter((r) => r.employee_id === e.id).map(toShift);
      return {
        id: e.id,
        name: e.name,
        positionId: e.position_id,
        rateCents: Number(e.rate),
        hasEmail: e.email.trim() !== '',
        // The 40-hour rule is the person's: their shifts at every location count.
        weekMinutes: mine.reduce((sum, s) => sum + s.paidMinutes, 0),
        weekCostCents: mine.reduce((sum, s) => sum + s.costCents, 0),
      };
    }),
    positions: positions.map((p) => ({ id: p.id, name: p.name, color: p.color })),
    shifts,
    timeOff,
    conflicts: findConflicts(
      shiftRows.map(spanOf),
      nearby,
      timeOff.map((t) => ({
        id: t.id,
        employeeId: t.employeeId,
        firstDay: dayNumber(t.from)!,
        lastDay: dayNumber(t.to)!,
      })),
      monday,
    ),
    labour: {
      paidMinutes: shifts.reduce((sum, s) => sum + s.paidMinutes, 0),
      costCents,
      basis,
      salesCents,
      labourPercentBp: labourPercentBp(costCents, salesCents),
    },
    published: week ? { at: Number(week.published_at), by: publishedBy } : null,
    unpublishedCount: shifts.filter((s) => s.unpublished).length,
  };
}
