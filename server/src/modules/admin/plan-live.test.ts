import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startServer, type RunningServer } from '../../app';
import { STAFF, api, companyId, db, signedIn } from '../../../test/admin-helpers';
import { Client, TEST_SCRYPT, databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { Stream } from '../../../test/live-helpers';

/*
 * Issue 43 item 10: a plan change reaches open sessions. Staff changing a company's licence or
 * add-ons (the plan dialog, or a merchant's plan request applied from its support ticket) publish
 * the company-wide live event `plan`, which every signed-in user of that company hears whatever
 * their pages, and nobody else; the shell then re-reads the user data.
 */

const heardPlan = (stream: Stream) => stream.messages.some((m) => m.event === 'plan');
const marked = (stream: Stream, marker: string) => () => stream.messages.some((m) => m.data.marker === marker);

for (const target of databaseTargets()) {
  describe(`plan changes on the live stream [${target.name}]`, () => {
    let server: TestServer;
    const streams: Stream[] = [];
    const open = async (client: Client) => {
      const stream = await Stream.open(client);
      streams.push(stream);
      return stream;
    };
    /** Whatever was published before this marker has reached the stream once the marker has. */
    const settle = async (stream: Stream, slug: string, marker: string) => {
      server.running.live.publishChange(await companyId(server, slug), 'receipts', { marker });
      await stream.until(marked(stream, marker), `the marker ${marker}`);
    };

    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await server?.close();
    });

    it("reaches every user of that company (a clerk too), and no other company's", async () => {
      const owner = await open(await signedIn(server, 'owner@cornermarket.test'));
      // The clerk's only page is the overview (receipts): the plan event is not a page's topic.
      const clerk = await open(await signedIn(server, 'clerk@cornermarket.test'));
      const other = await open(await signedIn(server, 'owner@bluedoor.test'));
      const billing = await signedIn(server, STAFF.billing);
      const corner = await companyId(server, 'corner-market');

      const changed = await api(billing, 'PUT', `/api/admin/companies/${corner}/plan`, {
        license: 'Retail',
        addons: ['Item Modifiers', 'Loyalty', 'Kiosk'],
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      await owner.until(() => heardPlan(owner), "the owner's plan event");
      await clerk.until(() => heardPlan(clerk), "the clerk's plan event");
      const event = owner.messages.find((m) => m.event === 'plan')!;
      assert.equal(event.data.version, changed.body.planVersion);
      await settle(other, 'blue-door-bistro', 'm1');
      assert.equal(heardPlan(other), false, 'another company hears nothing of it');
    });

    it('an unchanged plan, or a coupon alone, publishes nothing', async () => {
      const owner = await open(await signedIn(server, 'owner@cornermarket.test'));
      const billing = await signedIn(server, STAFF.billing);
      const corner = await companyId(server, 'corner-market');
      const current = await api(billing, 'GET', `/api/admin/companies/${corner}`);
      const same = await api(billing, 'PUT', `/api/admin/companies/${corner}/plan`, {
        license: current.body.license,
        addons: [...current.body.addons].reverse(),
      });
      assert.equal(same.status, 200);
      assert.equal(same.body.planVersion, current.body.planVersion);
      await settle(owner, 'corner-market', 'm2');
      assert.equal(heardPlan(owner), false);
    });
  });

  describe(`a plan request applied from its ticket [${target.name}]`, () => {
    let server: TestServer;
    const streams: Stream[] = [];

    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await server?.close();
    });

    /** The merchant's "Request a change" (Settings › Billing): the ticket it opened. */
    async function requestPlan(owner: Client, body: { license: string; addons: string[]; message: string }) {
      const sent = await api(owner, 'POST', '/api/backoffice/billing/requests', body);
      assert.equal(sent.status, 201, JSON.stringify(sent.body));
      const row = await db(server)
        .selectFrom('support_tickets')
        .select('id')
        .where('ref', '=', sent.body.ref)
        .executeTakeFirstOrThrow();
      return row.id;
    }
    const planOf = async (slug: string) => {
      const id = await companyId(server, slug);
      const company = await db(server)
        .selectFrom('companies')
        .select('license')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const addons = await db(server)
        .selectFrom('company_addons')
        .select('addon')
        .where('company_id', '=', id)
        .execute();
      return { license: company.license, addons: addons.map((a) => a.addon).sort() };
    };

    it('changes the plan as the plan dialog would, audited, closes the ticket and tells the open tabs', async () => {
      const ownerClient = await signedIn(server, 'owner@tinykiosk.test');
      const stream = await Stream.open(ownerClient);
      streams.push(stream);
      const ticket = await requestPlan(ownerClient, {
        license: 'Retail',
        addons: ['Loyalty', 'Item Modifiers'],
        message: 'For our regulars.',
      });
      const root = await signedIn(server, STAFF.super);
      const detail = await api(root, 'GET', `/api/admin/support/${ticket}`);
      assert.deepEqual(detail.body.planRequest, {
        license: 'Retail',
        addons: ['Item Modifiers', 'Loyalty'],
        appliedAt: null,
        appliedBy: null,
      });

      // The right of a manual plan change: support answers tickets but may not change plans;
      // billing changes plans but does not read the support area.
      for (const persona of ['support', 'billing', 'viewer'] as const) {
        const refused = await api(
          await signedIn(server, STAFF[persona]),
          'POST',
          `/api/admin/support/${ticket}/apply-plan`,
          {},
        );
        assert.equal(refused.status, 403, `${persona}: ${JSON.stringify(refused.body)}`);
      }
      assert.deepEqual(await planOf('tiny-kiosk'), { license: 'Retail', addons: [] });

      const applied = await api(root, 'POST', `/api/admin/support/${ticket}/apply-plan`, {});
      assert.equal(applied.status, 200, JSON.stringify(applied.body));
      assert.equal(applied.body.status, 'closed');
      assert.equal(applied.body.planRequest.appliedBy, STAFF.super);
      assert.ok(applied.body.planRequest.appliedAt);
      assert.deepEqual(await planOf('tiny-kiosk'), { license: 'Retail', addons: ['Item Modifiers', 'Loyalty'] });
      await stream.until(() => heardPlan(stream), 'the plan event');

      // Audited like the plan dialog (company.plan, a new plan version), naming the ticket.
      const kiosk = await companyId(server, 'tiny-kiosk');
      const audit = await api(root, 'GET', `/api/admin/companies/${kiosk}/audit`);
      const actions = audit.body.items.map((e: { action: string }) => e.action);
      assert.ok(actions.includes('company.plan') && actions.includes('ticket.apply_plan'), actions.join());
      const plan = audit.body.items.find((e: { action: string }) => e.action === 'company.plan');
      assert.deepEqual(plan.before, { license: 'Retail', addons: [], planVersion: 0 });
      assert.equal(plan.after.planVersion, 1);
      assert.equal(plan.after.ticket, detail.body.ref);
      assert.equal(plan.actor.email, STAFF.super);
      // The merchant's X-Plan-Changed signal is on as after any plan change.
      await ownerClient.post('/api/auth/usercompany', {});
      const company = await api(root, 'GET', `/api/admin/companies/${kiosk}`);
      assert.equal(company.body.planVersion, 1);

      // Once only.
      const again = await api(root, 'POST', `/api/admin/support/${ticket}/apply-plan`, {});
      assert.equal(again.status, 409);
      assert.equal(again.body.error, 'already_applied');
      assert.equal((await api(root, 'GET', `/api/admin/companies/${kiosk}`)).body.planVersion, 1);
    });

    it('refuses a ticket that asks for no plan (409), and an unknown one (404)', async () => {
      const root = await signedIn(server, STAFF.super);
      const conversation = await db(server)
        .selectFrom('support_tickets')
        .select('id')
        .where('ref', '=', 'HIVE-1001')
        .executeTakeFirstOrThrow();
      const plain = await api(root, 'POST', `/api/admin/support/${conversation.id}/apply-plan`, {});
      assert.equal(plain.status, 409);
      assert.equal(plain.body.error, 'not_plan_request');
      assert.equal((await api(root, 'GET', `/api/admin/support/${conversation.id}`)).body.planRequest, null);

      // "A question about our plan" (the plan as it is, and a message) is a conversation too.
      const owner = await signedIn(server, 'owner@bluedoor.test');
      const now = await api(owner, 'GET', '/api/backoffice/billing');
      const question = await requestPlan(owner, {
        license: now.body.plan.license,
        addons: now.body.plan.addons,
        message: 'Can we pay yearly?',
      });
      const asked = await api(root, 'POST', `/api/admin/support/${question}/apply-plan`, {});
      assert.equal(asked.status, 409);
      assert.equal(asked.body.error, 'not_plan_request');
      assert.equal((await api(root, 'GET', `/api/admin/support/${question}`)).body.status, 'open');

      assert.equal((await api(root, 'POST', '/api/admin/support/999999/apply-plan', {})).status, 404);
    });

    it('the demo has a plan request to apply', async () => {
      const root = await signedIn(server, STAFF.super);
      const row = await db(server)
        .selectFrom('support_tickets')
        .select('id')
        .where('ref', '=', 'HIVE-1009')
        .executeTakeFirstOrThrow();
      const detail = await api(root, 'GET', `/api/admin/support/${row.id}`);
      assert.deepEqual(detail.body.planRequest, {
        license: 'Retail',
        addons: ['Kiosk', 'Loyalty'],
        appliedAt: null,
        appliedBy: null,
      });
    });
  });
}

