import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { runDate } from '@hive/shared/schemas/backoffice/sales';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { runRecurringInvoices } from './';
import { createLimiterStore } from '../../platform/http';
import { buildMailLimiters, MAIL_LIMITS, type MailRules } from '../../platform/outbox';
import { today } from '../../platform/time';
import { api, assertValidation, companyId, db, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Recurring invoices (issue 21): the schedule's dates (month ends, leap days, weeks), the job that
 * creates due invoices (catch-up, end date, auto-send with a number and an e-mail), idempotency (the
 * job run twice, or twice at once, creates each period once), pause and resume, 400s, tenancy.
 */

const R = '/api/backoffice/recurring_invoices';
const DAY = 86_400_000;
/** The job's mail limits: the product's, or tighter ones for the test of a refusal. */
const mailLimits = (rules: MailRules = MAIL_LIMITS) => buildMailLimiters(createLimiterStore(), rules);

for (const target of databaseTargets()) {
  describe(`recurring invoices [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let atlas: number;
    let customerId: number;
    let zone: string;

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const todayIso = () => isoDay(today(server.clock.now(), zone));
    const body = (extra: Record<string, unknown> = {}) => ({
      customerId,
      frequency: 'monthly',
      interval: 1,
      startDate: todayIso(),
      endDate: null,
      dueDays: 14,
      autoSend: false,
      lines: [
        {
          itemId: null,
          description: 'Retainer',
          quantityHundredths: 100,
          unitPriceCents: 50_000,
          discountCents: 0,
          taxRateIds: [],
        },
      ],
      discountCents: 0,
      notes: '',
      ...extra,
    });
    const create = async (extra: Record<string, unknown> = {}) => {
      const made = await api(owner, 'POST', R, body(extra));
      ok(made, 201);
      return made.body as Json & { id: number };
    };
    const invoicesOf = (templateId: number) =>
      db(server)
        .selectFrom('recurring_runs as u')
        .innerJoin('invoices as i', 'i.id', 'u.invoice_id')
        .select(['u.run_date', 'i.status', 'i.number', 'i.issue_date', 'i.due_date', 'i.total_cents'])
        .where('u.template_id', '=', templateId)
        .orderBy('u.run_date')
        .execute();

    before(async () => {
      server = await startTestServer(target);
      owner = await signedIn(server, 'owner@atlas.test');
      atlas = await companyId(server, 'atlas-consulting');
      customerId = (
        await db(server)
          .selectFrom('customers')
          .select('id')
          .where('company_id', '=', atlas)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      await db(server)
        .updateTable('customers')
        .set({ email: 'client@example.com' })
        .where('id', '=', customerId)
        .execute();
      zone = (
        await db(server)
          .selectFrom('company_profiles')
          .select('timezone')
          .where('company_id', '=', atlas)
          .executeTakeFirstOrThrow()
      ).timezone;
      // The demo templates are not part of these counts.
      await db(server).deleteFrom('recurring_invoices').execute();
    });
    after(async () => {
      await server?.close();
    });

    it('dates: months count from the start (31st -> last day), leap days, weeks', () => {
      assert.deepEqual(
        [0, 1, 2, 3].map((k) => runDate('2027-01-31', 'monthly', 1, k)),
        ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'],
      );
      assert.equal(runDate('2028-02-29', 'yearly', 1, 1), '2029-02-28');
      assert.equal(runDate('2028-02-29', 'yearly', 1, 4), '2032-02-29');
      assert.equal(runDate('2027-11-30', 'monthly', 3, 1), '2028-02-29');
      assert.equal(runDate('2027-12-27', 'weekly', 2, 1), '2028-01-10');
    });

    it('refuses bad input by field', async () => {
      assertValidation(await api(owner, 'POST', R, body({ frequency: 'daily' })), 'frequency');
      assertValidation(await api(owner, 'POST', R, body({ interval: 0 })), 'interval');
      assertValidation(await api(owner, 'POST', R, body({ endDate: '2020-01-01' })), 'endDate');
      assertValidation(await api(owner, 'POST', R, body({ startDate: '2020-01-01' })), 'startDate');
      assertValidation(await api(owner, 'POST', R, body({ lines: [] })), 'lines');
      assertValidation(await api(owner, 'POST', R, body({ customerId: 999_999 })), 'customerId');
    });

    it('the job creates each due period once, catching up, even when run twice or twice at once', async () => {
      const template = await create();
      const first = await runRecurringInvoices(db(server), server.clock.now(), mailLimits());
      assert.equal(first.created, 1);
      assert.equal((await invoicesOf(template.id)).length, 1);
      // Run again at once, and twice in parallel: nothing new.
      await runRecurringInvoices(db(server), server.clock.now(), mailLimits());
      await Promise.all([
        runRecurringInvoices(db(server), server.clock.now(), mailLimits()),
        runRecurringInvoices(db(server), server.clock.now(), mailLimits()),
      ]);
      assert.equal((await invoicesOf(template.id)).length, 1);
      // Three months later (the server was off): the two missed months and this one, each once.
      server.clock.advance(92 * DAY);
      owner = await signedIn(server, 'owner@atlas.test'); // the session did not last three months
      await Promise.all([
        runRecurringInvoices(db(server), server.clock.now(), mailLimits()),
        runRecurringInvoices(db(server), server.clock.now(), mailLimits()),
      ]);
      const made = await invoicesOf(template.id);
      assert.equal(made.length, 4);
      assert.deepEqual(
        made.map((i) => i.run_date),
        [0, 1, 2, 3].map((k) => runDate(template.startDate, 'monthly', 1, k)),
      );
      assert.ok(made.every((i) => i.status === 'draft' && i.number === null && Number(i.total_cents) === 50_000));
      assert.equal(
        made[0]!.due_date,
        isoDay((new Date(`${made[0]!.issue_date}T00:00:00Z`).getTime() + 14 * DAY) / DAY),
      );
      const listed = (await api(owner, 'GET', `${R}/${template.id}`)).body;
      assert.equal(listed.invoicesCreated, 4);
      assert.equal(listed.nextRun, runDate(template.startDate, 'monthly', 1, 4));
    });

    it('auto-send numbers and e-mails each invoice; an end date ends the schedule', async () => {
      const template = await create({
        frequency: 'weekly',
        autoSend: true,
        endDate: isoDay(today(server.clock.now(), zone) + 10),
      });
      const mails = async () =>
        Number((await sql<{ n: number }>`select count(*) as n from outbox`.execute(db(server))).rows[0]!.n);
      const before = await mails();
      server.clock.advance(30 * DAY);
      owner = await signedIn(server, 'owner@atlas.test');
      await runRecurringInvoices(db(server), server.clock.now(), mailLimits());
      const made = await invoicesOf(template.id);
      assert.equal(made.length, 2, 'the start and one week later; the third falls after the end date');
      assert.ok(made.every((i) => i.status === 'sent' && Number.isInteger(Number(i.number))));
      assert.equal(await mails(), before + 2);
      const listed = (await api(owner, 'GET', `${R}/${template.id}`)).body;
      assert.deepEqual([listed.status, listed.nextRun], ['ended', null]);
    });

    it('auto-send counts against the mail limits: over one, the period waits and the template pauses with the reason', async () => {
      const template = await create({ frequency: 'weekly', autoSend: true });
      const mails = async () =>
        Number((await sql<{ n: number }>`select count(*) as n from outbox`.execute(db(server))).rows[0]!.n);
      const before = await mails();
      server.clock.advance(30 * DAY); // five weekly periods are due
      owner = await signedIn(server, 'owner@atlas.test');
      const tight = mailLimits({
        ...MAIL_LIMITS,
        perRecipient: { ...MAIL_LIMITS.perRecipient, invoice: { limit: 2, windowMs: 3_600_000 } },
      });
      const result = await runRecurringInvoices(db(server), server.clock.now(), tight);
      assert.equal(result.failed, 1, 'this template, the only one that mails');
      assert.equal(await mails(), before + 2, 'two invoices mailed, nothing for the refused period');
      const made = await invoicesOf(template.id);
      assert.equal(made.length, 2, 'the refused period made no invoice (its claim rolled back)');
      assert.ok(made.every((i) => i.status === 'sent'));
      const listed = (await api(owner, 'GET', `${R}/${template.id}`)).body;
      assert.equal(listed.status, 'paused');
      assert.match(listed.lastError, /e-mails/i);
    });

    it('a paused template creates nothing; resumed, it goes on from today without the missed periods', async () => {
      const template = await create({ frequency: 'weekly' });
      ok(await api(owner, 'POST', `${R}/${template.id}/pause`, {}));
      assert.equal((await api(owner, 'POST', `${R}/${template.id}/pause`, {})).status, 409);
      server.clock.advance(21 * DAY);
      owner = await signedIn(server, 'owner@atlas.test');
      await runRecurringInvoices(db(server), server.clock.now(), mailLimits());
      assert.equal((await invoicesOf(template.id)).length, 0);
      const resumed = await api(owner, 'POST', `${R}/${template.id}/resume`, {});
      ok(resumed);
      assert.ok(resumed.body.nextRun >= todayIso());
      await runRecurringInvoices(db(server), server.clock.now(), mailLimits());
      assert.ok((await invoicesOf(template.id)).length <= 1);
    });

    it("another company's template is not found; a company without Invoice or Invoicing gets 403", async () => {
      const template = await create();
      const corner = await signedIn(server, 'owner@cornermarket.test');
      assert.equal((await api(corner, 'GET', `${R}/${template.id}`)).status, 403);
      const grocer = await signedIn(server, 'owner@greenleaf.test');
      assert.equal((await api(grocer, 'GET', `${R}/${template.id}`)).status, 404);
      assert.equal((await api(grocer, 'POST', `${R}/${template.id}/pause`, {})).status, 404);
    });
  });
}
