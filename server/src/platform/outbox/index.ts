import type { Kysely, Transaction } from 'kysely';
import type { OutboxTables } from './tables';

/*
 * The outbox: every e-mail the product sends (reset links, sign-up activation, invitations ...) is a
 * row here, written in the transaction that decided to send it, so no mail leaves for a change that
 * rolled back. With SMTP_URL set, a worker on every instance delivers the rows (delivery.ts);
 * without it they stay here. The admin console's Outbox page shows them to platform administrators.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
}

/** Generic over the app's database, which has the outbox table: infrastructure imports no module. */
export async function sendMail<DB extends OutboxTables>(
  db: Kysely<DB> | Transaction<DB>,
  mail: OutgoingMail,
  now: number,
) {
  await (db as unknown as Kysely<OutboxTables>)
    .insertInto('outbox')
    .values({ to_address: mail.to, subject: mail.subject, body: mail.body, created_at: now, next_attempt_at: now })
    .execute();
}

/** Links with a token in them (`?token=...`) carry a secret: production shows them redacted. */
export function redactTokens(body: string): string {
  return body.replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1[hidden]');
}

export type { OutboxTable, OutboxTables } from './tables';
export { outboxMigrations } from './migrations';
export {
  MAIL_LANGUAGES,
  absoluteLink,
  mailFormats,
  mailLanguage,
  type MailFormats,
  type MailLanguage,
  type MailTexts,
} from './language';
export {
  DELIVERY_EVERY_MS,
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_WAIT_MS,
  RETRY_DELAYS_MS,
  describeSmtp,
  smtpSender,
  startMailDelivery,
  type DeliveryOptions,
  type Envelope,
  type MailDelivery,
  type MailSender,
} from './delivery';
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
