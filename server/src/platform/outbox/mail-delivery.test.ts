import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { pino } from 'pino';
import { startServer, type RunningServer } from '../../app';
import {
  LEASE_MS,
  MAX_ATTEMPTS,
  MAX_WAIT_MS,
  RETRY_DELAYS_MS,
  sendMail,
  startMailDelivery,
  type DeliveryOptions,
} from './';
import { failureText, smtpSender } from './delivery';
import { outboxMigrations } from './migrations';
import { STAFF, api, signedIn } from '../../../test/admin-helpers';
import {
  Client,
  TEST_SCRYPT,
  createClock,
  databaseTargets,
  errorParam,
  ONCE,
  startTestServer,
  type TestServer,
} from '../../../test/helpers';
import { SINK_PASSWORD, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';

/*
 * The outbox delivered through a real SMTP server (test/smtp-sink.ts): a reset e-mail arrives with
 * a link that works, a refused message is tried again on the backoff schedule (the test clock
 * moves, nothing waits) until it fails, staff can send it again, an instance that died mid-send
 * does not lose the message, and two instances on one database send each message once.
 */

const PUBLIC_URL = 'https://pos.example.test';
const MAIL_FROM = 'Hive POS <pos@example.test>';
const OUTBOX = '/api/admin/support/outbox';

for (const target of databaseTargets()) {
  describe(`mail delivery through SMTP [${target.name}]`, () => {
    let sink: SmtpSink;
    let server: TestServer;
    let delivery: NonNullable<RunningServer['mailDelivery']>;

    before(async () => {
      sink = await startSmtpSink();
      // The worker's own timer is off: each test runs the passes it needs on the test clock.
      server = await startTestServer(target, {
        smtpUrl: sink.url,
        publicUrl: PUBLIC_URL,
        mailFrom: MAIL_FROM,
        mailDeliveryMs: 0,
      });
      delivery = server.running.mailDelivery!;
      assert.ok(delivery, 'smtpUrl starts the delivery worker');
      // Whatever the demo seed wrote leaves first, so each test sees only its own messages.
      await delivery.runOnce();
    });
    after(async () => {
      await server?.close();
      await sink?.close();
    });
    beforeEach(() => {
      sink.refuse = null;
      sink.received.length = 0;
      sink.tries = 0;
    });

    const row = (id: number) =>
      server.running.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const newest = async (to: string) =>
      (
        await server.running.database.db
          .selectFrom('outbox')
          .selectAll()
          .where('to_address', '=', to)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow()
      ).id;

    it('a reset requested through the public API arrives with a full link that resets the password', async () => {
      const email = 'owner@tinykiosk.test';
      const client = new Client(server.url);
      assert.equal((await client.post('/api/auth/resetpass', { email })).response.status, 200);
      const id = await newest(email);
      assert.equal((await row(id)).status, 'pending');

      const startedAt = server.clock.now();
      assert.equal(await delivery.runOnce(), 1);
      const endedAt = server.clock.now();
      assert.equal(sink.received.length, 1);
      const [mail] = sink.received;
      assert.deepEqual(mail!.to, [email]);
      assert.equal(mail!.from, MAIL_FROM);
      assert.equal(mail!.subject, 'Reset your Hive POS password');
      const link = /https?:\/\/\S+/.exec(mail!.text)?.[0];
      assert.ok(link, mail!.text);
      const url = new URL(link);
      assert.equal(url.origin, PUBLIC_URL, 'the link opens the public site, not a relative path');
      assert.equal(url.pathname, '/authentication/resetpass');

      const sent = await row(id);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.attempts, 1);
      assert.ok(sent.sent_at! >= startedAt && sent.sent_at! <= endedAt, 'sent_at is when it left');

      // The page at that link posts the token with the new password: the e-mail is the way back in.
      const token = url.searchParams.get('token')!;
      const reset = await client.post('/api/auth/resetpass', { token, password: 'through-smtp-2026' });
      assert.equal(reset.response.status, 200, JSON.stringify(reset.body));
      const withNew = await new Client(server.url).signIn(email, 'through-smtp-2026');
      assert.equal(errorParam(withNew.body.url), null);
      assert.equal(await delivery.runOnce(), 0, 'sent once: nothing more leaves');
    });

    it('a refused message is tried again on the backoff schedule, then fails with the server answer', async () => {
      const email = 'clerk@cornermarket.test';
      await new Client(server.url).post('/api/auth/resetpass', { email });
      const id = await newest(email);
      sink.refuse = { code: 451, message: 'Mailbox busy, try again later' };

      for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
        const triedFrom = server.clock.now();
        await delivery.runOnce();
        const triedUntil = server.clock.now();
        const waiting = await row(id);
        assert.equal(waiting.status, 'pending', `after try ${attempt}`);
        assert.equal(waiting.attempts, attempt);
        assert.match(waiting.last_error ?? '', /451.*Mailbox busy/);
        const delay = RETRY_DELAYS_MS[attempt - 1]!;
        // The test clock runs on while the pass talks to the server: the wait counts from the answer.
        assert.ok(
          waiting.next_attempt_at >= triedFrom + delay && waiting.next_attempt_at <= triedUntil + delay,
          `try ${attempt + 1} is due ${delay} ms after try ${attempt}`,
        );
        // Not due yet: a pass a moment before its time tries nothing.
        server.clock.advance(delay - 1_000);
        await delivery.runOnce();
        assert.equal(sink.tries, attempt, `no early try after try ${attempt}`);
        server.clock.advance(1_000);
      }
      // The last try meets a server that refuses for good, and echoes the password it was given.
      sink.refuse = { code: 550, message: 'No such mailbox (auth {password})' };
      await delivery.runOnce();
      const failed = await row(id);
      assert.equal(failed.status, 'failed');
      assert.equal(failed.attempts, MAX_ATTEMPTS);
      assert.equal(sink.tries, MAX_ATTEMPTS);
      assert.equal(sink.received.length, 0);
      assert.match(failed.last_error ?? '', /550/);
      assert.ok(!failed.last_error!.includes(SINK_PASSWORD), 'the SMTP password is never kept');
      assert.match(failed.last_error!, /\*\*\*/);
      server.clock.advance(24 * 3_600_000);
      await delivery.runOnce();
      assert.equal(sink.tries, MAX_ATTEMPTS, 'a failed message is not tried again by itself');

      // The admin console shows it, and Retry sends it once the server takes mail again.
      const admin = await signedIn(server, STAFF.super);
      const list = await api(admin, 'GET', `${OUTBOX}?q=${encodeURIComponent(email)}`);
      assert.equal(list.status, 200);
      assert.equal(list.body.delivery, true);
      const shown = list.body.items.find((m: { id: number }) => m.id === id);
      assert.equal(shown.status, 'failed');
      assert.equal(shown.attempts, MAX_ATTEMPTS);
      assert.match(shown.lastError, /^.*550.*No such mailbox/);
      assert.equal(shown.sentAt, null);

      sink.refuse = null;
      const retried = await api(admin, 'POST', `${OUTBOX}/${id}/retry`, {});
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.body.status, 'pending');
      assert.equal(retried.body.attempts, 0);
      const audit = await server.running.database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'outbox.retry')
        .where('entity_id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(audit.actor_email, STAFF.super);
      assert.match(audit.before_json ?? '', /"status":"failed"/);

      assert.equal(await delivery.runOnce(), 1);
      assert.equal(sink.received.length, 1);
      const sent = await row(id);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.last_error, null);
      // Sent is final: a second Retry is a conflict, an unknown message a 404, a bad id a 400.
      assert.equal((await api(admin, 'POST', `${OUTBOX}/${id}/retry`, {})).status, 409);
      assert.equal((await api(admin, 'POST', `${OUTBOX}/987654/retry`, {})).status, 404);
      assert.equal((await api(admin, 'POST', `${OUTBOX}/abc/retry`, {})).status, 400);
    });

    /** A message claimed by an instance that died: not sent while the lease lasts, then sent once more. */
    const sentOnceTheLeaseEnds = async (id: number, subject: string) => {
      assert.equal(await delivery.runOnce(), 0);
      assert.equal(sink.tries, 0, 'the lease holds while it lasts');
      server.clock.advance(LEASE_MS + 1);
      assert.equal(await delivery.runOnce(), 1);
      assert.deepEqual(
        sink.received.map((m) => m.subject),
        [subject],
      );
      const sent = await row(id);
      assert.equal(sent.status, 'sent');
      assert.equal(sent.attempts, 2);
    };

    it('a message whose sender died mid-send is sent once its lease ends, not before', async () => {
      const db = server.running.database.db;
      await sendMail(db, { to: 'lease@example.test', subject: 'Lease test', body: 'Hello' }, server.clock.now());
      const id = await newest('lease@example.test');
      // Another instance claimed it and stopped answering (its process died before it settled).
      await db
        .updateTable('outbox')
        .set({
          status: 'sending',
          attempts: 1,
          claimed_by: 'dead-instance',
          claimed_until: server.clock.now() + LEASE_MS,
        })
        .where('id', '=', id)
        .execute();
      await sentOnceTheLeaseEnds(id, 'Lease test');
    });

    // Issue 42: the test above writes the dead claim itself, so a claim that forgot its lease
    // (claimed_until) passed the whole suite while such a message stayed 'sending' for ever.
    it('the real claim writes its lease: a sender that never settles, and another instance sends it after', async () => {
      const db = server.running.database.db;
      await sendMail(db, { to: 'dying@example.test', subject: 'Dying sender', body: 'Hello' }, server.clock.now());
      const id = await newest('dying@example.test');
      let handed = () => {};
      const inHand = new Promise<void>((resolve) => (handed = resolve));
      // An instance whose send never ends (its process froze or died with the message in hand).
      const dying = startMailDelivery({
        db: db as unknown as DeliveryOptions['db'],
        now: () => server.clock.now(),
        from: MAIL_FROM,
        log: pino({ level: 'silent' }),
        everyMs: 0,
        instanceId: 'instance-dying',
        sender: {
          secrets: [],
          close: () => undefined,
          send: () => {
            handed();
            return new Promise<void>(() => undefined);
          },
        },
      });
      const claimedFrom = server.clock.now();
      void dying.runOnce();
      await inHand;
      const claimedBy = server.clock.now();
      const claimed = await row(id);
      assert.equal(claimed.status, 'sending');
      assert.equal(claimed.claimed_by, 'instance-dying');
      // The test clock runs with real time: the claim was made between the two readings.
      const until = Number(claimed.claimed_until);
      assert.ok(
        until >= claimedFrom + LEASE_MS && until <= claimedBy + LEASE_MS,
        `claimed_until ${claimed.claimed_until}: the lease starts with the claim`,
      );
      await sentOnceTheLeaseEnds(id, 'Dying sender');
    });

    // Issue 42: a customer e-mail `a,victim2@x.test` was accepted, and its invoice mailed to victim2.
    it('an address that is not one plain address is never mailed, whatever stored it', async () => {
      const db = server.running.database.db;
      for (const to of ['a,victim2@x.test', 'x<v@x.test>', '(1)v@x.test']) {
        await sendMail(db, { to, subject: `Not for ${to}`, body: 'Hello' }, server.clock.now());
        assert.equal(await delivery.runOnce(), 0);
        const failed = await row(await newest(to));
        assert.equal(failed.status, 'failed', to);
        assert.equal(failed.last_error, 'Not sent: the address is not one plain e-mail address.');
      }
      assert.equal(sink.tries, 0, 'nothing reached the SMTP server');
    });

    it('mail that waited over a day for its first try is held, not sent; a Retry sends it', async () => {
      const db = server.running.database.db;
      const at = server.clock.now();
      await sendMail(db, { to: 'stale@example.test', subject: 'Stale link', body: 'Old' }, at - MAX_WAIT_MS - 1);
      await sendMail(db, { to: 'fresh@example.test', subject: 'Fresh link', body: 'New' }, at - MAX_WAIT_MS + 60_000);
      assert.equal(await delivery.runOnce(), 1);
      assert.deepEqual(
        sink.received.map((m) => m.subject),
        ['Fresh link'],
      );
      const stale = await row(await newest('stale@example.test'));
      assert.equal(stale.status, 'held');
      assert.match(stale.last_error ?? '', /24 hours/);
      const admin = await signedIn(server, STAFF.dev);
      assert.equal((await api(admin, 'POST', `${OUTBOX}/${stale.id}/retry`, {})).status, 200);
      assert.equal(await delivery.runOnce(), 1);
      assert.equal(sink.received[1]!.subject, 'Stale link');
    });

    it('mail written before delivery existed is held: it leaves only when staff say so', async () => {
      const db = server.running.database.db;
      const migration = outboxMigrations['2027_07_300_outbox_delivery']!;
      await sendMail(db, { to: 'old@example.test', subject: 'From before', body: 'Old link' }, server.clock.now());
      // Back to the table as it was, the row written then, and forward again.
      await migration.down!(db as never);
      await migration.up(db as never);
      const held = await db
        .selectFrom('outbox')
        .selectAll()
        .where('to_address', '=', 'old@example.test')
        .executeTakeFirstOrThrow();
      assert.equal(held.status, 'held');
      assert.equal(held.next_attempt_at, held.created_at);
      assert.equal(await delivery.runOnce(), 0);
      const admin = await signedIn(server, STAFF.dev);
      assert.equal((await api(admin, 'POST', `${OUTBOX}/${held.id}/retry`, {})).status, 200);
      assert.equal(await delivery.runOnce(), 1);
      assert.equal(sink.received[0]!.subject, 'From before');
    });
  });

  describe(`mail without SMTP_URL stays in the outbox [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('no worker runs; the message waits, and the admin console is told no mail server is configured', async () => {
      assert.equal(server.running.mailDelivery, undefined);
      const email = 'owner@tinykiosk.test';
      await new Client(server.url).post('/api/auth/resetpass', { email });
      const list = await api(await signedIn(server, STAFF.super), 'GET', `${OUTBOX}?q=${encodeURIComponent(email)}`);
      assert.equal(list.status, 200);
      assert.equal(list.body.delivery, false);
      const [mail] = list.body.items;
      assert.equal(mail.subject, 'Reset your Hive POS password');
      assert.deepEqual([mail.status, mail.attempts, mail.lastError, mail.sentAt], ['pending', 0, null, null]);
    });
  });

  describe(`mail delivery: two instances on one database [${target.name}]`, () => {
    let sink: SmtpSink;
    let dataDir: string;
    let cleanup: () => Promise<void>;
    const instances: RunningServer[] = [];
    const clock = createClock();

    before(async () => {
      sink = await startSmtpSink();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-mail-'));
      const prepared = await target.prepare(dataDir);
      cleanup = prepared.cleanup;
      const options = {
        port: 0,
        nodeEnv: 'test',
        dataDir,
        secret: 'shared-secret-shared-secret-shared-secret-42',
        logLevel: 'silent' as const,
        scryptCost: TEST_SCRYPT,
        now: clock.now,
        seedDemoSales: false,
        ...prepared.options,
        smtpUrl: sink.url,
        publicUrl: PUBLIC_URL,
        // Both workers look every few milliseconds: they meet on every message.
        mailDeliveryMs: 5,
      };
      instances.push(
        ...(await Promise.all([
          startServer({ ...options, mailInstanceId: 'instance-a' }),
          startServer({ ...options, mailInstanceId: 'instance-b' }),
        ])),
      );
    });
    after(async () => {
      await Promise.all(instances.map((i) => i.close()));
      await sink?.close();
      await cleanup?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    });
    afterEach(() => {
      sink.refuse = null;
    });

    it('each of 50 messages leaves exactly once, whichever instance takes it', async () => {
      const db = instances[0]!.database.db;
      const subjects = Array.from({ length: 50 }, (_, i) => `Exactly once #${i + 1}`);
      // One transaction: all 50 become due at the same moment, for both workers.
      await db.transaction().execute(async (trx) => {
        for (const [i, subject] of subjects.entries()) {
          await sendMail(trx, { to: `n${i + 1}@example.test`, subject, body: `Message ${i + 1}` }, clock.now());
        }
      });
      const ours = () =>
        db.selectFrom('outbox').select(['status', 'claimed_by']).where('subject', 'like', 'Exactly once #%').execute();
      const deadline = Date.now() + 30_000;
      while ((await ours()).some((r) => r.status !== 'sent') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // A moment more: a second send of a message already marked would arrive now.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = await ours();
      assert.equal(rows.length, 50);
      assert.ok(
        rows.every((r) => r.status === 'sent'),
        JSON.stringify(rows.filter((r) => r.status !== 'sent')),
      );
      const counts = new Map<string, number>();
      for (const mail of sink.received) counts.set(mail.subject, (counts.get(mail.subject) ?? 0) + 1);
      const twice = subjects.filter((s) => (counts.get(s) ?? 0) !== 1);
      assert.deepEqual(twice, [], 'every message arrived once');
      // Both took part (else the test proved nothing about two instances).
      assert.deepEqual([...new Set(rows.map((r) => r.claimed_by))].sort(), ['instance-a', 'instance-b']);
    });
  });
}

