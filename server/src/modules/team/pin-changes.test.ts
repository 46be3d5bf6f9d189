import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, db, signedIn } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * New register PINs (team/pinChanges.ts): limited per account and per company, and each one on
 * record (who, when, why) in the transaction that sets it. That PINs are never chosen is in
 * team.test.ts.
 */

const E = '/api/backoffice/team/employees';

for (const target of databaseTargets()) {
  describe(`register PIN changes [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let manager: Client;
    let bistro: Client;

    before(async () => {
      server = await startTestServer(target, {
        rateLimits: {
          pinChanges: { limit: 3, windowMs: 60_000 },
          pinChangesPerCompany: { limit: 5, windowMs: 60_000 },
        },
      });
      [owner, manager, bistro] = await Promise.all(
        ['owner@cornermarket.test', 'manager@cornermarket.test', 'owner@bluedoor.test'].map((email) =>
          signedIn(server, email),
        ),
      );
    });
    after(async () => {
      await server?.close();
    });

    const idOf = async (name: string) =>
      (await db(server).selectFrom('employees').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
    const changes = async (employeeId: number) =>
      (
        await db(server)
          .selectFrom('employee_pin_changes')
          .select(['actor_email', 'reason', 'company_id'])
          .where('employee_id', '=', employeeId)
          .orderBy('id')
          .execute()
      ).map((r) => [r.actor_email, r.reason]);

    it('every new PIN is on record, with who set it and why; the page shows the last one', async () => {
      const marco = await idOf('Marco Ruiz');
      assert.deepEqual(await changes(marco), []);
      assert.equal((await api(manager, 'GET', `${E}/${marco}`)).body.pinUpdatedBy, null);
      assert.equal((await api(manager, 'POST', `${E}/${marco}/pin`, {})).status, 200);
      const created = await api(owner, 'POST', E, {
        name: 'Audit Trail',
        email: '',
        phone: '',
        positionId: null,
        hourlyRateCents: null,
        role: 'user',
        allLocations: true,
        locationIds: [],
        active: true,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const newcomer = (created.body.employee as Json).id as number;
      const reset = await api(owner, 'POST', `${E}/pins/reset`, { employeeIds: [marco, newcomer] });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));

      assert.deepEqual(await changes(marco), [
        ['manager@cornermarket.test', 'changed'],
        ['owner@cornermarket.test', 'reset'],
      ]);
      assert.deepEqual(await changes(newcomer), [
        ['owner@cornermarket.test', 'created'],
        ['owner@cornermarket.test', 'reset'],
      ]);
      const record = (await api(manager, 'GET', `${E}/${marco}`)).body;
      assert.equal(record.pinUpdatedBy, 'owner@cornermarket.test');
      // The record never holds the PIN.
      const rows = await db(server).selectFrom('employee_pin_changes').selectAll().execute();
      assert.ok(!JSON.stringify(rows).includes(`"${String(reset.body.pins[0].pin)}"`));
    });

    it('changes are limited per account, then per company; another company is not held up', async () => {
      // The first test spent the manager's 1 and the owner's 2 (a bulk reset counts as one) of the
      // company's 5 (limits 3 per account, 5 per company).
      const marco = await idOf('Marco Ruiz');
      const dana = await idOf('Dana Corner');
      for (let i = 0; i < 2; i += 1) assert.equal((await api(manager, 'POST', `${E}/${marco}/pin`, {})).status, 200);
      const account = await api(manager, 'POST', `${E}/${marco}/pin`, {});
      assert.equal(account.status, 429, JSON.stringify(account.body));
      assert.match(String(account.body.message), /Too many PIN changes from this account/);
      assert.ok(Number(account.body.retryAfter) > 0);
      // The owner has a change left, the company none.
      const company = await api(owner, 'POST', `${E}/${dana}/pin`, {});
      assert.equal(company.status, 429);
      assert.match(String(company.body.message), /Too many PIN changes for this company/);
      const sam = await idOf('Sam Okafor');
      assert.equal((await api(bistro, 'POST', `${E}/${sam}/pin`, {})).status, 200);
    });
  });
}
