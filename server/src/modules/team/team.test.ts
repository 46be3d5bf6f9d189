import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, type Kysely } from 'kysely';
import {
  backofficeBottomMenu,
  backofficeMainMenu,
  backofficeMenus,
  menuPaths,
  visibleMenu,
  type MenuContext,
} from '@hive/shared/menu';
import { effectivePermissions } from '@hive/shared/schemas/backoffice/team';
import { syncPermissions } from '../auth';
import { openDatabase } from '../../database';
import { DEMO_COMPANIES, DEMO_USERS } from '../../demo';
import { migrateToLatest } from '../../modules';
import type { Database } from '../../database';
import { migrationProvider } from '../../modules';
import { ensureTeamRoles, verifyPin } from './';
import { postEvents, saleEvent } from '../receipts';
import {
  addTerminal,
  api,
  assertValidation,
  companyId,
  db,
  paymentTypeId,
  signedIn,
  userId,
  type ApiResult,
} from '../../../test/admin-helpers';
import { Client, databaseTargets, mailedToken, outbox, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Team, the staff part (issue 20): employees with register PINs (unique per company, hashed, shown
 * once), positions, the company's roles and per-user overrides, and what they decide: the
 * permissions the session serves and `requirePage` enforces, the menu `visibleMenu` draws, the
 * lock-out rule, the access signal that makes a signed-in user reload without being signed out.
 * Tenancy and the role rule of every route are also checked by route-table.test.ts.
 */

const T = '/api/backoffice/team';
const ACCESS_HEADER = 'x-access-changed';
const PLAN_HEADER = 'x-plan-changed';

const employee = (extra: Record<string, unknown> = {}) => ({
  name: 'Nora Quinn',
  email: '',
  phone: '',
  positionId: null,
  hourlyRateCents: null,
  role: 'user',
  allLocations: true,
  locationIds: [],
  active: true,
  ...extra,
});

const RIGHTS = { refunds: true, discounts: true, openDrawer: true, void: true };

/** The menu paths `visibleMenu` shows a user with these permissions (the sidebar's own function). */
function pathsFor(ctx: MenuContext): string[] {
  return menuPaths(visibleMenu(backofficeMenus, ctx));
}

const perms = (names: readonly string[]) => names.map((name) => ({ id_permission: name, description: name }));

/** user_permissions must be role + granted - revoked for every merchant user: recomputed from the tables. */
async function assertCacheConsistent(database: Kysely<Database>): Promise<number> {
  const users = await database
    .selectFrom('users')
    .select(['id', 'role', 'company_id', 'email'])
    .where('is_admin', '=', 0)
    .where('company_id', 'is not', null)
    .execute();
  const roles = await database.selectFrom('role_permissions').selectAll().execute();
  const overrides = await database.selectFrom('user_permission_overrides').selectAll().execute();
  const held = await database
    .selectFrom('user_permissions')
    .innerJoin('permissions', 'permissions.id_permission', 'user_permissions.id_permission')
    .select(['user_permissions.user_id', 'user_permissions.id_permission'])
    .where('permissions.scope', '=', 'backoffice')
    .execute();
  for (const user of users) {
    const roleSet = roles
      .filter((r) => r.company_id === user.company_id && r.role === user.role)
      .map((r) => r.id_permission);
    const mine = overrides.filter((o) => o.user_id === user.id);
    const expected = effectivePermissions(roleSet, {
      granted: mine.filter((o) => Number(o.granted) === 1).map((o) => o.id_permission),
      revoked: mine.filter((o) => Number(o.granted) === 0).map((o) => o.id_permission),
    });
    const actual = held
      .filter((h) => h.user_id === user.id)
      .map((h) => h.id_permission)
      .sort();
    assert.deepEqual(actual, expected, `${user.email}: user_permissions = role + granted - revoked`);
  }
  return users.length;
}

for (const target of databaseTargets()) {
  describe(`team: employees, positions, roles, permissions [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@cornermarket.test: admin
    let manager: Client; // manager@cornermarket.test: manager, /tax_report and /transfers revoked
    let bistro: Client; // owner@bluedoor.test: another company
    let corner: number;
    let bluedoor: number;
    const get = (client: Client, p: string) => api(client, 'GET', `${T}${p}`);
    const send = (client: Client, method: string, p: string, json?: unknown) => api(client, method, `${T}${p}`, json);
    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);

    before(async () => {
      server = await startTestServer(target);
      [owner, manager, bistro] = await Promise.all(
        ['owner@cornermarket.test', 'manager@cornermarket.test', 'owner@bluedoor.test'].map((email) =>
          signedIn(server, email),
        ),
      );
      corner = await companyId(server, 'corner-market');
      bluedoor = await companyId(server, 'blue-door-bistro');
    });
    after(async () => {
      await server?.close();
    });

    describe('the roles of existing users', () => {
      it('every company has its three roles, and every demo persona holds exactly what it always held', async () => {
        const companies = await db(server).selectFrom('companies').select('id').execute();
        const roles = await db(server).selectFrom('company_roles').select(['company_id', 'role']).execute();
        for (const { id } of companies) {
          assert.deepEqual(
            roles
              .filter((r) => r.company_id === id)
              .map((r) => r.role)
              .sort(),
            ['admin', 'manager', 'user'],
          );
        }
        for (const persona of DEMO_USERS.filter((u) => !u.admin && u.company !== null)) {
          const client = await signedIn(server, persona.email);
          const { body } = await client.post('/api/auth/usercompany', {});
          const held = body.user.permissions.map((p: Json) => p.description).sort();
          assert.deepEqual(held, [...persona.permissions()].sort(), persona.email);
        }
        assert.ok((await assertCacheConsistent(db(server))) >= 7);
      });

      it("the Corner Market manager's two missing pages are overrides on top of the manager role", async () => {
        const id = await userId(server, 'manager@cornermarket.test');
        const { body } = await get(owner, `/permissions/${id}`);
        assert.equal(body.user.role, 'manager');
        assert.deepEqual(body.granted, []);
        assert.deepEqual(body.revoked, ['view_tax_report_menu', 'view_transfers_menu']);
        assert.ok(body.rolePermissions.includes('view_tax_report_menu'));
        const clerk = await get(owner, `/permissions/${await userId(server, 'clerk@cornermarket.test')}`);
        assert.deepEqual(clerk.body.rolePermissions, ['view_overview_menu']);
        assert.deepEqual([clerk.body.granted, clerk.body.revoked], [[], []]);
      });
    });

    describe('positions', () => {
      it('are created, listed with their employees, renamed, and kept while employees hold them', async () => {
        const created = await send(owner, 'POST', '/positions', {
          name: 'Baker',
          hourlyRateCents: 1725,
          color: '#aa5500',
        });
        ok(created, 201);
        assert.deepEqual(
          {
            name: created.body.name,
            rate: created.body.hourlyRateCents,
            color: created.body.color,
            n: created.body.employeeCount,
          },
          { name: 'Baker', rate: 1725, color: '#aa5500', n: 0 },
        );
        const taken = await send(owner, 'POST', '/positions', { name: 'Baker', hourlyRateCents: 1, color: '#000000' });
        assert.equal(taken.status, 409);
        assert.equal(taken.body.fields.name, 'another position already has this name');
        assertValidation(
          await send(owner, 'POST', '/positions', { name: 'X', hourlyRateCents: 10.5, color: '#000000' }),
          'hourlyRateCents',
        );

        const list = await get(owner, '/positions?sort=name');
        ok(list);
        const cashier = list.body.rows.find((p: Json) => p.name === 'Cashier');
        assert.equal(cashier.employeeCount, 1); // Priya Shah
        const renamed = await send(owner, 'PUT', `/positions/${created.body.id}`, {
          name: 'Bakery',
          hourlyRateCents: 1800,
          color: '#aa5500',
        });
        ok(renamed);
        assert.equal(renamed.body.name, 'Bakery');

        const inUse = await send(owner, 'DELETE', `/positions/${cashier.id}`);
        assert.equal(inUse.status, 409);
        assert.deepEqual([inUse.body.error, inUse.body.count], ['position_in_use', 1]);
        assert.equal((await send(owner, 'DELETE', `/positions/${created.body.id}`)).status, 204);
        // Another company's position is not there at all.
        const theirs = await get(bistro, '/positions');
        assert.equal((await get(owner, `/positions/${theirs.body.rows[0].id}`)).status, 404);
        assert.equal((await send(owner, 'DELETE', `/positions/${theirs.body.rows[0].id}`)).status, 404);
      });
    });

    describe('employees and PINs', () => {
      let options: Json;
      const employeeIdOf = async (name: string) =>
        (await db(server).selectFrom('employees').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
      before(async () => {
        options = (await get(owner, '/employees/options')).body;
      });

      it('creates an employee with a PIN made up by the server, stored as a scrypt hash and answered only this once', async () => {
        const cashier = options.positions.find((p: Json) => p.name === 'Cashier');
        const created = await send(
          owner,
          'POST',
          '/employees',
          employee({
            positionId: cashier.id,
            allLocations: false,
            locationIds: [options.locations[0].id],
            email: 'nora@cornermarket.test',
          }),
        );
        ok(created, 201);
        const pin = created.body.pin as string;
        assert.match(pin, /^\d{4}$/);
        const e = created.body.employee;
        assert.deepEqual(
          [e.positionName, e.hourlyRateCents, e.effectiveHourlyRateCents, e.allLocations, e.locationIds, e.backOffice],
          ['Cashier', null, cashier.hourlyRateCents, false, [options.locations[0].id], null],
        );
        const row = await db(server)
          .selectFrom('employees')
          .select(['pin_hash', 'pin_lookup'])
          .where('id', '=', e.id)
          .executeTakeFirstOrThrow();
        assert.match(row.pin_hash, /^scrypt\$/);
        assert.ok(!row.pin_hash.includes(pin));
        assert.equal(await verifyPin(pin, row.pin_hash), true);
        assert.ok(row.pin_lookup);
        // Never read back: not in the record, not in the list.
        for (const read of [await get(owner, `/employees/${e.id}`), await get(owner, '/employees?search=Nora')]) {
          ok(read);
          const text = JSON.stringify(read.body);
          assert.ok(!text.includes(`"${pin}"`) && !/"pin"|pin_hash|pinHash|pin_lookup/.test(text), text);
        }
      });

      it('a PIN is never chosen: a pin in the body is refused on its field, so nothing tells whether another employee has it', async () => {
        // 2468 is Marco Ruiz's demo PIN (set before the lookup existed), 1111 the admin's: the answer
        // is the same 400 as for a free PIN or a malformed one, never a 409.
        for (const pin of ['2468', '1111', '4826', '12a4']) {
          assertValidation(await send(owner, 'POST', '/employees', employee({ pin })), 'pin');
          const own = await send(manager, 'POST', `/employees/${await employeeIdOf('Marco Ruiz')}/pin`, { pin });
          assertValidation(own, 'pin');
          assert.match(own.body.fields.pin, /made up by the server/);
        }
      });

      it('employees created at once get different PINs, each unique in the company', async () => {
        const created = await Promise.all(
          Array.from({ length: 6 }, (_, i) => send(owner, 'POST', '/employees', employee({ name: `Racer ${i}` }))),
        );
        for (const answer of created) ok(answer, 201);
        const pins = created.map((c) => c.body.pin as string);
        assert.equal(new Set(pins).size, pins.length);
        const marco = await db(server)
          .selectFrom('employees')
          .select('pin_hash')
          .where('name', '=', 'Marco Ruiz')
          .executeTakeFirstOrThrow();
        for (const pin of pins) assert.equal(await verifyPin(pin, marco.pin_hash), false);
      });

      it('makes up a new PIN on request; the old one stops working', async () => {
        const created = await send(owner, 'POST', '/employees', employee({ name: 'Generated' }));
        ok(created, 201);
        assert.match(created.body.pin, /^\d{4}$/);
        const id = created.body.employee.id;
        const changed = await send(owner, 'POST', `/employees/${id}/pin`, {});
        ok(changed);
        assert.match(changed.body.pin, /^\d{4,6}$/);
        const { pin_hash } = await db(server)
          .selectFrom('employees')
          .select('pin_hash')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        assert.equal(await verifyPin(changed.body.pin, pin_hash), true);
        assert.equal(await verifyPin(created.body.pin, pin_hash), changed.body.pin === created.body.pin);
      });

      it('edits an employee; positions and locations must be the company own', async () => {
        const list = await get(owner, '/employees?search=Generated');
        const id = list.body.rows[0].id;
        const theirs = (await get(bistro, '/employees/options')).body;
        assertValidation(
          await send(
            owner,
            'PUT',
            `/employees/${id}`,
            employee({ name: 'Generated', positionId: theirs.positions[0].id }),
          ),
          'positionId',
        );
        assertValidation(
          await send(
            owner,
            'PUT',
            `/employees/${id}`,
            employee({ allLocations: false, locationIds: [theirs.locations[0].id] }),
          ),
          'locationIds',
        );
        const edited = await send(
          owner,
          'PUT',
          `/employees/${id}`,
          employee({ name: 'Generated', hourlyRateCents: 2150, active: false }),
        );
        ok(edited);
        assert.deepEqual(
          [edited.body.hourlyRateCents, edited.body.effectiveHourlyRateCents, edited.body.active],
          [2150, 2150, false],
        );
        assert.equal(
          (await get(owner, '/employees?status=inactive')).body.rows.some((r: Json) => r.id === id),
          true,
        );
        assert.equal((await send(owner, 'DELETE', `/employees/${id}`)).status, 204);
      });

      it("another company's employee is not found, whatever the route", async () => {
        const theirs = (await get(bistro, '/employees')).body.rows[0];
        const before = await db(server)
          .selectFrom('employees')
          .selectAll()
          .where('id', '=', theirs.id)
          .executeTakeFirstOrThrow();
        assert.equal((await get(owner, `/employees/${theirs.id}`)).status, 404);
        assert.equal((await send(owner, 'PUT', `/employees/${theirs.id}`, employee())).status, 404);
        assert.equal((await send(owner, 'POST', `/employees/${theirs.id}/pin`, {})).status, 404);
        assert.equal((await send(owner, 'POST', `/employees/${theirs.id}/invite`, { role: 'user' })).status, 404);
        assert.equal((await send(owner, 'POST', `/employees/${theirs.id}/revoke`, {})).status, 404);
        assert.equal((await send(owner, 'DELETE', `/employees/${theirs.id}`)).status, 404);
        const afterwards = await db(server)
          .selectFrom('employees')
          .selectAll()
          .where('id', '=', theirs.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual(afterwards, before);
        // Nor is another company's user on /permissions.
        const theirUser = await userId(server, 'manager@bluedoor.test');
        assert.equal((await get(owner, `/permissions/${theirUser}`)).status, 404);
        assert.equal((await send(owner, 'PUT', `/permissions/${theirUser}`, { granted: [], revoked: [] })).status, 404);
        assert.equal((await get(owner, `/permissions/${await userId(server, 'super@hive.test')}`)).status, 404);
      });

      it('an employee whose sales name them is deactivated, not deleted', async () => {
        const [withSales] = await db(server)
          .selectFrom('employees')
          .select('id')
          .where('company_id', '=', corner)
          .where('name', '=', 'Priya Shah')
          .execute();
        const database = db(server);
        const location = await database
          .selectFrom('locations')
          .select('id')
          .where('company_id', '=', corner)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        const terminalId = await addTerminal(database, corner, location.id, 'Team probe till');
        await postEvents(
          database,
          { companyId: corner, terminalId },
          [
            saleEvent({
              at: server.clock.now() - 60_000,
              employeeId: withSales!.id,
              lines: [{ itemId: null, name: 'Team probe', quantity: 1, unitPriceCents: 100, taxes: [] }],
              payments: [{ paymentTypeId: await paymentTypeId(database, corner, 'cash'), amountCents: 100 }],
            }),
          ],
          { now: server.clock.now() },
        );
        const refused = await send(owner, 'DELETE', `/employees/${withSales!.id}`);
        assert.equal(refused.status, 409);
        assert.equal(refused.body.error, 'employee_has_history');
        assert.equal((await get(owner, `/employees/${withSales!.id}`)).body.hasHistory, true);
      });
    });

    describe('the registers', () => {
      it("config lists the employees of the terminal's location, each with their role's register rights", async () => {
        const options = (await get(owner, '/employees/options')).body;
        const [here, there] = options.locations;
        assert.ok(there, 'Corner Market has two locations');
        const created = await api(owner, 'POST', '/api/backoffice/terminals', {
          name: 'Team probe',
          locationId: here.id,
        });
        ok(created, 201);
        const paired = await new Client(server.url).post('/api/device/v1/pair', { code: created.body.pairingCode });
        const config = async () => {
          const response = await fetch(`${server.url}/api/device/v1/config`, {
            headers: { authorization: `Bearer ${paired.body.token}` },
          });
          return (await response.json()) as Json;
        };
        ok(
          await send(
            owner,
            'POST',
            '/employees',
            employee({ name: 'Here Only', allLocations: false, locationIds: [here.id] }),
          ),
          201,
        );
        ok(
          await send(
            owner,
            'POST',
            '/employees',
            employee({ name: 'There Only', allLocations: false, locationIds: [there.id] }),
          ),
          201,
        );
        const { employees } = await config();
        const byName = new Map(employees.map((e: Json) => [e.name, e]));
        assert.ok(byName.has('Here Only'));
        assert.ok(!byName.has('There Only'));
        const dana: Json = byName.get('Dana Corner');
        assert.deepEqual([dana.role, dana.rights], ['admin', RIGHTS]);
        const priya: Json = byName.get('Priya Shah');
        assert.deepEqual(
          [priya.role, priya.rights],
          ['user', { refunds: false, discounts: true, openDrawer: false, void: false }],
        );
        assert.match(priya.pinVerifier, /^scrypt-hmac\$/);
        // A role's rights change reaches the registers' next config.
        const user = (await get(owner, '/roles')).body.roles[2];
        ok(
          await send(owner, 'PUT', '/roles/user', {
            permissions: user.permissions,
            registerRights: { ...user.registerRights, refunds: true },
          }),
        );
        const again = (await config()).employees.find((e: Json) => e.name === 'Priya Shah');
        assert.equal(again.rights.refunds, true);
        ok(
          await send(owner, 'PUT', '/roles/user', {
            permissions: user.permissions,
            registerRights: user.registerRights,
          }),
        );
      });
    });

    describe('roles, overrides and the menu', () => {
      it('GET /roles: the menu as permission groups and the three roles with what each grants', async () => {
        const { status, body } = await get(owner, '/roles');
        assert.equal(status, 200);
        const team = body.menu.main.find((n: Json) => n.name === 'menu.team');
        assert.deepEqual(
          team.children[0].children.map((n: Json) => n.permission),
          ['view_employees_menu', 'view_roles_menu', 'view_positions_menu', 'view_permissions_menu'],
        );
        assert.deepEqual(body.registerRights, ['refunds', 'discounts', 'openDrawer', 'void']);
        const [admin, mgr, user] = body.roles;
        assert.deepEqual([admin.role, mgr.role, user.role], ['admin', 'manager', 'user']);
        assert.deepEqual(admin.locked, ['view_roles_menu', 'view_permissions_menu']);
        assert.equal(user.registerRights.refunds, false);
        assert.deepEqual(user.reachable, ['view_overview_menu']);
        assert.ok(!mgr.reachable.includes('view_scheduling_menu'), 'Corner Market has no Scheduling add-on');
        assert.equal(mgr.userCount, 2); // manager@ and lucia@cornermarket.test
        assert.equal(admin.editable, true);
        // A manager sees the matrix but cannot change the admin role.
        assert.equal((await get(manager, '/roles')).body.roles[0].editable, false);
      });

      it('for every user, the effective permissions are role + overrides and the menu is visibleMenu of them', async () => {
        for (const persona of DEMO_USERS.filter((u) => !u.admin && u.company !== null)) {
          const company = DEMO_COMPANIES.find((c) => c.slug === persona.company)!;
          const asOwner = await signedIn(
            server,
            DEMO_USERS.find((u) => u.company === persona.company && u.role === 'admin')!.email,
          );
          const { body } = await get(asOwner, `/permissions/${await userId(server, persona.email)}`);
          const effective = effectivePermissions(body.rolePermissions, body);
          assert.deepEqual(body.effective, effective, persona.email);
          const ctx = {
            role: persona.role,
            license: company.license,
            addons: company.addons,
            permissions: perms(effective),
          };
          assert.deepEqual(body.visiblePaths, pathsFor(ctx), persona.email);
          assert.deepEqual(body.menu, {
            main: JSON.parse(JSON.stringify(visibleMenu(backofficeMainMenu, ctx))),
            bottom: JSON.parse(JSON.stringify(visibleMenu(backofficeBottomMenu, ctx))),
          });
          // ...and it is what the user's own session loads.
          const self = await signedIn(server, persona.email);
          const loaded = (await self.post('/api/auth/usercompany', {})).body;
          assert.deepEqual(
            pathsFor({
              role: loaded.user.role,
              license: loaded.license.name,
              addons: loaded.addons,
              permissions: loaded.user.permissions,
            }),
            body.visiblePaths,
            persona.email,
          );
        }
      });

      it('a role change reaches its users at once: the gated API answers 403, the next session check signals, nobody is signed out', async () => {
        const second = await signedIn(server, 'manager@cornermarket.test'); // another browser of the manager
        const clerk = await signedIn(server, 'clerk@cornermarket.test');
        for (const client of [manager, second, clerk]) await client.post('/api/auth/usercompany', {});
        assert.equal((await api(second, 'GET', '/api/backoffice/items')).status, 200);

        const roles = (await get(owner, '/roles')).body.roles;
        const mgr = roles.find((r: Json) => r.role === 'manager');
        const without = mgr.permissions.filter((p: string) => p !== 'view_items_menu');
        const changed = await send(owner, 'PUT', '/roles/manager', {
          permissions: without,
          registerRights: mgr.registerRights,
        });
        ok(changed);
        assert.equal(changed.body.changedUsers, 2); // both Corner Market managers
        assert.ok(!changed.body.permissions.includes('view_items_menu'));

        // The server's page rule at once, in both browsers.
        for (const client of [manager, second]) {
          const refused = await api(client, 'GET', '/api/backoffice/items');
          assert.equal(refused.status, 403);
          assert.equal(refused.body.error, 'forbidden');
        }
        // The session check: still signed in, the new permissions, and the reload signal.
        const check = await second.request('/api/auth/session');
        assert.equal(check.headers.get(PLAN_HEADER), '1');
        assert.equal(check.headers.get(ACCESS_HEADER), '1');
        const session = await check.json();
        assert.equal(session.user.email, 'manager@cornermarket.test');
        assert.ok(!session.user.permissions.some((p: Json) => p.description === 'view_items_menu'));
        // The clerk's role did not change: no signal.
        assert.equal((await clerk.request('/api/auth/session')).headers.get(PLAN_HEADER), null);
        // The ?planChanged=true reload (usercompany): the menu without Items, and the signal gone.
        const reload = await second.request('/api/auth/usercompany', { json: {} });
        assert.equal(reload.headers.get(PLAN_HEADER), null);
        const data = await reload.json();
        const ctx = {
          role: data.user.role,
          license: data.license.name,
          addons: data.addons,
          permissions: data.user.permissions,
        };
        assert.ok(!pathsFor(ctx).includes('/items'));
        assert.ok(pathsFor(ctx).includes('/categories'));
        assert.equal((await second.request('/api/auth/session')).headers.get(PLAN_HEADER), null);
        // Per user, not per browser: the first browser's reload is done as well.
        assert.equal((await manager.request('/api/auth/session')).headers.get(PLAN_HEADER), null);

        // Granted back.
        ok(
          await send(owner, 'PUT', '/roles/manager', {
            permissions: mgr.permissions,
            registerRights: mgr.registerRights,
          }),
        );
        assert.equal((await api(manager, 'GET', '/api/backoffice/items')).status, 200);
        assert.equal((await manager.request('/api/auth/session')).headers.get(ACCESS_HEADER), '1');
        await assertCacheConsistent(db(server));
      });

      it('a revoke override closes one page for one user; a grant opens one the role lacks', async () => {
        const id = await userId(server, 'manager@cornermarket.test');
        const current = (await get(owner, `/permissions/${id}`)).body;
        const revoked = [...current.revoked, 'view_customer_menu'];
        const changed = await send(owner, 'PUT', `/permissions/${id}`, { granted: [], revoked });
        ok(changed);
        assert.ok(!changed.body.effective.includes('view_customer_menu'));
        assert.ok(!changed.body.visiblePaths.includes('/customer'));
        assert.equal((await api(manager, 'GET', '/api/backoffice/customers')).status, 403);
        assert.equal((await api(manager, 'GET', '/api/backoffice/categories')).status, 200);
        ok(await send(owner, 'PUT', `/permissions/${id}`, { granted: [], revoked: current.revoked }));
        assert.equal((await api(manager, 'GET', '/api/backoffice/customers')).status, 200);

        // The clerk's role (user) has only the overview; a grant adds a permission, the menu's role rule still decides.
        const clerkId = await userId(server, 'clerk@cornermarket.test');
        const granted = await send(owner, 'PUT', `/permissions/${clerkId}`, {
          granted: ['view_items_menu'],
          revoked: [],
        });
        ok(granted);
        assert.ok(granted.body.effective.includes('view_items_menu'));
        assert.deepEqual(granted.body.visiblePaths, ['/overview'], 'Items is for admins and managers');
        const promoted = await send(owner, 'PUT', `/permissions/${clerkId}`, {
          role: 'manager',
          granted: [],
          revoked: [],
        });
        ok(promoted);
        assert.equal(promoted.body.user.role, 'manager');
        assert.ok(promoted.body.visiblePaths.includes('/items'));
        ok(await send(owner, 'PUT', `/permissions/${clerkId}`, { role: 'user', granted: [], revoked: [] }));
        assertValidation(
          await send(owner, 'PUT', `/permissions/${clerkId}`, {
            granted: ['view_items_menu'],
            revoked: ['view_items_menu'],
          }),
          'revoked',
        );
        assertValidation(
          await send(owner, 'PUT', `/permissions/${clerkId}`, { granted: ['view_companies_menu'], revoked: [] }),
          'granted',
        );
        await assertCacheConsistent(db(server));
      });

      it('a manager changes only what they hold, and never an admin or the admin role', async () => {
        const roles = (await get(owner, '/roles')).body.roles;
        const [admin, mgr] = roles;
        const adminChange = await send(manager, 'PUT', '/roles/admin', {
          permissions: admin.permissions,
          registerRights: RIGHTS,
        });
        assert.deepEqual([adminChange.status, adminChange.body.error], [409, 'admin_only']);
        // The Corner Market manager lacks /tax_report: they cannot give it back to themselves...
        const self = await userId(server, 'manager@cornermarket.test');
        const own = await send(manager, 'PUT', `/permissions/${self}`, {
          granted: [],
          revoked: ['view_transfers_menu'],
        });
        assert.deepEqual(
          [own.status, own.body.error, own.body.permissions],
          [409, 'not_held', ['view_tax_report_menu']],
        );
        // ...nor make the clerk a manager (who would get /tax_report and /transfers), unless those stay revoked.
        const clerkId = await userId(server, 'clerk@cornermarket.test');
        const promote = await send(manager, 'PUT', `/permissions/${clerkId}`, {
          role: 'manager',
          granted: [],
          revoked: [],
        });
        assert.equal(promote.body.error, 'not_held');
        ok(
          await send(manager, 'PUT', `/permissions/${clerkId}`, {
            role: 'manager',
            granted: [],
            revoked: ['view_tax_report_menu', 'view_transfers_menu'],
          }),
        );
        ok(await send(owner, 'PUT', `/permissions/${clerkId}`, { role: 'user', granted: [], revoked: [] }));
        // Nor make anyone an admin, nor touch the owner.
        const makeAdmin = await send(manager, 'PUT', `/permissions/${clerkId}`, {
          role: 'admin',
          granted: [],
          revoked: [],
        });
        assert.equal(makeAdmin.body.error, 'admin_only');
        const ownerId = await userId(server, 'owner@cornermarket.test');
        assert.equal(
          (await send(manager, 'PUT', `/permissions/${ownerId}`, { granted: [], revoked: [] })).body.error,
          'admin_only',
        );
        assert.equal((await send(manager, 'POST', '/employees', employee({ role: 'admin' }))).body.error, 'admin_only');
        // A manager removing a page from the manager role that they hold is fine.
        const fewer = mgr.permissions.filter((p: string) => p !== 'view_bundles_menu');
        ok(await send(manager, 'PUT', '/roles/manager', { permissions: fewer, registerRights: mgr.registerRights }));
        ok(
          await send(owner, 'PUT', '/roles/manager', {
            permissions: mgr.permissions,
            registerRights: mgr.registerRights,
          }),
        );
      });
    });

    describe('the lock-out rule', () => {
      it('the admin role keeps /roles and /permissions: 409 with the reason', async () => {
        const admin = (await get(owner, '/roles')).body.roles[0];
        for (const lost of ['view_roles_menu', 'view_permissions_menu']) {
          const refused = await send(owner, 'PUT', '/roles/admin', {
            permissions: admin.permissions.filter((p: string) => p !== lost),
            registerRights: RIGHTS,
          });
          assert.equal(refused.status, 409);
          assert.equal(refused.body.error, 'admin_role_locked');
          assert.deepEqual(refused.body.permissions, [lost]);
          assert.match(refused.body.message, /lock itself out/);
        }
        // Other pages of the admin role can go (and come back).
        const fewer = admin.permissions.filter((p: string) => p !== 'view_bundles_menu');
        ok(await send(owner, 'PUT', '/roles/admin', { permissions: fewer, registerRights: RIGHTS }));
        ok(await send(owner, 'POST', '/roles/admin/reset', {}));
        assert.equal((await get(owner, '/roles')).body.roles[0].permissions.length, admin.permissions.length);
      });

      it('the last admin cannot revoke their own access to /roles or /permissions, nor step down; with a second admin they can', async () => {
        const ownerId = await userId(server, 'owner@cornermarket.test');
        const revoke = await send(owner, 'PUT', `/permissions/${ownerId}`, {
          granted: [],
          revoked: ['view_permissions_menu'],
        });
        assert.equal(revoke.status, 409);
        assert.equal(revoke.body.error, 'last_admin');
        const stepDown = await send(owner, 'PUT', `/permissions/${ownerId}`, {
          role: 'manager',
          granted: [],
          revoked: [],
        });
        assert.equal(stepDown.body.error, 'last_admin');
        // Other pages are the owner's to give up.
        ok(await send(owner, 'PUT', `/permissions/${ownerId}`, { granted: [], revoked: ['view_bundles_menu'] }));
        ok(await send(owner, 'PUT', `/permissions/${ownerId}`, { granted: [], revoked: [] }));
        // The owner's own employee record: no stepping down, no deactivating.
        const dana = (await get(owner, '/employees?search=Dana')).body.rows[0];
        const ownRecord = await send(
          owner,
          'PUT',
          `/employees/${dana.id}`,
          employee({ name: dana.name, role: 'manager' }),
        );
        assert.equal(ownRecord.body.error, 'own_account');

        // A second admin who has chosen a password: now the owner may give up /permissions.
        const created = await send(
          owner,
          'POST',
          '/employees',
          employee({ name: 'Second Admin', email: 'second@cornermarket.test' }),
        );
        ok(await send(owner, 'POST', `/employees/${created.body.employee.id}/invite`, { role: 'admin' }));
        // Invited is not enough: nobody can sign in with it yet.
        assert.equal(
          (await send(owner, 'PUT', `/permissions/${ownerId}`, { granted: [], revoked: ['view_permissions_menu'] }))
            .body.error,
          'last_admin',
        );
        const token = await mailedToken(server, 'second@cornermarket.test');
        const accepted = await new Client(server.url).post('/api/auth/resetpass', {
          token,
          password: 'second-admin-2026',
        });
        assert.equal(accepted.response.status, 200);
        ok(await send(owner, 'PUT', `/permissions/${ownerId}`, { granted: [], revoked: ['view_permissions_menu'] }));
        assert.equal((await get(owner, '/permissions')).status, 403);
        // The second admin is now the last one who can; they cannot do the same to themselves...
        const second = new Client(server.url);
        await second.signIn('second@cornermarket.test', 'second-admin-2026');
        const secondId = await userId(server, 'second@cornermarket.test');
        const last = await send(second, 'PUT', `/permissions/${secondId}`, {
          granted: [],
          revoked: ['view_roles_menu'],
        });
        assert.equal(last.body.error, 'last_admin');
        // ...and they give the owner access back.
        ok(await send(second, 'PUT', `/permissions/${ownerId}`, { granted: [], revoked: [] }));
        assert.equal((await get(owner, '/permissions')).status, 200);
        // Taking the second admin's access away leaves the owner: allowed; their session ends.
        ok(await send(owner, 'POST', `/employees/${created.body.employee.id}/revoke`, {}));
        assert.equal(await second.session(), null);
        await assertCacheConsistent(db(server));
      });
    });

    describe('back-office invitations', () => {
      it('invites an employee by e-mail through the outbox; the link sets a password; the role decides the menu', async () => {
        const created = await send(
          owner,
          'POST',
          '/employees',
          employee({ name: 'Omar Haddad', email: 'Omar@CornerMarket.test', role: 'user' }),
        );
        const id = created.body.employee.id;
        const invited = await send(owner, 'POST', `/employees/${id}/invite`, { role: 'manager' });
        ok(invited);
        assert.deepEqual(invited.body.backOffice.email, 'omar@cornermarket.test');
        assert.deepEqual(
          [invited.body.backOffice.role, invited.body.backOffice.status, invited.body.role],
          ['manager', 'invited', 'manager'],
        );
        const [mail] = await outbox(server, 'omar@cornermarket.test');
        assert.match(mail!.subject, /invited to Corner Market/);
        assert.match(mail!.body, /as manager/);
        assert.match(mail!.body, /\/authentication\/resetpass\?token=/);
        // Not yet: no password matches an invited account.
        const early = await new Client(server.url).signIn('omar@cornermarket.test', 'anything-at-all-1');
        assert.notEqual(new URL(early.body.url).searchParams.get('error'), null);
        // Again: a new link, the old one stops working.
        const oldToken = await mailedToken(server, 'omar@cornermarket.test');
        ok(await send(owner, 'POST', `/employees/${id}/invite`, { role: 'manager' }));
        const token = await mailedToken(server, 'omar@cornermarket.test');
        assert.notEqual(token, oldToken);
        assert.equal(
          (await new Client(server.url).post('/api/auth/resetpass', { token: oldToken, password: 'omar-pass-2026' }))
            .response.status,
          400,
        );
        assert.equal(
          (await new Client(server.url).post('/api/auth/resetpass', { token, password: 'omar-pass-2026' })).response
            .status,
          200,
        );
        const omar = new Client(server.url);
        await omar.signIn('omar@cornermarket.test', 'omar-pass-2026');
        const data = (await omar.post('/api/auth/usercompany', {})).body;
        assert.equal(data.user.role, 'manager');
        const managerRole = (await get(owner, '/roles')).body.roles[1];
        assert.deepEqual(data.user.permissions.map((p: Json) => p.description).sort(), managerRole.permissions);
        assert.equal((await get(owner, `/employees/${id}`)).body.backOffice.status, 'active');
        assert.equal(
          (await send(owner, 'POST', `/employees/${id}/invite`, { role: 'manager' })).body.error,
          'already_has_access',
        );

        // The role on the employee is the user's role: changing it changes the menu and signals.
        ok(
          await send(
            owner,
            'PUT',
            `/employees/${id}`,
            employee({ name: 'Omar Haddad', email: 'omar@cornermarket.test', role: 'user' }),
          ),
        );
        const check = await omar.request('/api/auth/session');
        assert.equal(check.headers.get(ACCESS_HEADER), '1');
        assert.equal((await check.json()).user.role, 'user');
        // Deactivated: no access anywhere, the session ends.
        ok(
          await send(
            owner,
            'PUT',
            `/employees/${id}`,
            employee({ name: 'Omar Haddad', email: 'omar@cornermarket.test', active: false }),
          ),
        );
        assert.equal(await omar.session(), null);
        assert.equal((await get(owner, `/employees/${id}`)).body.backOffice.status, 'disabled');
      });

      it('refuses an address with an account elsewhere, an employee without an address, and inviting yourself', async () => {
        const created = await send(
          owner,
          'POST',
          '/employees',
          employee({ name: 'Taken', email: 'owner@bluedoor.test' }),
        );
        const taken = await send(owner, 'POST', `/employees/${created.body.employee.id}/invite`, { role: 'user' });
        assert.deepEqual([taken.status, taken.body.error], [409, 'email_taken']);
        const noMail = await send(owner, 'POST', '/employees', employee({ name: 'No mail' }));
        assert.equal(
          (await send(owner, 'POST', `/employees/${noMail.body.employee.id}/invite`, { role: 'user' })).body.error,
          'email_required',
        );
        const marco = (await get(manager, '/employees?search=Marco')).body.rows[0];
        assert.equal((await send(manager, 'POST', `/employees/${marco.id}/revoke`, {})).body.error, 'own_account');
        assert.equal(
          (await db(server).selectFrom('users').select('id').where('email', '=', 'owner@bluedoor.test').execute())
            .length,
          1,
        );
      });
    });

    describe('invariants', () => {
      it('user_permissions stays role + overrides for every user of every company', async () => {
        assert.ok((await assertCacheConsistent(db(server))) > 7);
        assert.ok(bluedoor > 0);
      });
    });
  });

  describe(`team: an install upgraded from before the roles [${target.name}]`, () => {
    it('keeps every user permission set, gives linked employees their user role', async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-team-migration-'));
      const prepared = await target.prepare(dataDir);
      const schema = prepared.options.databaseSchema;
      const handle = await openDatabase({ url: prepared.options.databaseUrl, dataDir, schema });
      try {
        const migrator = new Migrator({
          db: handle.db,
          provider: migrationProvider,
          ...(schema ? { migrationTableSchema: schema } : {}),
        });
        assert.equal((await migrator.migrateTo('2027_02_130_receipts_time_id_indexes')).error, undefined);
        await syncPermissions(handle.db);
        const old = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
        const now = Date.now();
        await old
          .insertInto('companies')
          .values({
            id: 1,
            name: 'Old Shop',
            slug: 'old-shop',
            license: 'Retail',
            language: 'en',
            status: 'active',
            created_at: now,
          })
          .execute();
        const people: [number, string, string, string[]][] = [
          [1, 'boss@old.test', 'admin', ['view_items_menu', 'view_roles_menu', 'view_permissions_menu']],
          [2, 'lead@old.test', 'manager', ['view_items_menu', 'view_customer_menu']],
          [3, 'till@old.test', 'user', []],
        ];
        for (const [id, email, role, names] of people) {
          await old
            .insertInto('users')
            .values({
              id,
              email,
              password_hash: 'x',
              is_admin: 0,
              role,
              company_id: 1,
              language: 'en',
              status: 'active',
              session_version: 0,
              created_at: now,
              updated_at: now,
            })
            .execute();
          for (const name of names)
            await old.insertInto('user_permissions').values({ user_id: id, id_permission: name }).execute();
        }
        await old
          .insertInto('employees')
          .values({
            company_id: 1,
            name: 'Lead',
            pin_hash: 'scrypt$x',
            user_id: 2,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();

        await migrateToLatest(handle.db, schema);
        assert.equal(await ensureTeamRoles(handle.db, now), 1);
        assert.equal(await ensureTeamRoles(handle.db, now), 0, 'once');
        for (const [id, email, , names] of people) {
          const held = (
            await handle.db.selectFrom('user_permissions').select('id_permission').where('user_id', '=', id).execute()
          )
            .map((r) => r.id_permission)
            .sort();
          assert.deepEqual(held, [...names].sort(), email);
        }
        await assertCacheConsistent(handle.db);
        const lead = await handle.db
          .selectFrom('employees')
          .select(['role', 'all_locations'])
          .executeTakeFirstOrThrow();
        assert.deepEqual([lead.role, lead.all_locations], ['manager', 1]);
        // The manager role gives every page; the lead's missing ones are revokes.
        const revokes = await handle.db
          .selectFrom('user_permission_overrides')
          .select('id_permission')
          .where('user_id', '=', 2)
          .where('granted', '=', 0)
          .execute();
        assert.ok(revokes.some((r) => r.id_permission === 'view_categories_menu'));
      } finally {
        await handle.destroy();
        await prepared.cleanup();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}
