import type { Generated } from 'kysely';
import type { OutboxStatus } from '@hive/shared/schemas/admin';
import type { Millis } from '../db/schema';

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Millis;
  /** delivery.ts: pending, sending, sent, failed or held (OUTBOX_STATUSES). */
  status: Generated<OutboxStatus>;
  /** Tries so far, counted when a try starts (an instance that dies mid-send used one). */
  attempts: Generated<number>;
  last_error: string | null;
  /** When a pending message is due. */
  next_attempt_at: Millis;
  sent_at: Millis | null;
  /** The instance holding the message while it sends, and until when (the lease); once sent, who sent it. */
  claimed_by: string | null;
  claimed_until: Millis | null;
}

/** The outbox's table (created by the platform's first migration); part of the app's Database. */
export interface OutboxTables {
  outbox: OutboxTable;
}
