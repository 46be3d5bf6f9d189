import type { Db } from '../../module';

/*
 * A merchant's request to support, opened from the back-office (settings' billing page): the
 * admin console owns the tickets, so they are written here, in the caller's transaction.
 */

/** Next free ticket reference (HIVE-1001, HIVE-1002 ...), shared with the admin console's tickets. */
async function nextTicketRef(db: Db): Promise<string> {
  const refs = await db.selectFrom('support_tickets').select('ref').execute();
  const highest = refs.reduce((max, { ref }) => {
    const n = /^HIVE-(\d+)$/.exec(ref)?.[1];
    return n ? Math.max(max, Number(n)) : max;
  }, 1000);
  return `HIVE-${highest + 1}`;
}

export interface SupportRequest {
  companyId: number;
  subject: string;
  /** The plan asked for, so that staff can apply it from the ticket (planRequests.ts); null if none. */
  planRequestJson: string | null;
  authorUserId: number;
  authorEmail: string;
  body: string;
  now: number;
}

/**
 * Opens a ticket with the merchant's first message; its reference. A parallel request that took
 * the same reference fails on the unique index: the caller retries.
 */
export async function openSupportTicket(db: Db, request: SupportRequest): Promise<string> {
  const { now } = request;
  const ref = await nextTicketRef(db);
  const ticket = await db
    .insertInto('support_tickets')
    .values({
      ref,
      company_id: request.companyId,
      subject: request.subject,
      status: 'open',
      created_at: now,
      updated_at: now,
      plan_request_json: request.planRequestJson,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('support_messages')
    .values({
      ticket_id: ticket.id,
      author_user_id: request.authorUserId,
      author_email: request.authorEmail,
      from_staff: 0,
      body: request.body,
      created_at: now,
    })
    .execute();
  return ref;
}
