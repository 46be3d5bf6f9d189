import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { discountCents } from '@hive/register-sdk/money';
import {
  api,
  assertValidation,
  companyId,
  db,
  device,
  pairRegister,
  signedIn,
  type ApiResult,
  type DeviceReply,
} from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Discounts (issue 21): /discounts (fields refused by name, names unique), the registers' config
 * listing the active ones (its ETag moves when they change), receipts that name a discount checked
 * against its rule (rounding, scope, the line's own and the receipt's) and counted on the list,
 * tenancy and the page rule.
 */

const D = '/api/backoffice/discounts';

const base = {
  name: 'Test 10%',
  type: 'percent',
  percentBp: 1000,
  amountCents: null,
  scope: 'receipt',
  itemIds: [],
  categoryIds: [],
  restricted: false,
  active: true,
};

for (const target of databaseTargets()) {
  describe(`discounts [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let corner: Client;
    let atlas: Client;
    let token: string;
    let cashType: number;
    let item: { id: number; categoryId: number; other: number };
    let seq = 0;

    const ok = (result: ApiResult | DeviceReply, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const create = async (extra: Record<string, unknown> = {}) => {
      seq += 1;
      const result = await api(owner, 'POST', D, { ...base, name: `Test discount ${seq}`, ...extra });
      ok(result, 201);
      return result.body as Json & { id: number };
    };

    /** A sale of `lines` (no tax), paid in cash, with receipt-level `discounts`. */
    const sale = (lines: Json[], discounts: Json[] = []) => {
      const gross = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
      const lineOff = lines.reduce((s, l) => s + (l.discountCents ?? 0), 0);
      const receiptOff = discounts.reduce((s, d) => s + d.amountCents, 0);
      const total = gross - lineOff - receiptOff;
      return {
        id: randomUUID(),
        type: 'receipt',
        at: server.clock.now(),
        lines: lines.map((l) => ({ name: 'Line', taxRateIds: [], ...l })),
        discounts,
        payments: total > 0 ? [{ paymentTypeId: cashType, amountCents: total }] : [],
        totals: { subtotalCents: gross, discountCents: lineOff + receiptOff, taxCents: 0, totalCents: total },
      };
    };
    const send = async (event: Json) => {
      const reply = await device(server.url, token, 'POST', '/events', { events: [event] });
      return reply.body.results[0] as Json;
    };

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      [owner, corner, atlas] = await Promise.all(
        ['owner@bluedoor.test', 'owner@cornermarket.test', 'owner@atlas.test'].map((e) => signedIn(server, e)),
      );
      const bistro = await companyId(server, 'blue-door-bistro');
      cashType = (
        await db(server)
          .selectFrom('payment_types')
          .select('id')
          .where('company_id', '=', bistro)
          .where('builtin', '=', 'cash')
          .executeTakeFirstOrThrow()
      ).id;
      const items = await db(server)
        .selectFrom('items')
        .select(['id', 'category_id'])
        .where('company_id', '=', bistro)
        .where('category_id', 'is not', null)
        .orderBy('id')
        .execute();
      const first = items[0]!;
      const other = items.find((i) => i.category_id !== first.category_id)!;
      item = { id: first.id, categoryId: first.category_id!, other: other.id };
      token = await pairRegister(server, owner, 'blue-door-bistro', 'Floor');
    });
    after(async () => {
      await server?.close();
    });

    it('rounds a percentage half up to the cent and never takes more than the base', () => {
      const pct = { type: 'percent' as const, percentBp: 1250, amountCents: null };
      assert.equal(discountCents(pct, 1000), 125);
      assert.equal(discountCents(pct, 1004), 126); // 125.5 -> 126
      assert.equal(discountCents(pct, 1003), 125); // 125.375 -> 125
      assert.equal(discountCents({ type: 'amount', percentBp: null, amountCents: 500 }, 300), 300);
      assert.equal(discountCents({ type: 'amount', percentBp: null, amountCents: 500 }, 0), 0);
    });

    it('creates, edits and lists discounts; the value of the other type and the targets of a receipt discount are dropped', async () => {
      const made = await create({ amountCents: 250, itemIds: [item.id] });
      assert.equal(made.amountCents, null);
      assert.deepEqual(made.itemIds, []);
      const edited = await api(owner, 'PUT', `${D}/${made.id}`, {
        ...base,
        name: made.name,
        type: 'amount',
        percentBp: null,
        amountCents: 300,
        scope: 'items',
        categoryIds: [item.categoryId],
      });
      ok(edited);
      assert.deepEqual(
        [edited.body.type, edited.body.amountCents, edited.body.categoryIds],
        ['amount', 300, [item.categoryId]],
      );
      const list = await api(owner, 'GET', D);
      assert.ok(list.body.rows.some((r: Json) => r.id === made.id));
    });

    it('refuses bad input with the field named, and a taken name', async () => {
      const post = (extra: Record<string, unknown>) => api(owner, 'POST', D, { ...base, name: 'Bad one', ...extra });
      assertValidation(await post({ name: '' }), 'name');
      assertValidation(await post({ percentBp: 0 }), 'percentBp');
      assertValidation(await post({ percentBp: 10_001 }), 'percentBp');
      assertValidation(await post({ percentBp: null }), 'percentBp');
      assertValidation(await post({ type: 'amount', amountCents: null }), 'amountCents');
      assertValidation(await post({ type: 'free' }), 'type');
      assertValidation(await post({ scope: 'items' }), 'itemIds');
      const theirs = await db(server)
        .selectFrom('items')
        .select('id')
        .where('company_id', '=', await companyId(server, 'corner-market'))
        .executeTakeFirstOrThrow();
      assertValidation(await post({ scope: 'items', itemIds: [theirs.id] }), 'itemIds');
      const taken = await post({ name: 'Staff 20%' });
      assert.equal(taken.status, 409);
      assert.ok(taken.body.fields.name);
    });

    it('the config lists the active discounts, and its ETag moves when one changes', async () => {
      const first = await device(server.url, token, 'GET', '/config');
      ok(first);
      const names = first.body.discounts.map((d: Json) => d.name);
      assert.ok(names.includes('Staff 20%'));
      assert.ok(!names.includes('Loyal customer 10%'), 'inactive discounts are not offered');
      assert.deepEqual(
        first.body.discounts.find((d: Json) => d.name === 'Staff 20%'),
        {
          id: first.body.discounts.find((d: Json) => d.name === 'Staff 20%').id,
          name: 'Staff 20%',
          type: 'percent',
          percentBp: 2000,
          amountCents: null,
          scope: 'receipt',
          itemIds: [],
          categoryIds: [],
          restricted: true,
        },
      );
      assert.equal((await device(server.url, token, 'GET', '/config', undefined, first.etag!)).status, 304);
      const made = await create({ name: 'Config probe' });
      const second = await device(server.url, token, 'GET', '/config', undefined, first.etag!);
      ok(second);
      assert.ok(second.body.discounts.some((d: Json) => d.id === made.id));
    });

    it('a receipt naming a discount is stored when the amount is its rule, and counted on the list', async () => {
      const pct = await create({ percentBp: 1250 });
      const onCategory = await create({
        type: 'amount',
        percentBp: null,
        amountCents: 300,
        scope: 'items',
        categoryIds: [item.categoryId],
      });
      // Receipt discount: 12.5 % of what the lines cost after their own discounts (1004 - 300 = 704 -> 88).
      const event = sale(
        [{ itemId: item.id, quantity: 2, unitPriceCents: 502, discountCents: 300, discountId: onCategory.id }],
        [{ name: 'Test 12.5%', amountCents: 88, discountId: pct.id }],
      );
      const result = await send(event);
      assert.equal(result.status, 'stored', JSON.stringify(result));
      const rows = (await api(owner, 'GET', D)).body.rows as Json[];
      const used = rows.find((r) => r.id === pct.id);
      assert.deepEqual([used.uses30d, used.amount30dCents], [1, 88]);
      const line = rows.find((r) => r.id === onCategory.id);
      assert.deepEqual([line.uses30d, line.amount30dCents], [1, 300]);
    });

    it('a receipt whose named discount is unknown, misapplied or miscounted is rejected with its code', async () => {
      const pct = await create({ percentBp: 1000 });
      const onCategory = await create({
        type: 'amount',
        percentBp: null,
        amountCents: 300,
        scope: 'items',
        categoryIds: [item.categoryId],
      });
      const theirs = await db(server)
        .selectFrom('discounts')
        .select('id')
        .where('company_id', '=', await companyId(server, 'corner-market'))
        .executeTakeFirstOrThrow();
      const cases: [Json, string, string][] = [
        [
          sale(
            [{ itemId: item.id, quantity: 1, unitPriceCents: 1000 }],
            [{ name: 'x', amountCents: 99, discountId: pct.id }],
          ),
          'discount_mismatch',
          'discounts.0.amountCents',
        ],
        [
          sale(
            [{ itemId: item.id, quantity: 1, unitPriceCents: 1000 }],
            [{ name: 'x', amountCents: 100, discountId: theirs.id }],
          ),
          'unknown_discount',
          'discounts.0.discountId',
        ],
        [
          sale([
            { itemId: item.other, quantity: 1, unitPriceCents: 1000, discountCents: 300, discountId: onCategory.id },
          ]),
          'discount_mismatch',
          'lines.0.discountCents',
        ],
        [
          sale([{ itemId: item.id, quantity: 1, unitPriceCents: 1000, discountCents: 200, discountId: onCategory.id }]),
          'discount_mismatch',
          'lines.0.discountCents',
        ],
      ];
      for (const [event, code, field] of cases) {
        const result = await send(event);
        assert.equal(result.status, 'rejected', code);
        assert.deepEqual([result.errors[0].code, result.errors[0].field], [code, field]);
      }
      // The same sale with the right amount is stored (10 % of 1000).
      const right = await send(
        sale(
          [{ itemId: item.id, quantity: 1, unitPriceCents: 1000 }],
          [{ name: 'x', amountCents: 100, discountId: pct.id }],
        ),
      );
      assert.equal(right.status, 'stored');
    });

    it("another company's discount is not found; companies without Offers and rewards get 403", async () => {
      const made = await create();
      assert.equal((await api(corner, 'GET', `${D}/${made.id}`)).status, 404);
      assert.equal((await api(corner, 'DELETE', `${D}/${made.id}`)).status, 404);
      assert.equal((await api(atlas, 'GET', D)).status, 403);
      ok(await api(owner, 'GET', `${D}/${made.id}`));
    });
  });
}
