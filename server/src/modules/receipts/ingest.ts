import { sql, type Kysely, type Transaction } from 'kysely';
import type { EventResult, EventsResponse } from '@hive/shared/schemas/device';
import type { LiveTopic } from '@hive/shared/schemas/live';
import { isForeignKeyViolation, isUniqueViolation } from '../../platform/db/connection';
import type { Database } from '../../database';
import type { LiveBus } from '../../platform/live';
import type { IngestMetrics } from '../../platform/metrics';
import { isPostgres } from '../merchant';
import { parseBatch, parseResult, settleRepeats } from './parse';
import {
  customersOf,
  idsIn,
  loadLookup,
  plan,
  type AnyParsed,
  type IngestDevice,
  type LoadedStep,
  type Lookup,
  type Plan,
} from './plan';
import { insertAll, writeCash, writeReceipts, writeShifts } from './post/rows';
import { postingSteps, type EventOutcome, type PostingStep } from './posting';

/*
 * Ingest of register events: the one way receipts, refunds, shifts, cash movements and the time
 * clock's punches are stored (the device API calls it for every batch, the demo seed for its 90
 * days of history, tests and the benchmarks with the events of receipts/events.ts).
 *
 * parse -> plan -> post. Each event is parsed on its own (parse.ts); the batch then runs in one
 * transaction. Planning (plan/) reads what the events name once, the posting steps load their books,
 * and the events are checked in order against those plus what the earlier events of the batch did;
 * nothing is written until then. Posting writes the receipts' own rows (post/rows.ts), then runs
 * every posting step on the whole batch (posting.ts), then records each event's outcome. An event
 * is stored whole or rejected whole: nothing of a rejected event is written.
 *
 * Locks, always taken in this order so that no two batches wait on each other in a circle:
 * 1. the till's (lockTillIngest), for the whole transaction: what only the till touches (its event
 *    ids seen, its open shift) cannot change under it, and the back-office closing its shift waits;
 * 2. the shared rows planning checks against, each kind sorted by id: the sales being refunded (what
 *    was refunded of them), then each step's book (customers' points, gift cards, employees' punches);
 * 3. the company's (lockCompanyIngest), taken only when planning is done and held from the first
 *    write to the commit: document numbers, stock and the roll-ups are the company's.
 * So one company's tills plan in parallel and queue only for their writes. SQLite runs one
 * transaction at a time anyway.
 */

export type { IngestDevice } from './plan';

export interface IngestOptions {
  now: number;
  /** Queue kitchen tickets for recent receipts sent to the kitchen (default true; the seed turns it off). */
  kitchenTickets?: boolean;
  /** The posting steps (default: those the app registered with registerPostingSteps). */
  steps?: readonly PostingStep[];
  /**
   * Where the batch's changes are announced once it committed (the device API passes the app's
   * bus). Inside a caller's transaction nothing is announced: the caller has not committed yet.
   */
  live?: Pick<LiveBus, 'publishChange'>;
  /** Where the waits for the till's and the company's locks are reported (the device API passes the app's metrics). */
  metrics?: Pick<IngestMetrics, 'lockWaited'>;
}

export interface IngestResult extends EventsResponse {
  /** Per stored receipt: its number (for logs and tests). */
  receiptNumbers: number[];
}

type Events = { index: number; event: AnyParsed }[];

