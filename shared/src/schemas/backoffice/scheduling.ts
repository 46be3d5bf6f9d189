/**
 * Team (menu area "team"), the scheduling part (add-on Scheduling): the weekly schedule
 * (/scheduling), the time clock (/attendancer), the labour and payroll reports (/laborreport,
 * /payrollreport) and two print views (/dailytipoutform, /teamsheet). Schemas shared by the forms
 * and the server, and the answer types.
 *
 * Dates are local calendar dates `YYYY-MM-DD` in the location's time zone; times of day `HH:MM`
 * (24 h). Weeks start on Monday. Durations are whole minutes; money is integer minor units.
 */
import { z } from 'zod';
import { englishMessages, idChoiceSchema, integerSchema, textSchema, type ValidationMessages } from './common';
import { dayNumber, reportFrameShape, reportQuerySchema, type ReportMeta } from './reports';

export const SCHEDULING_LIMITS = {
  /** A planned shift lasts at most 16 hours (longer is a typing mistake). */
  shiftMinutesMax: 16 * 60,
  breakMinutesMax: 240,
  noteMax: 200,
  reasonMax: 200,
  /** A manual time-clock entry lasts at most 24 hours. */
  entryMinutesMax: 24 * 60,
  /** Days the attendance list covers in one answer. */
  attendanceDaysMax: 62,
  /** A time-off request spans at most a year. */
  timeOffDaysMax: 366,
} as const;

/** Hours past 40 in a week (Monday to Sunday, the location's days) are overtime. */
export const OVERTIME_WEEKLY_MINUTES = 40 * 60;
/** Overtime pays time and a half: pay x 3 / 2, rounded half up to the cent. */
export const OVERTIME_NUMERATOR = 3;
export const OVERTIME_DENOMINATOR = 2;
/** A clock-in more than this many minutes after the scheduled start is late. */
export const LATE_GRACE_MINUTES = 5;

/**
 * How a day's tips are pooled on the tip-out form: by hours worked, the same share for everyone
 * who worked, or each keeps the tips of their own receipts.
 */
export const TIP_POOL_RULES = ['hours', 'equal', 'own'] as const;
export type TipPoolRule = (typeof TIP_POOL_RULES)[number];

