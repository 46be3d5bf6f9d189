import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { canSeePath, type MenuContext } from '@hive/shared/menu';
import { DEMO_COMPANIES, DEMO_USERS } from '../src/demo';
import { listRoutes, type RouteEntry } from '../src/platform/http';
import { AUTH_ACTIONS } from '../src/modules/auth/guards';
import { postEvents, saleEvent, shiftOpenEvent } from '../src/modules/receipts';
import { createDeployToken, revokeDeployToken } from '../src/modules/releases';
import { addTerminal, paymentTypeId } from './admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from './helpers';

/*
 * Tenant, role, Origin and Content-Type rules, driven from the server's own route list
 * (listRoutes reads Express's router stack). A route added tomorrow is in these tables the day it
 * is added; a write route without a sample body, or an `:id` without a table, fails here with a
 * message saying what to add.
 */

/** The table behind each `:id`, by the path segment before it; same name when not listed. */
const ID_TABLES: Record<string, string> = {
  orders: 'ordering_orders',
  invoices: 'platform_invoices',
  kiosk_banners: 'banners',
  customer_display_banners: 'banners',
  // Reporting: a receipt's detail and a shift's Z report.
  transactions: 'receipts',
  closings: 'shifts',
  // Inventory: the counts of /stock.
  counts: 'stock_counts',
  // Team: job positions, and a user's permission overrides (by user id).
  positions: 'job_positions',
  permissions: 'users',
  // Team: the schedule's planned shifts (register shifts are `closings`) and time off.
  shifts: 'schedule_shifts',
  time_off: 'time_off',
  // Team: the time clock's entries (/attendancer).
  attendance: 'time_entries',
  // Offers and rewards.
  giftcards: 'gift_cards',
  // Sales: invoices to customers (`invoices` above is the platform's billing of the company).
  customer_invoices: 'invoices',
  recurring_invoices: 'recurring_invoices',
  // Products catalog: a bundle is an item.
  bundles: 'items',
};

const BANNER_PROBE = {
  title: 'Tenant probe',
  activeFrom: null,
  activeUntil: null,
  allLocations: true,
  locationIds: [],
};

