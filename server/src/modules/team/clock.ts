import { PostgresAdapter, sql, type Kysely, type Transaction } from 'kysely';
import type { EventError, EventType, ParsedEvent } from '@hive/shared/schemas/device';
import type { Database } from '../../database';

/*
 * The time clock's rules shared by the registers' clock events (the ingest's clock step, posting.ts) and the
 * attendance API (attendance.ts): one open entry per employee, breaks inside an entry, break
 * minutes as the rounded sum of the closed breaks, and the employee row locked while a read decides
 * a write (so two clock-ins or manual entries for one person cannot both pass on PostgreSQL;
 * SQLite runs one writer at a time).
 */

type Db = Kysely<Database> | Transaction<Database>;

const MINUTE_MS = 60_000;

/** Whole minutes of `ms`, rounded half up (30 s and more count as a minute). */
export function wholeMinutes(ms: number): number {
  return Math.floor((Math.max(0, ms) + MINUTE_MS / 2) / MINUTE_MS);
}

/** Break minutes of an entry: the closed breaks' lengths summed, then rounded half up once. */
export function breakMinutesOf(breaks: readonly { startAt: number; endAt: number | null }[]): number {
  let ms = 0;
  for (const b of breaks) if (b.endAt !== null) ms += Math.max(0, b.endAt - b.startAt);
  return wholeMinutes(ms);
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface LockedEmployee {
  id: number;
  active: boolean;
  positionId: number | null;
  /** Their own hourly rate, else their position's, else 0 (minor units). */
  rateCents: number;
}

/**
 * The company's employees among `ids` with their position and effective rate, their rows locked
 * (in id order) until the transaction ends on PostgreSQL: FOR NO KEY UPDATE, so that a receipt
 * another till inserts naming the employee (its foreign key's KEY SHARE) need not wait for it.
 */
export async function lockEmployees(trx: Db, companyId: number, ids: readonly number[]): Promise<LockedEmployee[]> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) return [];
  const lock = isPostgres(trx) ? sql` for no key update of e` : sql``;
  const { rows } = await sql<{
    id: number;
    active: number;
    position_id: number | null;
    rate_cents: number | string;
  }>`select e.id, e.active, e.position_id, coalesce(e.hourly_rate_cents, p.hourly_rate_cents, 0) as rate_cents
    from employees e left join job_positions p on p.id = e.position_id
    where e.company_id = ${companyId} and e.id in (${sql.join(unique)}) order by e.id${lock}`.execute(trx);
  return rows.map((r) => ({
    id: r.id,
    active: Number(r.active) === 1,
    positionId: r.position_id,
    rateCents: Number(r.rate_cents),
  }));
}

// -------------------------------------------------------------------------------------------------
// The registers' clock events

export const CLOCK_EVENT_TYPES = ['clock_in', 'clock_out', 'break_start', 'break_end'] as const;
export type ClockEventType = (typeof CLOCK_EVENT_TYPES)[number];
type ClockParsed = Extract<ParsedEvent, { type: ClockEventType }>;

export const isClockEvent = (e: { type: EventType }): e is ClockParsed =>
  (CLOCK_EVENT_TYPES as readonly string[]).includes(e.type);

interface BreakState {
  dbId: number | null;
  startAt: number;
  endAt: number | null;
  changed: boolean;
}

interface EntryState {
  dbId: number | null;
  /** The clock_in event's id (null for an entry a manager typed in). */
  key: string | null;
  employeeId: number;
  clockInAt: number;
  clockOutAt: number | null;
  breaks: BreakState[];
  changed: boolean;
  positionId: number | null;
  rateCents: number;
}

/** What a batch knows of the time clock: the active employees it names and each one's open entry. */
export interface ClockBook {
  employees: Map<number, LockedEmployee>;
  /** Per employee: the open entry (stored, or opened earlier in the batch), or null. */
  open: Map<number, EntryState | null>;
  /** Entries the batch opened or changed, in the order first touched. */
  touched: EntryState[];
  /** Per event (index in the batch): the entry it opened or changed. */
  byIndex: Map<number, EntryState>;
}

/** Locks the employees the clock events name and loads their open entries with their breaks. */
export async function loadClockBook(trx: Db, companyId: number, employeeIds: readonly number[]): Promise<ClockBook> {
  const book: ClockBook = { employees: new Map(), open: new Map(), touched: [], byIndex: new Map() };
  const locked = await lockEmployees(trx, companyId, employeeIds);
  for (const e of locked) if (e.active) book.employees.set(e.id, e);
  const ids = [...book.employees.keys()];
  if (ids.length === 0) return book;
  const entries = await trx
    .selectFrom('time_entries')
    .select(['id', 'client_id', 'employee_id', 'clock_in_at', 'position_id', 'rate_cents'])
    .where('company_id', '=', companyId)
    .where('employee_id', 'in', ids)
    .where('clock_out_at', 'is', null)
    .execute();
  const breaks =
    entries.length === 0
      ? []
      : await trx
          .selectFrom('time_breaks')
          .select(['id', 'entry_id', 'start_at', 'end_at'])
          .where('company_id', '=', companyId)
          .where(
            'entry_id',
            'in',
            entries.map((e) => e.id),
          )
          .orderBy('start_at')
          .orderBy('id')
          .execute();
  for (const e of entries) {
    book.open.set(e.employee_id, {
      dbId: e.id,
      key: e.client_id,
      employeeId: e.employee_id,
      clockInAt: Number(e.clock_in_at),
      clockOutAt: null,
      breaks: breaks
        .filter((b) => b.entry_id === e.id)
        .map((b) => ({
          dbId: b.id,
          startAt: Number(b.start_at),
          endAt: b.end_at === null ? null : Number(b.end_at),
          changed: false,
        })),
      changed: false,
      positionId: e.position_id,
      rateCents: Number(e.rate_cents),
    });
  }
  return book;
}