export const PAPER_SIZES = ['A4', 'Letter'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** Where labour cost is compared with sales: the same week last year, or the last four weeks' average. */
export const SALES_BASES = ['last_4_weeks', 'last_year'] as const;
export type SalesBasis = (typeof SALES_BASES)[number];

// ---------------------------------------------------------------------------------------------
// Dates and times

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:MM` -> minutes after midnight, or null. */
export function minuteOfDay(time: string): number | null {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes after midnight (0-2879) -> `HH:MM` (wrapping past midnight). */
export function timeOfDay(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const dateSchema = (m: ValidationMessages) =>
  z.string({ error: m('required') }).refine((v) => dayNumber(v) !== null, m('invalidDate'));

const timeSchema = (m: ValidationMessages) =>
  z.string({ error: m('required') }).refine((v) => TIME.test(v), m('invalidTime'));

/** `YYYY-MM-DDTHH:MM`, a local date and time (what `<input type="datetime-local">` gives). */
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

export function splitLocalDateTime(value: string): { date: string; time: string } | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m || dayNumber(m[1]!) === null || minuteOfDay(m[2]!) === null) return null;
  return { date: m[1]!, time: m[2]! };
}

const localDateTimeSchema = (m: ValidationMessages) =>
  z.string({ error: m('required') }).refine((v) => splitLocalDateTime(v) !== null, m('invalidDateTime'));

// ---------------------------------------------------------------------------------------------
// The weekly schedule (/scheduling)

/**
 * A planned shift. The end is a time of day; an end at or before the start is on the next day
 * (a 22:00-06:00 night shift). Paid minutes = length - break.
 */
export function createShiftInputSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      locationId: idChoiceSchema(m),
      employeeId: idChoiceSchema(m),
      positionId: idChoiceSchema(m).nullable(),
      date: dateSchema(m),
      start: timeSchema(m),
      end: timeSchema(m),
      breakMinutes: integerSchema(m, { min: 0, max: SCHEDULING_LIMITS.breakMinutesMax }),
      note: textSchema(m, SCHEDULING_LIMITS.noteMax),
    })
    .superRefine((v, ctx) => {
      const length = shiftLength(v.start, v.end);
      if (length === null) return;
      if (length > SCHEDULING_LIMITS.shiftMinutesMax) {
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: m('shiftTooLong', { hours: SCHEDULING_LIMITS.shiftMinutesMax / 60 }),
        });
      } else if (v.breakMinutes >= length) {
        ctx.addIssue({ code: 'custom', path: ['breakMinutes'], message: m('breakTooLong') });
      }
    });
}
export const shiftInputSchema = createShiftInputSchema();
export type ShiftInput = z.output<typeof shiftInputSchema>;

/** Minutes from `start` to `end` (the next day when `end` <= `start`), or null when either is not a time. */
export function shiftLength(start: string, end: string): number | null {
  const a = minuteOfDay(start);
  const b = minuteOfDay(end);
  if (a === null || b === null) return null;
  return b > a ? b - a : b + 1440 - a;
}

export const scheduleWeekQuerySchema = z.object({
  location: z
    .string({ error: 'must be the id of a location' })
    .regex(/^[1-9]\d{0,9}$/, 'must be the id of a location')
    .transform(Number)
    .optional(),
  /** Any date of the week (the Monday is found); today's week when absent. */
  week: z
    .string({ error: 'must be a date as YYYY-MM-DD' })
    .refine((v) => dayNumber(v) !== null, 'must be a date as YYYY-MM-DD')
    .optional(),
  basis: z.enum(SALES_BASES, { error: `must be one of ${SALES_BASES.join(', ')}` }).optional(),
});

/** Copy the previous week's shifts into this one, or publish this one (location and any date of the week). */
export const scheduleWeekActionSchema = z.object({
  locationId: idChoiceSchema(englishMessages),
  week: z
    .string({ error: 'must be a date as YYYY-MM-DD' })
    .refine((v) => dayNumber(v) !== null, 'must be a date as YYYY-MM-DD'),
});
export type ScheduleWeekAction = z.output<typeof scheduleWeekActionSchema>;

export function createTimeOffInputSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      employeeId: idChoiceSchema(m),
      from: dateSchema(m),
      to: dateSchema(m),
      reason: textSchema(m, SCHEDULING_LIMITS.reasonMax),
    })
    .superRefine((v, ctx) => {
      const from = dayNumber(v.from);
      const to = dayNumber(v.to);
      if (from === null || to === null) return;
      if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: m('endBeforeStart') });
      else if (to - from + 1 > SCHEDULING_LIMITS.timeOffDaysMax) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: m('max', { max: SCHEDULING_LIMITS.timeOffDaysMax }) });
      }
    });
}
export const timeOffInputSchema = createTimeOffInputSchema();
export type TimeOffInput = z.output<typeof timeOffInputSchema>;

export interface ScheduleShift {
  id: number;
  locationId: number;
  employeeId: number;
  positionId: number | null;
  date: string;
  start: string;
  end: string;
  /** True when the end is on the next day. */
  overnight: boolean;
  breakMinutes: number;
  /** Length - break. */
  paidMinutes: number;
  /** Paid minutes x the employee's rate (their own or their position's), rounded half up. */
  costCents: number;
  note: string;
  /** Changed since the week was last published (or the week never was). */
  unpublished: boolean;
}

export type ShiftConflictKind = 'overlap' | 'time_off' | 'over_40';

export interface ShiftConflict {
  shiftId: number;
  employeeId: number;
  kind: ShiftConflictKind;
  /** overlap: the other shift (possibly at another location); time_off: the time-off id. */
  otherId: number | null;
}

export interface TimeOff {
  id: number;
  employeeId: number;
  employeeName: string;
  from: string;
  to: string;
  reason: string;
}

export interface ScheduleEmployee {
  id: number;
  name: string;
  positionId: number | null;
  rateCents: number;
  hasEmail: boolean;
  /** Paid minutes planned this week at every location (over 40 h is a conflict). */
  weekMinutes: number;
  weekCostCents: number;
}

export interface SchedulePosition {
  id: number;
  name: string;
  color: string;
}

export interface ScheduleWeek {
  /** The company's locations (the page's picker). */
  locations: { id: number; name: string }[];
  locationId: number;
  locationName: string;
  timeZone: string;
  currency: string;
  /** The Monday, and the seven dates Monday to Sunday. */
  week: string;
  days: string[];
  /** Active employees who work at this location. */
  employees: ScheduleEmployee[];
  positions: SchedulePosition[];
  shifts: ScheduleShift[];
  timeOff: TimeOff[];
  conflicts: ShiftConflict[];
  /** Projected labour: the week's planned paid minutes and cost against the basis' net sales. */
  labour: {
    paidMinutes: number;
    costCents: number;
    basis: SalesBasis;
    /** Net sales of the same week last year, or the weekly average of the four weeks before. */
    salesCents: number;
    /** Cost / sales in hundredths of a percent (2534 = 25.34 %); null without sales. */
    labourPercentBp: number | null;
  };
  published: { at: number; by: string | null } | null;
  /** Shifts added or changed since the last publication (deleted ones are not counted). */
  unpublishedCount: number;
}

export interface CopyWeekResult {
  copied: number;
  /** Shifts of last week not copied: the employee already has a shift then, or left. */
  skipped: number;
}

export interface PublishResult {
  publishedAt: number;
  /** Employees e-mailed their week (those with an e-mail address and at least one shift). */
  emailed: number;
}

// ---------------------------------------------------------------------------------------------
// The time clock (/attendancer)

export const TIME_ENTRY_FLAGS = ['late', 'missing_clock_out', 'on_break', 'manual', 'edited', 'unscheduled'] as const;
export type TimeEntryFlag = (typeof TIME_ENTRY_FLAGS)[number];

/** A manual entry, or a manager's correction of any entry: the reason is required. */
export function createTimeEntryInputSchema(m: ValidationMessages = englishMessages) {
  return z
    .object({
      employeeId: idChoiceSchema(m),
      locationId: idChoiceSchema(m),
      clockIn: localDateTimeSchema(m),
      /** Empty: still clocked in. */
      clockOut: z.union([z.literal(''), localDateTimeSchema(m)]),
      breakMinutes: integerSchema(m, { min: 0, max: SCHEDULING_LIMITS.breakMinutesMax }),
      reason: textSchema(m, SCHEDULING_LIMITS.reasonMax, { required: true }),
    })
    .superRefine((v, ctx) => {
      if (v.clockOut === '') return;
      const a = splitLocalDateTime(v.clockIn);
      const b = splitLocalDateTime(v.clockOut);
      if (!a || !b) return;
      const minutes = (dayNumber(b.date)! - dayNumber(a.date)!) * 1440 + minuteOfDay(b.time)! - minuteOfDay(a.time)!;
      if (minutes <= 0) ctx.addIssue({ code: 'custom', path: ['clockOut'], message: m('endBeforeStart') });
      else if (minutes > SCHEDULING_LIMITS.entryMinutesMax) {
        ctx.addIssue({
          code: 'custom',
          path: ['clockOut'],
          message: m('shiftTooLong', { hours: SCHEDULING_LIMITS.entryMinutesMax / 60 }),
        });
      } else if (v.breakMinutes >= minutes) {
        ctx.addIssue({ code: 'custom', path: ['breakMinutes'], message: m('breakTooLong') });
      }
    });
}
export const timeEntryInputSchema = createTimeEntryInputSchema();
export type TimeEntryInput = z.output<typeof timeEntryInputSchema>;

export const ATTENDANCE_STATUSES = ['pending', 'approved'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

export const attendanceQuerySchema = z.object({
  ...reportFrameShape,
  status: z.enum(ATTENDANCE_STATUSES, { error: 'must be pending or approved' }).optional(),
});

export const approveEntriesSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: 'send the ids of the entries to approve' })
    .min(1, 'choose at least one entry')
    .max(500, 'at most 500 entries at a time'),
});

/** POST /attendance/approve: entries approved now; skipped = still open or already approved. */
export interface ApproveEntriesResult {
  approved: number;
  skipped: number;
}

export interface TimeEntry {
  id: number;
  employeeId: number;
  employeeName: string;
  locationId: number | null;
  locationName: string | null;
  positionName: string | null;
  /** Local `YYYY-MM-DD HH:MM` at the entry's location, and the instants. */
  clockIn: string;
  clockOut: string | null;
  clockInAt: number;
  clockOutAt: number | null;
  breakMinutes: number;
  /** Length - breaks; null while clocked in. */
  workedMinutes: number | null;
  source: 'register' | 'manual';
  reason: string;
  status: AttendanceStatus;
  approvedBy: string | null;
  approvedAt: number | null;
  /** The scheduled shift it matches (same employee, overlapping or within 2 hours of its start). */
  scheduled: { shiftId: number; start: string; end: string } | null;
  /** Minutes after the scheduled start (negative: early); null when unscheduled. */
  lateMinutes: number | null;
  flags: TimeEntryFlag[];
}

/** A scheduled shift that started with no clock-in (a no-show or a forgotten punch). */
export interface MissingPunch {
  shiftId: number;
  employeeId: number;
  employeeName: string;
  locationName: string;
  date: string;
  start: string;
  end: string;
}

export interface AttendanceAnswer extends ReportMeta {
  entries: TimeEntry[];
  missing: MissingPunch[];
  pendingCount: number;
}

// ---------------------------------------------------------------------------------------------
// The labour and payroll reports, and the print views

/** The reports' frame with its period rules (a custom period needs both ends, in order). */
export const laborQuerySchema = reportQuerySchema;
/** The same; the CSV download adds `format=csv` (read by the route). */
export const payrollQuerySchema = reportQuerySchema;

export interface LaborRow {
  /** Employee id, position id (no position: 'none', with an empty label) or the date, by table. */
  key: string;
  label: string;
  scheduledMinutes: number;
  actualMinutes: number;
  costCents: number;
}

export interface LaborDayRow extends LaborRow {
  netSalesCents: number;
  /** Cost / net sales in hundredths of a percent; null without sales. */
  labourPercentBp: number | null;
}

export interface LaborReport extends ReportMeta {
  byEmployee: LaborRow[];
  byPosition: LaborRow[];
  byDay: LaborDayRow[];
  totals: LaborDayRow;
}

export interface PayrollRow {
  employeeId: number;
  name: string;
  positionName: string | null;
  /** The rate of the period's last entry (entries keep the rate of when they were worked). */
  rateCents: number;
  regularMinutes: number;
  overtimeMinutes: number;
  regularPayCents: number;
  overtimePayCents: number;
  grossPayCents: number;
  /** Tips on the employee's receipts in the period. */
  tipsCents: number;
}

export interface PayrollReport extends ReportMeta {
  rows: PayrollRow[];
  totals: Omit<PayrollRow, 'employeeId' | 'name' | 'positionName' | 'rateCents'>;
  /** Entries in the period not approved yet, and entries still open (not in the figures). */
  pendingEntries: number;
  openEntries: number;
}

export const printViewQuerySchema = z.object({
  date: z
    .string({ error: 'must be a date as YYYY-MM-DD' })
    .refine((v) => dayNumber(v) !== null, 'must be a date as YYYY-MM-DD')
    .optional(),
  location: z
    .string({ error: 'must be the id of a location' })
    .regex(/^[1-9]\d{0,9}$/, 'must be the id of a location')
    .transform(Number)
    .optional(),
  rule: z.enum(TIP_POOL_RULES, { error: `must be one of ${TIP_POOL_RULES.join(', ')}` }).optional(),
});

export interface TipOutRow {
  employeeId: number;
  name: string;
  positionName: string | null;
  workedMinutes: number;
  /** Tips on the employee's own receipts that day. */
  ownTipsCents: number;
  /** What the rule gives them from the pool (the shares add up to the pool exactly). */
  shareCents: number;
  /** share - own: what they receive (+) or give (-). */
  differenceCents: number;
}

export interface TipOutSheet {
  date: string;
  locationId: number;
  locationName: string;
  currency: string;
  rule: TipPoolRule;
  poolCents: number;
  /** Tips of receipts without a known employee (pooled too; kept by nobody under `own`). */
  unassignedTipsCents: number;
  /**
   * The part of the pool no row gets: under `own` the unassigned tips; under `hours` and `equal`
   * the whole pool when nobody worked that day (0 otherwise). Shares + this = the pool.
   */
  undistributedCents: number;
  rows: TipOutRow[];
  locations: { id: number; name: string }[];
}

export interface TeamSheetRow {
  shiftId: number;
  employeeId: number;
  name: string;
  positionName: string | null;
  color: string | null;
  start: string;
  end: string;
  breakMinutes: number;
  paidMinutes: number;
  note: string;
  phone: string;
}

export interface TeamSheet {
  date: string;
  locationId: number;
  locationName: string;
  rows: TeamSheetRow[];
  /** Employees on time off that day. */
  timeOff: { employeeId: number; name: string; reason: string }[];
  locations: { id: number; name: string }[];
}
