import express, { type Router } from 'express';
import { dayNumber, isoDay, weekdayOf } from '@hive/shared/schemas/backoffice/reports';
import {
  minuteOfDay,
  scheduleWeekActionSchema,
  scheduleWeekQuerySchema,
  shiftInputSchema,
  timeOffInputSchema,
  timeOfDay,
  type CopyWeekResult,
  type PublishResult,
  type ScheduleShift,
  type ShiftInput,
  type TimeOff,
} from '@hive/shared/schemas/backoffice/scheduling';
import { type AuthContext, normalizeEmail } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { allowMails, sendMail, type MailAllowance } from '../../platform/outbox';
import { merchantOf, requirePage, fieldProblem, idParam, lockCompanyRows, noStore, notFound } from '../merchant';
import {
  intersects,
  loadWeek,
  NEARBY_DAYS,
  pickPlace,
  selectShifts,
  toShift,
  worksAtSql,
  type Db,
  type Place,
} from './scheduleWeek';
import { localInstant, mondayOf } from './time';

const PAGE = '/scheduling';
const CHOOSE = 'choose one of the options';
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Where a shift lies: its local day and minutes, and the instants they are in the location's zone. */
function placeShift(day: number, startMinute: number, endMinute: number, timezone: string) {
  return {
    day,
    start_minute: startMinute,
    end_minute: endMinute,
    starts_at: localInstant(day, startMinute, timezone),
    ends_at: localInstant(day, endMinute, timezone),
  };
}

/** The columns of a shift from the form: an end at or before the start is the next day's. */
function shiftColumns(input: ShiftInput, timezone: string) {
  const start = minuteOfDay(input.start)!;
  let end = minuteOfDay(input.end)!;
  if (end <= start) end += 1440;
  return {
    location_id: input.locationId,
    employee_id: input.employeeId,
    position_id: input.positionId,
    ...placeShift(dayNumber(input.date)!, start, end, timezone),
    break_minutes: input.breakMinutes,
    note: input.note,
  };
}

/** 400 unless the location, the employee (active, working there) and the position are fit for a shift. */
async function checkShift(db: Db, companyId: number, input: ShiftInput): Promise<Place> {
  const location = await db
    .selectFrom('locations')
    .select(['id', 'name', 'timezone'])
    .where('id', '=', input.locationId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!location) throw fieldProblem('locationId', CHOOSE);
  const employee = await db
    .selectFrom('employees as e')
    .select(['e.active', worksAtSql(location.id).as('works')])
    .where('e.id', '=', input.employeeId)
    .where('e.company_id', '=', companyId)
    .executeTakeFirst();
  if (!employee) throw fieldProblem('employeeId', CHOOSE);
  if (Number(employee.active) !== 1) {
    throw fieldProblem('employeeId', 'this employee is inactive: activate them on Employees first');
  }
  if (Number(employee.works) !== 1) {
    throw fieldProblem('employeeId', `this employee does not work at ${location.name}: add it on Employees first`);
  }
  if (input.positionId !== null) {
    const position = await db
      .selectFrom('job_positions')
      .select('id')
      .where('id', '=', input.positionId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!position) throw fieldProblem('positionId', CHOOSE);
  }
  return location;
}

async function loadShift(db: Db, companyId: number, id: number): Promise<ScheduleShift> {
  const row = await selectShifts(db, companyId).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('shift');
  return toShift(row);
}

/** One employee's week at a location, in plain text. */
function scheduleMail(
  company: string,
  place: Place,
  monday: number,
  shifts: { day: number; start: number; end: number; breakMinutes: number; position: string | null; note: string }[],
): string {
  const lines = shifts.map((s) => {
    const parts = [
      `${timeOfDay(s.start)}-${timeOfDay(s.end)}${s.end >= 1440 ? ' (ends the next day)' : ''}`,
      s.position ?? 'no position',
      s.breakMinutes > 0 ? `${s.breakMinutes} min break` : 'no break',
    ];
    const note = s.note ? `\n    Note: ${s.note}` : '';
    return `- ${WEEKDAYS[weekdayOf(s.day)]} ${isoDay(s.day)}: ${parts.join(', ')}${note}`;
  });
  return [
    `Your shifts at ${place.name} (${company}) for the week of Monday ${isoDay(monday)}:`,
    '',
    ...lines,
    '',
    `Times are local to ${place.name} (${place.timezone}). If the schedule changes, you will get it again.`,
  ].join('\n');
}