/** Writes the plan, runs the posting steps, records the idempotency rows and each event's outcome. */
async function post(
  trx: Transaction<Database>,
  device: IngestDevice,
  lookup: Lookup,
  p: Plan,
  steps: readonly LoadedStep[],
  options: IngestOptions,
  results: EventResult[],
  changed: Set<LiveTopic>,
): Promise<void> {
  const { now } = options;
  // The company's critical section: from its first shared write (a shift's or receipt's number) to
  // the commit. Nothing is read here that planning decided on, so it stays short.
  if (isPostgres(trx)) {
    const waitFrom = performance.now();
    await lockCompanyIngest(trx, device.companyId);
    options.metrics?.lockWaited((performance.now() - waitFrom) / 1000, 'company');
  }
  await writeShifts(trx, device, p);
  await writeReceipts(trx, device, lookup, p, now);
  const closing = await writeCash(trx, device, p, now);

  // Sales before refunds, as written (a refund's stock and roll-ups follow its sale's).
  const receipts = [...p.receipts.filter((r) => r.kind === 'sale'), ...p.receipts.filter((r) => r.kind === 'refund')];
  if (receipts.length > 0) changed.add('receipts');
  if (p.opens.length > 0 || p.closes.length > 0) changed.add('shifts');
  const batch = { device, now, kitchenTickets: options.kitchenTickets !== false, receipts, changed };
  for (const { step, book } of steps) await step.post(trx, batch, book);

  const outcome = new Map<number, EventOutcome>();
  for (const r of p.receipts) outcome.set(r.index, { receiptNumber: r.number! });
  for (const o of p.opens) outcome.set(o.index, { shiftNumber: o.state.number! });
  for (const { step, book } of steps) for (const [index, more] of step.outcomes?.(book) ?? []) outcome.set(index, more);
  for (const c of p.closes) {
    const number = c.shift.number ?? p.opens.find((o) => o.state === c.shift)?.state.number;
    const { expected, difference } = closing.get(c)!;
    outcome.set(c.index, {
      ...(number ? { shiftNumber: number } : {}),
      expectedCashCents: expected,
      differenceCents: difference,
    });
  }
  await insertAll(
    trx,
    'device_events',
    p.stored.map((s) => ({
      company_id: device.companyId,
      id: s.key,
      terminal_id: device.terminalId,
      type: s.type,
      at: s.at,
      received_at: now,
      result: JSON.stringify(outcome.get(s.index) ?? {}),
    })),
  );
  for (const s of p.stored) results[s.index] = { id: s.key, status: 'stored', ...outcome.get(s.index) };
}

/** The till locks' namespace (the two-key advisory locks never meet the one-key company lock). */
const TILL_LOCKS = sql`hashtext('hive-ingest-till')`;

/**
 * Serialises one till's batches (PostgreSQL; SQLite runs one transaction at a time anyway), and a
 * batch with the back-office closing that till's shift: its event ids seen and its shifts cannot
 * change under it. Batches without a terminal (the demo seed, the benchmark) share one per company.
 */
export async function lockTillIngest(
  trx: Transaction<Database>,
  companyId: number,
  terminalId: number | null,
): Promise<void> {
  if (!isPostgres(trx)) return;
  // Terminal ids are positive and unique across companies; -companyId names a company's terminal-less batches.
  const till = terminalId ?? -companyId;
  await sql`select pg_advisory_xact_lock(${TILL_LOCKS}, ${till}::int4)`.execute(trx);
}

/**
 * Serialises the writes of the company's batches (PostgreSQL), taken after the till's lock and
 * the planned rows' locks (see above), held to the commit.
 */
export async function lockCompanyIngest(trx: Transaction<Database>, companyId: number): Promise<void> {
  if (isPostgres(trx)) {
    await sql`select pg_advisory_xact_lock(hashtext(${`hive-ingest:${companyId}`}))`.execute(trx);
  }
}