/** A valid body for every write that takes one (validation must pass, so only tenancy answers). */
const SAMPLE_BODIES: Record<string, unknown> = {
  'PUT /api/backoffice/discounts/:id': {
    name: 'Tenant probe',
    type: 'percent',
    percentBp: 1000,
    amountCents: null,
    scope: 'receipt',
    itemIds: [],
    categoryIds: [],
    restricted: false,
    active: true,
  },
  'POST /api/backoffice/loyalty/customers/:id/adjust': { points: 5, reason: 'Tenant probe' },
  'PUT /api/backoffice/customer_invoices/:id': {
    customerId: 1,
    issueDate: '2026-01-01',
    dueDate: '2026-01-31',
    lines: [
      {
        itemId: null,
        description: 'Tenant probe',
        quantityHundredths: 100,
        unitPriceCents: 100,
        discountCents: 0,
        taxRateIds: [],
      },
    ],
    discountCents: 0,
    notes: '',
  },
  'POST /api/backoffice/customer_invoices/:id/payments': {
    amountCents: 1,
    paidOn: '2026-01-01',
    paymentTypeId: null,
    note: '',
  },
  'POST /api/backoffice/customer_invoices/:id/void': { reason: 'Tenant probe' },
  'POST /api/backoffice/customer_invoices/:id/send': {},
  'PUT /api/backoffice/recurring_invoices/:id': {
    customerId: 1,
    frequency: 'monthly',
    interval: 1,
    startDate: '2027-01-01',
    endDate: null,
    dueDays: 30,
    autoSend: false,
    lines: [
      {
        itemId: null,
        description: 'Tenant probe',
        quantityHundredths: 100,
        unitPriceCents: 100,
        discountCents: 0,
        taxRateIds: [],
      },
    ],
    discountCents: 0,
    notes: '',
  },
  'POST /api/backoffice/recurring_invoices/:id/pause': {},
  'POST /api/backoffice/recurring_invoices/:id/resume': {},
  'PUT /api/backoffice/bundles/:id': {
    name: 'Tenant probe',
    sku: '',
    categoryId: null,
    price: 1,
    taxIds: [],
    active: true,
    components: [{ itemId: 1, quantity: 1 }],
  },
  'PUT /api/backoffice/modifier_groups/:id': {
    name: 'Tenant probe',
    minChoices: 0,
    maxChoices: 1,
    modifiers: [{ id: null, name: 'Probe', price: 0 }],
    itemIds: [],
  },
  'PUT /api/backoffice/promotions/:id': {
    name: 'Tenant probe',
    kind: 'percent_off',
    priority: 1,
    stackable: true,
    active: true,
    itemIds: [],
    categoryIds: [],
    buyQuantity: 0,
    getQuantity: 0,
    getPercentBp: 0,
    percentBp: 1000,
    thresholdCents: 0,
    amountCents: 0,
    days: [],
    startTime: '',
    endTime: '',
    startsOn: null,
    endsOn: null,
  },
  'PUT /api/backoffice/giftcards/:id': { customerId: null, expiresOn: null, note: 'Tenant probe' },
  'POST /api/backoffice/giftcards/:id/load': { amountCents: 100, note: '' },
  'POST /api/backoffice/giftcards/:id/adjust': { amountCents: 100, reason: 'Tenant probe' },
  'POST /api/backoffice/giftcards/:id/void': { reason: 'Tenant probe' },
  'PUT /api/backoffice/items/:id': {
    name: 'Tenant probe',
    sku: '',
    categoryId: null,
    price: 1,
    cost: 0,
    taxIds: [],
    trackStock: false,
    active: true,
  },
  'PUT /api/backoffice/categories/:id': { name: 'Tenant probe', color: '#123456', position: 0 },
  'PUT /api/backoffice/customers/:id': { name: 'Tenant probe', email: '', phone: '', notes: '', points: 0 },
  'POST /api/backoffice/ordering/orders/:id/status': { action: 'cancel' },
  'PUT /api/backoffice/locations/:id': {
    name: 'Tenant probe',
    address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
    timezone: 'UTC',
    phone: '',
    active: false,
  },
  'PUT /api/backoffice/tax_rates/:id': { name: 'Tenant probe', rate: 1, type: 'added', appliesToNewItems: false },
  'POST /api/backoffice/tax_rates/:id/archive': {},
  'POST /api/backoffice/tax_rates/:id/restore': {},
  'PUT /api/backoffice/price_levels/:id': {
    name: 'Tenant probe',
    active: false,
    scheduled: false,
    days: [],
    startTime: '',
    endTime: '',
    allLocations: true,
    locationIds: [],
  },
  'PUT /api/backoffice/order_types/:id': { name: 'Tenant probe', active: false },
  'PUT /api/backoffice/payment_types/:id': { name: 'Tenant probe', cashLike: false, active: false },
  'PUT /api/backoffice/terminals/:id': { name: 'Tenant probe', locationId: 1 },
  'POST /api/backoffice/terminals/:id/pairing_code': {},
  'POST /api/backoffice/terminals/:id/unpair': {},
  'POST /api/backoffice/terminals/:id/close_shift': { shiftId: 1, countedCashCents: 0 },
  'PUT /api/backoffice/printers/:id': {
    name: 'Tenant probe',
    kind: 'receipt',
    locationId: 1,
    terminalId: null,
    address: '',
    categoryIds: [],
    active: false,
  },
  'POST /api/backoffice/printers/:id/test': {},
  'POST /api/backoffice/print_jobs/:id/retry': {},
  'POST /api/backoffice/print_jobs/:id/cancel': {},
  'PUT /api/backoffice/kiosk_banners/:id': BANNER_PROBE,
  'PUT /api/backoffice/customer_display_banners/:id': BANNER_PROBE,
  'PUT /api/backoffice/inventory/warehouses/:id': { name: 'Tenant probe', locationId: null, active: true },
  'PUT /api/backoffice/inventory/vendors/:id': {
    name: 'Tenant probe',
    contactName: '',
    email: '',
    phone: '',
    address: '',
    note: '',
    active: true,
    items: [],
  },
  'PUT /api/backoffice/inventory/purchase_orders/:id': {
    vendorId: 1,
    warehouseId: 1,
    expectedAt: null,
    note: '',
    lines: [{ itemId: 1, quantity: 1, cost: 1 }],
  },
  'POST /api/backoffice/inventory/purchase_orders/:id/order': {},
  'POST /api/backoffice/inventory/purchase_orders/:id/receive': {},
  'POST /api/backoffice/inventory/purchase_orders/:id/cancel': {},
  'POST /api/backoffice/inventory/purchase_orders/:id/close': {},
  'POST /api/backoffice/inventory/purchase_orders/:id/email': {},
  'PUT /api/backoffice/inventory/transfers/:id': {
    fromWarehouseId: 1,
    toWarehouseId: 2,
    note: '',
    lines: [{ itemId: 1, quantity: 1 }],
  },
  'POST /api/backoffice/inventory/transfers/:id/send': {},
  'POST /api/backoffice/inventory/transfers/:id/receive': {},
  'POST /api/backoffice/inventory/transfers/:id/cancel': {},
  'PUT /api/backoffice/inventory/production_templates/:id': {
    name: 'Tenant probe',
    outputItemId: 1,
    outputQuantity: 1,
    note: '',
    active: true,
    ingredients: [{ itemId: 2, quantity: 1 }],
  },
  'PUT /api/backoffice/team/employees/:id': {
    name: 'Tenant probe',
    email: '',
    phone: '',
    positionId: null,
    hourlyRateCents: null,
    role: 'user',
    allLocations: true,
    locationIds: [],
    active: false,
  },
  'POST /api/backoffice/team/employees/:id/pin': {},
  'POST /api/backoffice/team/employees/:id/invite': { role: 'user' },
  'POST /api/backoffice/team/employees/:id/revoke': {},
  'PUT /api/backoffice/team/positions/:id': { name: 'Tenant probe', hourlyRateCents: 100, color: '#123456' },
  'PUT /api/backoffice/team/permissions/:id': { granted: [], revoked: ['view_items_menu'] },
  'PUT /api/backoffice/team/schedule/shifts/:id': {
    locationId: 1,
    employeeId: 1,
    positionId: null,
    date: '2027-01-04',
    start: '09:00',
    end: '17:00',
    breakMinutes: 0,
    note: '',
  },
  'PUT /api/backoffice/team/attendance/:id': {
    employeeId: 1,
    locationId: 1,
    clockIn: '2026-01-05T09:00',
    clockOut: '2026-01-05T17:00',
    breakMinutes: 0,
    reason: 'Tenant probe',
  },
  'POST /api/backoffice/team/attendance/:id/approve': {},
};

