import express, { type Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { dayNumber, figuresOf, isoDay, type DayRange } from '@hive/shared/schemas/backoffice/reports';
import {
  laborQuerySchema,
  payrollQuerySchema,
  printViewQuerySchema,
  type LaborDayRow,
  type LaborReport,
  type LaborRow,
  type PayrollReport,
  type PayrollRow,
  type TipOutRow,
  type TipOutSheet,
} from '@hive/shared/schemas/backoffice/scheduling';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  fieldProblem,
  noStore,
  toCsv,
  csvDelimiterOf,
  type CsvColumn,
  type CsvDelimiter,
} from '../merchant';
import { inWindow, reportContext, reportMeta, timeWindow, zoneOf, type ReportContext, salesSums } from '../reports';
import { localTime, today } from '../../platform/time';
import { apportion, exactPay, overtimeSplit, payOf, roundHalfUp, tipOut, workedMinutes, type SplitEntry } from './pay';
import { employeeRateSql, mondayOf } from './time';

/*
 * `/api/backoffice/team/reports/...`: the labour report (/laborreport), payroll (/payrollreport,
 * also as a CSV download) and the daily tip-out form (/dailytipoutform), from the closed time-clock
 * entries, the planned shifts and the report roll-ups (net sales and tips, the same figures as the
 * sales reports).
 *
 * An entry belongs to the local day of its clock-in at its location (the business's zone without
 * one), and to that day's Monday-to-Sunday week. Overtime is decided per employee and week over the
 * period's entries at every location (pay.ts); a location filter then keeps the pay of the entries
 * worked there. Labour cost includes the overtime premium: it is what payroll pays.
 */

type Db = Kysely<Database>;

interface WorkedEntry extends SplitEntry {
  id: number;
  employeeId: number;
  locationId: number | null;
  positionId: number | null;
  rateCents: number;
  clockInAt: number;
  day: number;
  week: number;
  workedMinutes: number;
  pending: boolean;
}

/**
 * The closed entries whose clock-in falls on a day of `range` (each at its location's day), at
 * every location (the employee filter applies), split into regular and overtime minutes.
 */
async function closedEntries(db: Db, ctx: ReportContext, range: DayRange): Promise<WorkedEntry[]> {
  const window = timeWindow({ ...ctx, locationId: null }, range);
  let query = db
    .selectFrom('time_entries')
    .select([
      'id',
      'employee_id',
      'location_id',
      'position_id',
      'rate_cents',
      'clock_in_at',
      'clock_out_at',
      'break_minutes',
      'status',
    ])
    .where('company_id', '=', ctx.companyId)
    .where('clock_out_at', 'is not', null)
    .where(inWindow(window, 'clock_in_at', 'location_id'));
  if (ctx.employeeId !== null) query = query.where('employee_id', '=', ctx.employeeId);
  const rows = await query.orderBy('clock_in_at').orderBy('id').execute();
  const entries = rows.map((r) => {
    const clockInAt = Number(r.clock_in_at);
    const day = localTime(clockInAt, zoneOf(ctx, r.location_id)).day;
    return {
      id: r.id,
      employeeId: r.employee_id,
      locationId: r.location_id,
      positionId: r.position_id,
      rateCents: Number(r.rate_cents),
      clockInAt,
      day,
      week: mondayOf(day),
      workedMinutes: workedMinutes(clockInAt, Number(r.clock_out_at), Number(r.break_minutes)),
      pending: r.status !== 'approved',
    };
  });
  return overtimeSplit(entries.filter((e) => e.day >= range.from && e.day <= range.to));
}

/** The entries the report shows: all, or those worked at the chosen location. */
const atLocation = (ctx: ReportContext) => (e: { locationId: number | null }) =>
  ctx.locationId === null || e.locationId === ctx.locationId;

