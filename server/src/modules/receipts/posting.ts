import type { Transaction } from 'kysely';
import type { EventError, EventResult, EventType, ParsedEvent } from '@hive/shared/schemas/device';
import type { LiveTopic } from '@hive/shared/schemas/live';
import type { Database } from '../../database';
import type { IngestDevice, PlannedReceipt } from './plan/types';

/*
 * The posting contract. A batch of register events is parsed, planned (reads only) and then posted
 * in one transaction: the ingest writes the receipts' own rows (receipts, lines, taxes, discounts,
 * payments, shifts, cash movements) and hands the batch to the posting steps, in the order they are
 * registered. Each step lives in the module that owns its tables (stock, points, gift cards, the time
 * clock, report roll-ups, kitchen tickets); the pipeline, src/posting.ts beside the composition
 * root, names them in order among the stages below, so that receipts/ imports none of those modules:
 * adding a consequence of a sale is adding a step and naming it there.
 */

/**
 * The stages the ingest runs itself (ingest.ts), in the order it runs them. `steps` is where the
 * posting steps post, one after the other (their books are loaded and their checks run during
 * `plan`, in the same order). src/posting.ts writes them out with the steps in place and is held
 * to this order at start.
 */
export const INGEST_STAGES = [
  'parse',
  'plan',
  'receipt rows',
  'steps',
  'event outcomes',
  'commit',
  'announce',
] as const;

export type IngestStage = (typeof INGEST_STAGES)[number];

/** What a step may read before planning: the parsed events, and every customer they concern. */
export interface PlanningBatch {
  device: IngestDevice;
  events: readonly ParsedEvent[];
  /** The customers of the sales and of the sales refunded (for their points). */
  customerIds: readonly number[];
}

/** The stored batch as steps see it: receipts written (dbId and number set), sales before refunds. */
export interface PostedBatch {
  device: IngestDevice;
  now: number;
  /** Queue kitchen tickets (the demo seed and the benchmark turn it off). */
  kitchenTickets: boolean;
  receipts: readonly PlannedReceipt[];
  /**
   * What the batch changed that a live page shows, announced once per batch after the commit
   * (ingest.ts): the ingest adds `receipts` and `shifts`, a step its own (kitchen tickets: `print-jobs`).
   */
  changed: Set<LiveTopic>;
}

/** What an event's outcome may carry besides its id and status. */
export type EventOutcome = Omit<EventResult, 'id' | 'status' | 'errors'>;

/**
 * One consequence of the batch. `load` reads once per batch what the step needs (locked rows, a
 * book of balances); planning then calls `checkReceipt` for each sale and refund that passed every
 * other check, in batch order (a step may fill in what it owns on the planned receipt, e.g. the
 * gift card of a payment, and moves its book); when a later step rejects the receipt, `undoReceipt`
 * puts the book back. Event types a step plans alone (the time clock's) are checked by
 * `checkEvent`. `post` writes, on the whole batch at once (never a query per receipt when it can
 * be helped), and `outcomes` adds fields to the events' results once posted.
 */
export interface PostingStep<Book = unknown> {
  readonly name: string;
  readonly eventTypes?: readonly EventType[];
  load?(trx: Transaction<Database>, batch: PlanningBatch): Promise<Book>;
  checkReceipt?(book: Book, receipt: PlannedReceipt): EventError[] | null;
  undoReceipt?(book: Book, receipt: PlannedReceipt): void;
  checkEvent?(book: Book, index: number, event: ParsedEvent): EventError | null;
  post(trx: Transaction<Database>, batch: PostedBatch, book: Book): Promise<void>;
  outcomes?(book: Book): Iterable<readonly [number, EventOutcome]>;
}

let registered: readonly PostingStep[] | null = null;

/** Sets the steps every batch is posted with (the composition root calls it once at start). */
export function registerPostingSteps(steps: readonly PostingStep[]): void {
  registered = steps;
}

export function postingSteps(): readonly PostingStep[] {
  // A batch posted without its consequences (no stock, no roll-ups) would be silently wrong.
  if (registered === null) throw new Error('no posting steps: registerPostingSteps() runs at app start');
  return registered;
}