/** Writes that are not JSON: Auth.js's form-encoded actions, the client log and the telemetry beacons (text/plain). */
const FORM_ROUTES = new Set([
  'POST /api/auth/_log',
  'POST /api/telemetry',
  'POST /api/auth/callback/credentials',
  'POST /api/auth/session',
  'POST /api/auth/signout',
]);

const WRITE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const key = (route: RouteEntry) => `${route.method} ${route.path}`;
const fill = (path: string, id: number | string) => path.replace(/:[A-Za-z]+/g, String(id));

const MERCHANTS = DEMO_USERS.filter((u) => !u.admin && u.company !== null);
const OWNERS = MERCHANTS.filter((u) => u.role === 'admin');

function menuOf(email: string): MenuContext {
  const user = DEMO_USERS.find((u) => u.email === email)!;
  const company = DEMO_COMPANIES.find((c) => c.slug === user.company)!;
  return {
    role: user.role,
    license: company.license,
    addons: company.addons,
    permissions: user.permissions().map((name) => ({ id_permission: name, description: name })),
  };
}

async function call(
  client: Client,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await client.request(path, {
    method,
    headers,
    ...(body === undefined ? {} : { json: body }),
  });
  // The live stream (GET /api/backoffice/events) answers and stays open: its status is the answer.
  if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: null as Json };
  }
  const text = await response.text();
  let json: Json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: response.status, body: json };
}

