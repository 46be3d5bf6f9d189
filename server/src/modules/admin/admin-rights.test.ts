import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { PERSONAS, STAFF, api, companyId, signedIn, userId, type ApiResult, type Persona } from '../../../test/admin-helpers';

/*
 * The rights matrix of issue 6, written out here on its own (not derived from the shared
 * ROLE_RIGHTS) so that a change to the matrix has to change this test too.
 */

const AREAS = ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant', 'releases'] as const;
type Area = (typeof AREAS)[number];

/** The view permissions of each demo persona (src/demo/personas.ts). */
const READS: Record<Persona, Area[]> = {
  super: [...AREAS],
  dev: [...AREAS],
  support: ['companies', 'users', 'support'],
  billing: ['companies', 'coupons', 'base_prices'],
  distributor: ['companies', 'bee_merchant'],
  viewer: ['companies'],
  staff: ['companies'],
};

type Write =
  | 'company create'
  | 'company plan'
  | 'company status'
  | 'user lock'
  | 'user reset link'
  | 'staff access'
  | 'coupon create'
  | 'coupon edit'
  | 'coupon deactivate'
  | 'ticket reply'
  | 'ticket status'
  | 'base price'
  | 'merchant decision'
  | 'release canary';

const ALL_WRITES: Write[] = [
  'company create',
  'company plan',
  'company status',
  'user lock',
  'user reset link',
  'staff access',
  'coupon create',
  'coupon edit',
  'coupon deactivate',
  'ticket reply',
  'ticket status',
  'base price',
  'merchant decision',
  'release canary',
];

const WRITES: Record<Persona, Write[]> = {
  super: ALL_WRITES,
  dev: ALL_WRITES,
  support: ['user lock', 'user reset link', 'ticket reply', 'ticket status'],
  billing: ['company plan', 'coupon create', 'coupon edit', 'coupon deactivate', 'base price'],
  distributor: ['company create', 'merchant decision'],
  viewer: [],
  staff: [],
};