// Issue 42: a server that echoed AUTH PLAIN in its error put `AG1haWxlcgBT...` (`\0user\0password`,
// base64) into the outbox's last error, which the admin console shows, and into the log.
describe('a refused SMTP login keeps no form of the credentials', ONCE, () => {
  const sender = smtpSender('smtp://mailer:S3cret%2Fpass@127.0.0.1:1');
  const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
  after(() => sender.close());

  it('an EAUTH failure is its reply code and a fixed text', () => {
    const error = Object.assign(new Error(`Invalid login: 535 5.7.8 ${b64('\0mailer\0S3cret/pass')} rejected`), {
      code: 'EAUTH',
      responseCode: 535,
    });
    assert.equal(
      failureText(error, sender.secrets),
      'The SMTP server refused the user name and password of SMTP_URL (535).',
    );
  });

  it('any other failure has the password hidden as written, decoded and in base64 (AUTH LOGIN and PLAIN)', () => {
    for (const echoed of [
      'S3cret%2Fpass',
      'S3cret/pass',
      b64('S3cret/pass'),
      b64('\0mailer\0S3cret/pass'),
      b64('mailer\0mailer\0S3cret/pass'),
      b64('\0mailer\0S3cret/pass').replace(/=+$/, ''),
    ]) {
      const text = failureText(new Error(`550 rejected: ${echoed} (try later)`), sender.secrets);
      assert.equal(text, '550 rejected: *** (try later)', echoed);
    }
  });
});