/** One transaction: duplicates settled, the rest planned and posted. */
async function run(
  trx: Transaction<Database>,
  device: IngestDevice,
  events: Events,
  options: IngestOptions,
  results: EventResult[],
  changed: Set<LiveTopic>,
  askedAt: number,
): Promise<void> {
  if (isPostgres(trx)) {
    const waitFrom = performance.now();
    await lockTillIngest(trx, device.companyId, device.terminalId);
    options.metrics?.lockWaited((performance.now() - waitFrom) / 1000, 'till');
  } else {
    // SQLite's one connection, which Kysely hands to one transaction at a time (asked for when the
    // transaction was): the whole database's lock, reported as the company's.
    options.metrics?.lockWaited((performance.now() - askedAt) / 1000, 'company');
  }
  // Events stored before (a register resending) are duplicates: nothing changes.
  const seen = new Map<string, string>();
  await idsIn(
    events.map((e) => e.event.id.toLowerCase()),
    async (keys) => {
      const rows = await trx
        .selectFrom('device_events')
        .select(['id', 'result'])
        .where('company_id', '=', device.companyId)
        .where('id', 'in', keys)
        .execute();
      for (const r of rows) seen.set(r.id, r.result);
    },
  );
  const fresh = events.filter((e) => {
    const key = e.event.id.toLowerCase();
    const stored = seen.get(key);
    if (stored === undefined) return true;
    results[e.index] = { id: key, status: 'duplicate', ...parseResult(stored) };
    return false;
  });
  if (fresh.length === 0) return;
  const parsed = fresh.map((e) => e.event);
  const lookup = await loadLookup(trx, device, parsed);
  const batch = { device, events: parsed, customerIds: customersOf(parsed, lookup) };
  const steps: LoadedStep[] = [];
  for (const step of options.steps ?? postingSteps()) {
    steps.push({ step, book: step.load ? await step.load(trx, batch) : null });
  }
  const planned = plan(fresh, lookup, steps, device, results);
  await post(trx, device, lookup, planned, steps, options, results, changed);
}

/**
 * Checks and stores a batch of events (already known to be objects with a UUID `id` and a string
 * `type`). Returns one outcome per event, in the order sent.
 */
export async function ingestEvents(
  db: Kysely<Database>,
  device: IngestDevice,
  batch: readonly { id: string; type: string }[],
  options: IngestOptions,
): Promise<IngestResult> {
  const results: EventResult[] = new Array(batch.length);
  const { valid, firstOf } = parseBatch(batch, options.now, results);

  // What the committed transactions changed; a transaction rolled back announces nothing.
  const changed = new Set<LiveTopic>();
  if (valid.length > 0) {
    // Inside a caller's transaction (the demo seed, the benchmark) the batch is part of it.
    const inTransaction = async (events: Events) => {
      const attempt = new Set<LiveTopic>();
      const asked = performance.now();
      if (db.isTransaction) await run(db as Transaction<Database>, device, events, options, results, attempt, asked);
      else await db.transaction().execute((trx) => run(trx, device, events, options, results, attempt, asked));
      for (const topic of attempt) changed.add(topic);
    };
    try {
      await inTransaction(valid);
    } catch (error) {
      // Something changed under the batch (an item deleted meanwhile, say): each event on its own,
      // so that one stale event does not hold back the others.
      if (db.isTransaction || (!isForeignKeyViolation(error) && !isUniqueViolation(error))) throw error;
      for (const e of valid) {
        results[e.index] = undefined as unknown as EventResult;
        try {
          await inTransaction([e]);
        } catch (single) {
          if (!isForeignKeyViolation(single) && !isUniqueViolation(single)) throw single;
          results[e.index] = {
            id: e.event.id.toLowerCase(),
            status: 'rejected',
            errors: [
              {
                field: 'event',
                code: 'stale_reference',
                message: 'event: it names something that was deleted or changed meanwhile; sync the config and resend',
              },
            ],
          };
        }
      }
    }
  }

  // After the commit, once per batch and topic (not per receipt): the pages showing them refetch.
  if (options.live && !db.isTransaction) {
    for (const topic of changed) options.live.publishChange(device.companyId, topic);
  }

  settleRepeats(batch, firstOf, results);
  const count = (status: EventResult['status']) => results.filter((r) => r.status === status).length;
  return {
    results,
    stored: count('stored'),
    duplicate: count('duplicate'),
    rejected: count('rejected'),
    receiptNumbers: results.filter((r) => r.status === 'stored' && r.receiptNumber).map((r) => r.receiptNumber!),
  };
}