for (const target of databaseTargets()) {
  describe(`route table: tenants, roles, Origin, Content-Type [${target.name}]`, () => {
    let server: TestServer;
    let routes: RouteEntry[];
    const clients = new Map<string, Client>();
    const signedIn = async (email: string) => {
      let client = clients.get(email);
      if (!client) {
        client = new Client(server.url);
        const { body } = await client.signIn(email);
        assert.equal(new URL(body.url).searchParams.get('error'), null, `${email} signs in`);
        clients.set(email, client);
      }
      return client;
    };

    before(async () => {
      // With METRICS_TOKEN, so that GET /metrics (src/platform/metrics) is in the route list as well.
      server = await startTestServer(target, { metricsToken: 'route-table-metrics-token-0123456789' });
      routes = listRoutes(server.running.app);
      // An online order at Corner Market, so the order routes have another company's row to aim at
      // (Blue Door is the only demo company whose menu shows the ordering page).
      const db = server.running.database.db;
      const corner = await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'corner-market')
        .executeTakeFirstOrThrow();
      const now = Date.now();
      await db
        .insertInto('ordering_orders')
        .values({
          company_id: corner.id,
          public_id: 'tenant-probe-order',
          number: 1,
          status: 'received',
          customer_name: 'Tenant Probe',
          phone: '555 0100',
          pickup_at: now + 3_600_000,
          notes: '',
          subtotal_cents: 100,
          tax_cents: 0,
          total_cents: 100,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // A receipt and a shift at Blue Door Bistro, so the reports' :id routes have another company's
      // (Corner Market's owner is the first to see the reports).
      const bistro = await db
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'blue-door-bistro')
        .executeTakeFirstOrThrow();
      const location = await db
        .selectFrom('locations')
        .select('id')
        .where('company_id', '=', bistro.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const terminalId = await addTerminal(db, bistro.id, location.id, 'Tenant probe till');
      const open = shiftOpenEvent({ at: now - 3_600_000, openingFloatCents: 0 });
      await postEvents(db, { companyId: bistro.id, terminalId }, [
        open,
        saleEvent({
          at: now - 60_000,
          shiftId: open.id,
          lines: [{ itemId: null, name: 'Tenant probe', quantity: 1, unitPriceCents: 100, taxes: [] }],
          payments: [{ paymentTypeId: await paymentTypeId(db, bistro.id, 'cash'), amountCents: 100 }],
        }),
      ]);
      // A planned shift and a time off at Corner Market, so the schedule's :id routes have another
      // company's (Blue Door's owner is the one with the Scheduling add-on).
      const [cornerEmployee, cornerLocation] = await Promise.all([
        db.selectFrom('employees').select('id').where('company_id', '=', corner.id).executeTakeFirstOrThrow(),
        db.selectFrom('locations').select('id').where('company_id', '=', corner.id).executeTakeFirstOrThrow(),
      ]);
      await db
        .insertInto('schedule_shifts')
        .values({
          company_id: corner.id,
          location_id: cornerLocation.id,
          employee_id: cornerEmployee.id,
          position_id: null,
          day: 20_000,
          start_minute: 540,
          end_minute: 1020,
          starts_at: now,
          ends_at: now + 8 * 3_600_000,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('time_off')
        .values({
          company_id: corner.id,
          employee_id: cornerEmployee.id,
          first_day: 20_000,
          last_day: 20_001,
          created_by: null,
          created_at: now,
        })
        .execute();
      // Inventory documents at Blue Door Bistro, so the inventory :id routes have another company's
      // (Corner Market's owner is the one with the Inventory add-on).
      const [warehouse, item] = await Promise.all([
        db.selectFrom('warehouses').select('id').where('company_id', '=', bistro.id).executeTakeFirstOrThrow(),
        db.selectFrom('items').select('id').where('company_id', '=', bistro.id).executeTakeFirstOrThrow(),
      ]);
      const doc = {
        company_id: bistro.id,
        number: 1,
        created_by: null,
        created_at: now,
        updated_by: null,
        updated_at: now,
      };
      const vendor = await db
        .insertInto('vendors')
        .values({ company_id: bistro.id, name: 'Tenant probe', active: 1, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('purchase_orders')
        .values({ ...doc, vendor_id: vendor.id, warehouse_id: warehouse.id, status: 'draft', expected_at: null })
        .execute();
      await db
        .insertInto('transfers')
        .values({ ...doc, from_warehouse_id: warehouse.id, to_warehouse_id: warehouse.id, status: 'draft' })
        .execute();
      await db
        .insertInto('adjustments')
        .values({ ...doc, warehouse_id: warehouse.id, reason: 'correction' })
        .execute();
      await db
        .insertInto('stock_counts')
        .values({ ...doc, warehouse_id: warehouse.id })
        .execute();
      const template = await db
        .insertInto('production_templates')
        .values({
          company_id: bistro.id,
          name: 'Tenant probe',
          output_item_id: item.id,
          output_quantity: 1,
          active: 1,
          created_by: null,
          created_at: now,
          updated_by: null,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('production_orders')
        .values({
          ...doc,
          template_id: template.id,
          warehouse_id: warehouse.id,
          batches: 1,
          output_item_id: item.id,
          output_quantity: 1,
          output_unit_cost_cents: 0,
        })
        .execute();
      // A time-clock entry at Corner Market, so the attendance :id routes have another company's
      // (Blue Door's owner is the one with the Scheduling add-on).
      const clerk = await db
        .selectFrom('employees')
        .select('id')
        .where('company_id', '=', corner.id)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('time_entries')
        .values({
          company_id: corner.id,
          employee_id: clerk.id,
          location_id: null,
          clock_in_at: now - 7_200_000,
          clock_out_at: now - 3_600_000,
          source: 'manual',
          reason: 'Tenant probe',
          created_at: now,
          updated_at: now,
        })
        .execute();
    });
    after(async () => {
      await server?.close();
    });

    it('finds the routes it is about', () => {
      const backoffice = routes.filter((r) => r.path.startsWith('/api/backoffice/'));
      assert.ok(backoffice.length >= 20, `back-office routes: ${backoffice.length}`);
      assert.ok(routes.some((r) => r.path.startsWith('/api/admin/')));
      for (const route of backoffice) {
        assert.notEqual(route.page, undefined, `${key(route)} has no requirePage / requireMerchant guard`);
      }
    });

    it("another company's ids answer 404 on every back-office route and method, and no row changes", async () => {
      const db = server.running.database.db;
      const schema =
        target.name === 'postgres'
          ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s
          : undefined;
      const tables = (await db.introspection.getTables())
        .filter((t) => schema === undefined || t.schema === schema)
        .filter((t) => t.columns.some((c) => c.name === 'company_id'))
        .map((t) => t.name)
        .sort();
      const snapshot = async () => {
        const out: Record<string, unknown[]> = {};
        for (const table of tables) {
          // Rows compared as a set: `order by 1` leaves ties (a first column that is not unique) in
          // whatever order PostgreSQL finds them, which an unrelated write may change.
          out[table] = (await sql`select * from ${sql.table(table)}`.execute(db)).rows
            .map((row) => JSON.stringify(row))
            .sort();
        }
        return JSON.stringify(out);
      };
      const companyIds = new Map(
        (await db.selectFrom('companies').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]),
      );

      const before = await snapshot();
      let checked = 0;
      for (const route of routes.filter((r) => r.path.startsWith('/api/backoffice/') && r.path.includes(':id'))) {
        const segment = /\/([a-z_]+)\/:id/.exec(route.path)?.[1] ?? '';
        const table = ID_TABLES[segment] ?? segment;
        assert.ok(
          tables.includes(table),
          `${key(route)}: name the table of its :id in ID_TABLES (no table "${table}")`,
        );
        const attacker = OWNERS.find((u) => route.page === null || canSeePath(route.page!, menuOf(u.email)));
        assert.ok(attacker, `${key(route)}: no demo owner sees ${route.page}`);
        const attackerCompany = companyIds.get(attacker.company!)!;
        const victim = await sql<{
          id: number;
        }>`select id from ${sql.table(table)} where company_id <> ${attackerCompany} order by id limit 1`.execute(db);
        const id = victim.rows[0]?.id;
        assert.ok(id, `${key(route)}: the demo data has no ${table} row of another company`);
        const body =
          route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
            ? SAMPLE_BODIES[key(route)]
            : undefined;
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          assert.ok(body !== undefined, `${key(route)}: add a valid body to SAMPLE_BODIES`);
        }
        const result = await call(await signedIn(attacker.email), route.method, fill(route.path, id), body);
        assert.equal(
          result.status,
          404,
          `${key(route)} as ${attacker.email} with ${table} ${id}: ${JSON.stringify(result.body)}`,
        );
        checked += 1;
      }
      assert.ok(checked >= 10, `checked ${checked} routes`);
      assert.equal(await snapshot(), before, 'no company-scoped row changed');
    });

    it('every back-office route answers each demo persona exactly as the menu rule of its page says', async () => {
      for (const route of routes.filter((r) => r.path.startsWith('/api/backoffice/'))) {
        for (const persona of MERCHANTS) {
          const allowed = route.page === null || canSeePath(route.page!, menuOf(persona.email));
          // A missing id and an empty body: allowed users get 400/404, never a change; others 403.
          const body = WRITE.has(route.method) && route.method !== 'DELETE' ? {} : undefined;
          const { status, body: answer } = await call(
            await signedIn(persona.email),
            route.method,
            fill(route.path, 999_999_999),
            body,
          );
          if (allowed) assert.notEqual(status, 403, `${key(route)} as ${persona.email}: ${JSON.stringify(answer)}`);
          else
            assert.equal(status, 403, `${key(route)} as ${persona.email} must be refused (${JSON.stringify(answer)})`);
        }
      }
    });

    it('signed out: 401 on every back-office and admin route; staff 403 in the back-office; merchants 403 in the admin API', async () => {
      const anonymous = new Client(server.url);
      const staff = await signedIn('super@hive.test');
      const merchant = await signedIn('owner@cornermarket.test');
      for (const route of routes.filter((r) => /^\/api\/(backoffice|admin)\//.test(r.path))) {
        const body = WRITE.has(route.method) && route.method !== 'DELETE' ? {} : undefined;
        const path = fill(route.path, 1);
        assert.equal((await call(anonymous, route.method, path, body)).status, 401, `${key(route)} signed out`);
        const other = route.path.startsWith('/api/backoffice/') ? staff : merchant;
        assert.equal(
          (await call(other, route.method, path, body)).status,
          403,
          `${key(route)} for the wrong kind of user`,
        );
      }
    });

    it('device routes take a device token only: none, a session cookie or a revoked token is 401', async () => {
      const open = new Set(['POST /api/device/v1/pair', 'GET /api/device/v1/openapi.json']);
      const device = routes.filter((r) => r.path.startsWith('/api/device/') && !open.has(key(r)));
      assert.ok(device.length >= 7, `device routes: ${device.length}`);
      // A terminal paired and then unpaired: its token is revoked.
      const owner = await signedIn('owner@cornermarket.test');
      const options = await call(owner, 'GET', '/api/backoffice/terminals/options');
      const created = await call(owner, 'POST', '/api/backoffice/terminals', {
        name: 'Route probe',
        locationId: options.body.locations[0].id,
      });
      const paired = await call(new Client(server.url), 'POST', '/api/device/v1/pair', {
        code: created.body.pairingCode,
      });
      assert.equal(paired.status, 200);
      await call(owner, 'POST', `/api/backoffice/terminals/${created.body.terminal.id}/unpair`, {});
      const anonymous = new Client(server.url);
      for (const route of device) {
        const body = WRITE.has(route.method) && route.method !== 'DELETE' ? {} : undefined;
        const path = fill(route.path, 1);
        assert.equal((await call(anonymous, route.method, path, body)).status, 401, `${key(route)} without a token`);
        assert.equal((await call(owner, route.method, path, body)).status, 401, `${key(route)} with a session cookie`);
        const revoked = await call(anonymous, route.method, path, body, {
          authorization: `Bearer ${paired.body.token}`,
        });
        assert.equal(revoked.status, 401, `${key(route)} with a revoked token`);
        assert.equal(revoked.body.error, 'invalid_token');
      }
    });

    it('release registry routes take a deploy token only: none, a session cookie or a revoked token is 401', async () => {
      const releases = routes.filter((r) => r.path === '/api/releases' || r.path.startsWith('/api/releases/'));
      assert.ok(releases.length >= 5, `release routes: ${releases.length}`);
      const token = (
        await createDeployToken(server.running.database.db, {
          remote: 'ordering',
          label: 'route probe',
          contactEmail: null,
          createdByUserId: null,
          actorEmail: 'test',
          now: Date.now(),
        })
      ).token;
      const { id } = await server.running.database.db
        .selectFrom('deploy_tokens')
        .select('id')
        .where('label', '=', 'route probe')
        .executeTakeFirstOrThrow();
      await revokeDeployToken(server.running.database.db, id, { userId: null, email: 'test' }, Date.now());
      const staff = await signedIn('super@hive.test');
      const anonymous = new Client(server.url);
      for (const route of releases) {
        const body = WRITE.has(route.method) && route.method !== 'DELETE' ? {} : undefined;
        const path = fill(route.path, 1);
        assert.equal((await call(anonymous, route.method, path, body)).status, 401, `${key(route)} without a token`);
        assert.equal((await call(staff, route.method, path, body)).status, 401, `${key(route)} with a session cookie`);
        const revoked = await call(anonymous, route.method, path, body, { authorization: `Bearer ${token}` });
        assert.equal(revoked.status, 401, `${key(route)} with a revoked token`);
        assert.equal(revoked.body.error, 'invalid_token');
      }
    });

    it('refuses a look-alike Origin and cross-site cookies on every state-changing route (Auth.js actions too)', async () => {
      const client = await signedIn('owner@bluedoor.test');
      const all: RouteEntry[] = [
        ...routes.filter((r) => WRITE.has(r.method)),
        ...AUTH_ACTIONS.filter((a) => a.method === 'POST').map((a) => ({
          method: a.method,
          path: `/api/auth${a.path}`,
        })),
      ];
      const writes = [...new Map(all.map((r) => [key(r), r])).values()];
      assert.ok(writes.length > 20);
      const lookAlike = `${server.url}.evil.example`;
      for (const route of writes) {
        const path = fill(route.path, 1);
        const foreign = await call(client, route.method, path, {}, { origin: lookAlike });
        assert.equal(foreign.status, 403, `${key(route)} from ${lookAlike}`);
        assert.equal(foreign.body?.error, 'forbidden_origin', key(route));
        const crossSite = await call(client, route.method, path, {}, { 'sec-fetch-site': 'cross-site' });
        assert.equal(crossSite.status, 403, `${key(route)} with Sec-Fetch-Site: cross-site and cookies`);
        const own = await call(client, route.method, path, {}, { origin: server.url, 'sec-fetch-site': 'same-origin' });
        assert.notEqual(own.body?.error, 'forbidden_origin', `${key(route)} from our own origin`);
      }
      // Signed out (no cookies), Sec-Fetch-Site alone does not refuse: nothing ambient to abuse.
      const storefront = await call(
        new Client(server.url),
        'POST',
        '/api/auth/resetpass',
        { email: 'x@y.test' },
        { 'sec-fetch-site': 'cross-site' },
      );
      assert.equal(storefront.status, 200);
    });

    it('JSON routes refuse other content types and bodiless writes with 415', async () => {
      const client = await signedIn('owner@bluedoor.test');
      let checked = 0;
      for (const route of routes.filter(
        (r) => WRITE.has(r.method) && r.method !== 'DELETE' && !FORM_ROUTES.has(key(r)),
      )) {
        const path = fill(route.path, 1);
        const form = await client.request(path, { method: route.method, form: { a: 'b' } });
        assert.equal(form.status, 415, `${key(route)} form-encoded`);
        const plain = await client.request(path, {
          method: route.method,
          headers: { 'content-type': 'text/plain' },
          body: '{}',
        });
        assert.equal(plain.status, 415, `${key(route)} text/plain`);
        const bodiless = await client.request(path, { method: route.method });
        assert.equal(bodiless.status, 415, `${key(route)} without a body`);
        checked += 1;
      }
      assert.ok(checked >= 25, `checked ${checked}`);
    });
  });
}
