import {
  OVERTIME_DENOMINATOR,
  OVERTIME_NUMERATOR,
  OVERTIME_WEEKLY_MINUTES,
  type TipPoolRule,
} from '@hive/shared/schemas/backoffice/scheduling';

/*
 * Pay arithmetic, pure (no database): worked minutes, the weekly overtime split, gross pay to the
 * cent, and splitting an amount (a day's tips, a period's labour cost) into whole cents that add
 * up exactly.
 *
 * Rounding, once: every amount is added up exactly as an integer (minutes x rate, in 1/60 of a
 * cent for regular pay and 1/(60 x 2) of a cent for overtime at 3/2) per employee and column, and
 * only that sum is rounded half up to the cent. So regular + overtime = gross exactly, and the
 * order entries are added in never changes a figure.
 */

const MINUTE_MS = 60_000;

/** a / b rounded half up (a >= 0, b > 0), in integers. */
export function roundHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Whole minutes worked: clock-out - clock-in to the nearest minute (half a minute up), less the
 * breaks, never below 0.
 */
export function workedMinutes(clockInAt: number, clockOutAt: number, breakMinutes: number): number {
  const length = roundHalfUp(Math.max(0, clockOutAt - clockInAt), MINUTE_MS);
  return Math.max(0, length - breakMinutes);
}

export interface PayEntry {
  employeeId: number;
  /** The Monday (days since 1970-01-01) of the clock-in's local day. */
  week: number;
  clockInAt: number;
  workedMinutes: number;
  /** The hourly rate the entry was worked at (minor units). */
  rateCents: number;
}

export interface SplitEntry {
  regularMinutes: number;
  overtimeMinutes: number;
}

/**
 * Each entry's minutes split into regular and overtime (same order as given): per employee and
 * week, in clock-in order (ties in the order given), the minutes past OVERTIME_WEEKLY_MINUTES are
 * overtime. An entry across the 40-hour mark is split there.
 */
export function overtimeSplit<E extends PayEntry>(entries: readonly E[]): (E & SplitEntry)[] {
  const order = entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        a.entry.employeeId - b.entry.employeeId ||
        a.entry.week - b.entry.week ||
        a.entry.clockInAt - b.entry.clockInAt ||
        a.index - b.index,
    );
  const out: (E & SplitEntry)[] = new Array(entries.length);
  let employee: number | null = null;
  let week: number | null = null;
  let worked = 0;
  for (const { entry, index } of order) {
    if (entry.employeeId !== employee || entry.week !== week) {
      employee = entry.employeeId;
      week = entry.week;
      worked = 0;
    }
    const minutes = Math.max(0, entry.workedMinutes);
    const regularMinutes = Math.max(0, Math.min(minutes, OVERTIME_WEEKLY_MINUTES - worked));
    worked += minutes;
    out[index] = { ...entry, regularMinutes, overtimeMinutes: minutes - regularMinutes };
  }
  return out;
}

/** Exact pay of a split entry in 1/(60 x OVERTIME_DENOMINATOR) of a cent (regular and overtime together). */
export function exactPay(entry: SplitEntry & { rateCents: number }): number {
  return (
    entry.regularMinutes * entry.rateCents * OVERTIME_DENOMINATOR +
    entry.overtimeMinutes * entry.rateCents * OVERTIME_NUMERATOR
  );
}
/** The denominator of exactPay: 60 minutes x OVERTIME_DENOMINATOR. */
export const EXACT_PAY_UNIT = 60 * OVERTIME_DENOMINATOR;

export interface PayTotals {
  regularMinutes: number;
  overtimeMinutes: number;
  regularPayCents: number;
  overtimePayCents: number;
  grossPayCents: number;
}

