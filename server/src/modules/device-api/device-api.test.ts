import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql } from 'kysely';
import { PAIRING_CODE_TTL_MS } from '@hive/shared/schemas/device';
import { checkPinVerifier } from './';
import { bannerPng } from '../devices/png';
import { OVERVIEW_SHARE_MS } from '../reports';
import { compareRollups } from '../reports';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * The device API (/api/device/v1) as a register uses it: pairing (codes, expiry, single use,
 * revocation), config with ETag, every event type with the amounts checked on the server,
 * idempotency, partial and malformed batches, refunds limited to what was sold, print job routing,
 * the device log, banners, and a device never reaching another company's data. Every answer is
 * checked against the served OpenAPI document.
 */

const DEVICE = '/api/device/v1';

interface Reply {
  status: number;
  body: Json;
  headers: Headers;
}

class Register {
  /** The key of its pairing that checks the config's PIN verifiers. */
  pinKey = '';

  constructor(
    readonly url: string,
    public token: string,
    readonly headers: Record<string, string> = {},
  ) {}

  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(`${this.url}${DEVICE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...this.headers,
        ...headers,
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    let body: Json = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // images
    }
    return { status: response.status, body, headers: response.headers };
  }

  send(events: unknown[]) {
    return this.call('POST', '/events', { events });
  }
}

async function pairWith(url: string, code: string, extra: Record<string, unknown> = {}): Promise<Reply> {
  const response = await fetch(`${url}${DEVICE}/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, ...extra }),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

async function bo(client: Client, method: string, path: string, json?: unknown) {
  const response = await client.request(`/api/backoffice${path}`, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : null };
}

/** A demo terminal (by name) paired to a new register. */
async function pairDemo(server: TestServer, owner: Client, name: string): Promise<Register> {
  const terminals = (await bo(owner, 'GET', '/terminals')).body.rows;
  const terminal = terminals.find((t: Json) => t.name === name);
  const { body } = await bo(owner, 'POST', `/terminals/${terminal.id}/pairing_code`, {});
  const paired = await pairWith(server.url, body.pairingCode, { appVersion: '4.1.0', deviceModel: 'Test register' });
  assert.equal(paired.status, 200, JSON.stringify(paired.body));
  const register = new Register(server.url, paired.body.token);
  register.pinKey = paired.body.pinKey;
  return register;
}