/**
 * `/api/backoffice/team/schedule`: the weekly schedule of a location. Planned shifts, time off,
 * copying last week, publishing (each employee e-mailed their week); conflicts are shown, never
 * refused.
 */
export function scheduleRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(scheduleWeekQuerySchema, req.query);
    noStore(res).json(await loadWeek(db, merchantOf(res).companyId, q, ctx.now()));
  });

  router.post('/shifts', async (req, res) => {
    const input = parseOrThrow(shiftInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const place = await checkShift(db, companyId, input);
    const now = ctx.now();
    const created = await db
      .insertInto('schedule_shifts')
      .values({ ...shiftColumns(input, place.timezone), company_id: companyId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    noStore(res)
      .status(201)
      .json(await loadShift(db, companyId, created.id));
  });

  router.put('/shifts/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(shiftInputSchema, req.body);
    const { companyId } = merchantOf(res);
    // Another company's shift is a 404 before anything about the body is told.
    await loadShift(db, companyId, id);
    const place = await checkShift(db, companyId, input);
    const result = await db
      .updateTable('schedule_shifts')
      .set({ ...shiftColumns(input, place.timezone), updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('shift');
    noStore(res).json(await loadShift(db, companyId, id));
  });

  router.delete('/shifts/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const result = await db
      .deleteFrom('schedule_shifts')
      .where('id', '=', id)
      .where('company_id', '=', merchantOf(res).companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('shift');
    res.status(204).end();
  });

  // Last week's shifts onto the same weekdays and wall-clock times (instants recomputed, so a clock
  // change between the weeks keeps 09:00 at 09:00). Whatever would clash with a shift the employee
  // has by then is skipped, which also makes a second copy add nothing.
  router.post('/copy', async (req, res) => {
    const input = parseOrThrow(scheduleWeekActionSchema, req.body);
    const { companyId } = merchantOf(res);
    const { place } = await pickPlace(db, companyId, input.locationId, 'locationId');
    const monday = mondayOf(dayNumber(input.week)!);
    const now = ctx.now();
    const body: CopyWeekResult = await db.transaction().execute(async (trx) => {
      // Two copies at once would both find the week empty: they take turns.
      await lockCompanyRows(trx, 'locations', companyId);
      const source = await trx
        .selectFrom('schedule_shifts as s')
        .innerJoin('employees as e', 'e.id', 's.employee_id')
        .select([
          's.employee_id',
          's.position_id',
          's.day',
          's.start_minute',
          's.end_minute',
          's.break_minutes',
          's.note',
          'e.active',
          worksAtSql(place.id).as('works'),
        ])
        .where('s.company_id', '=', companyId)
        .where('s.location_id', '=', place.id)
        .where('s.day', '>=', monday - 7)
        .where('s.day', '<=', monday - 1)
        .orderBy('s.starts_at')
        .orderBy('s.id')
        .execute();
      const people = [...new Set(source.map((s) => s.employee_id))];
      const taken =
        people.length === 0
          ? []
          : (
              await trx
                .selectFrom('schedule_shifts')
                .select(['employee_id', 'starts_at', 'ends_at'])
                .where('company_id', '=', companyId)
                .where('employee_id', 'in', people)
                .where('day', '>=', monday - NEARBY_DAYS)
                .where('day', '<=', monday + 6 + NEARBY_DAYS)
                .execute()
            ).map((s) => ({ employeeId: s.employee_id, startsAt: Number(s.starts_at), endsAt: Number(s.ends_at) }));
      let copied = 0;
      for (const s of source) {
        const placed = placeShift(Number(s.day) + 7, Number(s.start_minute), Number(s.end_minute), place.timezone);
        const span = { employeeId: s.employee_id, startsAt: placed.starts_at, endsAt: placed.ends_at };
        if (Number(s.active) !== 1 || Number(s.works) !== 1) continue;
        if (taken.some((t) => t.employeeId === span.employeeId && intersects(t, span))) continue;
        await trx
          .insertInto('schedule_shifts')
          .values({
            ...placed,
            company_id: companyId,
            location_id: place.id,
            employee_id: s.employee_id,
            position_id: s.position_id,
            break_minutes: Number(s.break_minutes),
            note: s.note,
            created_at: now,
            updated_at: now,
          })
          .execute();
        taken.push(span);
        copied += 1;
      }
      return { copied, skipped: source.length - copied };
    });
    noStore(res).json(body);
  });

  // The week as it stands becomes the published one, and each employee with an address gets their
  // shifts there (in the same transaction: no e-mail for a publication that did not happen).
  router.post('/publish', async (req, res) => {
    const input = parseOrThrow(scheduleWeekActionSchema, req.body);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const { place } = await pickPlace(db, companyId, input.locationId, 'locationId');
    const monday = mondayOf(dayNumber(input.week)!);
    const now = ctx.now();
    // Taken inside the transaction (the addresses are read there), given back if it fails after.
    let allowance: MailAllowance | undefined;
    const publish = () =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('schedule_weeks')
          .values({
            company_id: companyId,
            location_id: place.id,
            week_start: monday,
            published_at: now,
            published_by: merchant.userId,
          })
          .onConflict((oc) =>
            oc
              .columns(['company_id', 'location_id', 'week_start'])
              .doUpdateSet({ published_at: now, published_by: merchant.userId }),
          )
          .execute();
        const rows = await trx
          .selectFrom('schedule_shifts as s')
          .innerJoin('employees as e', 'e.id', 's.employee_id')
          .leftJoin('job_positions as p', 'p.id', 's.position_id')
          .select([
            's.employee_id',
            'e.email',
            's.day',
            's.start_minute',
            's.end_minute',
            's.break_minutes',
            's.note',
            'p.name as position',
          ])
          .where('s.company_id', '=', companyId)
          .where('s.location_id', '=', place.id)
          .where('s.day', '>=', monday)
          .where('s.day', '<=', monday + 6)
          // Someone who has left gets no schedule (their shifts stay on the page to reassign).
          .where('e.active', '=', 1)
          .where('e.email', '<>', '')
          .orderBy('s.starts_at')
          .orderBy('s.id')
          .execute();
        const company = await trx
          .selectFrom('companies')
          .select('name')
          .where('id', '=', companyId)
          .executeTakeFirstOrThrow();
        const people = [...new Set(rows.map((r) => r.employee_id))];
        // Over a limit: 429, and the publication rolls back with its mails (none is sent).
        allowance = await allowMails(ctx.mail, {
          companyId,
          kind: 'schedule',
          to: people.map((employeeId) => normalizeEmail(rows.find((r) => r.employee_id === employeeId)!.email)),
        });
        for (const employeeId of people) {
          const mine = rows.filter((r) => r.employee_id === employeeId);
          const body = scheduleMail(
            company.name,
            place,
            monday,
            mine.map((r) => ({
              day: Number(r.day),
              start: Number(r.start_minute),
              end: Number(r.end_minute),
              breakMinutes: Number(r.break_minutes),
              position: r.position ?? null,
              note: r.note,
            })),
          );
          await sendMail(
            trx,
            {
              to: normalizeEmail(mine[0]!.email),
              subject: `Your shifts at ${place.name}, week of ${isoDay(monday)}`,
              body,
            },
            now,
          );
        }
        return people.length;
      });
    let emailed: number;
    try {
      emailed = await publish();
    } catch (error) {
      await allowance?.refund();
      throw error;
    }
    const body: PublishResult = { publishedAt: now, emailed };
    noStore(res).json(body);
  });

  router.post('/time_off', async (req, res) => {
    const input = parseOrThrow(timeOffInputSchema, req.body);
    const merchant = merchantOf(res);
    const { companyId } = merchant;
    const employee = await db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('id', '=', input.employeeId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!employee) throw fieldProblem('employeeId', CHOOSE);
    const created = await db
      .insertInto('time_off')
      .values({
        company_id: companyId,
        employee_id: employee.id,
        first_day: dayNumber(input.from)!,
        last_day: dayNumber(input.to)!,
        reason: input.reason,
        created_by: merchant.userId,
        created_at: ctx.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body: TimeOff = {
      id: created.id,
      employeeId: employee.id,
      employeeName: employee.name,
      from: input.from,
      to: input.to,
      reason: input.reason,
    };
    noStore(res).status(201).json(body);
  });

  router.delete('/time_off/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const result = await db
      .deleteFrom('time_off')
      .where('id', '=', id)
      .where('company_id', '=', merchantOf(res).companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('time off');
    res.status(204).end();
  });

  return router;
}
