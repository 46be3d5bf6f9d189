import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createTransport } from 'nodemailer';
import type { Logger } from 'pino';
import type { OutboxStatus } from '@hive/shared/schemas/admin';
import { EMAIL } from '@hive/shared/schemas/backoffice';
import type { OutboxTables } from './tables';

/*
 * Delivery: the outbox as a queue. With SMTP_URL set, every server instance runs this worker; the
 * rows are the queue, so a message written in a transaction that rolled back never leaves, and one
 * that committed leaves even if the instance that wrote it dies.
 *
 * Exactly once across instances: a message is claimed by one atomic UPDATE (on PostgreSQL the
 * due row is picked `FOR UPDATE SKIP LOCKED`, so a second instance takes the next one rather than
 * the same), sent outside any transaction, then marked sent or given its next try. A claim is a
 * lease: an instance that dies mid-send leaves `sending` behind, and once the lease ends the
 * message is due again. The SMTP timeouts sit well inside the lease, so a live instance has
 * finished or given up on a message before anyone else may take it.
 */

/** Tries before a message is `failed` (each failure waits RETRY_DELAYS_MS before the next). */
export const MAX_ATTEMPTS = 6;
/** The wait after the 1st, 2nd ... failed try: 1 min, 5 min, 30 min, 2 h, 6 h. The 6th is final. */
export const RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
/** How long a claim holds: longer than the SMTP timeouts below add up to. */
export const LEASE_MS = 2 * 60_000;
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
/** How often an instance looks for due mail (so a reset link leaves within seconds). */
export const DELIVERY_EVERY_MS = 5_000;
/** The text kept of a server's answer (the admin console shows it). */
const ERROR_TEXT_MAX = 500;

/**
 * Mail that waited this long for its first try (written while no mail server was configured, or
 * while every instance was down) is held rather than sent: a reset or invitation link in it has
 * expired, and a pile of old mail arriving at once reads as spam. Staff can still Retry it.
 */
export const MAX_WAIT_MS = 24 * 3_600_000;
export const STALE_ERROR = 'Held: it waited more than 24 hours for a mail server, so its links may have expired.';

export const INTERRUPTED_ERROR = 'Interrupted: the server instance sending it stopped before it finished.';

