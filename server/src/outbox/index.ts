import type { Generated, Kysely, Transaction } from 'kysely';
import type { Millis } from '../db/schema';

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

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Millis;
}

/** The outbox's table (created by the platform's first migration); part of the app's Database. */
export interface OutboxTables {
  outbox: OutboxTable;
}

/** Generic over the app's database, which has the outbox table: infrastructure imports no module. */
export async function sendMail<DB extends OutboxTables>(
  db: Kysely<DB> | Transaction<DB>,
  mail: OutgoingMail,
  now: number,
) {
  await (db as unknown as Kysely<OutboxTables>)
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.body, created_at: now })
    .execute();
}

/** Links with a token in them (`?token=...`) carry a secret: production shows them redacted. */
export function redactTokens(body: string): string {
  return body.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1[hidden]');
}

export {
  MAIL_LIMITS,
  allowMails,
  buildMailLimiters,
  mailAddressKey,
  type MailAllowance,
  type MailKind,
  type MailLimit,
  type MailLimiters,
  type MailRequest,
  type MailRules,
} from './limits';
