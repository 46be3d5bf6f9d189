import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import {
  isoDay,
  presetRange,
  previousRange,
  type DayRange,
  type Grouping,
  type PeriodPreset,
  type ReportMeta,
  type ReportPeriod,
  type ReportQuery,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { fieldProblem } from '../merchant';
import { companyLocale } from '../settings';
import { startOfDay, today } from '../../platform/time';

/*
 * The frame every report shares on the server: the period (a preset read in the chosen location's
 * time zone, else the business's; or a custom range), the previous period of the same length, the
 * location and employee filters (checked against the company's own), and the time windows of raw
 * reads (each location's days in its own time zone).
 */

export interface ReportLocation {
  id: number;
  name: string;
  timezone: string;
}

export interface ReportContext {
  companyId: number;
  currency: string;
  /** The business's time zone: days of receipts without a location. */
  companyZone: string;
  /** Where "today" was read. */
  timezone: string;
  preset: PeriodPreset;
  range: DayRange;
  previous: DayRange | null;
  group: Grouping | null;
  locationId: number | null;
  employeeId: number | null;
  locations: ReportLocation[];
  employees: { id: number; name: string }[];
}

export interface FrameDefaults {
  preset?: Exclude<PeriodPreset, 'custom'>;
  /** The groupings this report offers (the first is the default); none: the report has no grouping. */
  groupings?: readonly Grouping[];
}

export async function reportContext(
  db: Kysely<Database>,
  companyId: number,
  q: ReportQuery,
  now: number,
  defaults: FrameDefaults = {},
): Promise<ReportContext> {
  const [locale, locations, employees] = await Promise.all([
    companyLocale(db, companyId),
    db
      .selectFrom('locations')
      .select(['id', 'name', 'timezone'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('employees')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy('name')
      .orderBy('id')
      .execute(),
  ]);
  const location = q.location === undefined ? undefined : locations.find((l) => l.id === q.location);
  if (q.location !== undefined && !location) throw fieldProblem('location', 'no such location');
  if (q.employee !== undefined && !employees.some((e) => e.id === q.employee)) {
    throw fieldProblem('employee', 'no such employee');
  }
  let group: Grouping | null = null;
  if (defaults.groupings && defaults.groupings.length > 0) {
    group = q.group ?? defaults.groupings[0]!;
    if (!defaults.groupings.includes(group)) {
      throw fieldProblem('group', `must be one of ${defaults.groupings.join(', ')}`);
    }
  } else if (q.group !== undefined) {
    throw fieldProblem('group', 'this report has no grouping');
  }
  const timezone = location?.timezone ?? locale.timezone;
  const custom = q.period === 'custom' || (q.period === undefined && q.from !== undefined);
  const preset: PeriodPreset = custom ? 'custom' : (q.period ?? defaults.preset ?? 'last_30_days');
  const range = preset === 'custom' ? { from: q.from!, to: q.to! } : presetRange(preset, today(now, timezone));
  if (group === 'hour' && range.to - range.from + 1 > 31) {
    throw fieldProblem('group', 'hour grouping needs a period of at most 31 days');
  }
  return {
    companyId,
    currency: locale.currency,
    companyZone: locale.timezone,
    timezone,
    preset,
    range,
    previous: q.compare ? previousRange(range) : null,
    group,
    locationId: location?.id ?? null,
    employeeId: q.employee ?? null,
    locations,
    employees,
  };
}

function period(preset: PeriodPreset, range: DayRange): ReportPeriod {
  return { preset, from: isoDay(range.from), to: isoDay(range.to), days: range.to - range.from + 1 };
}

export function reportMeta(ctx: ReportContext): ReportMeta {
  return {
    currency: ctx.currency,
    timezone: ctx.timezone,
    period: period(ctx.preset, ctx.range),
    previous: ctx.previous ? period('custom', ctx.previous) : null,
    group: ctx.group,
    filters: { locations: ctx.locations, employees: ctx.employees },
  };
}

/** The zone of each place a record can be at: its location, or none (the business's zone). */
export function zoneOf(ctx: ReportContext, locationId: number | null): string {
  return (
    (locationId === null ? undefined : ctx.locations.find((l) => l.id === locationId)?.timezone) ?? ctx.companyZone
  );
}

export interface TimeWindow {
  /** Outer bounds (every part lies inside): what an index on time can scan. */
  start: number;
  end: number;
  /** Per group of places sharing a time zone: their ids (null = no location) and their bounds. */
  parts: { locationIds: (number | null)[]; start: number; end: number }[];
}

/**
 * The epoch-ms bounds of `range` at each place of the company (or the chosen location only): the
 * days of a record are those of the time zone where it happened.
 */
export function timeWindow(ctx: ReportContext, range: DayRange): TimeWindow {
  const places: (number | null)[] =
    ctx.locationId !== null ? [ctx.locationId] : [...ctx.locations.map((l) => l.id), null];
  const byZone = new Map<string, (number | null)[]>();
  for (const place of places) {
    const zone = zoneOf(ctx, place);
    byZone.set(zone, [...(byZone.get(zone) ?? []), place]);
  }
  const parts = [...byZone.entries()].map(([zone, locationIds]) => ({
    locationIds,
    start: startOfDay(range.from, zone),
    end: startOfDay(range.to + 1, zone),
  }));
  return {
    start: Math.min(...parts.map((p) => p.start)),
    end: Math.max(...parts.map((p) => p.end)),
    parts,
  };
}

/**
 * `time` within the window for the record's place (`location`): one range when every place shares
 * a zone, else the outer range (for the index) and, per zone, its places and bounds.
 */
export function inWindow(
  window: TimeWindow,
  time: string | RawBuilder<unknown>,
  location: string,
): RawBuilder<SqlBool> {
  const t = typeof time === 'string' ? sql.ref(time) : time;
  const l = sql.ref(location);
  const outer = sql<SqlBool>`${t} >= ${window.start} and ${t} < ${window.end}`;
  if (window.parts.length === 1) {
    const [part] = window.parts;
    const ids = part!.locationIds;
    if (ids.includes(null) && ids.length > 1) return outer; // every place of the company
    return ids[0] === null ? sql<SqlBool>`${outer} and ${l} is null` : placeIn(outer, l, ids);
  }
  const alternatives = window.parts.map((p) => {
    const range = sql<SqlBool>`${t} >= ${p.start} and ${t} < ${p.end}`;
    return placeIn(range, l, p.locationIds);
  });
  return sql<SqlBool>`${outer} and (${sql.join(alternatives, sql` or `)})`;
}

function placeIn(range: RawBuilder<SqlBool>, l: RawBuilder<unknown>, ids: (number | null)[]) {
  const real = ids.filter((id): id is number => id !== null);
  const conditions = [
    ...(real.length > 0 ? [sql`${l} in (${sql.join(real)})`] : []),
    ...(ids.includes(null) ? [sql`${l} is null`] : []),
  ];
  return sql<SqlBool>`(${range} and (${sql.join(conditions, sql` or `)}))`;
}

/** `day between from and to` and the chosen location / employee, on a roll-up table. */
export function rollupScope(ctx: ReportContext, range: DayRange, options: { employee?: boolean } = {}) {
  return <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => {
    const conditions: Expression<SqlBool>[] = [
      sql<SqlBool>`${sql.ref('company_id')} = ${ctx.companyId}`,
      sql<SqlBool>`${sql.ref('day')} >= ${range.from}`,
      sql<SqlBool>`${sql.ref('day')} <= ${range.to}`,
    ];
    if (ctx.locationId !== null) conditions.push(sql<SqlBool>`${sql.ref('location_id')} = ${ctx.locationId}`);
    if (options.employee !== false && ctx.employeeId !== null) {
      conditions.push(sql<SqlBool>`${sql.ref('employee_id')} = ${ctx.employeeId}`);
    }
    return eb.and(conditions);
  };
}

/** The ranges a report computes: the period, and the previous one when comparing. */
export function ranges(ctx: ReportContext): { current: DayRange; previous: DayRange | null } {
  return { current: ctx.range, previous: ctx.previous };
}

export const sumOf = (column: string) => sql<string | number>`coalesce(sum(${sql.ref(column)}), 0)`;
export const n = (value: unknown) => Number(value ?? 0);
