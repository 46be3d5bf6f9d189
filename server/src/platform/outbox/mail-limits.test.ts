import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { MAIL_LIMITS } from './';
import { STAFF, api, assertValidation, companyId, db, signedIn, userId, type ApiResult } from '../../../test/admin-helpers';
import { Client, databaseTargets, outbox, startTestServer, type TestServer } from '../../../test/helpers';
import { PO, orderedPurchaseOrders } from '../../../test/mail-helpers';

/*
 * Issue 30 item 3: every action that mails (purchase orders, invoices, schedules, invitations,
 * reset links) asks the mail limits of src/platform/outbox/limits.ts first. A refusal is a 429 naming the
 * limit with Retry-After, and the outbox holds nothing more. A purchase order goes to its vendor,
 * or to one other address the user confirms; never to a list.
 */

const B = '/api/backoffice';
const INVOICES = `${B}/customer_invoices`;
const HOUR = 3_600_000;
const REAL = {
  mailLimits: MAIL_LIMITS,
  rateLimits: { resetPerAccount: MAIL_LIMITS.perRecipient.account },
};

const outboxCount = async (server: TestServer) =>
  Number(
    (
      await db(server)
        .selectFrom('outbox')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function assertMailLimit(result: ApiResult, limit: 'company' | 'recipient' | 'document', label = '') {
  assert.equal(result.status, 429, `${label}: 429 expected, got ${result.status} ${JSON.stringify(result.body)}`);
  assert.equal(result.body.error, 'mail_limit', label);
  assert.equal(result.body.limit, limit, label);
  assert.match(result.body.message, /Try again in \d+ (second|minute)s?\./, label);
  assert.ok(Number(result.headers.get('retry-after')) > 0, `${label}: Retry-After`);
}

for (const target of databaseTargets()) {
  describe(`mail limits [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@cornermarket.test (Retail with Inventory)

    before(async () => {
      server = await startTestServer(target, REAL);
      owner = await signedIn(server, 'owner@cornermarket.test');
    });
    after(async () => {
      await server?.close();
    });

    it('30 purchase orders e-mailed in a row to their vendor: 5 go out, then 429 (per recipient) and nothing more in the outbox', async () => {
      const { ids, vendorEmail } = await orderedPurchaseOrders(db(server), owner, 'corner-market', 30);
      const before = (await outbox(server, vendorEmail)).length;
      const total = await outboxCount(server);
      const statuses: number[] = [];
      let refusal: ApiResult | undefined;
      for (const id of ids) {
        const answer = await api(owner, 'POST', `${PO}/${id}/email`, {});
        statuses.push(answer.status);
        if (answer.status !== 200) refusal ??= answer;
        else assert.equal(answer.body.to, vendorEmail);
      }
      const allowed = MAIL_LIMITS.perRecipient.purchase_order.limit;
      assert.deepEqual(statuses, [...Array<number>(allowed).fill(200), ...Array<number>(30 - allowed).fill(429)]);
      assertMailLimit(refusal!, 'recipient', '6th mail to the vendor');
      assert.match(refusal!.body.message, new RegExp(`purchase order e-mails to ${vendorEmail.replace('.', '\\.')}`));
      assert.equal((await outbox(server, vendorEmail)).length, before + allowed);
      assert.equal(await outboxCount(server), total + allowed, 'exactly the allowed mails, to anyone');
    });

    it('a purchase order goes elsewhere only when confirmed, to one address; the same order twice at once is refused', async () => {
      const { ids, vendorEmail } = await orderedPurchaseOrders(db(server), owner, 'corner-market', 1);
      const id = ids[0]!;
      const total = await outboxCount(server);
      // Another address without the confirmation: 400 naming the confirmation, nothing sent.
      assertValidation(
        await api(owner, 'POST', `${PO}/${id}/email`, { to: 'buyer@elsewhere.test' }),
        'confirmOtherRecipient',
      );
      assertValidation(
        await api(owner, 'POST', `${PO}/${id}/email`, { to: 'buyer@elsewhere.test', confirmOtherRecipient: false }),
        'confirmOtherRecipient',
      );
      // Lists, however written: 400 naming `to`, confirmed or not.
      for (const to of [
        'a@elsewhere.test, b@elsewhere.test',
        'a@elsewhere.test;b@elsewhere.test',
        'a@elsewhere.test,b',
        'a@elsewhere.test b@elsewhere.test',
        'a@b@elsewhere.test',
      ]) {
        assertValidation(await api(owner, 'POST', `${PO}/${id}/email`, { to, confirmOtherRecipient: true }), 'to', to);
      }
      assert.equal(await outboxCount(server), total, 'nothing sent');
      // The vendor's own address needs no confirmation (any case).
      assert.notEqual(vendorEmail, '');
      // Confirmed: it goes there; the same order to the same address again at once is refused.
      const confirmed = await api(owner, 'POST', `${PO}/${id}/email`, {
        to: 'Buyer@Elsewhere.test',
        confirmOtherRecipient: true,
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      const again = await api(owner, 'POST', `${PO}/${id}/email`, {
        to: 'buyer@elsewhere.test',
        confirmOtherRecipient: true,
      });
      assertMailLimit(again, 'document', 'the same order to the same address again');
      assert.equal((await outbox(server, 'buyer@elsewhere.test')).length, 1);
    });

    it('an invoice sent, then sent again at once: the second is refused and mails nothing; a refused draft stays a draft', async () => {
      const atlasOwner = await signedIn(server, 'owner@atlas.test');
      const atlas = await companyId(server, 'atlas-consulting');
      const customers = await db(server)
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', atlas)
        .orderBy('id')
        .limit(2)
        .execute();
      await db(server)
        .updateTable('customers')
        .set({ email: 'client@invoiced.test' })
        .where(
          'id',
          'in',
          customers.map((c) => c.id),
        )
        .execute();
      const draft = async (customerId: number) => {
        const made = await api(atlasOwner, 'POST', INVOICES, {
          customerId,
          issueDate: '2026-11-01',
          dueDate: '2026-11-30',
          lines: [
            {
              itemId: null,
              description: 'Consulting',
              quantityHundredths: 100,
              unitPriceCents: 10_000,
              discountCents: 0,
              taxRateIds: [],
            },
          ],
          discountCents: 0,
          notes: '',
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        return made.body.id as number;
      };
      const first = await draft(customers[0]!.id);
      const sent = await api(atlasOwner, 'POST', `${INVOICES}/${first}/send`, {});
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.emailedTo, 'client@invoiced.test');
      assertMailLimit(await api(atlasOwner, 'POST', `${INVOICES}/${first}/send`, {}), 'document', 'resend at once');
      assert.equal((await outbox(server, 'client@invoiced.test')).length, 1);

      // Other invoices to the same address: up to the per-recipient limit, then a draft is refused
      // before it is numbered.
      const allowed = MAIL_LIMITS.perRecipient.invoice.limit;
      for (let i = 1; i < allowed; i += 1) {
        const id = await draft(customers[i % customers.length]!.id);
        assert.equal((await api(atlasOwner, 'POST', `${INVOICES}/${id}/send`, {})).status, 200);
      }
      const refused = await draft(customers[1]!.id);
      assertMailLimit(await api(atlasOwner, 'POST', `${INVOICES}/${refused}/send`, {}), 'recipient', 'over the limit');
      assert.equal((await api(atlasOwner, 'GET', `${INVOICES}/${refused}`)).body.status, 'draft');
      assert.equal((await outbox(server, 'client@invoiced.test')).length, allowed);
    });

    it('invitations share the address budget of reset links: the 4th in an hour is refused, and the public form sends nothing more', async () => {
      const created = await api(owner, 'POST', `${B}/team/employees`, {
        name: 'Ida Limit',
        email: 'ida@limits.test',
        phone: '',
        positionId: null,
        hourlyRateCents: null,
        role: 'user',
        allLocations: true,
        locationIds: [],
        active: true,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const invite = () =>
        api(owner, 'POST', `${B}/team/employees/${created.body.employee.id}/invite`, { role: 'user' });
      const allowed = MAIL_LIMITS.perRecipient.account.limit;
      for (let i = 0; i < allowed; i += 1) assert.equal((await invite()).status, 200);
      assertMailLimit(await invite(), 'recipient', 'invitation over the limit');
      assert.equal((await outbox(server, 'ida@limits.test')).length, allowed);
      const reset = await new Client(server.url).post('/api/auth/resetpass', { email: 'ida@limits.test' });
      assert.equal(reset.response.status, 200, 'the public answer never changes');
      assert.equal((await outbox(server, 'ida@limits.test')).length, allowed, 'and no more mail');
    });

    it("the admin console's reset links and owner invitations count per address too", async () => {
      const support = await signedIn(server, STAFF.support);
      const id = await userId(server, 'owner@tinykiosk.test');
      const allowed = MAIL_LIMITS.perRecipient.account.limit;
      for (let i = 0; i < allowed; i += 1) {
        assert.equal((await api(support, 'POST', `/api/admin/users/${id}/reset-link`, {})).status, 200);
      }
      assertMailLimit(await api(support, 'POST', `/api/admin/users/${id}/reset-link`, {}), 'recipient', 'reset link');
      assert.equal((await outbox(server, 'owner@tinykiosk.test')).length, allowed);

      // Its budget spent by the public form, an address gets no owner invitation, and no company.
      const root = await signedIn(server, STAFF.super);
      for (let i = 0; i < allowed; i += 1) {
        await new Client(server.url).post('/api/auth/resetpass', { email: 'new-owner@limits.test' });
      }
      const made = await api(root, 'POST', '/api/admin/companies', {
        name: 'Limited Company',
        ownerEmail: 'new-owner@limits.test',
        license: 'Retail',
        addons: [],
      });
      assertMailLimit(made, 'recipient', 'owner invitation');
      assert.equal(
        await db(server)
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'new-owner@limits.test')
          .executeTakeFirst(),
        undefined,
      );
    });

    it('a schedule published again and again: each employee gets 5 in an hour, then 429 and the week is not published again', async () => {
      const bistro = await signedIn(server, 'owner@bluedoor.test');
      const company = await companyId(server, 'blue-door-bistro');
      const shift = await db(server)
        .selectFrom('schedule_shifts as s')
        .innerJoin('employees as e', 'e.id', 's.employee_id')
        .select(['s.location_id', 's.day', 'e.email'])
        .where('s.company_id', '=', company)
        .where('e.active', '=', 1)
        .where('e.email', '<>', '')
        .orderBy('s.day', 'desc')
        .executeTakeFirstOrThrow();
      const body = { locationId: shift.location_id, week: isoDay(Number(shift.day)) };
      const email = shift.email.toLowerCase();
      const before = (await outbox(server, email)).length;
      const allowed = MAIL_LIMITS.perRecipient.schedule.limit;
      let publishedAt = 0;
      for (let i = 0; i < allowed; i += 1) {
        server.clock.advance(1000);
        const published = await api(bistro, 'POST', `${B}/team/schedule/publish`, body);
        assert.equal(published.status, 200, JSON.stringify(published.body));
        publishedAt = published.body.publishedAt as number;
      }
      server.clock.advance(1000);
      assertMailLimit(await api(bistro, 'POST', `${B}/team/schedule/publish`, body), 'recipient', 'publish');
      assert.equal((await outbox(server, email)).length, before + allowed);
      const week = await db(server)
        .selectFrom('schedule_weeks')
        .select('published_at')
        .where('location_id', '=', body.locationId)
        .orderBy('published_at', 'desc')
        .executeTakeFirstOrThrow();
      assert.equal(Number(week.published_at), publishedAt, 'the refused publication rolled back');
    });
  });

  describe(`mail limits per company [${target.name}]`, () => {
    let server: TestServer;
    const PER_COMPANY = 8;

    before(async () => {
      server = await startTestServer(target, {
        ...REAL,
        mailLimits: { ...MAIL_LIMITS, perCompany: { limit: PER_COMPANY, windowMs: 24 * HOUR } },
      });
    });
    after(async () => {
      await server?.close();
    });

    it("a company's budget holds whatever the addresses, and spending it does not stop another company", async () => {
      const corner = await signedIn(server, 'owner@cornermarket.test');
      const { ids } = await orderedPurchaseOrders(db(server), corner, 'corner-market', PER_COMPANY + 2);
      const total = await outboxCount(server);
      const statuses: number[] = [];
      let refusal: ApiResult | undefined;
      for (const [i, id] of ids.entries()) {
        const answer = await api(corner, 'POST', `${PO}/${id}/email`, {
          to: `buyer${i}@elsewhere.test`,
          confirmOtherRecipient: true,
        });
        statuses.push(answer.status);
        if (answer.status !== 200) refusal ??= answer;
      }
      assert.deepEqual(statuses, [...Array<number>(PER_COMPANY).fill(200), 429, 429]);
      assertMailLimit(refusal!, 'company', 'over the company budget');
      assert.match(refusal!.body.message, new RegExp(`\\(${PER_COMPANY}\\)`));
      assert.equal(await outboxCount(server), total + PER_COMPANY);
      // An invitation from the same company is refused too (one budget for every kind).
      const created = await api(corner, 'POST', `${B}/team/employees`, {
        name: 'Ned Budget',
        email: 'ned@limits.test',
        phone: '',
        positionId: null,
        hourlyRateCents: null,
        role: 'user',
        allLocations: true,
        locationIds: [],
        active: true,
      });
      assertMailLimit(
        await api(corner, 'POST', `${B}/team/employees/${created.body.employee.id}/invite`, { role: 'user' }),
        'company',
        'invitation',
      );
      assert.equal((await outbox(server, 'ned@limits.test')).length, 0);

      // Another company, mailing the same addresses, is not blocked.
      const green = await signedIn(server, 'owner@greenleaf.test');
      const theirs = await orderedPurchaseOrders(db(server), green, 'green-leaf-grocers', 1);
      const mailed = await api(green, 'POST', `${PO}/${theirs.ids[0]}/email`, {
        to: 'buyer0@elsewhere.test',
        confirmOtherRecipient: true,
      });
      assert.equal(mailed.status, 200, JSON.stringify(mailed.body));
    });
  });
}