for (const target of databaseTargets()) {
  describe(`device API [${target.name}]`, () => {
    let server: TestServer;
    // The registers' clock is the server's (TEST_NOW moves it).
    const now = () => server.clock.now();
    let owner: Client; // Blue Door Bistro (restaurant, added taxes)
    let corner: Client; // Corner Market
    let ajv: Ajv2020;
    let floor: Register;
    let bar: Register;
    let config: Json;
    /** The shift and the sale of the worked example (used again by the tenancy test). */
    let shiftId: string;
    let saleId: string;

    /** Asserts the answer matches the OpenAPI document's schema of that status. */
    const conforms = (reply: Reply, schema: string) => {
      const validate = ajv.getSchema(`api#/components/schemas/${schema}`);
      assert.ok(validate, `no schema ${schema}`);
      assert.ok(
        validate(reply.body),
        `${schema}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(reply.body).slice(0, 300)}`,
      );
    };
    const count = async (table: 'receipts' | 'receipt_lines' | 'shifts' | 'cash_movements' | 'device_events') =>
      Number(
        (
          await server.running.database.db
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const ids = () => ({
      cash: config.paymentTypes.find((p: Json) => p.builtin === 'cash').id as number,
      card: config.paymentTypes.find((p: Json) => p.builtin === 'card').id as number,
      dineIn: config.orderTypes.find((t: Json) => t.builtin === 'dine_in').id as number,
      item: (name: string) => config.items.find((i: Json) => i.name === name) as Json,
      employee: config.employees[0].id as number,
    });

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      owner = new Client(server.url);
      await owner.signIn('owner@bluedoor.test');
      corner = new Client(server.url);
      await corner.signIn('owner@cornermarket.test');
      const doc = await (await fetch(`${server.url}${DEVICE}/openapi.json`)).json();
      assert.equal(doc.openapi, '3.1.0');
      ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
      ajv.addSchema({ $id: 'api', components: doc.components });
      floor = await pairDemo(server, owner, 'Floor');
      bar = await pairDemo(server, owner, 'Bar');
      const reply = await floor.call('GET', '/config');
      config = reply.body;
    });
    after(async () => {
      await server?.close();
    });

    describe('pairing', () => {
      const newCode = async (name: string) => {
        const options = (await bo(owner, 'GET', '/terminals/options')).body;
        return (await bo(owner, 'POST', '/terminals', { name, locationId: options.locations[0].id })).body;
      };

      it('pairs once with the code (any case, dashes allowed) and answers a token; the code is then spent', async () => {
        const created = await newCode('Patio');
        const code = `${created.pairingCode.slice(0, 4).toLowerCase()}-${created.pairingCode.slice(4)}`;
        const paired = await pairWith(server.url, code, { appVersion: '4.1.0' });
        assert.equal(paired.status, 200);
        conforms(paired, 'PairResponse');
        assert.match(paired.body.token, /^hdt_[A-Za-z0-9_-]{43}$/);
        assert.equal(paired.body.terminal.name, 'Patio');
        assert.equal(paired.body.company.name, 'Blue Door Bistro');
        const again = await pairWith(server.url, created.pairingCode);
        assert.equal(again.status, 400);
        assert.equal(again.body.error, 'pairing_code_invalid');
        conforms(again, 'Error');
        // Stored hashed.
        const row = await server.running.database.db
          .selectFrom('terminals')
          .select(['token_hash', 'status'])
          .where('id', '=', paired.body.terminal.id)
          .executeTakeFirstOrThrow();
        assert.equal(row.status, 'paired');
        assert.notEqual(row.token_hash, paired.body.token);
        const list = (await bo(owner, 'GET', '/terminals')).body.rows.find((t: Json) => t.name === 'Patio');
        assert.equal(list.online, true);
        assert.equal(list.appVersion, '4.1.0');
      });

      it('refuses a wrong, malformed or expired code with a clear 4xx', async () => {
        const wrong = await pairWith(server.url, 'ABCDEFGH');
        assert.equal(wrong.status, 400);
        assert.equal(wrong.body.error, 'pairing_code_invalid');
        const malformed = await pairWith(server.url, 'abc');
        assert.equal(malformed.status, 400);
        assert.equal(malformed.body.error, 'validation_error');
        assert.ok(malformed.body.fields.code, 'names the field');
        const notText = await pairWith(server.url, 12345678 as unknown as string);
        assert.equal(notText.status, 400);

        const created = await newCode('Terrace');
        server.clock.advance(PAIRING_CODE_TTL_MS + 1);
        try {
          const late = await pairWith(server.url, created.pairingCode);
          assert.equal(late.status, 400);
          assert.equal(late.body.error, 'pairing_code_expired');
          assert.match(late.body.message, /10 minutes/);
        } finally {
          server.clock.advance(-(PAIRING_CODE_TTL_MS + 1));
        }
        // A new code for the same terminal works.
        const fresh = await bo(owner, 'POST', `/terminals/${created.terminal.id}/pairing_code`, {});
        assert.equal((await pairWith(server.url, fresh.body.pairingCode)).status, 200);
      });

      it('unpairing revokes the token at once; pairing again replaces the previous device', async () => {
        const created = await newCode('Window');
        const first = new Register(server.url, (await pairWith(server.url, created.pairingCode)).body.token);
        assert.equal((await first.call('GET', '/config')).status, 200);
        const replacement = await bo(owner, 'POST', `/terminals/${created.terminal.id}/pairing_code`, {});
        // The old device keeps working until the new code is used...
        assert.equal((await first.call('GET', '/config')).status, 200);
        const second = new Register(server.url, (await pairWith(server.url, replacement.body.pairingCode)).body.token);
        // ...then its token is gone.
        const revoked = await first.call('GET', '/config');
        assert.equal(revoked.status, 401);
        assert.equal(revoked.body.error, 'invalid_token');
        assert.match(revoked.headers.get('www-authenticate') ?? '', /Bearer/);
        assert.equal((await second.call('GET', '/config')).status, 200);

        assert.equal((await bo(owner, 'POST', `/terminals/${created.terminal.id}/unpair`, {})).status, 200);
        const after = await second.send([{ id: randomUUID(), type: 'shift_open', at: now(), openingFloatCents: 0 }]);
        assert.equal(after.status, 401);
        conforms(after, 'Error');
        const log = (await bo(owner, 'GET', `/terminal_log?terminalId=${created.terminal.id}&kind=pairing`)).body.rows;
        assert.match(log[0].message, /Unpaired/);
      });

      it('takes the token from Authorization only: no token, a malformed one, or a session cookie is 401', async () => {
        const anonymous = await fetch(`${server.url}${DEVICE}/config`);
        assert.equal(anonymous.status, 401);
        assert.equal((await anonymous.json()).error, 'unauthorized');
        const malformed = await new Register(server.url, 'not-a-token').call('GET', '/config');
        assert.equal(malformed.status, 401);
        const withCookie = await owner.request(`${DEVICE}/config`);
        assert.equal(withCookie.status, 401, 'a back-office session is not a device');
      });

      it('limits pairing attempts per address', async () => {
        const strict = await startTestServer(target, { deviceRateLimits: { pair: { limit: 3, windowMs: 60_000 } } });
        try {
          for (let i = 0; i < 3; i += 1) assert.equal((await pairWith(strict.url, 'ABCDEFGH')).status, 400);
          const limited = await pairWith(strict.url, 'ABCDEFGH');
          assert.equal(limited.status, 429);
          assert.ok(Number(limited.headers.get('retry-after')) > 0, 'Retry-After');
        } finally {
          await strict.close();
        }
      });
    });

    describe('config', () => {
      it('has the catalog, taxes, types, employees with PIN verifiers, printers and banners, with an ETag', async () => {
        const reply = await floor.call('GET', '/config');
        assert.equal(reply.status, 200);
        conforms(reply, 'Config');
        const body = reply.body;
        assert.equal(body.company.currency, 'USD');
        assert.equal(body.terminal.name, 'Floor');
        assert.equal(body.location.name, 'Canal Walk');
        assert.ok(body.items.length > 20, 'the menu');
        const carbonara = body.items.find((i: Json) => i.name === 'Spaghetti carbonara');
        assert.equal(carbonara.priceCents, 1550);
        assert.deepEqual(
          carbonara.taxRateIds.map((id: number) => body.taxRates.find((t: Json) => t.id === id).name),
          ['Food and drink'],
        );
        assert.deepEqual(
          body.paymentTypes.map((p: Json) => p.builtin),
          ['cash', 'card', 'gift_card', 'other'],
        );
        assert.equal(body.employees.length, 4);
        const sam = body.employees.find((e: Json) => e.name === 'Sam Okafor');
        assert.match(sam.pinVerifier, /^scrypt-hmac\$/);
        const key = Buffer.from(floor.pinKey, 'base64url');
        assert.equal(await checkPinVerifier('1111', sam.pinVerifier, key), true);
        assert.equal(await checkPinVerifier('1112', sam.pinVerifier, key), false);
        const kitchen = body.printers.find((p: Json) => p.name === 'Kitchen');
        assert.equal(kitchen.kind, 'kitchen');
        assert.equal(kitchen.categoryIds.length, 4);
        assert.deepEqual(
          body.banners.customerDisplay.map((b: Json) => b.title),
          ['Happy hour 17:00-19:00', 'Book your table online'],
        );
        assert.equal(body.openShift, null);
        assert.match(reply.headers.get('etag') ?? '', /^W\/".+"$/);
      });

      it('answers 304 while unchanged and the new version right after a back-office change', async () => {
        const first = await floor.call('GET', '/config');
        const etag = first.headers.get('etag')!;
        const same = await floor.call('GET', '/config', undefined, { 'if-none-match': etag });
        assert.equal(same.status, 304);
        assert.equal(same.body, null);

        // Upload a customer-display banner: the very next config shows it.
        const image = bannerPng(60, 30, '#0f766e', '#99f6e4');
        const banner = await bo(owner, 'POST', '/customer_display_banners', {
          title: 'Soup of the day',
          activeFrom: null,
          activeUntil: null,
          allLocations: true,
          locationIds: [],
          image: image.toString('base64'),
        });
        assert.equal(banner.status, 201);
        const changed = await floor.call('GET', '/config', undefined, { 'if-none-match': etag });
        assert.equal(changed.status, 200);
        assert.notEqual(changed.headers.get('etag'), etag);
        const shown = changed.body.banners.customerDisplay.find((b: Json) => b.title === 'Soup of the day');
        assert.ok(shown, 'the new banner is in config');
        const download = await fetch(`${server.url}${shown.imageUrl}`, {
          headers: { authorization: `Bearer ${floor.token}` },
        });
        assert.equal(download.status, 200);
        assert.equal(download.headers.get('content-type'), 'image/png');
        assert.deepEqual(Buffer.from(await download.arrayBuffer()), image);
        const log = (await bo(owner, 'GET', '/terminal_log?kind=config')).body.rows;
        assert.ok(log.length >= 1, 'the new configuration is in the terminal log');
      });
    });

    describe('events', () => {
      /** The worked example of docs/device-api.md: the server must arrive at these exact amounts. */
      const sale = () => {
        const { cash, card, dineIn, item, employee } = ids();
        const carbonara = item('Spaghetti carbonara');
        const red = item('House red, glass');
        return {
          id: randomUUID(),
          type: 'receipt',
          at: now() - 60_000,
          localNumber: 'F-0001',
          shiftId,
          employeeId: employee,
          orderTypeId: dineIn,
          lines: [
            {
              itemId: carbonara.id,
              name: carbonara.name,
              quantity: 2,
              unitPriceCents: 1550,
              modifiers: [{ name: 'Extra cheese', priceCents: 150 }],
              discountCents: 400,
              taxRateIds: carbonara.taxRateIds,
            },
            { itemId: red.id, name: red.name, quantity: 1, unitPriceCents: 750, taxRateIds: red.taxRateIds },
          ],
          discounts: [{ name: 'Loyalty', amountCents: 375 }],
          payments: [
            { paymentTypeId: cash, amountCents: 2500 },
            { paymentTypeId: card, amountCents: 1787, tipCents: 300 },
          ],
          changeCents: 500,
          totals: { subtotalCents: 4150, discountCents: 775, taxCents: 412, totalCents: 3787, tipCents: 300 },
          sendToKitchen: true,
        };
      };

      it('stores every event type with the amounts computed on the server', async () => {
        const receiptsBefore = await count('receipts');
        shiftId = randomUUID();
        const example = sale();
        saleId = example.id;
        const { cash } = ids();
        const refund = {
          id: randomUUID(),
          type: 'refund',
          at: now() - 30_000,
          receiptId: saleId,
          shiftId,
          reason: 'Cold',
          lines: [{ line: 1, quantity: 1 }],
          payments: [{ paymentTypeId: cash, amountCents: 1485 }],
          totals: { subtotalCents: 1700, discountCents: 350, taxCents: 135, totalCents: 1485 },
        };
        const batch = [
          {
            id: shiftId,
            type: 'shift_open',
            at: now() - 120_000,
            employeeId: ids().employee,
            openingFloatCents: 10_000,
          },
          example,
          {
            id: randomUUID(),
            type: 'cash_movement',
            at: now() - 50_000,
            shiftId,
            kind: 'pay_out',
            amountCents: 1500,
            reason: 'Ice',
          },
          refund,
        ];
        const reply = await floor.send(batch);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        conforms(reply, 'EventBatchResult');
        assert.deepEqual(
          reply.body.results.map((r: Json) => r.status),
          ['stored', 'stored', 'stored', 'stored'],
        );
        assert.equal(reply.body.results[3].receiptNumber, reply.body.results[1].receiptNumber + 1);
        assert.equal(await count('receipts'), receiptsBefore + 2);

        const db = server.running.database.db;
        const stored = await db
          .selectFrom('receipts')
          .selectAll()
          .where('client_id', '=', saleId)
          .executeTakeFirstOrThrow();
        assert.deepEqual(
          [stored.gross_cents, stored.discount_cents, stored.net_cents, stored.tax_cents, stored.total_cents].map(
            Number,
          ),
          [4150, 775, 3375, 412, 3787],
        );
        assert.equal(Number(stored.tip_cents), 300);
        assert.equal(Number(stored.change_cents), 500);
        assert.equal(stored.local_number, 'F-0001');
        // The batch's sale and refund are each in the report roll-ups once (a batch with both once
        // added its sales twice).
        assert.deepEqual(await compareRollups(db, stored.company_id), []);
        const taxes = await db
          .selectFrom('receipt_taxes')
          .select(['name', 'rate_bp', 'taxable_cents', 'tax_cents'])
          .where('receipt_id', '=', stored.id)
          .orderBy('rate_bp')
          .execute();
        assert.deepEqual(
          taxes.map((t) => [t.name, Number(t.rate_bp), Number(t.taxable_cents), Number(t.tax_cents)]),
          [
            ['Food and drink', 1000, 2700, 270],
            ['Alcohol', 2100, 675, 142],
          ],
        );
        const lines = await db
          .selectFrom('receipt_lines')
          .select(['position', 'gross_cents', 'discount_cents', 'total_cents', 'modifiers_cents'])
          .where('receipt_id', '=', stored.id)
          .orderBy('position')
          .execute();
        assert.deepEqual(
          lines.map((l) => [l.gross_cents, l.discount_cents, l.total_cents, l.modifiers_cents].map(Number)),
          [
            [3400, 700, 2970, 150],
            [750, 75, 817, 0],
          ],
        );
        const payments = await db
          .selectFrom('receipt_payments')
          .select(['name', 'amount_cents', 'tip_cents'])
          .where('receipt_id', '=', stored.id)
          .execute();
        assert.deepEqual(
          payments.map((p) => [p.name, Number(p.amount_cents), Number(p.tip_cents)]),
          [
            ['Cash', 2500, 0],
            ['Card', 1787, 300],
          ],
        );

        // The config now shows the open shift; closing it computes the drawer.
        const open = await floor.call('GET', '/config');
        assert.equal(open.body.openShift.id, shiftId);
        const close = await floor.send([
          {
            id: randomUUID(),
            type: 'shift_close',
            at: now() - 1000,
            shiftId,
            countedCashCents: 9000,
            note: 'Short 15',
          },
        ]);
        assert.equal(close.status, 200);
        conforms(close, 'EventBatchResult');
        // 100.00 float + 25.00 cash - 5.00 change - 15.00 pay-out - 14.85 refunded = 90.15
        assert.equal(close.body.results[0].expectedCashCents, 9015);
        assert.equal(close.body.results[0].differenceCents, -15);
        const shift = await db
          .selectFrom('shifts')
          .selectAll()
          .where('client_id', '=', shiftId)
          .executeTakeFirstOrThrow();
        assert.equal(shift.status, 'closed');
        assert.equal(Number(shift.expected_cash_cents), 9015);
        assert.equal(Number(shift.counted_cash_cents), 9000);
      });

      it('is idempotent: the same batch again is all duplicates and changes nothing', async () => {
        const batch = [sale(), sale()].map((e) => ({ ...e, shiftId: null }));
        const first = await bar.send(batch);
        assert.equal(first.body.stored, 2);
        const before = await Promise.all([count('receipts'), count('receipt_lines'), count('device_events')]);
        const second = await bar.send(batch);
        assert.equal(second.status, 200);
        conforms(second, 'EventBatchResult');
        assert.deepEqual(
          second.body.results.map((r: Json) => [r.status, r.receiptNumber]),
          first.body.results.map((r: Json) => ['duplicate', r.receiptNumber]),
        );
        assert.deepEqual(
          await Promise.all([count('receipts'), count('receipt_lines'), count('device_events')]),
          before,
        );
        // A repeated id inside one batch is a duplicate of the first.
        const twice = sale();
        const inOne = await bar.send([
          { ...twice, shiftId: null },
          { ...twice, shiftId: null },
        ]);
        assert.deepEqual(
          inOne.body.results.map((r: Json) => r.status),
          ['stored', 'duplicate'],
        );
      });

      it('stores the good events of a partial batch and rejects the others whole, with field errors', async () => {
        const before = await Promise.all([count('receipts'), count('receipt_lines')]);
        const good = { ...sale(), shiftId: null };
        const wrongTotal = { ...sale(), shiftId: null, totals: { ...sale().totals, totalCents: 3700 } };
        const negative = { ...sale(), shiftId: null };
        negative.lines = [{ ...negative.lines[0]!, quantity: -2 }, negative.lines[1]!];
        const unknownType = { id: randomUUID(), type: 'tip_jar', at: now() };
        const underpaid = {
          ...sale(),
          shiftId: null,
          payments: [{ paymentTypeId: ids().card, amountCents: 3000 }],
          changeCents: 0,
          totals: { ...sale().totals, tipCents: 0 },
        };
        const future = { ...sale(), shiftId: null, at: now() + 3_600_000 };
        const foreignItem = { ...sale(), shiftId: null };
        const cornerItem = (await bo(corner, 'GET', '/items?pageSize=1')).body.rows[0].id;
        foreignItem.lines = [{ ...foreignItem.lines[0]!, itemId: cornerItem }, foreignItem.lines[1]!];
        const reply = await bar.send([good, wrongTotal, negative, unknownType, underpaid, future, foreignItem]);
        assert.equal(reply.status, 200);
        conforms(reply, 'EventBatchResult');
        const [ok, ...bad] = reply.body.results;
        assert.equal(ok.status, 'stored');
        assert.deepEqual(
          bad.map((r: Json) => [r.status, r.errors[0].code, r.errors[0].field]),
          [
            ['rejected', 'totals_mismatch', 'totals.totalCents'],
            ['rejected', 'invalid', 'lines.0.quantity'],
            ['rejected', 'unknown_type', 'type'],
            ['rejected', 'payments_mismatch', 'payments'],
            ['rejected', 'bad_time', 'at'],
            ['rejected', 'unknown_item', 'lines.0.itemId'],
          ],
        );
        assert.match(bad[0].errors[0].message, /add up to 3787, not 3700/);
        assert.deepEqual(await Promise.all([count('receipts'), count('receipt_lines')]), [
          before[0] + 1,
          before[1] + 2,
        ]);
        const log = (await bo(owner, 'GET', '/terminal_log?kind=sync&level=warning')).body.rows[0];
        assert.match(log.message, /1 stored, 0 duplicate, 6 rejected/);
        assert.equal(log.details.rejectedEvents.length, 6);
      });

      it('gives change from cash only: card-only change and change above the cash are refused, change up to the cash is stored', async () => {
        // The worked example's total is 37.87 (a 3.00 tip on the card, outside the amounts).
        const { cash, card } = ids();
        const paying = (payments: Json[], changeCents: number) => ({ ...sale(), shiftId: null, payments, changeCents });
        const cardOnly = paying([{ paymentTypeId: card, amountCents: 4287, tipCents: 300 }], 500);
        const moreThanCash = paying(
          [
            { paymentTypeId: cash, amountCents: 200 },
            { paymentTypeId: card, amountCents: 3987, tipCents: 300 },
          ],
          400,
        );
        const allTheCash = paying(
          [
            { paymentTypeId: cash, amountCents: 500 },
            { paymentTypeId: card, amountCents: 3787, tipCents: 300 },
          ],
          500,
        );
        const reply = await bar.send([cardOnly, moreThanCash, allTheCash]);
        assert.equal(reply.status, 200, JSON.stringify(reply.body));
        assert.deepEqual(
          reply.body.results.map((r: Json) => [r.status, r.errors?.[0]?.field ?? null]),
          [
            ['rejected', 'changeCents'],
            ['rejected', 'changeCents'],
            ['stored', null],
          ],
        );
        const stored = await server.running.database.db
          .selectFrom('receipts')
          .select(['change_cents', 'total_cents'])
          .where('client_id', '=', allTheCash.id)
          .executeTakeFirstOrThrow();
        assert.deepEqual([Number(stored.change_cents), Number(stored.total_cents)], [500, 3787]);
      });

      it('answers 422 when every event is rejected, and 400 for a malformed batch; nothing is stored', async () => {
        const before = await Promise.all([count('receipts'), count('device_events')]);
        const allBad = await bar.send([{ ...sale(), shiftId: null, totals: { ...sale().totals, taxCents: 1 } }]);
        assert.equal(allBad.status, 422);
        assert.equal(allBad.body.error, 'events_rejected');
        conforms(allBad, 'EventBatchRejected');
        const tooMany = Array.from({ length: 501 }, () => ({
          id: randomUUID(),
          type: 'shift_open',
          at: now(),
          openingFloatCents: 0,
        }));
        for (const [body, field] of [
          [{ events: tooMany }, 'events'],
          [{ events: [] }, 'events'],
          [{ events: 'nope' }, 'events'],
          [{}, 'events'],
          [[1, 2], 'body'],
          [{ events: [{ type: 'receipt' }] }, 'events.0.id'],
          [{ events: [{ id: 'not-a-uuid', type: 'receipt' }] }, 'events.0.id'],
          [{ events: [null] }, 'events.0'],
        ] as const) {
          const reply = await bar.call('POST', '/events', body);
          assert.equal(reply.status, 400, JSON.stringify(body).slice(0, 80));
          assert.equal(reply.body.error, 'validation_error');
          assert.ok(reply.body.fields[field], `${field}: ${JSON.stringify(reply.body)}`);
          conforms(reply, 'Error');
        }
        const broken = await fetch(`${server.url}${DEVICE}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bar.token}`, 'content-type': 'application/json' },
          body: '{"events": [',
        });
        assert.equal(broken.status, 400);
        const form = await fetch(`${server.url}${DEVICE}/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bar.token}`, 'content-type': 'text/plain' },
          body: '{}',
        });
        assert.equal(form.status, 415);
        const huge = await bar.call('POST', '/events', {
          events: [{ id: randomUUID(), type: 'x', pad: 'x'.repeat(6_000_000) }],
        });
        assert.equal(huge.status, 413);
        assert.deepEqual(await Promise.all([count('receipts'), count('device_events')]), before);
      });

      it('never refunds more than was sold, across refunds and within one batch', async () => {
        const { cash } = ids();
        const fresh = { ...sale(), shiftId: null };
        const refundOne = () => ({
          id: randomUUID(),
          type: 'refund',
          at: now() - 1000,
          receiptId: fresh.id,
          lines: [{ line: 1, quantity: 1 }],
          payments: [{ paymentTypeId: cash, amountCents: 1485 }],
          totals: { subtotalCents: 1700, discountCents: 350, taxCents: 135, totalCents: 1485 },
        });
        // Sale and two refunds of its two carbonaras in one batch; the third is one too many.
        const reply = await bar.send([fresh, refundOne(), refundOne(), refundOne()]);
        assert.deepEqual(
          reply.body.results.map((r: Json) => r.status),
          ['stored', 'stored', 'stored', 'rejected'],
        );
        assert.equal(reply.body.results[3].errors[0].code, 'refund_exceeds_sale');
        assert.match(reply.body.results[3].errors[0].message, /2 sold, 2 already returned: at most 0/);
        const later = await bar.send([refundOne()]);
        assert.equal(later.status, 422);
        assert.equal(later.body.results[0].errors[0].code, 'refund_exceeds_sale');

        const lookup = await bar.call('GET', `/receipts/${fresh.id}`);
        assert.equal(lookup.status, 200);
        conforms(lookup, 'Receipt');
        assert.deepEqual(lookup.body.lines[0].refunded, {
          quantity: 2,
          grossCents: 3400,
          discountCents: 700,
          taxCents: [270],
        });
        const byNumber = await bar.call('GET', `/receipts/${lookup.body.number}`);
        assert.equal(byNumber.body.id, fresh.id);

        const refundId = reply.body.results[1].id;
        const ofRefund = await bar.send([{ ...refundOne(), receiptId: refundId }]);
        assert.equal(ofRefund.body.results[0].errors[0].code, 'not_a_sale');
        const unknownLine = await bar.send([{ ...refundOne(), receiptId: saleId, lines: [{ line: 9, quantity: 1 }] }]);
        assert.equal(unknownLine.body.results[0].errors[0].code, 'unknown_line');
      });

      it('keeps the report roll-ups equal to the receipts it stored: the demo history, sales and refunds in one batch', async () => {
        const db = server.running.database.db;
        const company = await db
          .selectFrom('companies')
          .select('id')
          .where('slug', '=', 'blue-door-bistro')
          .executeTakeFirstOrThrow();
        assert.deepEqual(await compareRollups(db, company.id), []);
      });

      it('keeps shifts straight: one open per terminal, none after closing, only its own terminal', async () => {
        const shift = randomUUID();
        const opened = await bar.send([{ id: shift, type: 'shift_open', at: now() - 5000, openingFloatCents: 5000 }]);
        assert.equal(opened.body.results[0].status, 'stored');
        const second = await bar.send([{ id: randomUUID(), type: 'shift_open', at: now(), openingFloatCents: 0 }]);
        assert.equal(second.body.results[0].errors[0].code, 'shift_already_open');
        const otherTerminal = await floor.send([
          {
            id: randomUUID(),
            type: 'cash_movement',
            at: now(),
            shiftId: shift,
            kind: 'pay_in',
            amountCents: 100,
            reason: 'x',
          },
        ]);
        assert.equal(otherTerminal.body.results[0].errors[0].code, 'shift_of_another_terminal');
        const closed = await bar.send([
          { id: randomUUID(), type: 'shift_close', at: now(), shiftId: shift, countedCashCents: 5000 },
        ]);
        assert.equal(closed.body.results[0].differenceCents, 0);
        const late = await bar.send([{ ...sale(), shiftId: shift }]);
        assert.equal(late.body.results[0].errors[0].code, 'shift_closed');
        const unknown = await bar.send([{ ...sale(), shiftId: randomUUID() }]);
        assert.equal(unknown.body.results[0].errors[0].code, 'unknown_shift');
      });

      it('takes event ids in any case: references in upper case match, a batch resent in upper case is all duplicates', async () => {
        const { cash } = ids();
        const shift = randomUUID();
        const fresh = { ...sale(), shiftId: shift };
        const upper = <T extends { id: string }>(e: T) => ({ ...e, id: e.id.toUpperCase() });
        const open = { id: shift, type: 'shift_open', at: now() - 120_000, openingFloatCents: 5000 };
        const opened = await bar.send([open, fresh]);
        assert.deepEqual(
          opened.body.results.map((r: Json) => r.status),
          ['stored', 'stored'],
        );
        // Another register platform names the sale and the shift in upper case.
        const refund = {
          id: randomUUID(),
          type: 'refund',
          at: now() - 30_000,
          receiptId: fresh.id.toUpperCase(),
          shiftId: shift.toUpperCase(),
          lines: [{ line: 1, quantity: 1 }],
          payments: [{ paymentTypeId: cash, amountCents: 1485 }],
          totals: { subtotalCents: 1700, discountCents: 350, taxCents: 135, totalCents: 1485 },
        };
        const payOut = {
          id: randomUUID(),
          type: 'cash_movement',
          at: now() - 20_000,
          shiftId: shift.toUpperCase(),
          kind: 'pay_out',
          amountCents: 100,
          reason: 'Ice',
        };
        const named = await bar.send([refund, payOut]);
        assert.equal(named.status, 200, JSON.stringify(named.body));
        assert.deepEqual(
          named.body.results.map((r: Json) => r.status),
          ['stored', 'stored'],
        );
        const before = await Promise.all([count('receipts'), count('cash_movements'), count('shifts')]);
        // The whole history resent with its ids in upper case (the refund's too): nothing new.
        const again = await bar.send([open, fresh, refund, payOut].map(upper));
        assert.equal(again.status, 200, JSON.stringify(again.body));
        assert.deepEqual(
          again.body.results.map((r: Json) => [r.status, r.id.toLowerCase()]),
          [open, fresh, refund, payOut].map((e) => ['duplicate', e.id.toLowerCase()]),
        );
        assert.deepEqual(
          again.body.results.slice(1, 3).map((r: Json) => r.receiptNumber),
          [...opened.body.results.slice(1), ...named.body.results.slice(0, 1)].map((r: Json) => r.receiptNumber),
        );
        assert.deepEqual(await Promise.all([count('receipts'), count('cash_movements'), count('shifts')]), before);
        // One refund of the other carbonara is left, whatever the case the sale is named in.
        const second = { ...refund, id: randomUUID().toUpperCase() };
        const third = { ...refund, id: randomUUID(), receiptId: fresh.id };
        const refunds = await bar.send([second, third]);
        assert.deepEqual(
          refunds.body.results.map((r: Json) => r.errors?.[0]?.code ?? r.status),
          ['stored', 'refund_exceeds_sale'],
        );
        // Cash sale 25.00 - change 5.00 - refund 14.85 x 2 - pay-out 1.00 on a 50.00 float.
        const closed = await bar.send([
          upper({
            id: randomUUID(),
            type: 'shift_close',
            at: now(),
            shiftId: shift.toUpperCase(),
            countedCashCents: 0,
          }),
        ]);
        assert.equal(closed.body.results[0].status, 'stored', JSON.stringify(closed.body));
        assert.equal(closed.body.results[0].expectedCashCents, 5000 + 2000 - 2 * 1485 - 100);
      });

      it('moves the overview version, the overview and the terminal list as soon as a register syncs', async () => {
        const version = (await bo(owner, 'GET', '/overview/version')).body.version;
        const receiptsBefore = (await bo(owner, 'GET', '/overview')).body.periods.today.receipts.value;
        const syncedAfter = now();
        const reply = await bar.send([{ ...sale(), shiftId: null, at: now() - 1000 }]);
        assert.equal(reply.body.stored, 1);
        const moved = (await bo(owner, 'GET', '/overview/version')).body;
        assert.notEqual(moved.version, version);
        assert.equal(moved.version, String(reply.body.results[0].receiptNumber));
        // The figures are shared for up to a second (OVERVIEW_SHARE_MS), but never across a new
        // receipt: the overview asked right after the sync (the live page, told of it) includes it.
        const fresh = (await bo(owner, 'GET', '/overview')).body;
        assert.equal(fresh.version, moved.version);
        assert.equal(fresh.periods.today.receipts.value, receiptsBefore + 1);
        // Nothing new meanwhile: shared within the second, computed again after it.
        const again = (await bo(owner, 'GET', '/overview')).body;
        assert.deepEqual(again, fresh);
        server.clock.advance(OVERVIEW_SHARE_MS);
        try {
          assert.equal((await bo(owner, 'GET', '/overview')).body.version, moved.version);
        } finally {
          server.clock.advance(-OVERVIEW_SHARE_MS);
        }
        const terminal = (await bo(owner, 'GET', '/terminals')).body.rows.find((t: Json) => t.name === 'Bar');
        assert.equal(terminal.online, true);
        assert.ok(terminal.lastSyncAt >= syncedAfter, 'last sync');
        assert.ok(terminal.receiptsToday >= 1, 'receipts today');
      });

      it('limits events per terminal', async () => {
        const strict = await startTestServer(target, { deviceRateLimits: { events: { limit: 5, windowMs: 60_000 } } });
        try {
          const bistro = new Client(strict.url);
          await bistro.signIn('owner@bluedoor.test');
          const register = await pairDemo(strict, bistro, 'Bar');
          const opens = (n: number) =>
            Array.from({ length: n }, () => ({ id: randomUUID(), type: 'cash_movement', at: now() }));
          assert.notEqual((await register.send(opens(5))).status, 429);
          const limited = await register.send(opens(1));
          assert.equal(limited.status, 429);
          assert.equal(limited.body.error, 'too_many_requests');
        } finally {
          await strict.close();
        }
      });
    });

    describe('print jobs', () => {
      it('routes kitchen tickets to the kitchen printers by category, to the terminal that drives each', async () => {
        const { item } = ids();
        const carbonara = item('Spaghetti carbonara');
        const red = item('House red, glass');
        const order = {
          id: randomUUID(),
          type: 'receipt',
          at: now() - 1000,
          orderTypeId: ids().dineIn,
          lines: [
            {
              itemId: carbonara.id,
              name: carbonara.name,
              quantity: 1,
              unitPriceCents: 1550,
              taxRateIds: carbonara.taxRateIds,
            },
            { itemId: red.id, name: red.name, quantity: 2, unitPriceCents: 750, taxRateIds: red.taxRateIds },
          ],
          payments: [{ paymentTypeId: ids().card, amountCents: 3520 }],
          totals: { subtotalCents: 3050, discountCents: 0, taxCents: 470, totalCents: 3520 },
          sendToKitchen: true,
        };
        // Drain what earlier tests queued.
        const drained = await floor.call('GET', '/print-jobs');
        assert.equal(drained.status, 200, JSON.stringify(drained.body));
        await bar.call('GET', '/print-jobs');
        assert.equal((await floor.call('GET', '/print-jobs')).body.jobs.length, 0, 'drained');
        const stored = await bar.send([order]);
        assert.equal(stored.body.results[0].status, 'stored', JSON.stringify(stored.body));
        const kitchen = await floor.call('GET', '/print-jobs');
        conforms(kitchen, 'PrintJobs');
        assert.equal(kitchen.body.jobs.length, 1);
        const texts = kitchen.body.jobs[0].document.lines.map((l: Json) => l.text);
        assert.ok(texts.includes('1 x Spaghetti carbonara'), texts.join('|'));
        assert.ok(!texts.includes('2 x House red, glass'), 'wine goes to the bar');
        const drinks = await bar.call('GET', '/print-jobs');
        assert.equal(drinks.body.jobs.length, 1);
        assert.ok(
          drinks.body.jobs[0].document.lines.some((l: Json) => l.text === '2 x House red, glass'),
          'the bar printer prints the wine',
        );
        // Fetched, not acknowledged: not offered again at once, offered again after a minute.
        assert.equal((await floor.call('GET', '/print-jobs')).body.jobs.length, 0);
        server.clock.advance(61_000);
        try {
          const again = (await floor.call('GET', '/print-jobs')).body.jobs.map((j: Json) => j.id);
          assert.ok(again.includes(kitchen.body.jobs[0].id), 'offered again');
        } finally {
          server.clock.advance(-61_000);
        }
        const jobId = kitchen.body.jobs[0].id;
        const ack = await floor.call('POST', `/print-jobs/${jobId}/ack`, { status: 'printed' });
        assert.equal(ack.status, 200);
        conforms(ack, 'PrintAckResult');
        assert.equal((await floor.call('POST', `/print-jobs/${jobId}/ack`, { status: 'printed' })).status, 200);
        const conflict = await floor.call('POST', `/print-jobs/${jobId}/ack`, { status: 'failed' });
        assert.equal(conflict.status, 409);
        // Another terminal's job is not this one's to acknowledge.
        const barJob = drinks.body.jobs[0].id;
        assert.equal((await floor.call('POST', `/print-jobs/${barJob}/ack`, { status: 'printed' })).status, 404);
        const failed = await bar.call('POST', `/print-jobs/${barJob}/ack`, { status: 'failed', error: 'Out of paper' });
        assert.equal(failed.body.status, 'failed');
        const log = (await bo(owner, 'GET', '/terminal_log?kind=printing')).body.rows[0];
        assert.match(log.message, /Out of paper/);
        assert.equal((await bar.call('POST', `/print-jobs/${barJob}/ack`, { status: 'lost' })).status, 400);

        // Old sales (synced late) print nothing in the kitchen; a test page from the back-office does print.
        await bar.send([{ ...order, id: randomUUID(), at: now() - 3_600_000 }]);
        assert.equal((await floor.call('GET', '/print-jobs')).body.jobs.length, 0);
        const printers = (await bo(owner, 'GET', '/printers')).body.rows;
        const kitchenPrinter = printers.find((p: Json) => p.name === 'Kitchen');
        await bo(owner, 'POST', `/printers/${kitchenPrinter.id}/test`, {});
        const test = await floor.call('GET', '/print-jobs');
        assert.deepEqual(
          test.body.jobs.map((j: Json) => j.kind),
          ['test'],
        );
      });
    });

    describe('device log and app version', () => {
      it('lands what the register reports in the terminal log, and notes a new app version', async () => {
        const reply = await floor.call('POST', '/logs', {
          entries: [
            { at: now() - 1000, level: 'error', message: 'Card reader not responding', code: 'EMV_TIMEOUT' },
            { at: now(), level: 'info', message: 'Drawer opened' },
          ],
        });
        assert.equal(reply.status, 202);
        conforms(reply, 'LogResult');
        const log = (await bo(owner, 'GET', '/terminal_log?kind=device')).body.rows;
        assert.deepEqual(
          log.slice(0, 2).map((e: Json) => [e.level, e.message]),
          [
            ['info', 'Drawer opened'],
            ['error', 'Card reader not responding'],
          ],
        );
        assert.equal(log[1].details.code, 'EMV_TIMEOUT');
        assert.equal(
          (await floor.call('POST', '/logs', { entries: [{ at: now(), level: 'loud', message: 'x' }] })).status,
          400,
        );

        await floor.call('GET', '/config', undefined, { 'x-hive-app-version': '4.2.0' });
        const terminal = (await bo(owner, 'GET', '/terminals')).body.rows.find((t: Json) => t.name === 'Floor');
        assert.equal(terminal.appVersion, '4.2.0');
        const app = (await bo(owner, 'GET', '/terminal_log?kind=app')).body.rows[0];
        assert.match(app.message, /4\.1\.0 to 4\.2\.0/);
      });
    });

    describe('tenancy', () => {
      it("a device of one company never reaches another company's data", async () => {
        const market = await pairDemo(server, corner, 'Till 1');
        const marketConfig = (await market.call('GET', '/config')).body;
        assert.equal(marketConfig.company.name, 'Corner Market');
        const db = server.running.database.db;
        const bistroId = (
          await db.selectFrom('companies').select('id').where('slug', '=', 'blue-door-bistro').executeTakeFirstOrThrow()
        ).id;
        const snapshot = async () =>
          JSON.stringify(
            await Promise.all(
              (['receipts', 'shifts', 'print_jobs', 'cash_movements', 'device_events'] as const).map((table) =>
                db.selectFrom(table).selectAll().where('company_id', '=', bistroId).execute(),
              ),
            ),
          );
        const before = await snapshot();

        // Their sale, shift, print job and banner are invisible.
        assert.equal((await market.call('GET', `/receipts/${saleId}`)).status, 404);
        const theirJob = await db
          .selectFrom('print_jobs')
          .select('id')
          .where('company_id', '=', bistroId)
          .executeTakeFirstOrThrow();
        assert.equal((await market.call('POST', `/print-jobs/${theirJob.id}/ack`, { status: 'printed' })).status, 404);
        const theirBanner = config.banners.customerDisplay[0];
        assert.equal((await market.call('GET', `/banners/${theirBanner.id}/image`)).status, 404);

        // Their ids in events are unknown here.
        const cash = marketConfig.paymentTypes.find((p: Json) => p.builtin === 'cash').id;
        const mine = marketConfig.items[0];
        const base = {
          type: 'receipt',
          at: now() - 1000,
          lines: [{ itemId: mine.id, name: mine.name, quantity: 1, unitPriceCents: mine.priceCents, taxRateIds: [] }],
          payments: [{ paymentTypeId: cash, amountCents: mine.priceCents }],
          totals: { subtotalCents: mine.priceCents, discountCents: 0, taxCents: 0, totalCents: mine.priceCents },
        };
        const theirs = ids();
        const reply = await market.send([
          { ...base, id: randomUUID(), lines: [{ ...base.lines[0], itemId: theirs.item('Spaghetti carbonara').id }] },
          { ...base, id: randomUUID(), payments: [{ paymentTypeId: theirs.card, amountCents: mine.priceCents }] },
          { ...base, id: randomUUID(), employeeId: theirs.employee },
          { ...base, id: randomUUID(), shiftId },
          {
            id: randomUUID(),
            type: 'refund',
            at: now(),
            receiptId: saleId,
            lines: [{ line: 2, quantity: 1 }],
            payments: [],
            totals: { subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0 },
          },
        ]);
        assert.deepEqual(
          reply.body.results.map((r: Json) => r.errors[0].code),
          ['unknown_item', 'unknown_payment_type', 'unknown_employee', 'unknown_shift', 'unknown_receipt'],
        );
        // Event ids are per company: an id the bistro used is new here, and theirs stays theirs.
        const reused = await market.send([{ ...base, id: saleId }]);
        assert.equal(reused.body.results[0].status, 'stored');
        assert.equal(await snapshot(), before, 'no row of the bistro changed');
      });
    });
  });
}
