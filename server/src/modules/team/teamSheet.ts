import express, { type Router } from 'express';
import { sql } from 'kysely';
import { dayNumber, isoDay } from '@hive/shared/schemas/backoffice/reports';
import { printViewQuerySchema, timeOfDay, type TeamSheet } from '@hive/shared/schemas/backoffice/scheduling';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, noStore } from '../merchant';
import { today } from '../../platform/time';
import { paidMinutesOf, pickPlace, worksAtSql, type Db } from './scheduleWeek';

const PAGE = '/teamsheet';

/** One location's day: who works when (by start, then name), and who is away. */
export async function loadTeamSheet(
  db: Db,
  companyId: number,
  q: { date?: string; location?: number },
  now: number,
): Promise<TeamSheet> {
  const { place, locations } = await pickPlace(db, companyId, q.location, 'location');
  const day = q.date === undefined ? today(now, place.timezone) : dayNumber(q.date)!;
  const [shifts, away] = await Promise.all([
    db
      .selectFrom('schedule_shifts as s')
      .innerJoin('employees as e', 'e.id', 's.employee_id')
      .leftJoin('job_positions as p', 'p.id', 's.position_id')
      .select([
        's.id',
        's.employee_id',
        'e.name',
        'e.phone',
        'p.name as position_name',
        'p.color',
        's.start_minute',
        's.end_minute',
        's.break_minutes',
        's.note',
      ])
      .where('s.company_id', '=', companyId)
      .where('s.location_id', '=', place.id)
      .where('s.day', '=', day)
      .orderBy('s.starts_at')
      .orderBy(sql`lower(e.name)`)
      .orderBy('s.id')
      .execute(),
    // Time off of the people of this location (or planned here that day).
    db
      .selectFrom('time_off as t')
      .innerJoin('employees as e', 'e.id', 't.employee_id')
      .select(['t.employee_id', 'e.name', 't.reason'])
      .where('t.company_id', '=', companyId)
      .where('t.first_day', '<=', day)
      .where('t.last_day', '>=', day)
      .where((eb) =>
        eb.or([
          eb.and([eb('e.active', '=', 1), eb(worksAtSql(place.id), '=', 1)]),
          eb.exists(
            eb
              .selectFrom('schedule_shifts as x')
              .select('x.id')
              .whereRef('x.employee_id', '=', 'e.id')
              .where('x.location_id', '=', place.id)
              .where('x.day', '=', day),
          ),
        ]),
      )
      .orderBy(sql`lower(e.name)`)
      .orderBy('t.id')
      .execute(),
  ]);
  return {
    date: isoDay(day),
    locationId: place.id,
    locationName: place.name,
    rows: shifts.map((s) => ({
      shiftId: s.id,
      employeeId: s.employee_id,
      name: s.name,
      positionName: s.position_name ?? null,
      color: s.color ?? null,
      start: timeOfDay(Number(s.start_minute)),
      end: timeOfDay(Number(s.end_minute)),
      breakMinutes: Number(s.break_minutes),
      paidMinutes: paidMinutesOf(s),
      note: s.note,
      phone: s.phone,
    })),
    timeOff: away.map((t) => ({ employeeId: t.employee_id, name: t.name, reason: t.reason })),
    locations,
  };
}

/** `/api/backoffice/team/teamsheet`: the printable team sheet of a day (the shifts of the schedule). */
export function teamSheetRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    // `rule` belongs to the tip-out form that shares the query: ignored here.
    const q = parseOrThrow(printViewQuerySchema, req.query);
    noStore(res).json(await loadTeamSheet(ctx.db, merchantOf(res).companyId, q, ctx.now()));
  });

  return router;
}
