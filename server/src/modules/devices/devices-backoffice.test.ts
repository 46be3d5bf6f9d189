import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PAIRING_CODE_ALPHABET, PAIRING_CODE_TTL_MS } from '@hive/shared/schemas/device';
import { bannerPng } from './png';
import { blankPng } from '../../../test/images';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * The back-office side of Devices: terminals and pairing codes, the terminal log, printers and the
 * print queue, banners (images checked by content). Tenancy, menu rules, Origin and 415 of every
 * route are in route-table.test.ts; the registers' API in device-api.test.ts.
 */

const API = '/api/backoffice';

async function call(client: Client, method: string, path: string, json?: unknown) {
  const response = await client.request(`${API}${path}`, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  let body: Json = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // binary or text answers stay as they are
  }
  return { status: response.status, body, response };
}

const png = () => bannerPng(40, 20, '#112233', '#ddeeff').toString('base64');

for (const target of databaseTargets()) {
  describe(`back-office devices API [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // Corner Market (Retail, Kiosk add-on)
    let bistro: Client; // Blue Door Bistro (Restaurant, no Kiosk)
    let locations: Json[];

    before(async () => {
      server = await startTestServer(target);
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      bistro = new Client(server.url);
      await bistro.signIn('owner@bluedoor.test');
      locations = (await call(owner, 'GET', '/terminals/options')).body.locations;
    });
    after(async () => {
      await server?.close();
    });

    describe('terminals', () => {
      it('lists the demo terminals per location, offline and unpaired', async () => {
        const { status, body } = await call(owner, 'GET', '/terminals');
        assert.equal(status, 200);
        assert.deepEqual(
          body.rows.map((t: Json) => [t.name, t.locationName, t.status, t.online]),
          [
            ['Kiosk till', 'Station kiosk', 'unpaired', false],
            ['Till 1', 'Main Street', 'unpaired', false],
            ['Till 2', 'Main Street', 'unpaired', false],
          ],
        );
        assert.equal(typeof body.serverTime, 'number');
        assert.deepEqual(
          locations.map((l: Json) => l.name),
          ['Main Street', 'Station kiosk'],
        );
      });

      it('adds a terminal with a one-time 8-character code valid 10 minutes; names are unique', async () => {
        const { status, body } = await call(owner, 'POST', '/terminals', {
          name: 'Front till',
          locationId: locations[0].id,
        });
        assert.equal(status, 201);
        assert.match(body.pairingCode, new RegExp(`^[${PAIRING_CODE_ALPHABET}]{8}$`));
        assert.equal(body.pairingExpiresAt - body.serverTime, PAIRING_CODE_TTL_MS);
        assert.equal(body.terminal.status, 'new');
        assert.equal(body.terminal.pairingExpiresAt, body.pairingExpiresAt);
        // Only the hash is stored.
        const row = await server.running.database.db
          .selectFrom('terminals')
          .select(['pairing_code_hash'])
          .where('id', '=', body.terminal.id)
          .executeTakeFirstOrThrow();
        assert.notEqual(row.pairing_code_hash, body.pairingCode);
        assert.equal(row.pairing_code_hash?.length, 64);

        const again = await call(owner, 'POST', '/terminals', { name: 'Front till', locationId: locations[0].id });
        assert.equal(again.status, 409);
        assert.equal(again.body.fields.name, 'another terminal already has this name');
      });

      it('refuses bad input with the field named and stores nothing', async () => {
        const before = (await call(owner, 'GET', '/terminals')).body.rows.length;
        const bistroLocation = (await call(bistro, 'GET', '/terminals/options')).body.locations[0].id;
        for (const [body, field] of [
          [{ name: '', locationId: locations[0].id }, 'name'],
          [{ name: 'x'.repeat(61), locationId: locations[0].id }, 'name'],
          [{ name: 'Ok', locationId: 'one' }, 'locationId'],
          [{ name: 'Ok' }, 'locationId'],
          [{ name: 'Ok', locationId: bistroLocation }, 'locationId'],
        ] as const) {
          const r = await call(owner, 'POST', '/terminals', body);
          assert.equal(r.status, 400, JSON.stringify(body));
          assert.ok(r.body.fields[field], `${JSON.stringify(body)} -> ${JSON.stringify(r.body)}`);
        }
        assert.equal((await call(owner, 'GET', '/terminals')).body.rows.length, before);
      });

      it('renames and moves, issues new codes, withdraws them, and deletes a terminal that never sold', async () => {
        const created = (await call(owner, 'POST', '/terminals', { name: 'Spare', locationId: locations[0].id })).body;
        const id = created.terminal.id;
        const moved = await call(owner, 'PUT', `/terminals/${id}`, { name: 'Spare till', locationId: locations[1].id });
        assert.equal(moved.status, 200);
        assert.equal(moved.body.name, 'Spare till');
        assert.equal(moved.body.locationName, 'Station kiosk');

        const fresh = await call(owner, 'POST', `/terminals/${id}/pairing_code`, {});
        assert.equal(fresh.status, 200);
        assert.notEqual(fresh.body.pairingCode, created.pairingCode);

        const withdrawn = await call(owner, 'POST', `/terminals/${id}/unpair`, {});
        assert.equal(withdrawn.status, 200);
        assert.equal(withdrawn.body.pairingExpiresAt, null);
        assert.equal(withdrawn.body.status, 'new');
        const twice = await call(owner, 'POST', `/terminals/${id}/unpair`, {});
        assert.equal(twice.status, 409);
        assert.equal(twice.body.error, 'not_paired');

        const log = await call(owner, 'GET', `/terminal_log?terminalId=${id}`);
        assert.deepEqual(
          log.body.rows.map((e: Json) => e.kind),
          ['pairing', 'pairing', 'settings', 'pairing'],
        );
        assert.match(log.body.rows[2].message, /renamed from "Spare" to "Spare till" and moved/);

        assert.equal((await call(owner, 'DELETE', `/terminals/${id}`)).status, 204);
        assert.equal((await call(owner, 'GET', `/terminals/${id}`)).status, 404);
      });

      it('shows a pairing code as expired once 10 minutes have passed', async () => {
        const created = (await call(owner, 'POST', '/terminals', { name: 'Late', locationId: locations[0].id })).body;
        server.clock.advance(PAIRING_CODE_TTL_MS + 1);
        try {
          const row = (await call(owner, 'GET', `/terminals/${created.terminal.id}`)).body;
          assert.equal(row.pairingExpiresAt, null);
        } finally {
          server.clock.advance(-(PAIRING_CODE_TTL_MS + 1));
        }
      });
    });

    describe('terminal log', () => {
      it('filters by terminal, kind, level and time, newest first, paginated; bad filters are 400', async () => {
        const all = await call(owner, 'GET', '/terminal_log?pageSize=2');
        assert.equal(all.status, 200);
        assert.equal(all.body.rows.length, 2);
        assert.equal(all.body.pageSize, 2);
        assert.ok(all.body.total >= 2, `total ${all.body.total}`);
        assert.ok(all.body.rows[0].at >= all.body.rows[1].at, 'newest first');
        const second = await call(owner, 'GET', '/terminal_log?pageSize=1&page=2');
        assert.equal(second.body.rows[0].id, all.body.rows[1].id);
        const settings = await call(owner, 'GET', '/terminal_log?kind=settings');
        assert.ok(
          settings.body.rows.every((e: Json) => e.kind === 'settings'),
          'kind filter',
        );
        const spare = (await call(owner, 'POST', '/terminals', { name: 'Warned', locationId: locations[0].id })).body;
        await call(owner, 'POST', `/terminals/${spare.terminal.id}/unpair`, {});
        const warnings = await call(owner, 'GET', '/terminal_log?level=warning');
        assert.ok(warnings.body.rows.length >= 1, 'a warning is logged');
        assert.ok(
          warnings.body.rows.every((e: Json) => e.level === 'warning'),
          'level filter',
        );
        const future = await call(owner, 'GET', `/terminal_log?from=${server.clock.now() + 86_400_000}`);
        assert.equal(future.body.total, 0);
        const past = await call(owner, 'GET', `/terminal_log?to=1`);
        assert.equal(past.body.total, 0);
        // Another company's log is not in ours.
        const theirs = await call(bistro, 'GET', '/terminal_log');
        assert.ok(
          theirs.body.rows.every((e: Json) => !['Front till', 'Late'].includes(e.terminalName)),
          'company-scoped',
        );
        for (const bad of ['kind=nope', 'level=loud', 'terminalId=abc', 'from=yesterday', 'page=0', 'pageSize=500']) {
          const r = await call(owner, 'GET', `/terminal_log?${bad}`);
          assert.equal(r.status, 400, bad);
          assert.equal(r.body.error, 'validation_error');
        }
      });
    });

    describe('printers and the print queue', () => {
      it('creates a kitchen printer routed to categories, driven by a terminal of its location', async () => {
        const options = (await call(bistro, 'GET', '/printers/options')).body;
        const floor = options.terminals.find((t: Json) => t.name === 'Floor');
        const pasta = options.categories.find((c: Json) => c.name === 'Pasta');
        const created = await call(bistro, 'POST', '/printers', {
          name: 'Pizza oven',
          kind: 'kitchen',
          locationId: floor.locationId,
          terminalId: floor.id,
          address: '192.168.1.60:9100',
          categoryIds: [pasta.id],
          active: true,
        });
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.deepEqual(created.body.categoryNames, ['Pasta']);
        assert.equal(created.body.terminalName, 'Floor');

        // A receipt printer prints no categories.
        const receipt = await call(bistro, 'POST', '/printers', {
          name: 'Receipts 2',
          kind: 'receipt',
          locationId: floor.locationId,
          terminalId: null,
          address: '',
          categoryIds: [pasta.id],
          active: true,
        });
        assert.equal(receipt.status, 201);
        assert.deepEqual(receipt.body.categoryIds, []);
        const list = (await call(bistro, 'GET', '/printers')).body.rows.map((p: Json) => p.name);
        assert.deepEqual(list, ['Bar printer', 'Bar receipts', 'Kitchen', 'Pizza oven', 'Receipts 2']);
      });

      it('refuses a terminal of another location, categories of another company, a duplicate name', async () => {
        const options = (await call(owner, 'GET', '/printers/options')).body;
        const kioskTill = options.terminals.find((t: Json) => t.name === 'Kiosk till');
        const main = options.locations.find((l: Json) => l.name === 'Main Street');
        const theirCategory = (await call(bistro, 'GET', '/printers/options')).body.categories[0].id;
        const base = {
          name: 'Probe',
          kind: 'kitchen',
          locationId: main.id,
          terminalId: null,
          address: '',
          categoryIds: [],
          active: true,
        };
        const wrongPlace = await call(owner, 'POST', '/printers', { ...base, terminalId: kioskTill.id });
        assert.equal(wrongPlace.status, 400);
        assert.match(wrongPlace.body.fields.terminalId, /location/);
        const foreign = await call(owner, 'POST', '/printers', { ...base, categoryIds: [theirCategory] });
        assert.equal(foreign.status, 400);
        assert.ok(foreign.body.fields.categoryIds, JSON.stringify(foreign.body));
        const dup = await call(owner, 'POST', '/printers', { ...base, name: 'Till 1 receipts' });
        assert.equal(dup.status, 409);
        assert.equal(
          (await call(owner, 'GET', '/printers')).body.rows.filter((p: Json) => p.name === 'Probe').length,
          0,
        );
      });

      it('queues a test page; cancel and retry are state transitions (409 otherwise)', async () => {
        const printer = (await call(owner, 'GET', '/printers')).body.rows[0];
        const job = await call(owner, 'POST', `/printers/${printer.id}/test`, {});
        assert.equal(job.status, 201);
        assert.equal(job.body.status, 'queued');
        assert.equal(job.body.kind, 'test');
        assert.ok(
          job.body.document.lines.some((l: Json) => l.text === 'Test page'),
          'a test page document',
        );
        assert.equal((await call(owner, 'GET', `/printers/${printer.id}`)).body.queued, 1);

        const retryQueued = await call(owner, 'POST', `/print_jobs/${job.body.id}/retry`, {});
        assert.equal(retryQueued.status, 409);
        assert.equal(retryQueued.body.error, 'print_job_state');
        const cancelled = await call(owner, 'POST', `/print_jobs/${job.body.id}/cancel`, {});
        assert.equal(cancelled.body.status, 'cancelled');
        assert.equal((await call(owner, 'POST', `/print_jobs/${job.body.id}/cancel`, {})).status, 409);
        const retried = await call(owner, 'POST', `/print_jobs/${job.body.id}/retry`, {});
        assert.equal(retried.body.status, 'queued');

        const queue = await call(owner, 'GET', `/print_jobs?printerId=${printer.id}&status=queued`);
        assert.equal(queue.body.total, 1);
        assert.equal(queue.body.rows[0].id, job.body.id);
        assert.equal((await call(owner, 'GET', '/print_jobs?status=lost')).status, 400);
      });
    });

    describe('banners', () => {
      const banner = (extra: Record<string, unknown> = {}) => ({
        title: 'Summer sale',
        activeFrom: null,
        activeUntil: null,
        allLocations: true,
        locationIds: [],
        image: png(),
        ...extra,
      });

      it('uploads an image checked by its bytes and serves it back with its type', async () => {
        const created = await call(owner, 'POST', '/kiosk_banners', banner());
        assert.equal(created.status, 201, JSON.stringify(created.body));
        assert.equal(created.body.contentType, 'image/png');
        assert.equal(created.body.state, 'active');
        const image = await owner.request(created.body.imageUrl);
        assert.equal(image.status, 200);
        assert.equal(image.headers.get('content-type'), 'image/png');
        assert.equal(image.headers.get('x-content-type-options'), 'nosniff');
        assert.deepEqual(Buffer.from(await image.arrayBuffer()), Buffer.from(png(), 'base64'));
        // The other kind's route does not serve it.
        const other = await call(owner, 'GET', `/customer_display_banners/${created.body.id}`);
        assert.equal(other.status, 404);
      });

      it('refuses SVG, text, an image over 2 MB, a missing image and bad windows; nothing is stored', async () => {
        const count = async () => (await call(owner, 'GET', '/kiosk_banners')).body.rows.length;
        const before = await count();
        const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString(
          'base64',
        );
        const text = Buffer.from('just text, not an image').toString('base64');
        const big = Buffer.concat([Buffer.from(png(), 'base64'), Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
        for (const [body, field] of [
          [banner({ image: svg }), 'image'],
          [banner({ image: text }), 'image'],
          [banner({ image: 'not base64!' }), 'image'],
          [banner({ image: big }), 'image'],
          [banner({ image: undefined }), 'image'],
          [banner({ title: ' ' }), 'title'],
          [banner({ activeFrom: 2000, activeUntil: 1000 }), 'activeUntil'],
          [banner({ allLocations: false, locationIds: [] }), 'locationIds'],
          [banner({ allLocations: false, locationIds: [999_999] }), 'locationIds'],
        ] as const) {
          const r = await call(owner, 'POST', '/kiosk_banners', body);
          assert.equal(r.status, 400, `${field}: ${JSON.stringify(r.body).slice(0, 200)}`);
          assert.ok(r.body.fields[field], `${field}: ${JSON.stringify(r.body).slice(0, 200)}`);
        }
        // An image that would decode huge, or whose size cannot be read: refused on the image too.
        for (const image of [
          blankPng(16_000, 16_000),
          blankPng(100_000, 100_000, 1),
          Buffer.from(png(), 'base64').subarray(0, 20),
        ]) {
          const r = await call(owner, 'POST', '/kiosk_banners', banner({ image: image.toString('base64') }));
          assert.equal(r.status, 400, JSON.stringify(r.body).slice(0, 200));
          assert.match(r.body.fields.image, /at most 4096 x 4096 and 16 megapixels|could not be read/);
        }
        // A body past the upload limit is a 413, never a 500.
        const huge = await call(owner, 'POST', '/kiosk_banners', banner({ image: 'A'.repeat(3_000_000) }));
        assert.equal(huge.status, 413);
        assert.equal(await count(), before);
      });

      it('edits without a new image, schedules by location and time, reorders', async () => {
        const main = locations.find((l: Json) => l.name === 'Main Street');
        const later = server.clock.now() + 86_400_000;
        const second = await call(owner, 'POST', '/kiosk_banners', banner({ title: 'Coming soon', activeFrom: later }));
        assert.equal(second.body.state, 'scheduled');
        const edited = await call(owner, 'PUT', `/kiosk_banners/${second.body.id}`, {
          ...banner({ title: 'Coming soon!', allLocations: false, locationIds: [main.id] }),
          image: undefined,
        });
        assert.equal(edited.status, 200);
        assert.deepEqual(edited.body.locationNames, ['Main Street']);
        assert.equal(edited.body.imageUrl, second.body.imageUrl, 'the image is kept');
        const ended = await call(owner, 'PUT', `/kiosk_banners/${second.body.id}`, {
          ...banner({ activeFrom: 1000, activeUntil: 2000 }),
          image: undefined,
        });
        assert.equal(ended.body.state, 'ended');

        const ids = (await call(owner, 'GET', '/kiosk_banners')).body.rows.map((b: Json) => b.id);
        const reversed = [...ids].reverse();
        const reordered = await call(owner, 'POST', '/kiosk_banners/reorder', { ids: reversed });
        assert.equal(reordered.status, 200);
        assert.deepEqual(
          reordered.body.rows.map((b: Json) => b.id),
          reversed,
        );
        const partial = await call(owner, 'POST', '/kiosk_banners/reorder', { ids: reversed.slice(1) });
        assert.equal(partial.status, 400);
        assert.equal((await call(owner, 'DELETE', `/kiosk_banners/${second.body.id}`)).status, 204);
      });

      it('follows the menu rule: kiosk banners need the Kiosk add-on, customer display banners do not', async () => {
        assert.equal((await call(bistro, 'GET', '/kiosk_banners')).status, 403);
        const theirs = await call(bistro, 'GET', '/customer_display_banners');
        assert.equal(theirs.status, 200);
        assert.deepEqual(
          theirs.body.rows.map((b: Json) => b.title),
          ['Happy hour 17:00-19:00', 'Book your table online'],
        );
      });
    });
  });
}
