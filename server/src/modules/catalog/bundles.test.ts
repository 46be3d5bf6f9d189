import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { api, assertValidation, companyId, db, pairRegister, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Bundles (issue 21): a bundle item with its components (no bundle inside a bundle, no repeats),
 * its cost from the components, and the stock: selling a bundle at a register moves its
 * components' stock in the ledger, its refund puts it back, the bundle's own stock never moves.
 */

const B = '/api/backoffice/bundles';
const DEVICE = '/api/device/v1';

for (const target of databaseTargets()) {
  describe(`bundles [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@cornermarket.test (Retail + Inventory)
    let atlas: Client;
    let corner: number;
    let token: string;
    let cashType: number;
    let milk: { id: number; cost: number };
    let eggs: { id: number; cost: number };

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const body = (extra: Record<string, unknown> = {}) => ({
      name: `Test bundle ${randomUUID().slice(0, 8)}`,
      sku: '',
      categoryId: null,
      price: 5,
      taxIds: [],
      active: true,
      components: [
        { itemId: milk.id, quantity: 2 },
        { itemId: eggs.id, quantity: 1 },
      ],
      ...extra,
    });
    const onHand = async (itemId: number) =>
      Number(
        (
          await db(server)
            .selectFrom('stock_levels')
            .select((eb) => eb.fn.sum<number>('on_hand').as('q'))
            .where('item_id', '=', itemId)
            .executeTakeFirst()
        )?.q ?? 0,
      );

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      [owner, atlas] = await Promise.all(
        ['owner@cornermarket.test', 'owner@atlas.test'].map((e) => signedIn(server, e)),
      );
      corner = await companyId(server, 'corner-market');
      const item = async (sku: string) => {
        const row = await db(server)
          .selectFrom('items')
          .select(['id', 'cost_cents'])
          .where('company_id', '=', corner)
          .where('sku', '=', sku)
          .executeTakeFirstOrThrow();
        return { id: row.id, cost: Number(row.cost_cents) };
      };
      milk = await item('DAI-001');
      eggs = await item('DAI-005');
      cashType = (
        await db(server)
          .selectFrom('payment_types')
          .select('id')
          .where('company_id', '=', corner)
          .where('builtin', '=', 'cash')
          .executeTakeFirstOrThrow()
      ).id;
      token = await pairRegister(server, owner, 'corner-market');
    });
    after(async () => {
      await server?.close();
    });

    it("creates a bundle: an item at its own price, its cost the components', never stock-tracked itself", async () => {
      const made = await api(owner, 'POST', B, body({ price: 4.5 }));
      ok(made, 201);
      assert.equal(made.body.price, 4.5);
      assert.equal(Math.round(made.body.cost * 100), 2 * milk.cost + eggs.cost);
      assert.equal(Math.round(made.body.margin * 100), 450 - (2 * milk.cost + eggs.cost));
      const item = await db(server)
        .selectFrom('items')
        .select(['track_stock', 'price_cents'])
        .where('id', '=', made.body.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual([item.track_stock, item.price_cents], [0, 450]);
      const list = await api(owner, 'GET', B);
      assert.ok(list.body.rows.some((r: Json) => r.id === made.body.id && r.components.length === 2));
      assert.ok(
        list.body.rows.some((r: Json) => r.name === 'Breakfast basket'),
        'the demo bundle',
      );
    });

    it("refuses bad components by field: none, repeated, a bundle, another company's item, itself", async () => {
      assertValidation(await api(owner, 'POST', B, body({ components: [] })), 'components');
      assertValidation(
        await api(
          owner,
          'POST',
          B,
          body({
            components: [
              { itemId: milk.id, quantity: 1 },
              { itemId: milk.id, quantity: 2 },
            ],
          }),
        ),
        'components.1.itemId',
      );
      assertValidation(
        await api(owner, 'POST', B, body({ components: [{ itemId: milk.id, quantity: 0 }] })),
        'components.0.quantity',
      );
      const basket = (await api(owner, 'GET', B)).body.rows.find((r: Json) => r.name === 'Breakfast basket');
      assertValidation(
        await api(owner, 'POST', B, body({ components: [{ itemId: basket.id, quantity: 1 }] })),
        'components.0.itemId',
      );
      const theirs = await db(server)
        .selectFrom('items')
        .select('id')
        .where('company_id', '<>', corner)
        .executeTakeFirstOrThrow();
      assertValidation(
        await api(owner, 'POST', B, body({ components: [{ itemId: theirs.id, quantity: 1 }] })),
        'components.0.itemId',
      );
      const made = await api(owner, 'POST', B, body());
      assertValidation(
        await api(owner, 'PUT', `${B}/${made.body.id}`, body({ components: [{ itemId: made.body.id, quantity: 1 }] })),
        'components.0.itemId',
      );
    });

    it("a register selling the bundle moves its components' stock; the refund puts it back", async () => {
      const made = await api(owner, 'POST', B, body({ price: 6 }));
      ok(made, 201);
      const [milkBefore, eggsBefore] = [await onHand(milk.id), await onHand(eggs.id)];
      const sale = {
        id: randomUUID(),
        type: 'receipt',
        at: server.clock.now(),
        lines: [{ itemId: made.body.id, name: made.body.name, quantity: 3, unitPriceCents: 600, taxRateIds: [] }],
        payments: [{ paymentTypeId: cashType, amountCents: 1_800 }],
        totals: { subtotalCents: 1_800, discountCents: 0, taxCents: 0, totalCents: 1_800 },
      };
      const send = async (event: Json) =>
        (
          (await (
            await fetch(`${server.url}${DEVICE}/events`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ events: [event] }),
            })
          ).json()) as Json
        ).results[0];
      assert.equal((await send(sale)).status, 'stored');
      assert.equal(await onHand(milk.id), milkBefore - 6);
      assert.equal(await onHand(eggs.id), eggsBefore - 3);
      assert.equal(await onHand(made.body.id), 0);
      const ledger = await db(server)
        .selectFrom('stock_ledger')
        .select(['item_id', 'quantity'])
        .where('document_type', '=', 'receipt')
        .where('item_id', 'in', [milk.id, eggs.id, made.body.id])
        .orderBy('id', 'desc')
        .limit(2)
        .execute();
      assert.deepEqual(ledger.map((l) => Number(l.quantity)).sort(), [-6, -3].sort());
      const refund = {
        id: randomUUID(),
        type: 'refund',
        at: server.clock.now(),
        receiptId: sale.id,
        lines: [{ line: 1, quantity: 1 }],
        payments: [{ paymentTypeId: cashType, amountCents: 600 }],
        totals: { subtotalCents: 600, discountCents: 0, taxCents: 0, totalCents: 600 },
      };
      assert.equal((await send(refund)).status, 'stored');
      assert.equal(await onHand(milk.id), milkBefore - 4);
      assert.equal(await onHand(eggs.id), eggsBefore - 2);
    });

    it("another company's bundle is not found; a company without Products catalog rights gets 403", async () => {
      const made = await api(owner, 'POST', B, body());
      const bistro = await signedIn(server, 'owner@bluedoor.test');
      assert.equal((await api(bistro, 'GET', `${B}/${made.body.id}`)).status, 404);
      assert.equal((await api(bistro, 'PUT', `${B}/${made.body.id}`, body())).status, 404);
      assert.equal((await api(bistro, 'DELETE', `${B}/${made.body.id}`)).status, 404);
      const clerk = await signedIn(server, 'clerk@cornermarket.test');
      assert.equal((await api(clerk, 'GET', B)).status, 403);
      void atlas;
    });

    it('deletes a bundle (its components stay), and only a bundle: a plain item is not found here', async () => {
      const made = await api(owner, 'POST', B, body());
      ok(made, 201);
      assert.equal((await api(owner, 'DELETE', `${B}/${milk.id}`)).status, 404, 'an item that is not a bundle');
      ok(await api(owner, 'DELETE', `${B}/${made.body.id}`), 204);
      assert.equal((await api(owner, 'GET', `${B}/${made.body.id}`)).status, 404);
      const left = await db(server)
        .selectFrom('bundle_components')
        .select('component_item_id')
        .where('bundle_item_id', '=', made.body.id)
        .execute();
      assert.deepEqual(left, []);
      const items = await db(server).selectFrom('items').select('id').where('id', 'in', [milk.id, eggs.id]).execute();
      assert.equal(items.length, 2, 'the components are not deleted');
    });
  });
}
