import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, assertValidation, companyId, db, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { blankPng, jpegHeader, webpHeader } from '../../../test/images';
import { Client, databaseTargets, startTestServer, type Json, type TestServer, signUpAndActivate } from '../../../test/helpers';

/*
 * Settings (issue 16): business information and logo, locations, tax rates (and items and the
 * storefront charging them), price levels, order and payment types, billing. Every endpoint's happy
 * path, 400 with fields, 404 across companies, 403 for roles and permissions that may not, the 409
 * rules, upload checks. Tenancy and role rules of every route are also checked by route-table.test.ts.
 */

const B = '/api/backoffice';
const ADDRESS = { line1: '1 High Street', line2: '', city: 'Leeds', region: '', postalCode: 'LS1 1AA', country: 'GB' };

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082',
  'hex',
);
const JPEG = jpegHeader(640, 480);
const WEBP = webpHeader(640, 480);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

const business = (extra: Record<string, unknown> = {}) => ({
  legalName: 'Corner Market LLC',
  tradingName: 'Corner Market',
  taxId: 'US-1',
  email: 'hello@cornermarket.test',
  phone: '+1 555 0100',
  address: ADDRESS,
  currency: 'USD',
  timezone: 'America/Chicago',
  receiptHeader: 'Hello',
  receiptFooter: 'Bye\nSee you',
  ...extra,
});
const location = (extra: Record<string, unknown> = {}) => ({
  name: 'Airport',
  address: ADDRESS,
  timezone: 'Europe/London',
  phone: '',
  active: true,
  ...extra,
});
const taxRate = (extra: Record<string, unknown> = {}) => ({
  name: 'City tax',
  rate: 1.5,
  type: 'added',
  appliesToNewItems: false,
  ...extra,
});
const priceLevel = (extra: Record<string, unknown> = {}) => ({
  name: 'Staff',
  active: true,
  scheduled: false,
  days: [],
  startTime: '',
  endTime: '',
  allLocations: true,
  locationIds: [],
  ...extra,
});
const item = (extra: Record<string, unknown> = {}) => ({
  name: 'Settings test item',
  sku: '',
  categoryId: null,
  price: 10,
  cost: 1,
  taxIds: [],
  trackStock: false,
  active: true,
  ...extra,
});

