import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { STAFF, api, companyId, signedIn } from '../../../test/admin-helpers';

/*
 * The plan-change signal (server/README.md "Plan changes"): after staff change a company's licence
 * or add-ons, every authenticated /api response of its merchant users carries X-Plan-Changed: 1
 * until they load their user data again (POST /api/auth/usercompany, what `?planChanged=true` does).
 */

const HEADER = 'x-plan-changed';

for (const target of databaseTargets()) {
  describe(`plan-change signal [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    async function setPlan(license: string, addons: string[], slug = 'corner-market') {
      const billing = await signedIn(server, STAFF.billing);
      const result = await api(billing, 'PUT', `/api/admin/companies/${await companyId(server, slug)}/plan`, {
        license,
        addons,
      });
      assert.equal(result.status, 200, JSON.stringify(result.body));
      return result.body;
    }

    it('billing removes Inventory: the owner is told on every /api response until usercompany reloads', async () => {
      const owner = await signedIn(server, 'owner@cornermarket.test');
      const manager = await signedIn(server, 'manager@cornermarket.test');
      const loaded = await owner.post('/api/auth/usercompany', {});
      assert.ok(loaded.body.addons.includes('Inventory'));
      await manager.post('/api/auth/usercompany', {});
      assert.equal((await owner.request('/api/auth/session')).headers.get(HEADER), null, 'no signal before a change');

      await setPlan('Retail', ['Item Modifiers', 'Loyalty', 'Kiosk']);

      for (const [method, path] of [
        ['GET', '/api/auth/session'],
        ['GET', '/api/auth/csrf'],
        ['POST', '/api/auth/langchange'],
        ['GET', '/api/nothing-here'],
      ] as const) {
        const response = await owner.request(path, method === 'POST' ? { json: { lang: 'en' } } : {});
        assert.equal(response.headers.get(HEADER), '1', `${method} ${path}`);
      }
      // The reload itself answers without the signal, with the new plan, and clears it.
      const reload = await owner.request('/api/auth/usercompany', { json: {} });
      assert.equal(reload.headers.get(HEADER), null);
      const body = await reload.json();
      assert.deepEqual([...body.addons].sort(), ['Item Modifiers', 'Kiosk', 'Loyalty']);
      assert.equal((await owner.request('/api/auth/session')).headers.get(HEADER), null);
      // Per user: the manager has not reloaded yet.
      assert.equal((await manager.request('/api/auth/session')).headers.get(HEADER), '1');
    });

    it('never for staff, other companies, signed-out requests or users who never loaded their data', async () => {
      const other = await signedIn(server, 'owner@bluedoor.test');
      await other.post('/api/auth/usercompany', {});
      const neverLoaded = await signedIn(server, 'clerk@cornermarket.test');
      const billing = await signedIn(server, STAFF.billing);
      await billing.post('/api/auth/usercompany', {});
      await setPlan('Retail', ['Item Modifiers', 'Loyalty']);
      assert.equal((await other.request('/api/auth/session')).headers.get(HEADER), null);
      assert.equal((await neverLoaded.request('/api/auth/session')).headers.get(HEADER), null);
      assert.equal((await billing.request('/api/admin/me')).headers.get(HEADER), null);
      assert.equal((await billing.request('/api/auth/session')).headers.get(HEADER), null);
      const anonymous = await fetch(`${server.url}/api/auth/session`);
      assert.equal(anonymous.headers.get(HEADER), null);
    });

    it('an unchanged plan raises no signal; every real change bumps the version', async () => {
      const owner = await signedIn(server, 'owner@cornermarket.test');
      await owner.post('/api/auth/usercompany', {});
      const start = await setPlan('Retail', ['Item Modifiers', 'Loyalty']);
      const same = await setPlan('Retail', ['Loyalty', 'Item Modifiers']);
      assert.equal(same.planVersion, start.planVersion);
      assert.equal((await owner.request('/api/auth/session')).headers.get(HEADER), null);
      const changed = await setPlan('Restaurant', ['Item Modifiers', 'Loyalty']);
      assert.equal(changed.planVersion, start.planVersion + 1);
      assert.equal((await owner.request('/api/auth/session')).headers.get(HEADER), '1');
    });

    it('the signal ends with the session: a signed-out or expired session gets no header', async () => {
      const owner = await signedIn(server, 'owner@tinykiosk.test');
      await owner.post('/api/auth/usercompany', {});
      await setPlan('Retail', ['Kiosk'], 'tiny-kiosk');
      assert.equal((await owner.request('/api/auth/session')).headers.get(HEADER), '1');
      server.clock.advance(46 * 60_000);
      const expired = await owner.request('/api/auth/session');
      assert.equal(expired.headers.get(HEADER), null);
      server.clock.advance(-46 * 60_000);
    });
  });
}