const url = process.env.TEST_DATABASE_URL?.trim();

describe(
  'a plan changed on one instance reaches the tabs held on another (PostgreSQL)',
  { skip: url ? false : 'TEST_DATABASE_URL is not set' },
  () => {
    const schema = `hive_test_plan_live_${process.pid}_${randomBytes(3).toString('hex')}`;
    const instances: RunningServer[] = [];
    const streams: Stream[] = [];
    let dataDir: string;

    before(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-plan-live-'));
      const options = {
        port: 0,
        nodeEnv: 'test',
        dataDir,
        databaseUrl: url,
        databaseSchema: schema,
        secret: 'shared-secret-shared-secret-shared-secret-42',
        logLevel: 'silent' as const,
        scryptCost: TEST_SCRYPT,
        seedDemoSales: false,
        trustProxy: true,
      };
      // One after the other: the first migrates and seeds, the second finds it done.
      instances.push(await startServer(options));
      instances.push(await startServer(options));
    });
    after(async () => {
      for (const stream of streams) stream.close();
      await Promise.all(instances.map((i) => i.close()));
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('the owner on A hears the plan change made through B; another company on A does not', async () => {
      const [a, b] = instances as [RunningServer, RunningServer];
      const owner = new Client(a.url);
      await owner.signIn('owner@cornermarket.test');
      const other = new Client(a.url);
      await other.signIn('owner@bluedoor.test');
      const mine = await Stream.open(owner);
      const theirs = await Stream.open(other);
      streams.push(mine, theirs);
      const billing = new Client(b.url);
      await billing.signIn(STAFF.billing);
      const corner = await b.database.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'corner-market')
        .executeTakeFirstOrThrow();
      const changed = await api(billing, 'PUT', `/api/admin/companies/${corner.id}/plan`, {
        license: 'Retail',
        addons: ['Loyalty'],
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      await mine.until(() => heardPlan(mine), 'the plan event from instance B');
      const bistro = await a.database.db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'blue-door-bistro')
        .executeTakeFirstOrThrow();
      b.live.publishChange(bistro.id, 'receipts', { marker: 'pg1' });
      await theirs.until(marked(theirs, 'pg1'), 'the marker');
      assert.equal(heardPlan(theirs), false);
    });
  },
);
