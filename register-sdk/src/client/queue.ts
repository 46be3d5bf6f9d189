import { DeviceApiUnavailable } from './errors.ts';
import type { RegisterClient } from './client.ts';
import type { DeviceEvent, EventResult } from './types.ts';

/**
 * Where a register keeps the events it has not sent yet. A register sells offline: every event goes
 * to the queue first and flushQueue sends it when it can. A real register keeps the queue where a
 * restart does not lose it (a file, SQLite, IndexedDB); MemoryQueue is for tests and examples.
 */
export interface OfflineQueue {
  /** Adds events after the ones already queued. */
  add(events: readonly DeviceEvent[]): void | Promise<void>;
  /** The oldest `max` events, in the order they were added. */
  peek(max: number): readonly DeviceEvent[] | Promise<readonly DeviceEvent[]>;
  /** Drops these events (the server answered for them). */
  remove(ids: readonly string[]): void | Promise<void>;
}

export class MemoryQueue implements OfflineQueue {
  private events: DeviceEvent[] = [];

  add(events: readonly DeviceEvent[]): void {
    this.events.push(...events);
  }

  peek(max: number): readonly DeviceEvent[] {
    return this.events.slice(0, max);
  }

  remove(ids: readonly string[]): void {
    const gone = new Set(ids.map((id) => id.toLowerCase()));
    this.events = this.events.filter((e) => !gone.has(e.id.toLowerCase()));
  }

  get size(): number {
    return this.events.length;
  }
}

export interface FlushResult {
  /** Every answer, in the order sent (a sale's receiptNumber, a shift's numbers, ...). */
  results: EventResult[];
  stored: number;
  duplicate: number;
  /** Events the server refused, with its reasons: resending them unchanged would be refused again. */
  rejected: EventResult[];
  /** True when the server could not be reached: what is left stays queued for the next flush. */
  offline: boolean;
}

/**
 * Sends the queue in order, a batch at a time, and drops every event the server answered for
 * (stored, duplicate or rejected). An event sent but not answered (the connection dropped) stays and
 * is sent again next time: the server answers `duplicate` if it had stored it, so nothing is counted
 * twice. Stops at the first batch that cannot be delivered; any other error (a 401: pair again) throws.
 */
export async function flushQueue(client: RegisterClient, queue: OfflineQueue, batchSize = 500): Promise<FlushResult> {
  const out: FlushResult = { results: [], stored: 0, duplicate: 0, rejected: [], offline: false };
  for (;;) {
    const batch = await queue.peek(batchSize);
    if (batch.length === 0) return out;
    let answer;
    try {
      answer = await client.sendEvents(batch);
    } catch (error) {
      if (error instanceof DeviceApiUnavailable) return { ...out, offline: true };
      throw error;
    }
    out.results.push(...answer.results);
    out.stored += answer.stored;
    out.duplicate += answer.duplicate;
    out.rejected.push(...answer.results.filter((r) => r.status === 'rejected'));
    await queue.remove(answer.results.map((r) => r.id));
    // The server answers for every event it is sent; an answer for none would loop forever.
    if (answer.results.length === 0) return { ...out, offline: true };
  }
}
