import assert from 'node:assert/strict';
import { emailKey } from '../auth/users';
import { after, before, describe, it } from 'node:test';
import { Client, databaseTargets, errorParam, mailedToken, outbox, startTestServer, type TestServer } from '../../../test/helpers';
import { STAFF, api, assertValidation, companyId, db, signedIn, userId } from '../../../test/admin-helpers';

const COUPON = {
  code: 'TEST-OK',
  kind: 'percent',
  value: 10,
  validFrom: '2026-02-01',
  validTo: '2026-03-01',
  maxRedemptions: 100,
  licenses: ['Retail'],
};

for (const target of databaseTargets()) {
  describe(`admin API: lists, validation, audit, actions [${target.name}]`, () => {
    let server: TestServer;
    let root: Client;
    before(async () => {
      server = await startTestServer(target);
      root = await signedIn(server, STAFF.super);
    });
    after(async () => {
      await server?.close();
    });

    describe('lists: search, filters, pagination', () => {
      it('companies page through every row once, in name order', async () => {
        const first = await api(root, 'GET', '/api/admin/companies?pageSize=10');
        assert.equal(first.status, 200);
        assert.ok(first.body.total >= 24, `demo rows: ${first.body.total}`);
        const seen = new Set<number>();
        const pages = Math.ceil(first.body.total / 10);
        for (let page = 1; page <= pages; page += 1) {
          const { body } = await api(root, 'GET', `/api/admin/companies?pageSize=10&page=${page}`);
          assert.equal(body.page, page);
          for (const company of body.items) seen.add(company.id);
        }
        assert.equal(seen.size, first.body.total);
        const names = first.body.items.map((c: { name: string }) => c.name.toLowerCase());
        assert.deepEqual(names, [...names].sort());
      });

      it('company rows carry licence, add-ons, user count and status', async () => {
        const { body } = await api(root, 'GET', '/api/admin/companies?q=CORNER');
        assert.equal(body.total, 1);
        const [corner] = body.items;
        assert.equal(corner.name, 'Corner Market');
        assert.equal(corner.license, 'Retail');
        assert.deepEqual(corner.addons, ['Inventory', 'Item Modifiers', 'Kiosk', 'Loyalty']);
        assert.equal(corner.users, 4);
        assert.equal(corner.status, 'active');
      });

      it('search treats % and _ literally, filters combine', async () => {
        assert.equal((await api(root, 'GET', '/api/admin/companies?q=%25')).body.total, 0);
        assert.equal((await api(root, 'GET', '/api/admin/companies?q=_')).body.total, 0);
        const suspended = await api(root, 'GET', '/api/admin/companies?status=suspended');
        assert.ok(suspended.body.items.every((c: { status: string }) => c.status === 'suspended'));
        assert.ok(suspended.body.items.some((c: { name: string }) => c.name === 'Golden Wok'));
        const invoice = await api(root, 'GET', '/api/admin/companies?license=Invoice&q=atlas');
        assert.deepEqual(
          invoice.body.items.map((c: { name: string }) => c.name),
          ['Atlas Consulting'],
        );
      });

      it('users: staff and merchants, filter by kind, search by e-mail or company', async () => {
        const staff = await api(root, 'GET', '/api/admin/users?kind=staff&pageSize=100');
        assert.equal(staff.body.total, 7);
        assert.ok(staff.body.items.every((u: { admin: boolean }) => u.admin));
        const billing = staff.body.items.find((u: { email: string }) => u.email === STAFF.billing);
        assert.deepEqual(billing.permissions, ['view_base_prices_menu', 'view_companies_menu', 'view_coupons_menu']);
        const corner = await api(root, 'GET', '/api/admin/users?kind=merchant&q=corner%20market');
        assert.deepEqual(corner.body.items.map((u: { email: string }) => u.email).sort(), [
          'clerk@cornermarket.test',
          'lucia@cornermarket.test',
          'manager@cornermarket.test',
          'owner@cornermarket.test',
        ]);
        assert.deepEqual(corner.body.items[0].company.name, 'Corner Market');
      });

      it('tickets, coupons, base prices and merchant accounts list and filter', async () => {
        const open = await api(root, 'GET', '/api/admin/support?status=open');
        assert.ok(open.body.total >= 3);
        assert.ok(
          open.body.items.every((t: { status: string; messages: number }) => t.status === 'open' && t.messages >= 1),
        );
        const byCompany = await api(root, 'GET', '/api/admin/support?q=blue%20door');
        assert.equal(byCompany.body.items[0].ref, 'HIVE-1002');
        const inactive = await api(root, 'GET', '/api/admin/coupons?active=false');
        assert.deepEqual(inactive.body.items.map((c: { code: string }) => c.code).sort(), [
          'BLACKFRIDAY',
          'LAUNCH2025',
        ]);
        const prices = await api(root, 'GET', '/api/admin/base_prices');
        assert.equal(prices.body.total, 10);
        assert.deepEqual(
          prices.body.items.slice(0, 3).map((p: { kind: string }) => p.kind),
          ['license', 'license', 'license'],
        );
        const pending = await api(root, 'GET', '/api/admin/bee_merchant?status=pending');
        assert.ok(pending.body.total >= 3);
        assert.match(pending.body.items[0].payoutAccount, /^•••• \d{4}$/);
      });

      it('bad query strings answer 400 with the field', async () => {
        assertValidation(await api(root, 'GET', '/api/admin/companies?page=0'), 'page');
        assertValidation(await api(root, 'GET', '/api/admin/companies?page=abc'), 'page');
        assertValidation(await api(root, 'GET', '/api/admin/companies?pageSize=1000'), 'pageSize');
        assertValidation(await api(root, 'GET', '/api/admin/companies?page=1&page=2'), 'page');
        assertValidation(await api(root, 'GET', `/api/admin/companies?q=${'x'.repeat(101)}`), 'q');
        assertValidation(await api(root, 'GET', '/api/admin/companies?status=closed'), 'status');
        assertValidation(await api(root, 'GET', '/api/admin/users?kind=robots'), 'kind');
        assertValidation(await api(root, 'GET', '/api/admin/base_prices/history?kind=license'), 'name');
      });

      it('ids: not a number -> 400, unknown -> 404', async () => {
        assertValidation(await api(root, 'GET', '/api/admin/companies/abc'), 'id');
        assertValidation(await api(root, 'GET', '/api/admin/companies/-1'), 'id');
        assertValidation(await api(root, 'GET', '/api/admin/companies/99999999999'), 'id');
        for (const path of [
          '/companies/999999',
          '/users/999999',
          '/coupons/999999',
          '/support/999999',
          '/bee_merchant/999999',
        ]) {
          const result = await api(root, 'GET', `/api/admin${path}`);
          assert.equal(result.status, 404, path);
          assert.equal(result.body.error, 'not_found');
        }
        assert.equal((await api(root, 'GET', '/api/admin/nothing-here')).status, 404);
      });
    });

    describe('validation: 400 with field messages', () => {
      it('company create', async () => {
        const ok = { name: 'Valid Co', license: 'Retail', addons: [], ownerEmail: 'valid@valid.test' };
        assertValidation(await api(root, 'POST', '/api/admin/companies', { ...ok, name: 'x' }), 'name');
        assertValidation(await api(root, 'POST', '/api/admin/companies', { ...ok, name: 'Tab\there' }), 'name');
        assertValidation(await api(root, 'POST', '/api/admin/companies', { ...ok, license: 'retail' }), 'license');
        assertValidation(
          await api(root, 'POST', '/api/admin/companies', { ...ok, addons: ['Kiosk', 'Kiosk'] }),
          'addons',
        );
        assertValidation(await api(root, 'POST', '/api/admin/companies', { ...ok, addons: ['Espresso'] }), 'addons.0');
        assertValidation(await api(root, 'POST', '/api/admin/companies', { ...ok, ownerEmail: 'nope' }), 'ownerEmail');
        assertValidation(await api(root, 'POST', '/api/admin/companies', { ...ok, extra: 1 }), 'body');
        const bodiless = await api(root, 'POST', '/api/admin/companies');
        assert.equal(bodiless.status, 415, 'a bodiless POST is not JSON');
        assert.equal((await api(root, 'POST', '/api/admin/companies', null)).status, 400);
        const taken = await api(root, 'POST', '/api/admin/companies', { ...ok, ownerEmail: 'owner@cornermarket.test' });
        assert.equal(taken.status, 409);
        assert.equal(taken.body.error, 'email_taken');
      });

      it('plan, status, lock, access', async () => {
        const id = await companyId(server, 'tiny-kiosk');
        assertValidation(await api(root, 'PUT', `/api/admin/companies/${id}/plan`, { license: 'Retail' }), 'addons');
        assertValidation(
          await api(root, 'PUT', `/api/admin/companies/${id}/plan`, { license: 1, addons: [] }),
          'license',
        );
        assertValidation(
          await api(root, 'PUT', `/api/admin/companies/${id}/status`, { status: 'suspended' }),
          'reason',
        );
        assertValidation(
          await api(root, 'PUT', `/api/admin/companies/${id}/status`, { status: 'closed', reason: 'because' }),
          'status',
        );
        const clerk = await userId(server, 'clerk@cornermarket.test');
        assertValidation(await api(root, 'POST', `/api/admin/users/${clerk}/lock`, { locked: 'yes' }), 'locked');
        assertValidation(await api(root, 'POST', `/api/admin/users/${clerk}/reset-link`, { email: 'x@y.z' }), 'body');
        const viewer = await userId(server, STAFF.viewer);
        assertValidation(
          await api(root, 'PUT', `/api/admin/users/${viewer}/access`, { role: 'owner', permissions: [] }),
          'role',
        );
        assertValidation(
          await api(root, 'PUT', `/api/admin/users/${viewer}/access`, { role: null, permissions: ['view_items_menu'] }),
          'permissions.0',
        );
        const merchant = await api(root, 'PUT', `/api/admin/users/${clerk}/access`, {
          role: 'viewer',
          permissions: [],
        });
        assert.equal(merchant.status, 409);
        assert.equal(merchant.body.error, 'not_staff');
      });

      it('coupons', async () => {
        const post = (body: unknown) => api(root, 'POST', '/api/admin/coupons', body);
        assertValidation(await post({ ...COUPON, code: 'a b' }), 'code');
        assertValidation(await post({ ...COUPON, kind: 'free' }), 'kind');
        assertValidation(await post({ ...COUPON, value: 0 }), 'value');
        assertValidation(await post({ ...COUPON, value: 100.5 }), 'value');
        assertValidation(await post({ ...COUPON, kind: 'amount', value: 10.001 }), 'value');
        assertValidation(await post({ ...COUPON, kind: 'amount', value: -5 }), 'value');
        assertValidation(await post({ ...COUPON, value: '10' }), 'value');
        assertValidation(await post({ ...COUPON, validFrom: '2026-02-30' }), 'validFrom');
        assertValidation(await post({ ...COUPON, validTo: '2026-01-01' }), 'validTo');
        assertValidation(await post({ ...COUPON, maxRedemptions: 0 }), 'maxRedemptions');
        assertValidation(await post({ ...COUPON, maxRedemptions: 2.5 }), 'maxRedemptions');
        assertValidation(await post({ ...COUPON, licenses: [] }), 'licenses');
        assertValidation(await post({ ...COUPON, licenses: ['Retail', 'Retail'] }), 'licenses');
        const created = await post({ ...COUPON, code: 'dup-code' });
        assert.equal(created.status, 201);
        assert.equal(created.body.code, 'DUP-CODE'); // codes are upper-cased
        const duplicate = await post({ ...COUPON, code: 'DUP-CODE' });
        assert.equal(duplicate.status, 409);
        assert.equal(duplicate.body.error, 'code_taken');
        // Fewer allowed redemptions than already used makes no sense.
        const used = (
          await db(server).selectFrom('coupons').select('id').where('code', '=', 'INVOICE20').executeTakeFirstOrThrow()
        ).id;
        const current = (await api(root, 'GET', `/api/admin/coupons/${used}`)).body;
        const { id: _i, redemptions: _r, active: _a, createdAt: _c, updatedAt: _u, ...editable } = current;
        assertValidation(
          await api(root, 'PUT', `/api/admin/coupons/${used}`, { ...editable, maxRedemptions: 10 }),
          'maxRedemptions',
        );
      });

      it('tickets, base prices, merchant decisions', async () => {
        const ticket = (
          await db(server)
            .selectFrom('support_tickets')
            .select('id')
            .where('ref', '=', 'HIVE-1003')
            .executeTakeFirstOrThrow()
        ).id;
        assertValidation(await api(root, 'POST', `/api/admin/support/${ticket}/messages`, { body: '   ' }), 'body');
        assertValidation(
          await api(root, 'POST', `/api/admin/support/${ticket}/messages`, { body: 'x'.repeat(5001) }),
          'body',
        );
        assertValidation(await api(root, 'PUT', `/api/admin/support/${ticket}/status`, { status: 'solved' }), 'status');
        assertValidation(
          await api(root, 'PUT', '/api/admin/base_prices', { kind: 'addon', name: 'Retail', monthlyPrice: 5 }),
          'name',
        );
        assertValidation(
          await api(root, 'PUT', '/api/admin/base_prices', { kind: 'license', name: 'Retail', monthlyPrice: -1 }),
          'monthlyPrice',
        );
        assertValidation(
          await api(root, 'PUT', '/api/admin/base_prices', { kind: 'license', name: 'Retail', monthlyPrice: 1e9 }),
          'monthlyPrice',
        );
        const account = (
          await db(server)
            .selectFrom('merchant_accounts')
            .select('id')
            .where('status', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).id;
        assertValidation(
          await api(root, 'POST', `/api/admin/bee_merchant/${account}/reject`, { reason: 'no' }),
          'reason',
        );
        assertValidation(await api(root, 'POST', `/api/admin/bee_merchant/${account}/reject`, {}), 'reason');
      });
    });

    describe('actions and the audit log', () => {
      it('a plan change is audited with who, what, when, before and after, shown on the company page', async () => {
        const billing = await signedIn(server, STAFF.billing);
        const id = await companyId(server, 'blue-door-bistro');
        server.clock.advance(1000);
        const startedAt = server.clock.now();
        const changed = await api(billing, 'PUT', `/api/admin/companies/${id}/plan`, {
          license: 'Restaurant',
          addons: ['Scheduling', 'Loyalty'],
        });
        assert.equal(changed.status, 200);
        assert.deepEqual(changed.body.addons, ['Loyalty', 'Scheduling']);
        assert.equal(changed.body.planVersion, 1);
        const audit = await api(billing, 'GET', `/api/admin/companies/${id}/audit`);
        assert.equal(audit.status, 200);
        const [entry] = audit.body.items;
        assert.equal(entry.action, 'company.plan');
        assert.deepEqual(entry.actor, {
          id: await userId(server, STAFF.billing),
          email: STAFF.billing,
          role: 'billing',
        });
        assert.deepEqual(entry.entity, { type: 'company', id });
        assert.ok(Date.parse(entry.at) >= startedAt);
        assert.deepEqual(entry.before, {
          license: 'Restaurant',
          addons: ['Item Modifiers', 'Loyalty', 'Ordering Online', 'Scheduling'],
          planVersion: 0,
        });
        assert.deepEqual(entry.after, { license: 'Restaurant', addons: ['Loyalty', 'Scheduling'], planVersion: 1 });
        // The same plan again changes nothing and records nothing.
        await api(billing, 'PUT', `/api/admin/companies/${id}/plan`, {
          license: 'Restaurant',
          addons: ['Loyalty', 'Scheduling'],
        });
        assert.equal((await api(billing, 'GET', `/api/admin/companies/${id}/audit`)).body.total, audit.body.total);
      });

      it('suspending a company ends its sessions and is audited; reactivating lets it back in', async () => {
        const owner = await signedIn(server, 'owner@atlas.test');
        const id = await companyId(server, 'atlas-consulting');
        const suspended = await api(root, 'PUT', `/api/admin/companies/${id}/status`, {
          status: 'suspended',
          reason: 'Unpaid invoices',
        });
        assert.equal(suspended.body.status, 'suspended');
        assert.equal(await owner.session(), null);
        const { body } = await new Client(server.url).signIn('owner@atlas.test');
        // Its administrator is told in her language that only support can reactivate it.
        assert.match(body.url, /code=company_suspended_admin\.en/);
        await api(root, 'PUT', `/api/admin/companies/${id}/status`, { status: 'active', reason: 'Paid in full' });
        const again = await new Client(server.url).signIn('owner@atlas.test');
        assert.equal(errorParam(again.body.url), null);
        const audit = (await api(root, 'GET', `/api/admin/companies/${id}/audit`)).body.items;
        assert.deepEqual(
          audit.slice(0, 2).map((e: { action: string; after: { reason: string } }) => [e.action, e.after.reason]),
          [
            ['company.reactivate', 'Paid in full'],
            ['company.suspend', 'Unpaid invoices'],
          ],
        );
      });

      it('creating a company makes its owner, mails a link to choose a password, and is audited', async () => {
        const distributor = await signedIn(server, STAFF.distributor);
        const created = await api(distributor, 'POST', '/api/admin/companies', {
          name: 'Fresh Bakes',
          license: 'Restaurant',
          addons: ['Ordering Online'],
          ownerEmail: 'Chef@FreshBakes.test',
        });
        assert.equal(created.status, 201);
        assert.equal(created.body.slug, 'fresh-bakes');
        assert.deepEqual(
          created.body.members.map((m: { email: string; role: string }) => [m.email, m.role]),
          [['chef@freshbakes.test', 'admin']],
        );
        const mails = await outbox(server, 'chef@freshbakes.test');
        assert.equal(mails.length, 1);
        assert.match(mails[0]!.body, /\/authentication\/resetpass\?token=/);
        // No password works until the owner has chosen one.
        const attempt = await new Client(server.url).signIn('chef@freshbakes.test', 'invited:no-password-yet');
        assert.equal(errorParam(attempt.body.url), 'CredentialsSignin');
        const [entry] = (await api(root, 'GET', `/api/admin/companies/${created.body.id}/audit`)).body.items;
        assert.equal(entry.action, 'company.create');
        assert.equal(entry.before, null);
        assert.equal(entry.after.ownerEmail, 'chef@freshbakes.test');
      });

      it('lock ends the user session, unlock also clears a sign-in lockout; both on the company audit', async () => {
        const support = await signedIn(server, STAFF.support);
        const manager = await signedIn(server, 'manager@bluedoor.test');
        const id = await userId(server, 'manager@bluedoor.test');
        const locked = await api(support, 'POST', `/api/admin/users/${id}/lock`, { locked: true });
        assert.equal(locked.body.status, 'locked');
        assert.equal(await manager.session(), null);
        await db(server)
          .insertInto('signin_failures')
          .values({
            email_key: emailKey('manager@bluedoor.test'),
            failures: 0,
            last_failed_at: null,
            locked_until: server.clock.now() + 600_000,
          })
          .execute();
        assert.notEqual((await api(support, 'GET', `/api/admin/users/${id}`)).body.lockedUntil, null);
        const unlocked = await api(support, 'POST', `/api/admin/users/${id}/lock`, { locked: false });
        assert.equal(unlocked.body.status, 'active');
        assert.equal(unlocked.body.lockedUntil, null);
        // The lock ended the old session for good: unlocking does not bring that cookie back.
        assert.equal(await manager.session(), null);
        const back = await new Client(server.url).signIn('manager@bluedoor.test');
        assert.equal(errorParam(back.body.url), null);
        const audit = (
          await api(root, 'GET', `/api/admin/companies/${await companyId(server, 'blue-door-bistro')}/audit`)
        ).body.items;
        assert.deepEqual(
          audit.slice(0, 2).map((e: { action: string; actor: { email: string } }) => [e.action, e.actor.email]),
          [
            ['user.unlock', STAFF.support],
            ['user.lock', STAFF.support],
          ],
        );
      });

      it('a reset link goes through the ordinary outbox and works; the token is not in the audit', async () => {
        const support = await signedIn(server, STAFF.support);
        const id = await userId(server, 'owner@tinykiosk.test');
        const sent = await api(support, 'POST', `/api/admin/users/${id}/reset-link`, {});
        assert.equal(sent.status, 200);
        assert.deepEqual(sent.body, { success: true, sentTo: 'owner@tinykiosk.test' });
        const token = await mailedToken(server, 'owner@tinykiosk.test');
        const reset = await new Client(server.url).post('/api/auth/resetpass', { token, password: 'kiosk-new-2026' });
        assert.equal(reset.response.status, 200);
        const rows = await db(server)
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'user.reset_link')
          .execute();
        assert.ok(rows.length >= 1);
        for (const row of rows) assert.ok(!`${row.after_json}`.includes(token));
      });

      it('staff access: role and admin permissions replaced, audited', async () => {
        const target = await userId(server, STAFF.staff);
        const changed = await api(root, 'PUT', `/api/admin/users/${target}/access`, {
          role: 'support',
          permissions: ['view_users_menu', 'view_support_menu'],
        });
        assert.equal(changed.status, 200);
        assert.equal(changed.body.role, 'support');
        assert.deepEqual(changed.body.permissions, ['view_support_menu', 'view_users_menu']);
        const session = await (await signedIn(server, STAFF.staff)).session();
        assert.deepEqual(session.user.role, { name: 'support' });
        const row = await db(server)
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'user.staff_access')
          .where('entity_id', '=', target)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        assert.deepEqual(JSON.parse(row.before_json!), { role: null, permissions: ['view_companies_menu'] });
        assert.equal(row.company_id, null);
        await api(root, 'PUT', `/api/admin/users/${target}/access`, {
          role: null,
          permissions: ['view_companies_menu'],
        });
      });

      it('coupons: create, edit, deactivate, each audited with before and after', async () => {
        const billing = await signedIn(server, STAFF.billing);
        const created = await api(billing, 'POST', '/api/admin/coupons', {
          ...COUPON,
          code: 'summer-5',
          kind: 'amount',
          value: 5.5,
        });
        assert.equal(created.status, 201);
        assert.equal(created.body.value, 5.5);
        assert.equal(created.body.active, true);
        const id = created.body.id;
        const edited = await api(billing, 'PUT', `/api/admin/coupons/${id}`, {
          ...COUPON,
          code: 'SUMMER-5',
          kind: 'percent',
          value: 15,
          licenses: ['Invoice', 'Retail'],
        });
        assert.equal(edited.status, 200);
        assert.deepEqual(edited.body.licenses, ['Retail', 'Invoice']);
        const off = await api(billing, 'POST', `/api/admin/coupons/${id}/deactivate`, {});
        assert.equal(off.body.active, false);
        const rows = await db(server)
          .selectFrom('audit_log')
          .selectAll()
          .where('entity_type', '=', 'coupon')
          .where('entity_id', '=', id)
          .orderBy('id')
          .execute();
        assert.deepEqual(
          rows.map((r) => r.action),
          ['coupon.create', 'coupon.update', 'coupon.deactivate'],
        );
        assert.equal(JSON.parse(rows[1]!.before_json!).kind, 'amount');
        assert.equal(JSON.parse(rows[1]!.after_json!).value, 15);
        assert.ok(rows.every((r) => r.actor_email === STAFF.billing && r.at > 0));
      });

      it('tickets: reply and status change, on the company audit', async () => {
        const support = await signedIn(server, STAFF.support);
        const id = (
          await db(server)
            .selectFrom('support_tickets')
            .select('id')
            .where('ref', '=', 'HIVE-1005')
            .executeTakeFirstOrThrow()
        ).id;
        const before = (await api(support, 'GET', `/api/admin/support/${id}`)).body;
        const replied = await api(support, 'POST', `/api/admin/support/${id}/messages`, {
          body: 'Points show after the next update.\nThanks!',
        });
        assert.equal(replied.status, 201);
        assert.equal(replied.body.messages.length, before.messages.length + 1);
        const last = replied.body.messages.at(-1);
        assert.deepEqual(
          [last.author, last.fromStaff, last.body],
          [STAFF.support, true, 'Points show after the next update.\nThanks!'],
        );
        const closed = await api(support, 'PUT', `/api/admin/support/${id}/status`, { status: 'closed' });
        assert.equal(closed.body.status, 'closed');
        const audit = (await api(root, 'GET', `/api/admin/companies/${before.company.id}/audit`)).body.items;
        assert.deepEqual(
          audit.slice(0, 2).map((e: { action: string }) => e.action),
          ['ticket.status', 'ticket.reply'],
        );
        assert.deepEqual(audit[0].before, { status: 'open' });
      });

      it('base prices: a change updates the current price and appends to the history', async () => {
        const billing = await signedIn(server, STAFF.billing);
        const history = async () =>
          (await api(billing, 'GET', '/api/admin/base_prices/history?kind=addon&name=Inventory')).body;
        const start = await history();
        const changed = await api(billing, 'PUT', '/api/admin/base_prices', {
          kind: 'addon',
          name: 'Inventory',
          monthlyPrice: 27.5,
          note: 'More warehouses included',
        });
        assert.equal(changed.status, 200);
        assert.equal(changed.body.monthlyPrice, 27.5);
        const now = await history();
        assert.equal(now.total, start.total + 1);
        assert.deepEqual(
          [now.items[0].monthlyPrice, now.items[0].previousPrice, now.items[0].changedBy, now.items[0].note],
          [27.5, 25, STAFF.billing, 'More warehouses included'],
        );
        const list = await api(billing, 'GET', '/api/admin/base_prices?q=invent');
        assert.equal(list.body.items[0].monthlyPrice, 27.5);
        const row = await db(server)
          .selectFrom('audit_log')
          .selectAll()
          .where('action', '=', 'base_price.update')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        assert.deepEqual(JSON.parse(row.before_json!), { kind: 'addon', name: 'Inventory', monthlyPrice: 25 });
      });

      it('merchant accounts: approve, reject with a reason, invalid transitions 409', async () => {
        const distributor = await signedIn(server, STAFF.distributor);
        const id = (
          await db(server)
            .selectFrom('merchant_accounts')
            .innerJoin('companies', 'companies.id', 'merchant_accounts.company_id')
            .select('merchant_accounts.id')
            .where('companies.slug', '=', 'maple-street-bakery')
            .executeTakeFirstOrThrow()
        ).id;
        const rejected = await api(distributor, 'POST', `/api/admin/bee_merchant/${id}/reject`, {
          reason: 'Bank letter is unreadable',
        });
        assert.equal(rejected.status, 200);
        assert.deepEqual(
          [rejected.body.status, rejected.body.rejectionReason, rejected.body.decidedBy],
          ['rejected', 'Bank letter is unreadable', STAFF.distributor],
        );
        const again = await api(distributor, 'POST', `/api/admin/bee_merchant/${id}/reject`, {
          reason: 'Bank letter is unreadable',
        });
        assert.equal(again.status, 409);
        const approved = await api(distributor, 'POST', `/api/admin/bee_merchant/${id}/approve`, {});
        assert.deepEqual([approved.body.status, approved.body.rejectionReason], ['active', null]);
        assert.equal((await api(distributor, 'POST', `/api/admin/bee_merchant/${id}/approve`, {})).status, 409);
        const audit = (await api(root, 'GET', `/api/admin/companies/${rejected.body.company.id}/audit`)).body.items;
        assert.deepEqual(
          audit.slice(0, 2).map((e: { action: string }) => e.action),
          ['bee_merchant.approve', 'bee_merchant.reject'],
        );
        assert.deepEqual(audit[1].after, { status: 'rejected', rejectionReason: 'Bank letter is unreadable' });
      });

      it('a refused or invalid write leaves no audit entry', async () => {
        const count = async () =>
          Number(
            (
              await db(server)
                .selectFrom('audit_log')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const before = await count();
        const viewer = await signedIn(server, STAFF.viewer);
        await api(viewer, 'PUT', `/api/admin/companies/${await companyId(server, 'tiny-kiosk')}/plan`, {
          license: 'Retail',
          addons: [],
        });
        await api(root, 'POST', '/api/admin/coupons', { ...COUPON, value: 0 });
        assert.equal(await count(), before);
      });
    });
  });
}