/** Per employee: minutes and pay of split entries (any subset of them, e.g. one location's), rounded once per column. */
export function payOf(
  entries: readonly (SplitEntry & { employeeId: number; rateCents: number })[],
): Map<number, PayTotals> {
  const sums = new Map<number, { regular: number; overtime: number; regularExact: number; overtimeExact: number }>();
  for (const e of entries) {
    let sum = sums.get(e.employeeId);
    if (!sum) {
      sum = { regular: 0, overtime: 0, regularExact: 0, overtimeExact: 0 };
      sums.set(e.employeeId, sum);
    }
    sum.regular += e.regularMinutes;
    sum.overtime += e.overtimeMinutes;
    // minutes x rate (1/60 cent), and minutes x rate x 3 (1/120 cent).
    sum.regularExact += e.regularMinutes * e.rateCents;
    sum.overtimeExact += e.overtimeMinutes * e.rateCents * OVERTIME_NUMERATOR;
  }
  const out = new Map<number, PayTotals>();
  for (const [employeeId, s] of sums) {
    const regularPayCents = roundHalfUp(s.regularExact, 60);
    const overtimePayCents = roundHalfUp(s.overtimeExact, 60 * OVERTIME_DENOMINATOR);
    out.set(employeeId, {
      regularMinutes: s.regular,
      overtimeMinutes: s.overtime,
      regularPayCents,
      overtimePayCents,
      grossPayCents: regularPayCents + overtimePayCents,
    });
  }
  return out;
}

/** Closed entries -> per employee regular and overtime minutes and pay (see overtimeSplit and payOf). */
export function payroll(entries: readonly PayEntry[]): Map<number, PayTotals> {
  return payOf(overtimeSplit(entries));
}

/**
 * `total` (whole cents, may be negative) split in proportion to `weights` (non-negative) by the
 * largest remainder: each gets the whole cents of its exact share, and the cents left over go one
 * each to the largest remainders (ties: `tie`, then the order given). The parts add up to `total`
 * exactly. All weights 0: every part is 0 (nothing can be split; the caller says so).
 */
export function apportion(
  total: number,
  weights: readonly (number | bigint)[],
  tie: (a: number, b: number) => number = () => 0,
): number[] {
  const w = weights.map((x) => BigInt(x));
  const sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0);
  if (total < 0) return apportion(-total, weights, tie).map((x) => (x === 0 ? 0 : -x));
  const t = BigInt(total);
  const base = w.map((x) => (t * x) / sum);
  const rest = w.map((x) => (t * x) % sum);
  let left = Number(t - base.reduce((a, b) => a + b, 0n));
  const order = w
    .map((_, i) => i)
    .sort((a, b) => (rest[b]! > rest[a]! ? 1 : rest[b]! < rest[a]! ? -1 : tie(a, b) || a - b));
  const parts = base.map(Number);
  for (const i of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

export interface TipWorker {
  employeeId: number;
  workedMinutes: number;
  /** Tips on the employee's own receipts. */
  ownTipsCents: number;
}

export interface TipOutResult {
  /** What each worker gets, in the order given. */
  shares: number[];
  /** The part of the pool nobody gets: under 'own' the tips of receipts without an employee; under 'hours' and 'equal' the whole pool when nobody worked. */
  undistributedCents: number;
}

/**
 * A day's pool shared out under `rule`: 'hours' in proportion to worked minutes, 'equal' the same
 * for everyone who worked (minutes > 0), 'own' each keeps their own tips. Cents left over by the
 * proportions go by the largest remainder (ties: more minutes, then the lower employee id).
 */
export function tipOut(poolCents: number, workers: readonly TipWorker[], rule: TipPoolRule): TipOutResult {
  let shares: number[];
  if (rule === 'own') {
    shares = workers.map((w) => w.ownTipsCents);
  } else {
    const weights = workers.map((w) => (w.workedMinutes > 0 ? (rule === 'hours' ? w.workedMinutes : 1) : 0));
    shares = apportion(
      poolCents,
      weights,
      (a, b) =>
        workers[b]!.workedMinutes - workers[a]!.workedMinutes || workers[a]!.employeeId - workers[b]!.employeeId,
    );
  }
  return { shares, undistributedCents: poolCents - shares.reduce((a, b) => a + b, 0) };
}
