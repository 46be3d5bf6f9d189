import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../database';
import { localTime } from '../../platform/time';
import type { ScheduleShiftsTable } from './tables';
import { localInstant, mondayOf } from './time';

/*
 * Demo scheduling of the demo companies with the Scheduling add-on, idempotent (skipped for a
 * company that has a shift): a weekly pattern from four weeks back to next week at the first
 * location, every week up to this one published, next week a draft; time-clock entries for the
 * shifts that have started (a few minutes either side, once late, once forgotten and entered by
 * hand), approved except the last two days' (waiting for the manager); today's open shifts still
 * clocked in; time off next week that clashes with one shift, and one missing punch.
 */

interface DemoShift {
  employee: string;
  /** 0 = Monday ... 6 = Sunday. */
  weekdays: number[];
  start: number;
  end: number;
  breakMinutes: number;
}

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

const PATTERNS: Record<string, DemoShift[]> = {
  'blue-door-bistro': [
    { employee: 'Sam Okafor', weekdays: [0, 1, 2, 3, 4], start: h(10), end: h(18), breakMinutes: 30 },
    // Five long evenings: 42.5 paid hours, the schedule's over-40 warning and some overtime.
    { employee: 'Chloe Martin', weekdays: [2, 3, 4, 5, 6], start: h(14), end: h(23), breakMinutes: 30 },
    { employee: 'Ben Adeyemi', weekdays: [1, 2, 3, 4, 5], start: h(11), end: h(20), breakMinutes: 60 },
    { employee: 'Lena Vogel', weekdays: [0, 4, 5, 6], start: h(17), end: h(23, 30), breakMinutes: 15 },
  ],
};

const WEEKS_BACK = 4;
const MINUTE_MS = 60_000;

export async function seedSchedulingDemo(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  { now, random }: { now: number; random: () => number },
): Promise<void> {
  const pattern = PATTERNS[slug];
  if (!pattern) return;
  const has = await db
    .selectFrom('schedule_shifts')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .execute();
  if (has.length > 0) return;
  const location = await db
    .selectFrom('locations')
    .select(['id', 'timezone'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .executeTakeFirst();
  if (!location) return;
  const employees = await db
    .selectFrom('employees as e')
    .leftJoin('job_positions as p', 'p.id', 'e.position_id')
    .select(['e.id', 'e.name', 'e.position_id', 'e.hourly_rate_cents', 'p.hourly_rate_cents as position_rate'])
    .where('e.company_id', '=', companyId)
    .execute();
  const byName = new Map(employees.map((e) => [e.name, e]));
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .orderBy('id')
    .executeTakeFirst();

  const tz = location.timezone;
  const today = localTime(now, tz).day;
  const thisMonday = mondayOf(today);
  const firstMonday = thisMonday - 7 * WEEKS_BACK;
  const lastMonday = thisMonday + 7;

  type ShiftRow = Insertable<ScheduleShiftsTable> & { day: number; starts_at: number; ends_at: number };
  const shifts: ShiftRow[] = [];
  const entries: { shift: ShiftRow; employeeId: number; rate: number; positionId: number | null }[] = [];
  for (let monday = firstMonday; monday <= lastMonday; monday += 7) {
    for (const p of pattern) {
      const employee = byName.get(p.employee);
      if (!employee) continue;
      for (const weekday of p.weekdays) {
        const day = monday + weekday;
        const row: ShiftRow = {
          company_id: companyId,
          location_id: location.id,
          employee_id: employee.id,
          position_id: employee.position_id,
          day,
          start_minute: p.start,
          end_minute: p.end,
          break_minutes: p.breakMinutes,
          starts_at: localInstant(day, p.start, tz),
          ends_at: localInstant(day, p.end, tz),
          note: '',
          // Drafts of next week were written after this week's publication.
          created_at: monday > thisMonday ? now : localInstant(monday - 3, h(9), tz),
          updated_at: monday > thisMonday ? now : localInstant(monday - 3, h(9), tz),
        };
        shifts.push(row);
        const rate = Number(employee.hourly_rate_cents ?? employee.position_rate ?? 0);
        entries.push({ shift: row, employeeId: employee.id, rate, positionId: employee.position_id });
      }
    }
  }
  if (shifts.length === 0) return;
  await db.insertInto('schedule_shifts').values(shifts).execute();

  const weeks = [];
  for (let monday = firstMonday; monday <= thisMonday; monday += 7) {
    weeks.push({
      company_id: companyId,
      location_id: location.id,
      week_start: monday,
      published_at: localInstant(monday - 3, h(10), tz),
      published_by: owner?.id ?? null,
    });
  }
  await db.insertInto('schedule_weeks').values(weeks).execute();

  // Clock entries for the shifts that have started.
  const started = entries.filter((e) => e.shift.starts_at <= now);
  const lena = byName.get('Lena Vogel')?.id;
  // Lena's shift three days ago (or the latest before) has no punch: the page's missing punch.
  const missing = [...started]
    .reverse()
    .find((e) => e.employeeId === lena && e.shift.day <= today - 3 && e.shift.day >= thisMonday - 7);
  const ben = byName.get('Ben Adeyemi')?.id;
  const manual = [...started].reverse().find((e) => e.employeeId === ben && e.shift.ends_at <= now);
  const rows = [];
  let lateDone = false;
  for (const e of started) {
    if (e === missing) continue;
    const startsAt = e.shift.starts_at;
    const endsAt = e.shift.ends_at;
    // The last two days wait for the manager's approval; before that, approved.
    const recent = e.shift.day >= today - 1;
    let offsetIn = Math.round(random() * 9) - 6; // 6 early .. 3 late
    if (!lateDone && e.shift.day >= today - 6 && e !== manual && e.employeeId !== lena) {
      offsetIn = 14;
      lateDone = true;
    }
    const clockIn = startsAt + offsetIn * MINUTE_MS;
    const open = endsAt > now;
    const clockOut = open ? null : endsAt + Math.round(random() * 12) * MINUTE_MS;
    const breakMinutes = open ? 0 : (e.shift.break_minutes ?? 0) + Math.round(random() * 6) - 2;
    const approved = !recent && !open;
    rows.push({
      company_id: companyId,
      employee_id: e.employeeId,
      location_id: location.id,
      position_id: e.positionId,
      rate_cents: e.rate,
      clock_in_at: clockIn,
      clock_out_at: clockOut,
      break_minutes: Math.max(0, breakMinutes),
      source: e === manual ? ('manual' as const) : ('register' as const),
      reason: e === manual ? 'Forgot to clock in; start and end confirmed by the manager' : '',
      client_id: null,
      status: approved ? ('approved' as const) : ('pending' as const),
      approved_by: approved ? (owner?.id ?? null) : null,
      approved_at: approved && clockOut !== null ? clockOut + 3 * 86_400_000 : null,
      edited_by: e === manual ? (owner?.id ?? null) : null,
      created_at: clockOut ?? clockIn,
      updated_at: clockOut ?? clockIn,
    });
  }
  if (rows.length > 0) await db.insertInto('time_entries').values(rows).execute();

  // Time off next week, on one of Lena's shifts: the schedule's time-off warning.
  if (lena !== undefined) {
    await db
      .insertInto('time_off')
      .values({
        company_id: companyId,
        employee_id: lena,
        first_day: lastMonday + 4,
        last_day: lastMonday + 5,
        reason: 'Family visit',
        created_by: owner?.id ?? null,
        created_at: now,
      })
      .execute();
  }
}
