import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { evaluatePromotions } from '@hive/register-sdk/money';
import { api, assertValidation, companyId, db, pairRegister, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Promotions (issue 21): the rules' 400s, the registers' config, and receipts that claim a
 * promotion checked with the shared evaluator (right amounts stored and counted, wrong ones and
 * unknown promotions rejected), tenancy and the page rule.
 */

const P = '/api/backoffice/promotions';
const DEVICE = '/api/device/v1';

const body = (extra: Record<string, unknown> = {}) => ({
  name: `Promo ${randomUUID().slice(0, 6)}`,
  kind: 'percent_off',
  priority: 5,
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
  ...extra,
});

for (const target of databaseTargets()) {
  describe(`promotions [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let token: string;
    let cashType: number;
    let bistro: number;

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const device = async (method: string, path: string, payload?: unknown) => {
      const response = await fetch(`${server.url}${DEVICE}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
      });
      return (await response.json()) as Json;
    };
    /** A sale of `quantity` x `unitCents` of item `itemId`, claiming `claims` as receipt discounts. */
    const sale = (itemId: number, quantity: number, unitCents: number, claims: Json[]) => {
      const gross = quantity * unitCents;
      const off = claims.reduce((s, c) => s + c.amountCents, 0);
      return {
        id: randomUUID(),
        type: 'receipt',
        at: server.clock.now(),
        lines: [{ itemId, name: 'Promo test', quantity, unitPriceCents: unitCents, taxRateIds: [] }],
        discounts: claims,
        payments: [{ paymentTypeId: cashType, amountCents: gross - off }],
        totals: { subtotalCents: gross, discountCents: off, taxCents: 0, totalCents: gross - off },
      };
    };

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      owner = await signedIn(server, 'owner@bluedoor.test');
      bistro = await companyId(server, 'blue-door-bistro');
      cashType = (
        await db(server)
          .selectFrom('payment_types')
          .select('id')
          .where('company_id', '=', bistro)
          .where('builtin', '=', 'cash')
          .executeTakeFirstOrThrow()
      ).id;
      token = await pairRegister(server, owner, 'blue-door-bistro', 'Floor');
    });
    after(async () => {
      await server?.close();
    });

    it('refuses bad rules by field', async () => {
      assertValidation(await api(owner, 'POST', P, body({ name: '' })), 'name');
      assertValidation(await api(owner, 'POST', P, body({ percentBp: 0 })), 'percentBp');
      assertValidation(await api(owner, 'POST', P, body({ kind: 'buy_get', buyQuantity: 0 })), 'buyQuantity');
      assertValidation(await api(owner, 'POST', P, body({ kind: 'spend_get', thresholdCents: 0 })), 'thresholdCents');
      assertValidation(await api(owner, 'POST', P, body({ startTime: '17:00', endTime: '' })), 'endTime');
      assertValidation(await api(owner, 'POST', P, body({ startTime: '25:00', endTime: '26:00' })), 'startTime');
      assertValidation(await api(owner, 'POST', P, body({ startsOn: '2027-02-01', endsOn: '2027-01-01' })), 'endsOn');
    });

    it('the registers get the active promotions; a receipt claiming one is checked with the evaluator', async () => {
      const item = await db(server)
        .selectFrom('items')
        .select(['id', 'category_id'])
        .where('company_id', '=', bistro)
        .where('sku', '=', 'DES-01')
        .executeTakeFirstOrThrow();
      const made = await api(
        owner,
        'POST',
        P,
        body({
          kind: 'buy_get',
          buyQuantity: 2,
          getQuantity: 1,
          getPercentBp: 10_000,
          itemIds: [item.id],
          priority: 1,
        }),
      );
      ok(made, 201);
      const config = await device('GET', '/config');
      const listed = config.promotions.find((p: Json) => p.id === made.body.id);
      assert.ok(listed);
      assert.equal(listed.buyQuantity, 2);
      // Three desserts at 8.00: one free, as the shared evaluator says.
      const expected = evaluatePromotions(
        [{ itemId: item.id, categoryId: item.category_id, quantity: 3, unitCents: 800 }],
        [listed],
        server.clock.now(),
        'UTC',
      );
      assert.equal(expected[0]!.totalCents, 800);
      const right = await device('POST', '/events', {
        events: [sale(item.id, 3, 800, [{ name: 'Buy 2 get 1', amountCents: 800, promotionId: made.body.id }])],
      });
      assert.equal(right.results[0].status, 'stored', JSON.stringify(right.results[0]));
      const wrong = await device('POST', '/events', {
        events: [sale(item.id, 3, 800, [{ name: 'Buy 2 get 1', amountCents: 1600, promotionId: made.body.id }])],
      });
      assert.deepEqual([wrong.results[0].status, wrong.results[0].errors[0].code], ['rejected', 'promotion_mismatch']);
      const two = await device('POST', '/events', {
        events: [sale(item.id, 2, 800, [{ name: 'Buy 2 get 1', amountCents: 800, promotionId: made.body.id }])],
      });
      assert.equal(two.results[0].errors[0].code, 'promotion_mismatch', 'two desserts get nothing free');
      const theirs = await db(server)
        .selectFrom('promotions')
        .select('id')
        .where('company_id', '<>', bistro)
        .executeTakeFirstOrThrow();
      const unknown = await device('POST', '/events', {
        events: [sale(item.id, 3, 800, [{ name: 'x', amountCents: 800, promotionId: theirs.id }])],
      });
      assert.equal(unknown.results[0].errors[0].code, 'unknown_promotion');
      const row = (await api(owner, 'GET', `${P}/${made.body.id}`)).body;
      assert.deepEqual([row.uses30d, row.amount30dCents], [1, 800]);
    });

    it("another company's promotion is not found; a clerk gets 403", async () => {
      const made = await api(owner, 'POST', P, body());
      const corner = await signedIn(server, 'owner@cornermarket.test');
      assert.equal((await api(corner, 'GET', `${P}/${made.body.id}`)).status, 404);
      assert.equal((await api(corner, 'DELETE', `${P}/${made.body.id}`)).status, 404);
      const clerk = await signedIn(server, 'clerk@cornermarket.test');
      assert.equal((await api(clerk, 'GET', P)).status, 403);
    });
  });
}