for (const target of databaseTargets()) {
  describe(`admin rights matrix [${target.name}]`, () => {
    let server: TestServer;
    const clients = {} as Record<Persona, Client>;
    const ids = { tinyKiosk: 0, harborBooks: 0, clerk: 0, viewer: 0, ticket: 0, coupon: 0, account: 0, release: 0 };

    before(async () => {
      server = await startTestServer(target);
      for (const persona of PERSONAS) clients[persona] = await signedIn(server, STAFF[persona]);
      ids.tinyKiosk = await companyId(server, 'tiny-kiosk');
      ids.harborBooks = await companyId(server, 'harbor-books');
      ids.clerk = await userId(server, 'clerk@cornermarket.test');
      ids.viewer = await userId(server, 'viewer@hive.test');
      const db = server.running.database.db;
      ids.ticket = (
        await db.selectFrom('support_tickets').select('id').where('ref', '=', 'HIVE-1001').executeTakeFirstOrThrow()
      ).id;
      ids.coupon = (
        await db.selectFrom('coupons').select('id').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()
      ).id;
      ids.account = (
        await db
          .selectFrom('merchant_accounts')
          .select('id')
          .where('company_id', '=', ids.tinyKiosk)
          .executeTakeFirstOrThrow()
      ).id;
      // A registered release of the admin remote: its canary is a write of the releases area.
      const now = server.clock.now();
      ids.release = (
        await db
          .insertInto('releases')
          .values({
            remote: 'admin',
            version: 'rights-matrix',
            manifest_url: '/remotes/admin/mf-manifest.json',
            contract_range: '^1.0.0',
            notes: null,
            registered_by_user_id: null,
            registered_by_token_id: null,
            registered_at: now,
            state: 'registered',
            canary_percent: null,
            canary_company_ids: null,
            canary_started_at: null,
            state_changed_at: now,
            rollback_reason: null,
            rollback_figures: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });
    after(async () => {
      await server?.close();
    });

    /** A valid request for each write, unique per persona so that allowed ones really succeed. */
    async function attempt(persona: Persona, write: Write): Promise<ApiResult> {
      const c = clients[persona];
      switch (write) {
        case 'company create':
          return api(c, 'POST', '/api/admin/companies', {
            name: `Matrix Co ${persona}`,
            license: 'Retail',
            addons: ['Loyalty'],
            ownerEmail: `owner-${persona}@matrix.test`,
          });
        case 'company plan':
          return api(c, 'PUT', `/api/admin/companies/${ids.tinyKiosk}/plan`, {
            license: 'Retail',
            addons: persona === 'billing' ? ['Kiosk'] : [],
          });
        case 'company status':
          return api(c, 'PUT', `/api/admin/companies/${ids.harborBooks}/status`, {
            status: 'active',
            reason: 'rights matrix check',
          });
        case 'user lock':
          return api(c, 'POST', `/api/admin/users/${ids.clerk}/lock`, { locked: false });
        case 'user reset link':
          return api(c, 'POST', `/api/admin/users/${ids.clerk}/reset-link`, {});
        case 'staff access':
          return api(c, 'PUT', `/api/admin/users/${ids.viewer}/access`, {
            role: 'viewer',
            permissions: ['view_companies_menu'],
          });
        case 'coupon create':
          return api(c, 'POST', '/api/admin/coupons', {
            code: `MATRIX-${persona.toUpperCase()}`,
            kind: 'percent',
            value: 5,
            validFrom: '2026-01-01',
            validTo: '2026-12-31',
            maxRedemptions: null,
            licenses: ['Retail'],
          });
        case 'coupon edit':
          return api(c, 'PUT', `/api/admin/coupons/${ids.coupon}`, {
            code: 'WELCOME10',
            kind: 'percent',
            value: 10,
            validFrom: '2026-01-01',
            validTo: '2027-12-31',
            maxRedemptions: null,
            licenses: ['Retail', 'Restaurant', 'Invoice'],
          });
        case 'coupon deactivate':
          return api(c, 'POST', `/api/admin/coupons/${ids.coupon}/deactivate`, {});
        case 'ticket reply':
          return api(c, 'POST', `/api/admin/support/${ids.ticket}/messages`, { body: `Reply from ${persona}` });
        case 'ticket status':
          return api(c, 'PUT', `/api/admin/support/${ids.ticket}/status`, { status: 'pending' });
        case 'base price':
          return api(c, 'PUT', '/api/admin/base_prices', { kind: 'addon', name: 'Kiosk', monthlyPrice: 35 });
        case 'merchant decision': {
          // Whichever transition is valid now, so that an allowed persona never meets a 409.
          const current = await api(clients.super, 'GET', `/api/admin/bee_merchant/${ids.account}`);
          return current.body.status === 'active'
            ? api(c, 'POST', `/api/admin/bee_merchant/${ids.account}/reject`, { reason: 'Rights matrix check' })
            : api(c, 'POST', `/api/admin/bee_merchant/${ids.account}/approve`, {});
        }
        case 'release canary':
          return api(c, 'POST', `/api/admin/releases/${ids.release}/canary`, { percent: persona === 'dev' ? 20 : 10 });
      }
    }

    for (const persona of PERSONAS) {
      for (const area of AREAS) {
        const allowed = READS[persona].includes(area);
        it(`${persona} ${allowed ? 'reads' : 'may not read'} ${area}`, async () => {
          const result = await api(clients[persona], 'GET', `/api/admin/${area}`);
          if (allowed) {
            assert.equal(result.status, 200, JSON.stringify(result.body));
            if (area === 'releases') {
              // Per remote, not a paged list.
              assert.ok(Array.isArray(result.body.remotes));
            } else {
              assert.ok(Array.isArray(result.body.items));
              assert.equal(typeof result.body.total, 'number');
            }
          } else {
            assert.equal(result.status, 403);
            assert.equal(result.body.error, 'forbidden');
            assert.match(result.body.message, new RegExp(`view_${area}_menu`));
          }
        });
      }

      for (const write of ALL_WRITES) {
        const allowed = WRITES[persona].includes(write);
        it(`${persona} ${allowed ? 'may' : 'may not'}: ${write}`, async () => {
          const result = await attempt(persona, write);
          if (allowed) {
            assert.ok(result.status >= 200 && result.status < 300, `${result.status} ${JSON.stringify(result.body)}`);
          } else {
            assert.equal(result.status, 403, `${result.status} ${JSON.stringify(result.body)}`);
            assert.equal(result.body.error, 'forbidden');
          }
        });
      }

      it(`${persona}: /api/admin/me names exactly the writes the server accepts`, async () => {
        const { status, body } = await api(clients[persona], 'GET', '/api/admin/me');
        assert.equal(status, 200);
        assert.equal(body.user.email, STAFF[persona]);
        assert.deepEqual(body.permissions, READS[persona].map((area) => `view_${area}_menu`).sort());
        const expected = {
          super: 12,
          dev: 12,
          support: 3,
          billing: 3,
          distributor: 2,
          viewer: 0,
          staff: 0,
        }[persona];
        assert.equal(body.rights.length, expected, JSON.stringify(body.rights));
      });
    }

    it('the outbox (reset and activation links) opens to super_admin and dev_admin only', async () => {
      const readers: Persona[] = ['super', 'dev'];
      for (const persona of PERSONAS) {
        const { status, body } = await api(clients[persona], 'GET', '/api/admin/support/outbox');
        assert.equal(status, readers.includes(persona) ? 200 : 403, `${persona}: ${JSON.stringify(body)}`);
        if (status === 200) assert.ok(Array.isArray(body.items));
      }
      assert.equal((await api(new Client(server.url), 'GET', '/api/admin/support/outbox')).status, 401);
    });

    it('only the outbox readers may send a message again (Retry)', async () => {
      const readers: Persona[] = ['super', 'dev'];
      for (const persona of PERSONAS) {
        // An id no message has: readers learn it is unknown, everyone else is refused first.
        const { status } = await api(clients[persona], 'POST', '/api/admin/support/outbox/999999/retry', {});
        assert.equal(status, readers.includes(persona) ? 404 : 403, persona);
      }
      assert.equal((await api(new Client(server.url), 'POST', '/api/admin/support/outbox/1/retry', {})).status, 401);
    });

    it('role labels in /api/admin/me follow SPEC.md 6', async () => {
      const labels: Record<Persona, string> = {
        super: 'admin',
        dev: 'dev',
        support: 'support',
        billing: 'billing',
        distributor: 'distributors',
        viewer: 'viewer',
        staff: 'admin',
      };
      for (const persona of PERSONAS) {
        const { body } = await api(clients[persona], 'GET', '/api/admin/me');
        assert.equal(body.user.roleLabel, labels[persona], persona);
      }
    });

    it('without a session: 401 on reads and writes', async () => {
      const anonymous = new Client(server.url);
      for (const [method, path] of [
        ['GET', '/api/admin/me'],
        ['GET', '/api/admin/companies'],
        ['PUT', `/api/admin/companies/${ids.tinyKiosk}/plan`],
        ['POST', '/api/admin/coupons'],
      ] as const) {
        const result = await api(anonymous, method, path, method === 'GET' ? undefined : {});
        assert.equal(result.status, 401, `${method} ${path}`);
        assert.equal(result.body.error, 'unauthorized');
      }
    });

    it('a merchant (even a company admin) gets 403 everywhere under /api/admin', async () => {
      const owner = await signedIn(server, 'owner@cornermarket.test');
      for (const [method, path] of [
        ['GET', '/api/admin/me'],
        ['GET', '/api/admin/companies'],
        ['GET', `/api/admin/companies/${ids.tinyKiosk}`],
        ['PUT', `/api/admin/companies/${ids.tinyKiosk}/plan`],
        ['POST', '/api/admin/coupons'],
        ['POST', `/api/admin/users/${ids.clerk}/lock`],
      ] as const) {
        const result = await api(owner, method, path, method === 'GET' ? undefined : { license: 'Retail', addons: [] });
        assert.equal(result.status, 403, `${method} ${path}`);
        assert.match(result.body.message, /platform staff/);
      }
    });

    it('a role right without the area permission is still refused; with it, allowed', async () => {
      // Make staff@hive.test a billing member who may see companies only.
      const access = await api(clients.super, 'PUT', `/api/admin/users/${await userId(server, STAFF.staff)}/access`, {
        role: 'billing',
        permissions: ['view_companies_menu'],
      });
      assert.equal(access.status, 200);
      const reshaped = await signedIn(server, STAFF.staff);
      const coupon = await api(reshaped, 'POST', '/api/admin/coupons', {
        code: 'NOPERM',
        kind: 'percent',
        value: 5,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        maxRedemptions: null,
        licenses: ['Retail'],
      });
      assert.equal(coupon.status, 403);
      assert.match(coupon.body.message, /view_coupons_menu/);
      const plan = await api(reshaped, 'PUT', `/api/admin/companies/${ids.tinyKiosk}/plan`, {
        license: 'Retail',
        addons: ['Loyalty'],
      });
      assert.equal(plan.status, 200);
      // Back to the demo state for anything that runs later.
      await api(clients.super, 'PUT', `/api/admin/users/${await userId(server, STAFF.staff)}/access`, {
        role: null,
        permissions: ['view_companies_menu'],
      });
    });

    it('authorization comes before validation: a refused role learns nothing from the body', async () => {
      const result = await api(clients.viewer, 'POST', '/api/admin/coupons', { nonsense: true });
      assert.equal(result.status, 403);
    });

    it('support may lock merchants but not staff accounts; nobody locks their own account', async () => {
      const staffTarget = await api(clients.support, 'POST', `/api/admin/users/${ids.viewer}/lock`, { locked: true });
      assert.equal(staffTarget.status, 403);
      assert.match(staffTarget.body.message, /staff accounts/);
      const resetStaff = await api(clients.support, 'POST', `/api/admin/users/${ids.viewer}/reset-link`, {});
      assert.equal(resetStaff.status, 403);
      const self = await api(clients.super, 'POST', `/api/admin/users/${await userId(server, STAFF.super)}/lock`, {
        locked: true,
      });
      assert.equal(self.status, 409);
      assert.equal(self.body.error, 'own_account');
      const ownAccess = await api(
        clients.super,
        'PUT',
        `/api/admin/users/${await userId(server, STAFF.super)}/access`,
        {
          role: 'viewer',
          permissions: [],
        },
      );
      assert.equal(ownAccess.status, 409);
    });

    it('a cross-site write is refused (Origin check)', async () => {
      const response = await clients.super.request('/api/admin/coupons', {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
        json: {},
      });
      assert.equal(response.status, 403);
    });
  });
}