/** The company's employees with their current position and rate, and the positions' names. */
async function staff(db: Db, companyId: number) {
  const [people, positions] = await Promise.all([
    db
      .selectFrom('employees as e')
      .leftJoin('job_positions as p', 'p.id', 'e.position_id')
      .select(['e.id', 'e.name', 'e.position_id', employeeRateSql.as('rate')])
      .where('e.company_id', '=', companyId)
      .orderBy('e.name')
      .orderBy('e.id')
      .execute(),
    db
      .selectFrom('job_positions')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  return {
    employees: new Map(
      people.map((p, order) => [p.id, { name: p.name, positionId: p.position_id, rateCents: Number(p.rate), order }]),
    ),
    positions: new Map(positions.map((p, order) => [p.id, { name: p.name, order }])),
  };
}

/** Cost / net sales in hundredths of a percent, half up; null without (positive) sales. */
export function labourPercentBp(costCents: number, netSalesCents: number): number | null {
  return netSalesCents > 0 ? roundHalfUp(costCents * 10_000, netSalesCents) : null;
}

// ---------------------------------------------------------------------------------------------
// Labour

interface Bucket {
  scheduledMinutes: number;
  actualMinutes: number;
  /** Exact pay of the entries in it (pay.ts exactPay units): the weight its cost is split by. */
  exact: bigint;
}

function bucketOf<K>(map: Map<K, Bucket>, key: K): Bucket {
  let bucket = map.get(key);
  if (!bucket) {
    bucket = { scheduledMinutes: 0, actualMinutes: 0, exact: 0n };
    map.set(key, bucket);
  }
  return bucket;
}

export async function laborReport(db: Db, ctx: ReportContext): Promise<LaborReport> {
  const range = ctx.range;
  let shiftQuery = db
    .selectFrom('schedule_shifts')
    .select(['employee_id', 'position_id', 'day', 'start_minute', 'end_minute', 'break_minutes'])
    .where('company_id', '=', ctx.companyId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (ctx.locationId !== null) shiftQuery = shiftQuery.where('location_id', '=', ctx.locationId);
  if (ctx.employeeId !== null) shiftQuery = shiftQuery.where('employee_id', '=', ctx.employeeId);
  const [all, shifts, sales, { employees, positions }] = await Promise.all([
    closedEntries(db, ctx, range),
    shiftQuery.execute(),
    // The location's (or the company's) net sales, whoever rang them up: the employee filter narrows the labour only.
    salesSums(db, { ...ctx, employeeId: null }, range, ['day']),
    staff(db, ctx.companyId),
  ]);
  const entries = all.filter(atLocation(ctx));

  const byEmployee = new Map<number, Bucket>();
  const byPosition = new Map<number | null, Bucket>();
  const byDay = new Map<number, Bucket>();
  for (let day = range.from; day <= range.to; day += 1) bucketOf(byDay, day);
  for (const s of shifts) {
    const paid = Math.max(0, s.end_minute - s.start_minute - s.break_minutes);
    for (const bucket of [bucketOf(byEmployee, s.employee_id), bucketOf(byPosition, s.position_id)]) {
      bucket.scheduledMinutes += paid;
    }
    const day = byDay.get(s.day);
    if (day) day.scheduledMinutes += paid;
  }
  for (const e of entries) {
    const exact = BigInt(exactPay(e));
    for (const bucket of [
      bucketOf(byEmployee, e.employeeId),
      bucketOf(byPosition, e.positionId),
      bucketOf(byDay, e.day),
    ]) {
      bucket.actualMinutes += e.workedMinutes;
      bucket.exact += exact;
    }
  }

  // Each employee's cost is their gross pay; the total is theirs added up, and split over the
  // positions and the days in proportion to the exact pay of their entries (to the cent).
  const pay = payOf(entries);
  let totalCost = 0;
  for (const p of pay.values()) totalCost += p.grossPayCents;
  const costs = <K>(map: Map<K, Bucket>) => {
    const keys = [...map.keys()];
    const parts = apportion(
      totalCost,
      keys.map((k) => map.get(k)!.exact),
    );
    return new Map(keys.map((k, i) => [k, parts[i]!]));
  };
  const positionCost = costs(byPosition);
  const dayCost = costs(byDay);

  const row = (key: string, label: string, bucket: Bucket, costCents: number): LaborRow => ({
    key,
    label,
    scheduledMinutes: bucket.scheduledMinutes,
    actualMinutes: bucket.actualMinutes,
    costCents,
  });
  const employeeRows = [...byEmployee.entries()]
    .sort(([a], [b]) => (employees.get(a)?.order ?? 0) - (employees.get(b)?.order ?? 0))
    .map(([id, bucket]) => row(String(id), employees.get(id)?.name ?? '', bucket, pay.get(id)?.grossPayCents ?? 0));
  const positionRows = [...byPosition.entries()]
    .sort(
      ([a], [b]) =>
        (a === null ? Infinity : (positions.get(a)?.order ?? 0)) -
        (b === null ? Infinity : (positions.get(b)?.order ?? 0)),
    )
    .map(([id, bucket]) =>
      row(
        id === null ? 'none' : String(id),
        id === null ? '' : (positions.get(id)?.name ?? ''),
        bucket,
        positionCost.get(id)!,
      ),
    );

  const netByDay = new Map<number, number>();
  for (const s of sales) netByDay.set(s.key.day, (netByDay.get(s.key.day) ?? 0) + figuresOf(s.sums).netSalesCents);
  const dayRow = (key: string, bucket: Bucket, costCents: number, netSalesCents: number): LaborDayRow => ({
    ...row(key, key, bucket, costCents),
    netSalesCents,
    labourPercentBp: labourPercentBp(costCents, netSalesCents),
  });
  const dayRows = [...byDay.entries()]
    .sort(([a], [b]) => a - b)
    .map(([day, bucket]) => dayRow(isoDay(day), bucket, dayCost.get(day)!, netByDay.get(day) ?? 0));

  const total: Bucket = { scheduledMinutes: 0, actualMinutes: 0, exact: 0n };
  for (const b of byDay.values()) {
    total.scheduledMinutes += b.scheduledMinutes;
    total.actualMinutes += b.actualMinutes;
  }
  let totalNet = 0;
  for (const net of netByDay.values()) totalNet += net;
  const totals = { ...dayRow('total', total, totalCost, totalNet), label: '' };

  return { ...reportMeta(ctx), byEmployee: employeeRows, byPosition: positionRows, byDay: dayRows, totals };
}

// ---------------------------------------------------------------------------------------------
// Payroll

export async function payrollReport(db: Db, ctx: ReportContext): Promise<PayrollReport> {
  const range = ctx.range;
  let openQuery = db
    .selectFrom('time_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', ctx.companyId)
    .where('clock_out_at', 'is', null)
    .where(inWindow(timeWindow(ctx, range), 'clock_in_at', 'location_id'));
  if (ctx.employeeId !== null) openQuery = openQuery.where('employee_id', '=', ctx.employeeId);
  const [all, tipRows, open, { employees, positions }] = await Promise.all([
    closedEntries(db, ctx, range),
    salesSums(db, ctx, range, ['employee_id']),
    openQuery.executeTakeFirstOrThrow(),
    staff(db, ctx.companyId),
  ]);
  const entries = all.filter(atLocation(ctx));
  const pay = payOf(entries);
  // The period's last entry of each employee (entries come in clock-in order).
  const last = new Map<number, WorkedEntry>();
  for (const e of entries) last.set(e.employeeId, e);
  const tips = new Map<number, number>();
  for (const t of tipRows) {
    if (t.key.employee_id !== 0) tips.set(t.key.employee_id, (tips.get(t.key.employee_id) ?? 0) + t.sums.tipCents);
  }

  const ids = new Set([...pay.keys(), ...[...tips.entries()].filter(([, cents]) => cents !== 0).map(([id]) => id)]);
  const rows: PayrollRow[] = [...ids]
    .filter((id) => employees.has(id))
    .sort((a, b) => employees.get(a)!.order - employees.get(b)!.order)
    .map((id) => {
      const person = employees.get(id)!;
      const entry = last.get(id);
      const positionId = entry?.positionId ?? person.positionId;
      const p = pay.get(id) ?? {
        regularMinutes: 0,
        overtimeMinutes: 0,
        regularPayCents: 0,
        overtimePayCents: 0,
        grossPayCents: 0,
      };
      return {
        employeeId: id,
        name: person.name,
        positionName: positionId === null ? null : (positions.get(positionId)?.name ?? null),
        rateCents: entry?.rateCents ?? person.rateCents,
        ...p,
        tipsCents: tips.get(id) ?? 0,
      };
    });
  const totals = {
    regularMinutes: 0,
    overtimeMinutes: 0,
    regularPayCents: 0,
    overtimePayCents: 0,
    grossPayCents: 0,
    tipsCents: 0,
  };
  for (const r of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
  return {
    ...reportMeta(ctx),
    rows,
    totals,
    pendingEntries: entries.filter((e) => e.pending).length,
    openEntries: Number(open.n),
  };
}

/** `digits` decimals of an integer amount of 10^-digits units, with a dot and no grouping: 123456 -> "1234.56". */
function decimal(value: number, digits: number): string {
  const sign = value < 0 ? '-' : '';
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, text.length - digits)}.${text.slice(text.length - digits)}`;
}

/** Every currency the app offers has two minor digits (settings' supportedCurrencies). */
const MINOR_DIGITS = 2;
const money = (cents: number) => decimal(cents, MINOR_DIGITS);
/** Minutes as hours with two decimals, half up. */
export const hours = (minutes: number) => decimal(roundHalfUp(minutes * 100, 60), 2);

export const PAYROLL_CSV_HEADERS = [
  'Employee ID',
  'Employee',
  'Position',
  'Period start',
  'Period end',
  'Hourly rate',
  'Regular hours',
  'Overtime hours',
  'Regular pay',
  'Overtime pay',
  'Gross pay',
  'Tips',
] as const;

export function payrollCsv(report: PayrollReport, delimiter: CsvDelimiter = ','): string {
  const values: ((r: PayrollRow) => unknown)[] = [
    (r) => r.employeeId,
    (r) => r.name,
    (r) => r.positionName ?? '',
    () => report.period.from,
    () => report.period.to,
    (r) => money(r.rateCents),
    (r) => hours(r.regularMinutes),
    (r) => hours(r.overtimeMinutes),
    (r) => money(r.regularPayCents),
    (r) => money(r.overtimePayCents),
    (r) => money(r.grossPayCents),
    (r) => money(r.tipsCents),
  ];
  // From the hourly rate on, every column is a decimal (a comma in a semicolon file).
  const columns: CsvColumn<PayrollRow>[] = PAYROLL_CSV_HEADERS.map((header, i) => ({
    header,
    value: values[i]!,
    decimal: i >= 5,
  }));
  return toCsv(columns, report.rows, delimiter);
}

// ---------------------------------------------------------------------------------------------
// The daily tip-out form

export async function tipOutSheet(
  db: Db,
  companyId: number,
  q: z.output<typeof printViewQuerySchema>,
  now: number,
): Promise<TipOutSheet> {
  const locations = await db
    .selectFrom('locations')
    .select(['id', 'name', 'timezone', 'active'])
    .where('company_id', '=', companyId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const location =
    q.location === undefined
      ? (locations.find((l) => Number(l.active) === 1) ?? locations[0])
      : locations.find((l) => l.id === q.location);
  if (!location)
    throw fieldProblem('location', q.location === undefined ? 'the company has no location' : 'no such location');
  const day = q.date === undefined ? today(now, location.timezone) : dayNumber(q.date)!;
  const rule = q.rule ?? 'hours';
  const ctx = await reportContext(
    db,
    companyId,
    { period: 'custom', from: day, to: day, location: location.id, compare: false },
    now,
  );
  const range = { from: day, to: day };
  const [entryRows, tipRows, { employees, positions }] = await Promise.all([
    db
      .selectFrom('time_entries')
      .select(['employee_id', 'position_id', 'clock_in_at', 'clock_out_at', 'break_minutes'])
      .where('company_id', '=', companyId)
      .where('clock_out_at', 'is not', null)
      .where(inWindow(timeWindow(ctx, range), 'clock_in_at', 'location_id'))
      .orderBy('clock_in_at')
      .orderBy('id')
      .execute(),
    salesSums(db, ctx, range, ['employee_id']),
    staff(db, companyId),
  ]);

  const people = new Map<number, { minutes: number; ownTips: number; positionId: number | null }>();
  const person = (id: number) => {
    let p = people.get(id);
    if (!p) {
      p = { minutes: 0, ownTips: 0, positionId: employees.get(id)?.positionId ?? null };
      people.set(id, p);
    }
    return p;
  };
  for (const e of entryRows) {
    const p = person(e.employee_id);
    p.minutes += workedMinutes(Number(e.clock_in_at), Number(e.clock_out_at), Number(e.break_minutes));
    if (e.position_id !== null) p.positionId = e.position_id; // the day's last entry's
  }
  let poolCents = 0;
  let unassignedTipsCents = 0;
  for (const t of tipRows) {
    const tip = t.sums.tipCents;
    poolCents += tip;
    if (t.key.employee_id !== 0 && employees.has(t.key.employee_id)) person(t.key.employee_id).ownTips += tip;
    else unassignedTipsCents += tip;
  }

  const ids = [...people.keys()]
    .filter((id) => employees.has(id))
    .sort((a, b) => employees.get(a)!.order - employees.get(b)!.order);
  const workers = ids.map((id) => ({
    employeeId: id,
    workedMinutes: people.get(id)!.minutes,
    ownTipsCents: people.get(id)!.ownTips,
  }));
  const { shares, undistributedCents } = tipOut(poolCents, workers, rule);
  const rows: TipOutRow[] = workers.map((w, i) => {
    const positionId = people.get(w.employeeId)!.positionId;
    return {
      employeeId: w.employeeId,
      name: employees.get(w.employeeId)!.name,
      positionName: positionId === null ? null : (positions.get(positionId)?.name ?? null),
      workedMinutes: w.workedMinutes,
      ownTipsCents: w.ownTipsCents,
      shareCents: shares[i]!,
      differenceCents: shares[i]! - w.ownTipsCents,
    };
  });
  return {
    date: isoDay(day),
    locationId: location.id,
    locationName: location.name,
    currency: ctx.currency,
    rule,
    poolCents,
    unassignedTipsCents,
    undistributedCents,
    rows,
    locations: locations.map((l) => ({ id: l.id, name: l.name })),
  };
}

// ---------------------------------------------------------------------------------------------
// Routes

const formatSchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'must be json or csv' }).optional(),
});

/** `/api/backoffice/team/reports/...`, each behind its page's menu rule. */
export function laborReportsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;

  router.get('/labor', requirePage(ctx, '/laborreport'), async (req, res) => {
    const q = parseOrThrow(laborQuerySchema, req.query);
    const context = await reportContext(db, merchantOf(res).companyId, q, ctx.now(), { preset: 'this_week' });
    noStore(res).json(await laborReport(db, { ...context, previous: null }));
  });

  // Weekly pay: last week unless asked otherwise.
  router.get('/payroll', requirePage(ctx, '/payrollreport'), async (req, res) => {
    const q = parseOrThrow(payrollQuerySchema, req.query);
    const { format } = parseOrThrow(formatSchema, req.query);
    const context = await reportContext(db, merchantOf(res).companyId, q, ctx.now(), { preset: 'last_week' });
    const report = await payrollReport(db, { ...context, previous: null });
    if (format !== 'csv') {
      noStore(res).json(report);
      return;
    }
    noStore(res)
      .type('text/csv; charset=utf-8')
      .set('Content-Disposition', `attachment; filename="payroll-${report.period.from}-${report.period.to}.csv"`)
      .send(payrollCsv(report, csvDelimiterOf(req)));
  });

  router.get('/tipout', requirePage(ctx, '/dailytipoutform'), async (req, res) => {
    const q = parseOrThrow(printViewQuerySchema, req.query);
    noStore(res).json(await tipOutSheet(db, merchantOf(res).companyId, q, ctx.now()));
  });

  return router;
}
