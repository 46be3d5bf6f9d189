import type { PostingStep } from '../receipts';
import {
  applyClockEvent,
  CLOCK_EVENT_TYPES,
  isClockEvent,
  loadClockBook,
  writeClockBook,
  type ClockBook,
} from './clock';

/**
 * The time clock's posting step (see receipts/posting.ts): it plans the registers' clock events
 * itself (one open entry per employee, breaks inside it) and writes the entries they open or close.
 */
export const clockStep: PostingStep<ClockBook | null> = {
  name: 'time clock',
  eventTypes: CLOCK_EVENT_TYPES,
  async load(trx, batch) {
    const employeeIds = batch.events.filter(isClockEvent).map((e) => e.employeeId);
    return employeeIds.length > 0 ? loadClockBook(trx, batch.device.companyId, employeeIds) : null;
  },
  checkEvent(book, index, event) {
    // The book is loaded whenever the batch has a clock event.
    if (!book || !isClockEvent(event)) throw new Error(`time clock: ${event.type} was not loaded`);
    return applyClockEvent(book, index, event);
  },
  async post(trx, batch, book) {
    if (book) await writeClockBook(trx, batch.device, book, batch.now);
  },
  *outcomes(book) {
    for (const [index, entry] of book?.byIndex ?? []) yield [index, { timeEntryId: entry.dbId! }] as const;
  },
};
