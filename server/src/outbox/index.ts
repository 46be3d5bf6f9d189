import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db';

/*
 * The outbox: every e-mail the product sends (reset links, sign-up activation, invitations ...) is a
 * row here, written in the transaction that decided to send it. No mail server is wired in; the
 * admin console's Outbox page shows the messages to platform administrators.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

export async function sendMail(db: Kysely<Database> | Transaction<Database>, mail: OutgoingMail, now: number) {
  await db
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.body, created_at: now })
    .execute();
}

/** Links with a token in them (`?token=...`) carry a secret: production shows them redacted. */
export function redactTokens(body: string): string {
  return body.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1[hidden]');
}