/** One message on its way out. */
export interface Envelope {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** What the worker sends through (nodemailer's SMTP transport; see smtpSender). */
export interface MailSender {
  send(message: Envelope): Promise<void>;
  close(): void;
  /** Strings that must never reach the database or a log (the SMTP password). */
  secrets: readonly string[];
}

/** A sender for SMTP_URL (`smtp://user:pass@host:587`, `smtps://...`). */
export function smtpSender(smtpUrl: string): MailSender {
  const url = new URL(smtpUrl);
  let decoded = url.password;
  try {
    decoded = decodeURIComponent(url.password);
  } catch {
    // A stray % in the password: nodemailer reads it as written, so that is the form to hide.
  }
  let user = url.username;
  try {
    user = decodeURIComponent(url.username);
  } catch {
    // As above.
  }
  // However short the password, it is hidden: a garbled error reads better than a leaked secret.
  // In every form a server may echo: as written, and base64 as AUTH LOGIN and AUTH PLAIN
  // (`\0user\0password`, with or without the user as authorisation id) send it.
  const encoded = [decoded, `\0${user}\0${decoded}`, `${user}\0${user}\0${decoded}`].map((s) =>
    Buffer.from(s, 'utf8').toString('base64'),
  );
  const secrets = [smtpUrl, url.password, decoded, ...encoded, ...encoded.map((b) => b.replace(/=+$/, ''))].filter(
    (s) => s.length > 0,
  );
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    secrets,
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/** Where SMTP_URL points, for logs: never its user or password. */
export function describeSmtp(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.host}`;
}

/** The text of a failed try as the admin console shows it: the server's answer, no secret in it. */
export function failureText(error: unknown, secrets: readonly string[]): string {
  // A refused login: the reply code and a fixed text, never the server's words (some echo what the
  // client sent, which is the credentials in some encoding).
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (code === 'EAUTH') {
    return `The SMTP server refused the user name and password of SMTP_URL${typeof responseCode === 'number' ? ` (${responseCode})` : ''}.`;
  }
  let text = error instanceof Error ? error.message : String(error);
  // Longest first: a short one inside a longer one would leave the rest of that one readable.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) text = text.split(secret).join('***');
  text = text.replace(/\s+/g, ' ').trim() || 'Unknown error';
  return text.length > ERROR_TEXT_MAX ? `${text.slice(0, ERROR_TEXT_MAX - 1)}…` : text;
}

/** The wait before the try after failed try `attempts` (1-based). */
export function retryDelayMs(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0]!;
}

export interface DeliveryOptions {
  db: Kysely<OutboxTables>;
  now: () => number;
  sender: MailSender;
  from: string;
  log: Logger;
  /** How often to look for due mail; 0 = never by itself (tests call runOnce). */
  everyMs: number;
  /** Names this instance in its claims (default host, pid and a random part). */
  instanceId?: string;
}

export interface MailDelivery {
  /** One pass: hand back expired claims, then send every due message. Resolves to the number sent. */
  runOnce(): Promise<number>;
  /** Stops looking for mail, waits for the message in hand, closes the transport. */
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  to_address: string;
  subject: string;
  body: string;
  attempts: number;
}

export function startMailDelivery(options: DeliveryOptions): MailDelivery {
  const { db, now, sender, from, log } = options;
  const instanceId = options.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);

  /** Claims that outlived their lease: due again, or `failed` when that was the last try. */
  async function releaseExpired(at: number): Promise<void> {
    await db
      .updateTable('outbox')
      .set({
        status: sql<OutboxStatus>`case when attempts >= ${MAX_ATTEMPTS} then 'failed' else 'pending' end`,
        claimed_by: null,
        claimed_until: null,
        next_attempt_at: at,
        last_error: INTERRUPTED_ERROR,
      })
      .where('status', '=', 'sending')
      .where('claimed_until', '<', at)
      .execute();
  }

  /** Never-tried mail past MAX_WAIT_MS: held (a Retry sets next_attempt_at to now, so it leaves). */
  async function holdStale(at: number): Promise<void> {
    await db
      .updateTable('outbox')
      .set({ status: 'held', last_error: STALE_ERROR })
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .where('next_attempt_at', '<', at - MAX_WAIT_MS)
      .execute();
  }

  /** The oldest due message, now this instance's (or nothing due). */
  async function claimOne(at: number): Promise<Claimed | undefined> {
    let due = db
      .selectFrom('outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', at)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
    // SQLite has one writer at a time: the UPDATE below is atomic on its own there.
    if (postgres) due = due.forUpdate().skipLocked();
    return db
      .updateTable('outbox')
      .set((eb) => ({
        status: 'sending',
        claimed_by: instanceId,
        claimed_until: at + LEASE_MS,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', due)
      .where('status', '=', 'pending')
      .returning(['id', 'to_address', 'subject', 'body', 'attempts'])
      .executeTakeFirst();
  }

  async function settle(message: Claimed, error: unknown, lastTry = false): Promise<void> {
    const at = now();
    const mine = db
      .updateTable('outbox')
      .where('id', '=', message.id)
      .where('status', '=', 'sending')
      .where('claimed_by', '=', instanceId);
    if (error === undefined) {
      // claimed_by stays: which instance sent it (for whoever reads the row later).
      await mine.set({ status: 'sent', sent_at: at, last_error: null, claimed_until: null }).execute();
      return;
    }
    const final = lastTry || message.attempts >= MAX_ATTEMPTS;
    const text = failureText(error, sender.secrets);
    await mine
      .set({
        status: final ? 'failed' : 'pending',
        next_attempt_at: final ? at : at + retryDelayMs(message.attempts),
        last_error: text,
        claimed_by: null,
        claimed_until: null,
      })
      .execute();
    log.warn({ outboxId: message.id, attempts: message.attempts, final, error: text }, 'mail not delivered');
  }

  async function pass(): Promise<number> {
    let sent = 0;
    await releaseExpired(now());
    await holdStale(now());
    while (!stopped) {
      const message = await claimOne(now());
      if (!message) break;
      // Whatever wrote it, only one plain address leaves (`a,b@x.test` would reach two people).
      if (!EMAIL.test(message.to_address)) {
        await settle(message, new Error('Not sent: the address is not one plain e-mail address.'), true);
        continue;
      }
      let failure: unknown = undefined;
      try {
        await sender.send({ from, to: message.to_address, subject: message.subject, text: message.body });
        sent += 1;
      } catch (error) {
        failure = error ?? new Error('Unknown error');
      }
      await settle(message, failure);
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    // One pass at a time per instance (the timer's and a test's do not overlap).
    running = running.catch(() => 0).then(pass);
    return running;
  }

  function schedule(): void {
    if (stopped || options.everyMs <= 0) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'mail delivery pass failed'))
        .finally(schedule);
    }, options.everyMs);
    timer.unref();
  }
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => 0);
      sender.close();
    },
  };
}
