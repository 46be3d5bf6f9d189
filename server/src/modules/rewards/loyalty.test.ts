import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { pointsEarned, pointsValueCents } from '@hive/register-sdk/money';
import {
  api,
  assertValidation,
  companyId,
  db,
  pairRegister,
  signedIn,
  type ApiResult,
} from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Loyalty points (issue 21): the arithmetic (earning rounds down, value of points), points earned
 * by register sales with a customer and taken back by refunds, redemptions as receipt discounts
 * checked against balance, value and minimum, the ledger always adding up to the balance (also
 * after edits on /customer), the settings form's 400s, tenancy and the add-on rule.
 */

const DEVICE = '/api/device/v1';
const L = '/api/backoffice/loyalty';

for (const target of databaseTargets()) {
  describe(`loyalty points [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // Blue Door (Loyalty)
    let atlas: Client; // no Loyalty
    let token: string;
    let cashType: number;
    let bistro: number;
    let seq = 0;

    const ok = (result: ApiResult | { status: number; body: Json }, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const send = async (events: Json[]) => {
      const response = await fetch(`${server.url}${DEVICE}/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ events }),
      });
      return ((await response.json()) as Json).results as Json[];
    };
    const newCustomer = async (points = 0) => {
      seq += 1;
      const made = await api(owner, 'POST', '/api/backoffice/customers', {
        name: `Loyal tester ${seq}`,
        email: '',
        phone: '',
        notes: '',
        points,
      });
      ok(made, 201);
      return made.body.id as number;
    };
    const pointsOf = async (id: number) =>
      Number(
        (await db(server).selectFrom('customers').select('points').where('id', '=', id).executeTakeFirstOrThrow())
          .points,
      );
    const ledgerOf = async (id: number) =>
      Number(
        (
          await db(server)
            .selectFrom('loyalty_entries')
            .select(sql<number>`coalesce(sum(points), 0)`.as('n'))
            .where('customer_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** A sale of `cents` (no tax) for `customerId`, with receipt discounts, paid in cash. */
    const sale = (cents: number, customerId: number | null, discounts: Json[] = []) => {
      const off = discounts.reduce((s, d) => s + d.amountCents, 0);
      return {
        id: randomUUID(),
        type: 'receipt',
        at: server.clock.now(),
        customerId,
        lines: [{ itemId: null, name: 'Loyalty test', quantity: 2, unitPriceCents: cents / 2, taxRateIds: [] }],
        discounts,
        payments: [{ paymentTypeId: cashType, amountCents: cents - off }],
        totals: { subtotalCents: cents, discountCents: off, taxCents: 0, totalCents: cents - off },
      };
    };
    const settings = (extra: Record<string, unknown> = {}) =>
      api(owner, 'PUT', `${L}/settings`, {
        enabled: true,
        pointsPerUnit: 2,
        valuePer100Cents: 50,
        minRedeemPoints: 100,
        ...extra,
      });

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      [owner, atlas] = await Promise.all(['owner@bluedoor.test', 'owner@atlas.test'].map((e) => signedIn(server, e)));
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
      ok(await settings());
    });
    after(async () => {
      await server?.close();
    });

    it('the arithmetic: earning rounds down per 1.00 of net sales, points are worth their value rounded down', () => {
      const rule = { pointsPerUnit: 2, valuePer100Cents: 50 };
      assert.equal(pointsEarned(rule, 1999), 39); // 19.99 x 2 = 39.98
      assert.equal(pointsEarned(rule, 50), 1);
      assert.equal(pointsEarned(rule, 49), 0);
      assert.equal(pointsEarned(rule, -500), 0);
      assert.equal(pointsEarned({ pointsPerUnit: 0, valuePer100Cents: 50 }, 10_000), 0);
      assert.equal(pointsValueCents(rule, 100), 50);
      assert.equal(pointsValueCents(rule, 101), 50);
      assert.equal(pointsValueCents(rule, 250), 125);
    });

    it('a sale with a customer earns points; its refund takes back what it earned; the ledger adds up', async () => {
      const customer = await newCustomer();
      const bought = sale(2_550, customer); // 25.50 x 2 = 51 points
      const [stored] = await send([bought]);
      assert.equal(stored!.status, 'stored', JSON.stringify(stored));
      assert.equal(await pointsOf(customer), 51);
      const refund = {
        id: randomUUID(),
        type: 'refund',
        at: server.clock.now(),
        receiptId: bought.id,
        lines: [{ line: 1, quantity: 1 }],
        payments: [{ paymentTypeId: cashType, amountCents: 1_275 }],
        totals: { subtotalCents: 1_275, discountCents: 0, taxCents: 0, totalCents: 1_275 },
      };
      const [back] = await send([refund]);
      assert.equal(back!.status, 'stored', JSON.stringify(back));
      assert.equal(await pointsOf(customer), 51 - 25); // 12.75 x 2 = 25.5 -> 25
      assert.equal(await ledgerOf(customer), await pointsOf(customer));
      const history = await api(owner, 'GET', `${L}/customers/${customer}`);
      assert.deepEqual(
        history.body.entries.map((e: Json) => [e.kind, e.points, e.balanceAfter, e.receiptNumber !== null]),
        [
          ['refund', -25, 26, true],
          ['earn', 51, 51, true],
        ],
      );
    });

    it('points redeemed as a discount: checked against value, minimum and balance; the sale earns on what is left', async () => {
      const customer = await newCustomer(300);
      const cases: [Json[], string][] = [
        [[{ name: 'Points', amountCents: 60, points: 100 }], 'points_value_mismatch'],
        [[{ name: 'Points', amountCents: 25, points: 50 }], 'not_enough_points'],
        [[{ name: 'Points', amountCents: 200, points: 400 }], 'not_enough_points'],
      ];
      for (const [discounts, code] of cases) {
        const [result] = await send([sale(1_000, customer, discounts)]);
        assert.equal(result!.status, 'rejected', code);
        assert.equal(result!.errors[0].code, code, JSON.stringify(result!.errors));
      }
      const [noCustomer] = await send([sale(1_000, null, [{ name: 'Points', amountCents: 50, points: 100 }])]);
      assert.equal(noCustomer!.errors[0].code, 'not_enough_points');
      assert.equal(await pointsOf(customer), 300);
      // 200 points = 1.00 off a 10.00 sale; the 9.00 paid earns 18.
      const [stored] = await send([sale(1_000, customer, [{ name: 'Points', amountCents: 100, points: 200 }])]);
      assert.equal(stored!.status, 'stored', JSON.stringify(stored));
      assert.equal(await pointsOf(customer), 300 - 200 + 18);
      assert.equal(await ledgerOf(customer), await pointsOf(customer));
      const row = await db(server)
        .selectFrom('receipt_discounts as d')
        .innerJoin('receipts as r', 'r.id', 'd.receipt_id')
        .select(['d.points', 'd.amount_cents'])
        .where('r.customer_id', '=', customer)
        .executeTakeFirstOrThrow();
      assert.deepEqual([row.points, row.amount_cents], [200, 100]);
    });

    it('two sales of one batch share the balance: the second cannot spend what the first did', async () => {
      const customer = await newCustomer(250);
      const results = await send([
        sale(1_000, customer, [{ name: 'Points', amountCents: 100, points: 200 }]),
        sale(1_000, customer, [{ name: 'Points', amountCents: 100, points: 200 }]),
      ]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['stored', 'rejected'],
      );
      assert.equal(await pointsOf(customer), 250 - 200 + 18);
    });

    it('with the programme off, nothing is earned and redemptions are refused', async () => {
      const customer = await newCustomer(500);
      ok(await settings({ enabled: false }));
      const [earned] = await send([sale(1_000, customer)]);
      assert.equal(earned!.status, 'stored');
      const [redeemed] = await send([sale(1_000, customer, [{ name: 'Points', amountCents: 50, points: 100 }])]);
      assert.equal(redeemed!.errors[0].code, 'loyalty_off');
      assert.equal(await pointsOf(customer), 500);
      ok(await settings());
    });

    it('adjustments and edits on /customer go through the ledger; never below zero', async () => {
      const customer = await newCustomer(40);
      ok(await api(owner, 'POST', `${L}/customers/${customer}/adjust`, { points: 10, reason: 'Welcome bonus' }));
      assertValidation(
        await api(owner, 'POST', `${L}/customers/${customer}/adjust`, { points: -51, reason: 'Too much' }),
        'points',
      );
      assertValidation(
        await api(owner, 'POST', `${L}/customers/${customer}/adjust`, { points: 5, reason: '' }),
        'reason',
      );
      const edit = await api(owner, 'PUT', `/api/backoffice/customers/${customer}`, {
        name: 'Edited',
        email: '',
        phone: '',
        notes: '',
        points: 75,
      });
      ok(edit);
      assert.equal(await pointsOf(customer), 75);
      assert.equal(await ledgerOf(customer), 75);
    });

    it('the settings refuse bad values by field; the overview totals the balances', async () => {
      assertValidation(await settings({ pointsPerUnit: -1 }), 'pointsPerUnit');
      assertValidation(await settings({ valuePer100Cents: 0 }), 'valuePer100Cents');
      assertValidation(await settings({ minRedeemPoints: 1.5 }), 'minRedeemPoints');
      const overview = await api(owner, 'GET', L);
      ok(overview);
      assert.equal(overview.body.settings.pointsPerUnit, 2);
      const sum = overview.body.members.reduce((s: number, m: Json) => s + m.points, 0);
      assert.equal(overview.body.totals.points, sum);
      // Every customer's ledger adds up to their balance (the demo's opening entries included).
      const off = await sql<{ n: number }>`select count(*) as n from customers c
        where c.company_id = ${bistro}
          and c.points <> coalesce((select sum(e.points) from loyalty_entries e where e.customer_id = c.id), 0)`.execute(
        db(server),
      );
      assert.equal(Number(off.rows[0]!.n), 0);
    });

    it('the device config carries the programme; a company without Loyalty gets 403 on the page', async () => {
      const config = await fetch(`${server.url}${DEVICE}/config`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await config.json()) as Json;
      assert.deepEqual(body.loyalty, { enabled: true, pointsPerUnit: 2, valuePer100Cents: 50, minRedeemPoints: 100 });
      assert.equal((await api(atlas, 'GET', L)).status, 403);
      const theirs = await db(server)
        .selectFrom('customers')
        .select('id')
        .where('company_id', '=', await companyId(server, 'corner-market'))
        .executeTakeFirstOrThrow();
      assert.equal((await api(owner, 'GET', `${L}/customers/${theirs.id}`)).status, 404);
    });
  });
}