for (const target of databaseTargets()) {
  describe(`settings API [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@cornermarket.test: admin, every permission
    let manager: Client; // manager@cornermarket.test: every settings page
    let clerk: Client; // clerk@cornermarket.test: overview only
    let bistro: Client; // owner@bluedoor.test: another company (storefront open)
    let staff: Client; // super@hive.test: platform staff
    const get = (client: Client, path: string) => api(client, 'GET', `${B}${path}`);
    const send = (client: Client, method: string, path: string, json?: unknown) =>
      api(client, method, `${B}${path}`, json);

    before(async () => {
      server = await startTestServer(target, { seedDemoSales: true });
      [owner, manager, clerk, bistro, staff] = await Promise.all(
        [
          'owner@cornermarket.test',
          'manager@cornermarket.test',
          'clerk@cornermarket.test',
          'owner@bluedoor.test',
          'super@hive.test',
        ].map((email) => signedIn(server, email)),
      );
    });
    after(async () => {
      await server?.close();
    });

    describe('access', () => {
      const pages = [
        '/business',
        '/billing',
        '/locations',
        '/tax_rates',
        '/price_levels',
        '/order_types',
        '/payment_types',
      ];

      it('managers and owners reach every settings page; a clerk, staff and strangers do not', async () => {
        for (const path of pages) {
          assert.equal((await get(owner, path)).status, 200, `owner ${path}`);
          assert.equal((await get(manager, path)).status, 200, `manager ${path}`);
          const refused = await get(clerk, path);
          assert.equal(refused.status, 403, `clerk ${path}`);
          assert.equal(refused.body.error, 'forbidden');
          assert.equal((await get(staff, path)).status, 403, `staff ${path}`);
          assert.equal((await get(new Client(server.url), path)).status, 401, `signed out ${path}`);
        }
        // Writes too.
        assert.equal((await send(clerk, 'POST', '/locations', location())).status, 403);
        assert.equal((await send(clerk, 'PUT', '/business', business())).status, 403);
      });

      it('a permission taken away closes the page and its API', async () => {
        const manager2 = await db(server)
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'manager@cornermarket.test')
          .executeTakeFirstOrThrow();
        await db(server)
          .deleteFrom('user_permissions')
          .where('user_id', '=', manager2.id)
          .where('id_permission', '=', 'view_taxes_menu')
          .execute();
        try {
          const again = await signedIn(server, 'manager@cornermarket.test');
          assert.equal((await get(again, '/tax_rates')).status, 403);
          assert.equal((await send(again, 'POST', '/tax_rates', taxRate())).status, 403);
          assert.equal((await get(again, '/locations')).status, 200);
        } finally {
          await db(server)
            .insertInto('user_permissions')
            .values({ user_id: manager2.id, id_permission: 'view_taxes_menu' })
            .execute();
        }
      });
    });

    describe('business information', () => {
      it('reads the demo business and saves changes; the trading name is the company name', async () => {
        const read = await get(owner, '/business');
        assert.equal(read.status, 200);
        assert.equal(read.body.legalName, 'Corner Market LLC');
        assert.equal(read.body.currency, 'USD');
        assert.equal(read.body.timezone, 'America/Chicago');
        assert.equal(read.body.currencyLocked, true, 'the demo company has sales');
        const saved = await send(owner, 'PUT', '/business', business({ tradingName: 'Corner Market Downtown' }));
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        assert.equal(saved.body.receiptFooter, 'Bye\nSee you');
        assert.deepEqual(saved.body.address, ADDRESS);
        const company = await get(owner, '/company');
        assert.equal(company.body.name, 'Corner Market Downtown');
        assert.equal(company.body.timezone, 'America/Chicago');
        await send(owner, 'PUT', '/business', business());
      });

      it('answers 400 naming each bad field and changes nothing', async () => {
        const before = (await get(owner, '/business')).body;
        const bad = await send(owner, 'PUT', '/business', {
          ...business(),
          tradingName: ' ',
          email: 'nope',
          currency: 'XYZ',
          timezone: 'Mars/Olympus',
          address: { ...ADDRESS, country: 'ZZ' },
          receiptHeader: 'a\u0000b',
        });
        assertValidation(bad, 'tradingName');
        for (const field of ['email', 'currency', 'timezone', 'address.country', 'receiptHeader']) {
          assert.equal(typeof bad.body.fields[field], 'string', field);
        }
        // A currency without cents is not offered: every amount is stored in hundredths.
        assertValidation(await send(owner, 'PUT', '/business', business({ currency: 'JPY' })), 'currency');
        assert.deepEqual((await get(owner, '/business')).body, before);
      });

      it('the currency is fixed after the first sale (409 on the field), free before it', async () => {
        const locked = await send(owner, 'PUT', '/business', business({ currency: 'EUR' }));
        assert.equal(locked.status, 409);
        assert.equal(locked.body.error, 'currency_locked');
        assert.equal(typeof locked.body.fields.currency, 'string');
        assert.equal((await get(owner, '/business')).body.currency, 'USD');

        await signUpAndActivate(server, {
          company: 'Fresh Start Bakery',
          email: 'owner@freshstart.test',
          password: 'fresh-start-2026',
          license: 'Retail',
        });
        const fresh = new Client(server.url);
        await fresh.signIn('owner@freshstart.test', 'fresh-start-2026');
        const first = await get(fresh, '/business');
        assert.equal(first.body.currencyLocked, false);
        assert.equal(first.body.legalName, 'Fresh Start Bakery');
        const changed = await send(fresh, 'PUT', '/business', {
          ...business({ tradingName: 'Fresh Start Bakery', legalName: 'Fresh Start Bakery Ltd' }),
          currency: 'EUR',
          timezone: 'Europe/Madrid',
        });
        assert.equal(changed.status, 200, JSON.stringify(changed.body));
        assert.equal((await get(fresh, '/company')).body.currency, 'EUR');
        // ...and every new company starts with what it needs to sell.
        assert.equal((await get(fresh, '/locations')).body.total, 1);
        assert.deepEqual(
          (await get(fresh, '/order_types')).body.rows.map((r: Json) => r.builtin),
          ['dine_in', 'takeaway', 'delivery'],
        );
        assert.deepEqual(
          (await get(fresh, '/payment_types')).body.rows.map((r: Json) => [r.builtin, r.cashLike]),
          [
            ['cash', true],
            ['card', false],
            ['gift_card', false],
            ['other', false],
          ],
        );
        assert.equal((await get(fresh, '/billing')).body.contact.email, 'owner@freshstart.test');
      });
    });

    describe('logo', () => {
      const upload = (client: Client, bytes: Buffer) =>
        send(client, 'PUT', '/business/logo', { image: bytes.toString('base64') });

      it('takes PNG, JPEG and WebP by their content and serves them with their type and nosniff', async () => {
        for (const [bytes, type] of [
          [JPEG, 'image/jpeg'],
          [WEBP, 'image/webp'],
          [PNG, 'image/png'],
        ] as const) {
          const saved = await upload(owner, bytes);
          assert.equal(saved.status, 200, JSON.stringify(saved.body));
          assert.equal(saved.body.logo.contentType, type);
        }
        const { logoUrl } = (await get(owner, '/company')).body;
        assert.match(logoUrl, /^\/api\/backoffice\/company\/logo\?v=[0-9a-f]{16}$/);
        const image = await owner.request(logoUrl);
        assert.equal(image.status, 200);
        assert.equal(image.headers.get('content-type'), 'image/png');
        assert.equal(image.headers.get('x-content-type-options'), 'nosniff');
        assert.match(image.headers.get('cache-control') ?? '', /private/);
        assert.deepEqual(Buffer.from(await image.arrayBuffer()), PNG);
        // Any signed-in user of the company sees it (the header); another company gets its own (none).
        assert.equal((await clerk.request(logoUrl)).status, 200);
        assert.equal((await bistro.request(logoUrl)).status, 404);
        assert.equal((await new Client(server.url).request(logoUrl)).status, 401);
      });

      it('refuses SVG, other files and images over 1 MB with a message on the image; keeps the old logo', async () => {
        const before = (await get(owner, '/company')).body.logoUrl;
        for (const bytes of [SVG, Buffer.from('GIF89a.....'), Buffer.from('%PDF-1.7')]) {
          assertValidation(await upload(owner, bytes), 'image', bytes.subarray(0, 6).toString());
        }
        const big = Buffer.concat([PNG, Buffer.alloc(1_048_577 - PNG.length)]);
        const tooBig = await upload(owner, big);
        assertValidation(tooBig, 'image', 'over 1 MB');
        assert.match(tooBig.body.fields.image, /1 MB/);
        // Exactly 1 MB is fine.
        assert.equal((await upload(owner, Buffer.concat([PNG, Buffer.alloc(1_048_576 - PNG.length)]))).status, 200);
        await upload(owner, PNG);
        assert.equal((await get(owner, '/company')).body.logoUrl, before);
        assertValidation(await send(owner, 'PUT', '/business/logo', { image: 'not base64 !' }), 'image');
        assertValidation(await send(owner, 'PUT', '/business/logo', {}), 'image');
      });

      it('refuses an image that would decode past 4096 x 4096 or 16 megapixels, or whose size cannot be read', async () => {
        const before = (await get(owner, '/company')).body.logoUrl;
        // 31 kB of file, 16000 x 16000 pixels (1 GB of RGBA in a browser); a 92-byte claim of 100000 x 100000.
        const real = blankPng(16_000, 16_000);
        assert.ok(real.length < 64 * 1024);
        for (const [bytes, label] of [
          [real, '16000 x 16000'],
          [blankPng(100_000, 100_000, 1), '100000 x 100000'],
          [blankPng(4097, 10), 'a side over 4096'],
          [blankPng(4096, 4000), '16.4 megapixels'],
          [jpegHeader(20_000, 20_000), 'a JPEG of 20000 x 20000'],
          [webpHeader(16_384, 16_384), 'a WebP of 16384 x 16384'],
        ] as const) {
          const refused = await upload(owner, bytes);
          assertValidation(refused, 'image', label);
          assert.match(refused.body.fields.image, / pixels: at most 4096 x 4096 and 16 megapixels$/, label);
        }
        for (const [bytes, label] of [
          [PNG.subarray(0, 20), 'a PNG cut inside its header'],
          [Buffer.concat([PNG.subarray(0, 12), Buffer.from('tEXt'), PNG.subarray(16)]), 'a PNG without IHDR first'],
          [Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0]), 'a JPEG with no frame header'],
          [jpegHeader(640, 0), 'a JPEG of height 0'],
          [Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'a WebP cut short'],
        ] as const) {
          const refused = await upload(owner, bytes);
          assertValidation(refused, 'image', label);
          assert.match(refused.body.fields.image, /could not be read/, label);
        }
        assert.equal((await get(owner, '/company')).body.logoUrl, before, 'the old logo stays');
        // At the limits exactly: accepted.
        assert.equal((await upload(owner, blankPng(4096, 3906))).status, 200);
        assert.equal((await upload(owner, blankPng(4000, 1))).status, 200);
      });

      it('is removed on request', async () => {
        assert.equal((await send(owner, 'DELETE', '/business/logo')).status, 204);
        assert.equal((await get(owner, '/company')).body.logoUrl, null);
        assert.equal((await get(owner, '/business')).body.logo, null);
      });
    });

    describe('locations', () => {
      it('lists, creates, reads, updates and deletes; search and sort', async () => {
        const list = await get(owner, '/locations');
        assert.deepEqual(
          list.body.rows.map((r: Json) => r.name),
          ['Main Street', 'Station kiosk'],
        );
        const created = await send(owner, 'POST', '/locations', location());
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.deepEqual(created.body.address, ADDRESS);
        const id = created.body.id;
        assert.equal((await get(owner, `/locations/${id}`)).body.timezone, 'Europe/London');
        const updated = await send(owner, 'PUT', `/locations/${id}`, location({ name: 'Airport T5', active: false }));
        assert.equal(updated.status, 200);
        assert.equal(updated.body.active, false);
        const found = await get(owner, '/locations?search=leeds&sort=name&dir=desc');
        assert.deepEqual(
          found.body.rows.map((r: Json) => r.name),
          ['Airport T5'],
        );
        const csv = await owner.request(`${B}/locations/export`);
        assert.match(await csv.text(), /Airport T5/);
        assert.equal((await send(owner, 'DELETE', `/locations/${id}`)).status, 204);
        assert.equal((await get(owner, `/locations/${id}`)).status, 404);
      });

      it('400 names the fields, 409 for a taken name, 404 for another company\u2019s location', async () => {
        const bad = await send(owner, 'POST', '/locations', {
          ...location(),
          name: '',
          timezone: 'Nowhere/Land',
          phone: 'abc',
          address: { ...ADDRESS, postalCode: 'x'.repeat(30) },
        });
        assertValidation(bad, 'name');
        for (const field of ['timezone', 'phone', 'address.postalCode']) assert.ok(bad.body.fields[field], field);
        const taken = await send(owner, 'POST', '/locations', location({ name: 'Main Street' }));
        assert.equal(taken.status, 409);
        assert.equal(typeof taken.body.fields.name, 'string');
        const theirs = (await get(bistro, '/locations')).body.rows[0].id;
        assert.equal((await get(owner, `/locations/${theirs}`)).status, 404);
        assert.equal((await send(owner, 'PUT', `/locations/${theirs}`, location())).status, 404);
        assert.equal((await send(owner, 'DELETE', `/locations/${theirs}`)).status, 404);
        assert.equal((await get(bistro, `/locations/${theirs}`)).status, 200);
      });

      it('the last active location cannot be deactivated or deleted (409 with the reason)', async () => {
        const [only] = (await get(bistro, '/locations')).body.rows;
        const off = await send(bistro, 'PUT', `/locations/${only.id}`, location({ ...only, active: false }));
        assert.equal(off.status, 409);
        assert.equal(off.body.error, 'last_active_location');
        assert.match(off.body.message, /at least one active location/);
        const gone = await send(bistro, 'DELETE', `/locations/${only.id}`);
        assert.equal(gone.status, 409);
        assert.equal(gone.body.error, 'last_active_location');
        // With a second active one, the first may go inactive.
        const second = await send(bistro, 'POST', '/locations', location({ name: 'Pop-up' }));
        assert.equal(
          (await send(bistro, 'PUT', `/locations/${only.id}`, location({ ...only, active: false }))).status,
          200,
        );
        assert.equal((await send(bistro, 'DELETE', `/locations/${second.body.id}`)).status, 409, 'now the last active');
        assert.equal(
          (await send(bistro, 'PUT', `/locations/${only.id}`, location({ ...only, active: true }))).status,
          200,
        );
        assert.equal((await send(bistro, 'DELETE', `/locations/${second.body.id}`)).status, 204);
      });
    });

    describe('tax rates, items and the storefront', () => {
      it('lists the demo rates with how many items use each', async () => {
        const list = await get(owner, '/tax_rates');
        const standard = list.body.rows.find((r: Json) => r.name === 'Standard rate');
        assert.equal(standard.rate, 8);
        assert.equal(standard.type, 'included');
        assert.equal(standard.appliesToNewItems, true);
        assert.ok(standard.itemCount > 10);
        const options = await get(owner, '/items/options');
        assert.deepEqual(options.body.taxes.map((t: Json) => [t.name, t.appliesToNewItems]).sort(), [
          ['Reduced rate (food)', false],
          ['Standard rate', true],
        ]);
      });

      it('creates a rate, uses it on a new item, refuses to delete it, archives and restores it', async () => {
        const created = await send(owner, 'POST', '/tax_rates', taxRate());
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal(created.body.itemCount, 0);
        const id = created.body.id;
        const newItem = await send(owner, 'POST', '/items', item({ taxIds: [id] }));
        assert.equal(newItem.status, 201, JSON.stringify(newItem.body));
        assert.deepEqual(
          newItem.body.taxes.map((t: Json) => [t.id, t.rate, t.type]),
          [[id, 1.5, 'added']],
        );
        const refused = await send(owner, 'DELETE', `/tax_rates/${id}`);
        assert.equal(refused.status, 409);
        assert.equal(refused.body.error, 'tax_rate_in_use');
        assert.equal(refused.body.count, 1);
        assert.match(refused.body.message, /^1 item use/);

        const archived = await send(owner, 'POST', `/tax_rates/${id}/archive`, {});
        assert.equal(archived.status, 200);
        assert.equal(archived.body.archived, true);
        assert.equal((await send(owner, 'POST', `/tax_rates/${id}/archive`, {})).status, 409, 'already archived');
        // Not offered to new items; kept (flagged) on the item; the item can keep it but not gain it.
        assert.ok(!(await get(owner, '/items/options')).body.taxes.some((t: Json) => t.id === id));
        assert.equal((await get(owner, `/items/${newItem.body.id}`)).body.taxes[0].archived, true);
        assert.equal((await send(owner, 'PUT', `/items/${newItem.body.id}`, item({ taxIds: [id] }))).status, 200);
        assertValidation(await send(owner, 'POST', '/items', item({ name: 'Another', taxIds: [id] })), 'taxIds');

        const restored = await send(owner, 'POST', `/tax_rates/${id}/restore`, {});
        assert.equal(restored.body.archived, false);
        assert.equal((await send(owner, 'POST', `/tax_rates/${id}/restore`, {})).body.error, 'not_archived');
        assert.equal((await send(owner, 'PUT', `/items/${newItem.body.id}`, item({ taxIds: [] }))).status, 200);
        assert.equal((await send(owner, 'DELETE', `/tax_rates/${id}`)).status, 204);
        await send(owner, 'DELETE', `/items/${newItem.body.id}`);
      });

      it('"apply to all items" puts a new rate on every current item', async () => {
        const items = (await get(bistro, '/items?pageSize=100')).body.total;
        const created = await send(
          bistro,
          'POST',
          '/tax_rates',
          taxRate({ name: 'Tourist levy', applyToAllItems: true }),
        );
        assert.equal(created.body.itemCount, items);
        await db(server).deleteFrom('item_taxes').where('tax_rate_id', '=', created.body.id).execute();
        assert.equal((await send(bistro, 'DELETE', `/tax_rates/${created.body.id}`)).status, 204);
      });

      it('400 per field, 409 for a taken name, 404 across companies, another company\u2019s rate on an item', async () => {
        const bad = await send(owner, 'POST', '/tax_rates', {
          name: '',
          rate: 100.5,
          type: 'sometimes',
          appliesToNewItems: 'y',
        });
        assertValidation(bad, 'name');
        for (const field of ['rate', 'type', 'appliesToNewItems']) assert.ok(bad.body.fields[field], field);
        assertValidation(await send(owner, 'POST', '/tax_rates', taxRate({ rate: 8.125 })), 'rate');
        assert.equal((await send(owner, 'POST', '/tax_rates', taxRate({ name: 'Standard rate' }))).status, 409);
        const theirs = (await get(bistro, '/tax_rates')).body.rows[0].id;
        for (const [method, path, body] of [
          ['GET', `/tax_rates/${theirs}`, undefined],
          ['PUT', `/tax_rates/${theirs}`, taxRate()],
          ['DELETE', `/tax_rates/${theirs}`, undefined],
          ['POST', `/tax_rates/${theirs}/archive`, {}],
        ] as const) {
          assert.equal((await send(owner, method, path, body)).status, 404, `${method} ${path}`);
        }
        assertValidation(await send(owner, 'POST', '/items', item({ taxIds: [theirs] })), 'taxIds');
      });

      it('the storefront charges an added rate on top and keeps an included one inside the price', async () => {
        const guest = new Client(server.url);
        const token = (await api(guest, 'GET', '/gettokenonline?store=blue-door-bistro')).body.token;
        const menu = (await guest
          .request('/ordering_online/blue-door-bistro/menu', { headers: { authorization: `Bearer ${token}` } })
          .then((r) => r.json())) as Json;
        const garlic = menu.categories.flatMap((c: Json) => c.items).find((i: Json) => i.name === 'Garlic bread');
        // Noon tomorrow (UTC, the demo bistro's zone in winter): +26 h would be the day after from 22:00 on.
        const pickupAt = new Date(server.clock.now() + 24 * 3_600_000);
        pickupAt.setUTCHours(12, 0, 0, 0);
        const order = async () =>
          (
            await guest.request('/ordering_online/blue-door-bistro/orders', {
              method: 'POST',
              headers: { authorization: `Bearer ${token}` },
              json: {
                name: 'Tax Tester',
                phone: '+44 20 7946 0000',
                pickupAt: pickupAt.toISOString(),
                notes: '',
                lines: [{ itemId: garlic.id, quantity: 2, modifierIds: [] }],
              },
            })
          ).json() as Promise<Json>;

        // Demo: 10 % added to the price.
        const added = await order();
        assert.equal(added.subtotalCents, garlic.priceCents * 2);
        assert.equal(added.taxCents, Math.round(garlic.priceCents * 2 * 0.1));
        assert.equal(added.totalCents, added.subtotalCents + added.taxCents);

        // The same rate included in the price: the customer pays the menu price, tax inside it.
        const food = (await get(bistro, '/tax_rates')).body.rows.find((r: Json) => r.name === 'Food and drink');
        await send(bistro, 'PUT', `/tax_rates/${food.id}`, {
          name: food.name,
          rate: 10,
          type: 'included',
          appliesToNewItems: true,
        });
        const included = await order();
        const amount = garlic.priceCents * 2;
        assert.equal(included.totalCents, amount);
        assert.equal(included.subtotalCents, Math.round((amount * 100) / 110));
        assert.equal(included.taxCents, amount - included.subtotalCents);

        // Archived: no longer charged.
        await send(bistro, 'POST', `/tax_rates/${food.id}/archive`, {});
        const untaxed = await order();
        assert.equal(untaxed.taxCents, 0);
        assert.equal(untaxed.totalCents, amount);
        await send(bistro, 'POST', `/tax_rates/${food.id}/restore`, {});
        await send(bistro, 'PUT', `/tax_rates/${food.id}`, {
          name: food.name,
          rate: 10,
          type: 'added',
          appliesToNewItems: true,
        });
        // Online orders are Takeaway.
        const takeaway = (await get(bistro, '/order_types')).body.rows.find((r: Json) => r.builtin === 'takeaway');
        assert.ok(takeaway.usage >= 3);
      });
    });

    describe('price levels', () => {
      it('creates a scheduled level at chosen locations, reads, updates and deletes it', async () => {
        const [main] = (await get(owner, '/price_levels/options')).body.locations;
        const created = await send(
          owner,
          'POST',
          '/price_levels',
          priceLevel({
            name: 'Late night',
            scheduled: true,
            days: [6, 5, 5],
            startTime: '22:00',
            endTime: '02:00',
            allLocations: false,
            locationIds: [main.id],
          }),
        );
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.deepEqual(created.body.days, [5, 6]);
        assert.deepEqual(created.body.locationNames, [main.name]);
        const id = created.body.id;
        const plain = await send(
          owner,
          'PUT',
          `/price_levels/${id}`,
          priceLevel({ name: 'Late night', days: [1], startTime: '10:00' }),
        );
        assert.equal(plain.status, 200);
        assert.equal(plain.body.scheduled, false);
        assert.deepEqual(plain.body.days, [], 'no schedule: days and times are not kept');
        assert.equal(plain.body.allLocations, true);
        assert.ok((await get(owner, '/price_levels')).body.rows.some((r: Json) => r.name === 'Late night'));
        assert.equal((await send(owner, 'DELETE', `/price_levels/${id}`)).status, 204);
        assert.equal((await get(owner, `/price_levels/${id}`)).status, 404);
      });

      it('400 for a schedule without days or with equal times, chosen locations without any, another company\u2019s location', async () => {
        const bad = await send(
          owner,
          'POST',
          '/price_levels',
          priceLevel({ scheduled: true, days: [], startTime: '25:00', endTime: '09:00', allLocations: false }),
        );
        assertValidation(bad, 'days');
        for (const field of ['startTime', 'locationIds']) assert.ok(bad.body.fields[field], field);
        assertValidation(
          await send(
            owner,
            'POST',
            '/price_levels',
            priceLevel({ scheduled: true, days: [1], startTime: '09:00', endTime: '09:00' }),
          ),
          'endTime',
        );
        const theirs = (await get(bistro, '/locations')).body.rows[0].id;
        assertValidation(
          await send(owner, 'POST', '/price_levels', priceLevel({ allLocations: false, locationIds: [theirs] })),
          'locationIds',
        );
        assert.equal((await send(owner, 'POST', '/price_levels', priceLevel({ name: 'Wholesale' }))).status, 409);
        const happy = (await get(bistro, '/price_levels')).body.rows[0].id;
        assert.equal((await get(owner, `/price_levels/${happy}`)).status, 404);
        assert.equal((await send(owner, 'DELETE', `/price_levels/${happy}`)).status, 404);
      });
    });

    describe('order and payment types', () => {
      it('order types: defaults kept, custom ones added, reordered, and deleted only when unused', async () => {
        const before = (await get(owner, '/order_types')).body.rows;
        assert.deepEqual(
          before.map((r: Json) => r.name),
          ['Dine in', 'Takeaway', 'Delivery'],
        );
        const curbside = await send(owner, 'POST', '/order_types', { name: 'Curbside', active: true });
        assert.equal(curbside.status, 201);
        assert.equal(curbside.body.position, 4);
        const ids = [curbside.body.id, ...before.map((r: Json) => r.id)];
        const reordered = await send(owner, 'POST', '/order_types/reorder', { ids });
        assert.equal(reordered.status, 200);
        assert.deepEqual(
          reordered.body.rows.map((r: Json) => r.name),
          ['Curbside', 'Dine in', 'Takeaway', 'Delivery'],
        );
        // An order made from an old list, or naming another company's type, is refused whole.
        const stale = await send(owner, 'POST', '/order_types/reorder', { ids: ids.slice(1) });
        assert.equal(stale.status, 409);
        assert.equal(stale.body.error, 'stale_order');
        const foreign = (await get(bistro, '/order_types')).body.rows[0].id;
        assert.equal(
          (await send(owner, 'POST', '/order_types/reorder', { ids: [...ids.slice(1), foreign] })).status,
          409,
        );
        assertValidation(await send(owner, 'POST', '/order_types/reorder', { ids: [ids[0], ids[0]] }), 'ids');
        assert.deepEqual(
          (await get(owner, '/order_types')).body.rows.map((r: Json) => r.name),
          ['Curbside', 'Dine in', 'Takeaway', 'Delivery'],
        );

        const dineIn = before[0];
        const builtin = await send(owner, 'DELETE', `/order_types/${dineIn.id}`);
        assert.equal(builtin.status, 409);
        assert.equal(builtin.body.error, 'builtin_type');
        assert.equal(
          (await send(owner, 'PUT', `/order_types/${dineIn.id}`, { name: 'Eat in', active: false })).body.name,
          'Eat in',
        );
        await send(owner, 'PUT', `/order_types/${dineIn.id}`, { name: 'Dine in', active: true });
        // A receipt of this type: turn it off instead.
        const receipt = await db(server)
          .selectFrom('receipts')
          .select('id')
          .where('company_id', '=', await companyId(server, 'corner-market'))
          .limit(1)
          .executeTakeFirstOrThrow();
        await db(server)
          .updateTable('receipts')
          .set({ order_type_id: curbside.body.id })
          .where('id', '=', receipt.id)
          .execute();
        const used = await send(owner, 'DELETE', `/order_types/${curbside.body.id}`);
        assert.equal(used.status, 409);
        assert.equal(used.body.error, 'type_in_use');
        assert.equal(used.body.count, 1);
        await db(server).updateTable('receipts').set({ order_type_id: null }).where('id', '=', receipt.id).execute();
        assert.equal((await send(owner, 'DELETE', `/order_types/${curbside.body.id}`)).status, 204);
        assertValidation(await send(owner, 'POST', '/order_types', { name: '', active: 'yes' }), 'name');
        assert.equal((await send(owner, 'POST', '/order_types', { name: 'Takeaway', active: true })).status, 409);
      });

      it('Takeaway stays on while the storefront takes orders', async () => {
        const takeaway = (await get(bistro, '/order_types')).body.rows.find((r: Json) => r.builtin === 'takeaway');
        const refused = await send(bistro, 'PUT', `/order_types/${takeaway.id}`, { name: 'Takeaway', active: false });
        assert.equal(refused.status, 409);
        assert.equal(refused.body.error, 'takeaway_online');
        // Corner Market's storefront is closed: its Takeaway may go off.
        const theirs = (await get(owner, '/order_types')).body.rows.find((r: Json) => r.builtin === 'takeaway');
        assert.equal(
          (await send(owner, 'PUT', `/order_types/${theirs.id}`, { name: 'Takeaway', active: false })).status,
          200,
        );
        await send(owner, 'PUT', `/order_types/${theirs.id}`, { name: 'Takeaway', active: true });
      });

      it('payment types: Cash stays cash-like, one stays active, defaults are not deleted, custom ones are', async () => {
        const rows = (await get(owner, '/payment_types')).body.rows;
        const cash = rows.find((r: Json) => r.builtin === 'cash');
        const notCash = await send(owner, 'PUT', `/payment_types/${cash.id}`, {
          name: 'Cash',
          cashLike: false,
          active: true,
        });
        assert.equal(notCash.status, 409);
        assert.equal(notCash.body.error, 'cash_is_cash_like');
        assert.equal(typeof notCash.body.fields.cashLike, 'string');
        const voucher = await send(owner, 'POST', '/payment_types', { name: 'Voucher', cashLike: true, active: true });
        assert.equal(voucher.status, 201);
        assert.equal(voucher.body.cashLike, true);
        assert.equal((await send(owner, 'DELETE', `/payment_types/${cash.id}`)).body.error, 'builtin_type');
        // Turn everything but the voucher off: the voucher is then the last active one.
        for (const row of rows) {
          assert.equal(
            (
              await send(owner, 'PUT', `/payment_types/${row.id}`, {
                name: row.name,
                cashLike: row.cashLike,
                active: false,
              })
            ).status,
            200,
          );
        }
        const last = await send(owner, 'PUT', `/payment_types/${voucher.body.id}`, {
          name: 'Voucher',
          cashLike: true,
          active: false,
        });
        assert.equal(last.status, 409);
        assert.equal(last.body.error, 'last_active_payment_type');
        assert.equal(
          (await send(owner, 'DELETE', `/payment_types/${voucher.body.id}`)).body.error,
          'last_active_payment_type',
        );
        for (const row of rows) {
          await send(owner, 'PUT', `/payment_types/${row.id}`, {
            name: row.name,
            cashLike: row.cashLike,
            active: true,
          });
        }
        assert.equal((await send(owner, 'DELETE', `/payment_types/${voucher.body.id}`)).status, 204);
        const moved = await send(owner, 'POST', '/payment_types/reorder', {
          ids: [...rows.map((r: Json) => r.id)].reverse(),
        });
        assert.deepEqual(
          moved.body.rows.map((r: Json) => r.builtin),
          ['other', 'gift_card', 'card', 'cash'],
        );
        const theirs = (await get(bistro, '/payment_types')).body.rows[0].id;
        assert.equal(
          (await send(owner, 'PUT', `/payment_types/${theirs}`, { name: 'X', cashLike: false, active: true })).status,
          404,
        );
      });
    });

    describe('billing', () => {
      const super_ = () => signedIn(server, 'super@hive.test');

      it('prices the plan from the base prices and the coupon, with six months of invoices', async () => {
        const billing = await get(owner, '/billing');
        assert.equal(billing.status, 200);
        const { plan } = billing.body;
        assert.equal(plan.license, 'Retail');
        assert.deepEqual(plan.addons, ['Item Modifiers', 'Loyalty', 'Inventory', 'Kiosk']);
        assert.deepEqual(
          plan.lines.map((l: Json) => [l.name, l.monthly]),
          [
            ['Retail', 49],
            ['Item Modifiers', 9],
            ['Loyalty', 15],
            ['Inventory', 25],
            ['Kiosk', 35],
          ],
        );
        assert.equal(plan.coupon.code, 'RETAIL5OFF');
        assert.equal(plan.coupon.applies, true);
        assert.equal(plan.subtotal, 133);
        assert.equal(plan.discount, 5);
        assert.equal(plan.monthlyTotal, 128);
        assert.equal(billing.body.invoices.length, 6);
        assert.deepEqual(
          billing.body.invoices.map((i: Json) => i.status),
          ['open', 'paid', 'paid', 'paid', 'paid', 'paid'],
        );
        const numbers = billing.body.invoices.map((i: Json) => i.number);
        assert.deepEqual(numbers, [6, 5, 4, 3, 2, 1]);
        const invoice = await get(owner, `/billing/invoices/${billing.body.invoices[0].id}`);
        assert.equal(invoice.status, 200);
        assert.equal(invoice.body.total, 128);
        assert.equal(invoice.body.lines.length, 5);
        assert.equal(invoice.body.subtotal, 133);
        assert.equal(invoice.body.discount, 5);
        assert.equal(invoice.body.couponCode, 'RETAIL5OFF');
        assert.equal(invoice.body.billedTo.legalName, 'Corner Market LLC');
        // A percent coupon for Blue Door: 15 % off 141.00.
        assert.equal((await get(bistro, '/billing')).body.plan.monthlyTotal, 119.85);
        // Another company's invoice is a 404.
        assert.equal((await get(bistro, `/billing/invoices/${billing.body.invoices[0].id}`)).status, 404);
      });

      it('shows the plan the admin console sets, at once', async () => {
        const admin = await super_();
        const id = await companyId(server, 'tiny-kiosk');
        const tiny = await signedIn(server, 'owner@tinykiosk.test');
        assert.equal((await get(tiny, '/billing')).body.plan.monthlyTotal, 49);
        const changed = await api(admin, 'PUT', `/api/admin/companies/${id}/plan`, {
          license: 'Retail',
          addons: ['Kiosk', 'Loyalty'],
        });
        assert.equal(changed.status, 200, JSON.stringify(changed.body));
        const after = (await get(tiny, '/billing')).body.plan;
        assert.deepEqual(after.addons, ['Loyalty', 'Kiosk']);
        assert.equal(after.monthlyTotal, 49 + 15 + 35);
        await api(admin, 'PUT', `/api/admin/companies/${id}/plan`, { license: 'Retail', addons: [] });
      });

      it('a coupon staff apply in the admin console lowers the monthly price while it is valid for the licence', async () => {
        const admin = await super_();
        const id = await companyId(server, 'tiny-kiosk');
        const tiny = await signedIn(server, 'owner@tinykiosk.test');
        const plan = (coupon: unknown) =>
          api(admin, 'PUT', `/api/admin/companies/${id}/plan`, { license: 'Retail', addons: [], coupon });
        const redemptions = async () =>
          Number(
            (
              await db(server)
                .selectFrom('coupons')
                .select('redemptions')
                .where('code', '=', 'WELCOME10')
                .executeTakeFirstOrThrow()
            ).redemptions,
          );
        const before = await redemptions();
        const applied = await plan('welcome10');
        assert.equal(applied.status, 200, JSON.stringify(applied.body));
        assert.equal(applied.body.coupon, 'WELCOME10');
        assert.equal(
          applied.body.planVersion,
          (await api(admin, 'GET', `/api/admin/companies/${id}`)).body.planVersion,
        );
        assert.equal(await redemptions(), before + 1);
        const billing = (await get(tiny, '/billing')).body.plan;
        assert.equal(billing.coupon.code, 'WELCOME10');
        assert.equal(billing.discount, 4.9);
        assert.equal(billing.monthlyTotal, 44.1);
        // The same again changes nothing (no second redemption).
        await plan('WELCOME10');
        assert.equal(await redemptions(), before + 1);
        for (const [code, problem] of [
          ['NOPE-404', 'no coupon has this code'],
          ['RESTO15', 'this coupon is not valid for this licence'],
          ['SPRING25', 'this coupon is not valid today'],
          ['bad code!', 'use 3 to 32 capital letters, digits, - or _'],
        ] as const) {
          const refused = await plan(code);
          assertValidation(refused, 'coupon', code);
          assert.equal(refused.body.fields.coupon, problem, code);
        }
        assert.equal((await get(tiny, '/billing')).body.plan.coupon.code, 'WELCOME10', 'refusals change nothing');
        const audit = await api(admin, 'GET', `/api/admin/companies/${id}/audit`);
        assert.ok(audit.body.items.some((e: Json) => e.action === 'company.coupon' && e.after.coupon === 'WELCOME10'));
        assert.equal((await plan('')).body.coupon, null);
        assert.equal((await get(tiny, '/billing')).body.plan.coupon, null);
        assert.equal((await get(tiny, '/billing')).body.plan.monthlyTotal, 49);
      });

      it('the billing contact is saved; bad ones are 400 per field', async () => {
        const saved = await send(owner, 'PUT', '/billing/contact', {
          name: 'Accounts',
          email: 'accounts@cornermarket.test',
        });
        assert.deepEqual(saved.body, { name: 'Accounts', email: 'accounts@cornermarket.test' });
        const bad = await send(owner, 'PUT', '/billing/contact', { name: '', email: 'x' });
        assertValidation(bad, 'name');
        assert.ok(bad.body.fields.email);
        assert.equal((await get(owner, '/billing')).body.contact.email, 'accounts@cornermarket.test');
      });

      it('"Request a change" opens a ticket the admin console\u2019s support area shows', async () => {
        const sent = await send(owner, 'POST', '/billing/requests', {
          license: 'Restaurant',
          addons: ['Loyalty'],
          message: 'We are opening a café.',
        });
        assert.equal(sent.status, 201, JSON.stringify(sent.body));
        assert.match(sent.body.ref, /^HIVE-\d+$/);
        assert.equal(sent.body.subject, 'Plan change request: Restaurant with Loyalty');
        assert.equal((await get(owner, '/billing')).body.requests[0].ref, sent.body.ref);
        const admin = await super_();
        const tickets = await api(admin, 'GET', `/api/admin/support?q=${sent.body.ref}`);
        assert.equal(tickets.body.items.length, 1);
        const detail = await api(admin, 'GET', `/api/admin/support/${tickets.body.items[0].id}`);
        assert.equal(detail.body.company.name, 'Corner Market');
        assert.equal(detail.body.messages[0].author, 'owner@cornermarket.test');
        assert.equal(detail.body.messages[0].fromStaff, false);
        assert.match(
          detail.body.messages[0].body,
          /Current plan: Retail with Item Modifiers, Loyalty, Inventory, Kiosk\./,
        );
        assert.match(detail.body.messages[0].body, /We are opening a café\./);
        // The plan itself did not change.
        assert.equal((await get(owner, '/billing')).body.plan.license, 'Retail');
        // Two at once get two references.
        const both = await Promise.all(
          [1, 2].map(() =>
            send(manager, 'POST', '/billing/requests', { license: 'Retail', addons: [], message: 'Drop add-ons' }),
          ),
        );
        assert.deepEqual(
          both.map((r: ApiResult) => r.status),
          [201, 201],
        );
        assert.notEqual(both[0]!.body.ref, both[1]!.body.ref);
      });

      it('a request that asks for nothing is a 400 on the message; bad plans on their fields', async () => {
        const same = await send(owner, 'POST', '/billing/requests', {
          license: 'Retail',
          addons: ['Kiosk', 'Inventory', 'Loyalty', 'Item Modifiers'],
          message: '',
        });
        assertValidation(same, 'message');
        const bad = await send(owner, 'POST', '/billing/requests', {
          license: 'Gold',
          addons: ['Rockets'],
          message: 5,
        });
        assertValidation(bad, 'license');
        for (const field of ['addons', 'message']) assert.ok(bad.body.fields[field], field);
      });
    });
  });
}