const openBreakOf = (entry: EntryState) => entry.breaks.find((b) => b.endAt === null) ?? null;
const stamp = (at: number) => new Date(at).toISOString();

/**
 * Applies one clock event to the book (the state after the earlier events of the batch), or says
 * why it is rejected; a rejected event changes nothing.
 */
export function applyClockEvent(book: ClockBook, index: number, e: ClockParsed): EventError | null {
  const employee = book.employees.get(e.employeeId);
  if (!employee) {
    return { field: 'employeeId', code: 'unknown_employee', message: 'employeeId: no such active employee' };
  }
  const entry = book.open.get(e.employeeId) ?? null;
  const touch = (state: EntryState) => {
    state.changed = true;
    if (!book.touched.includes(state)) book.touched.push(state);
    book.byIndex.set(index, state);
  };
  if (e.type === 'clock_in') {
    if (entry) {
      return {
        field: 'event',
        code: 'already_clocked_in',
        message: `event: the employee is already clocked in (since ${stamp(entry.clockInAt)}); clock out first`,
      };
    }
    const state: EntryState = {
      dbId: null,
      key: e.id.toLowerCase(),
      employeeId: e.employeeId,
      clockInAt: e.at,
      clockOutAt: null,
      breaks: [],
      changed: true,
      positionId: employee.positionId,
      rateCents: employee.rateCents,
    };
    book.open.set(e.employeeId, state);
    touch(state);
    return null;
  }
  if (!entry) {
    return { field: 'event', code: 'not_clocked_in', message: 'event: the employee is not clocked in' };
  }
  const onBreak = openBreakOf(entry);
  if (e.at < entry.clockInAt) {
    return {
      field: 'at',
      code: 'bad_time',
      message: `at: before the clock-in of the open entry (${stamp(entry.clockInAt)})`,
    };
  }
  switch (e.type) {
    case 'clock_out':
      if (onBreak && e.at < onBreak.startAt) {
        return {
          field: 'at',
          code: 'bad_time',
          message: `at: before the start of the break (${stamp(onBreak.startAt)})`,
        };
      }
      if (onBreak) {
        onBreak.endAt = e.at;
        onBreak.changed = true;
      }
      entry.clockOutAt = e.at;
      book.open.set(e.employeeId, null);
      break;
    case 'break_start': {
      if (onBreak) {
        return { field: 'event', code: 'already_on_break', message: 'event: the employee is already on a break' };
      }
      const lastEnd = Math.max(entry.clockInAt, ...entry.breaks.map((b) => b.endAt ?? 0));
      if (e.at < lastEnd) {
        return { field: 'at', code: 'bad_time', message: `at: before the end of the last break (${stamp(lastEnd)})` };
      }
      entry.breaks.push({ dbId: null, startAt: e.at, endAt: null, changed: true });
      break;
    }
    case 'break_end':
      if (!onBreak) return { field: 'event', code: 'not_on_break', message: 'event: the employee is not on a break' };
      if (e.at < onBreak.startAt) {
        return {
          field: 'at',
          code: 'bad_time',
          message: `at: before the start of the break (${stamp(onBreak.startAt)})`,
        };
      }
      onBreak.endAt = e.at;
      onBreak.changed = true;
      break;
  }
  touch(entry);
  return null;
}

/**
 * Writes what the batch's clock events did: stored entries closed or with new break minutes first
 * (so that an employee who clocked out and in again in one batch never has two open entries), then
 * the new entries (already closed when the batch closed them), then the breaks.
 */
export async function writeClockBook(
  trx: Db,
  device: { companyId: number; terminalId: number | null; locationId: number | null },
  book: ClockBook,
  now: number,
): Promise<void> {
  const { companyId } = device;
  for (const entry of book.touched) {
    if (entry.dbId === null) continue;
    await trx
      .updateTable('time_entries')
      .set({ clock_out_at: entry.clockOutAt, break_minutes: breakMinutesOf(entry.breaks), updated_at: now })
      .where('id', '=', entry.dbId)
      .where('company_id', '=', companyId)
      .execute();
  }
  const fresh = book.touched.filter((entry) => entry.dbId === null);
  if (fresh.length > 0) {
    const rows = await trx
      .insertInto('time_entries')
      .values(
        fresh.map((entry) => ({
          company_id: companyId,
          employee_id: entry.employeeId,
          location_id: device.locationId,
          terminal_id: device.terminalId,
          position_id: entry.positionId,
          rate_cents: entry.rateCents,
          clock_in_at: entry.clockInAt,
          clock_out_at: entry.clockOutAt,
          break_minutes: breakMinutesOf(entry.breaks),
          source: 'register' as const,
          client_id: entry.key,
          status: 'pending' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'client_id'])
      .execute();
    const ids = new Map(rows.map((r) => [r.client_id, r.id]));
    for (const entry of fresh) entry.dbId = ids.get(entry.key)!;
  }
  const newBreaks = book.touched.flatMap((entry) =>
    entry.breaks
      .filter((b) => b.dbId === null)
      .map((b) => ({ company_id: companyId, entry_id: entry.dbId!, start_at: b.startAt, end_at: b.endAt })),
  );
  if (newBreaks.length > 0) await trx.insertInto('time_breaks').values(newBreaks).execute();
  for (const entry of book.touched) {
    for (const b of entry.breaks) {
      if (b.dbId === null || !b.changed) continue;
      await trx
        .updateTable('time_breaks')
        .set({ end_at: b.endAt })
        .where('id', '=', b.dbId)
        .where('company_id', '=', companyId)
        .execute();
    }
  }
}
