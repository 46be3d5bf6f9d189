import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
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
 * Modifiers (issue 21): /modifiers (groups with their choices and items; fields refused by name),
 * the registers' config (groups and each item's group ids; the ETag moves), receipts naming a
 * modifier (stored; another company's refused with unknown_modifier), the storefront's menu (the
 * groups of each item), archiving on delete, tenancy and the add-on rule.
 */

const M = '/api/backoffice/modifier_groups';
const SLUG = 'blue-door-bistro';

for (const target of databaseTargets()) {
  describe(`modifiers [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@bluedoor.test: Restaurant with the Item Modifiers add-on
    let corner: Client;
    let token: string;
    let cashType: number;
    let risotto: { id: number; name: string; priceCents: number };
    let seq = 0;

    const ok = (result: ApiResult | DeviceReply, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const body = (extra: Record<string, unknown> = {}) => {
      seq += 1;
      return {
        name: `Test sauces ${seq}`,
        minChoices: 0,
        maxChoices: 2,
        modifiers: [
          { id: null, name: 'Truffle oil', price: 2.5 },
          { id: null, name: 'Chilli flakes', price: 0 },
        ],
        itemIds: [risotto.id],
        ...extra,
      };
    };
    const create = async (extra: Record<string, unknown> = {}) => {
      const made = await api(owner, 'POST', M, body(extra));
      ok(made, 201);
      return made.body as Json & { id: number };
    };
    const menuItem = async (itemId: number) => {
      const guest = new Client(server.url);
      const tokenAnswer = await guest.request(`/gettokenonline?store=${SLUG}`);
      const orderingToken = ((await tokenAnswer.json()) as Json).token;
      const menu = (await (
        await guest.request(`/ordering_online/${SLUG}/menu`, { headers: { 'x-ordering-token': orderingToken } })
      ).json()) as Json;
      return menu.categories.flatMap((c: Json) => c.items).find((i: Json) => i.id === itemId);
    };
    const sale = (modifiers: Json[]) => {
      const unit = risotto.priceCents + modifiers.reduce((s, m) => s + m.priceCents, 0);
      return {
        id: randomUUID(),
        type: 'receipt',
        at: server.clock.now(),
        lines: [
          {
            itemId: risotto.id,
            name: risotto.name,
            quantity: 2,
            unitPriceCents: risotto.priceCents,
            modifiers,
            taxRateIds: [],
          },
        ],
        payments: [{ paymentTypeId: cashType, amountCents: unit * 2 }],
        totals: { subtotalCents: unit * 2, discountCents: 0, taxCents: 0, totalCents: unit * 2 },
      };
    };
    const send = async (event: Json) =>
      (await device(server.url, token, 'POST', '/events', { events: [event] })).body.results[0] as Json;

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      [owner, corner] = await Promise.all(
        ['owner@bluedoor.test', 'owner@cornermarket.test'].map((e) => signedIn(server, e)),
      );
      const bistro = await companyId(server, SLUG);
      cashType = (
        await db(server)
          .selectFrom('payment_types')
          .select('id')
          .where('company_id', '=', bistro)
          .where('builtin', '=', 'cash')
          .executeTakeFirstOrThrow()
      ).id;
      const row = await db(server)
        .selectFrom('items')
        .select(['id', 'name', 'price_cents'])
        .where('company_id', '=', bistro)
        .where('sku', '=', 'MAI-05')
        .executeTakeFirstOrThrow();
      risotto = { id: row.id, name: row.name, priceCents: Number(row.price_cents) };
      token = await pairRegister(server, owner, SLUG);
    });
    after(async () => {
      await server?.close();
    });

    it('lists the groups with their choices, items and sales (the demo milk is required, one of three)', async () => {
      const list = await api(owner, 'GET', M);
      ok(list);
      const milk = list.body.rows.find((g: Json) => g.name === 'Milk');
      assert.deepEqual([milk.minChoices, milk.maxChoices], [1, 1]);
      assert.deepEqual(
        milk.modifiers.map((m: Json) => [m.name, m.price]),
        [
          ['Whole milk', 0],
          ['Oat milk', 0.5],
          ['Soy milk', 0.5],
        ],
      );
      assert.deepEqual(
        milk.items.map((i: Json) => i.name),
        ['Cappuccino', 'Flat white'],
      );
      // The demo history sold coffees with their milk through the registers' config.
      const soldMilk = await db(server)
        .selectFrom('receipt_line_modifiers as rm')
        .innerJoin('modifiers as m', 'm.id', 'rm.modifier_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('m.group_id', '=', milk.id)
        .executeTakeFirstOrThrow();
      assert.equal(milk.soldLast30Days > 0, Number(soldMilk.n) > 0);
      const options = await api(owner, 'GET', `${M}/options`);
      ok(options);
      assert.ok(options.body.items.some((i: Json) => i.id === risotto.id));
    });

    it('refuses bad groups by field', async () => {
      assertValidation(await api(owner, 'POST', M, body({ name: '' })), 'name');
      assertValidation(await api(owner, 'POST', M, body({ minChoices: 2, maxChoices: 1 })), 'maxChoices');
      assertValidation(await api(owner, 'POST', M, body({ maxChoices: 3 })), 'maxChoices');
      assertValidation(await api(owner, 'POST', M, body({ modifiers: [] })), 'modifiers');
      assertValidation(
        await api(
          owner,
          'POST',
          M,
          body({
            modifiers: [
              { id: null, name: 'A', price: 1 },
              { id: null, name: 'a', price: 2 },
            ],
          }),
        ),
        'modifiers.1.name',
      );
      assertValidation(
        await api(owner, 'POST', M, body({ modifiers: [{ id: null, name: 'A', price: -1 }], maxChoices: 1 })),
        'modifiers.0.price',
      );
      const theirs = await db(server)
        .selectFrom('items')
        .select('id')
        .where('company_id', '<>', await companyId(server, SLUG))
        .executeTakeFirstOrThrow();
      assertValidation(await api(owner, 'POST', M, body({ itemIds: [theirs.id] })), 'itemIds');
      // A modifier id that is not this group's (here: the demo milk's).
      const milk = (await api(owner, 'GET', M)).body.rows.find((g: Json) => g.name === 'Milk');
      const made = await create();
      assertValidation(
        await api(
          owner,
          'PUT',
          `${M}/${made.id}`,
          body({ modifiers: [{ id: milk.modifiers[0].id, name: 'X', price: 0 }], maxChoices: 1 }),
        ),
        'modifiers.0.id',
      );
      for (const hostile of [null, [], 'x', { ...body(), minChoices: '1' }, { ...body(), itemIds: ['1 OR 1=1'] }]) {
        const result = await api(owner, 'POST', M, hostile);
        assert.equal(result.status, 400, JSON.stringify(hostile));
      }
    });

    it("puts the groups in the registers' config and the storefront's menu; the ETag moves", async () => {
      const first = await device(server.url, token, 'GET', '/config');
      ok(first);
      const made = await create();
      const second = await device(server.url, token, 'GET', '/config', undefined, first.etag!);
      ok(second);
      assert.notEqual(second.etag, first.etag);
      const group = second.body.modifierGroups.find((g: Json) => g.id === made.id);
      assert.deepEqual(group, {
        id: made.id,
        name: made.name,
        minChoices: 0,
        maxChoices: 2,
        modifiers: made.modifiers.map((m: Json) => ({ id: m.id, name: m.name, priceCents: Math.round(m.price * 100) })),
      });
      assert.ok(second.body.items.find((i: Json) => i.id === risotto.id).modifierGroupIds.includes(made.id));
      const cappuccino = second.body.items.find((i: Json) => i.name === 'Cappuccino');
      const milk = second.body.modifierGroups.find((g: Json) => g.name === 'Milk');
      assert.deepEqual(cappuccino.modifierGroupIds, [milk.id]);
      const item = await menuItem(risotto.id);
      assert.ok(item.modifierGroups.some((g: Json) => g.id === made.id && g.modifiers[0].priceCents === 250));
    });

    it('an edit keeps the ids of the modifiers it keeps, adds new ones, and archives the ones dropped', async () => {
      const made = await create();
      const [truffle, chilli] = made.modifiers;
      const saved = await api(
        owner,
        'PUT',
        `${M}/${made.id}`,
        body({
          name: made.name,
          minChoices: 1,
          maxChoices: 1,
          modifiers: [
            { id: truffle.id, name: 'Black truffle oil', price: 3 },
            { id: null, name: 'Pesto', price: 1 },
          ],
        }),
      );
      ok(saved);
      assert.equal(saved.body.modifiers[0].id, truffle.id);
      assert.deepEqual(
        saved.body.modifiers.map((m: Json) => [m.name, m.price]),
        [
          ['Black truffle oil', 3],
          ['Pesto', 1],
        ],
      );
      const dropped = await db(server)
        .selectFrom('modifiers')
        .select('archived_at')
        .where('id', '=', chilli.id)
        .executeTakeFirstOrThrow();
      assert.notEqual(dropped.archived_at, null);
      // A register that has not fetched the new config may still sell it: accepted, by id.
      const stale = await send(sale([{ name: 'Chilli flakes', priceCents: 0, modifierId: chilli.id }]));
      assert.equal(stale.status, 'stored', JSON.stringify(stale));
      const config = (await device(server.url, token, 'GET', '/config')).body;
      const group = config.modifierGroups.find((g: Json) => g.id === made.id);
      assert.deepEqual(
        group.modifiers.map((m: Json) => m.name),
        ['Black truffle oil', 'Pesto'],
      );
    });

    it("stores the modifier a receipt line names; another company's or an unknown one is rejected", async () => {
      const made = await create();
      const truffle = made.modifiers[0];
      const event = sale([{ name: truffle.name, priceCents: 250, modifierId: truffle.id }]);
      assert.equal((await send(event)).status, 'stored');
      const stored = await db(server)
        .selectFrom('receipt_line_modifiers as rm')
        .innerJoin('receipt_lines as l', 'l.id', 'rm.line_id')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .select(['rm.modifier_id', 'rm.name', 'rm.price_cents'])
        .where('r.client_id', '=', event.id)
        .execute();
      assert.deepEqual(
        stored.map((s) => [s.modifier_id, s.name, Number(s.price_cents)]),
        [[truffle.id, 'Truffle oil', 250]],
      );
      assert.equal((await api(owner, 'GET', `${M}/${made.id}`)).body.soldLast30Days, 2);
      // Typed in at the register (no id): stored as before.
      assert.equal((await send(sale([{ name: 'No onions', priceCents: 0 }]))).status, 'stored');
      const foreign = await db(server)
        .selectFrom('modifiers')
        .select('id')
        .where('company_id', '<>', await companyId(server, SLUG))
        .executeTakeFirstOrThrow();
      for (const modifierId of [foreign.id, 2_000_000_000]) {
        const result = await send(sale([{ name: 'Foreign', priceCents: 0, modifierId }]));
        assert.equal(result.status, 'rejected');
        assert.deepEqual(
          [result.errors[0].code, result.errors[0].field],
          ['unknown_modifier', 'lines.0.modifiers.0.modifierId'],
        );
      }
    });

    it('deleting a group archives it: gone from the list, the config and the menu; receipts keep it', async () => {
      const made = await create();
      const event = sale([{ name: made.modifiers[0].name, priceCents: 250, modifierId: made.modifiers[0].id }]);
      assert.equal((await send(event)).status, 'stored');
      ok(await api(owner, 'DELETE', `${M}/${made.id}`), 204);
      assert.equal((await api(owner, 'DELETE', `${M}/${made.id}`)).status, 404);
      assert.equal((await api(owner, 'GET', `${M}/${made.id}`)).status, 404);
      assert.ok(!(await api(owner, 'GET', M)).body.rows.some((g: Json) => g.id === made.id));
      const config = (await device(server.url, token, 'GET', '/config')).body;
      assert.ok(!config.modifierGroups.some((g: Json) => g.id === made.id));
      assert.ok(!config.items.find((i: Json) => i.id === risotto.id).modifierGroupIds.includes(made.id));
      assert.ok(!(await menuItem(risotto.id)).modifierGroups.some((g: Json) => g.id === made.id));
      const kept = await db(server)
        .selectFrom('receipt_line_modifiers')
        .select('modifier_id')
        .where('modifier_id', '=', made.modifiers[0].id)
        .execute();
      assert.equal(kept.length, 1);
    });

    it("another company's group is not found; without the add-on the page's API answers 403", async () => {
      const made = await create();
      assert.equal((await api(corner, 'GET', `${M}/${made.id}`)).status, 404);
      assert.equal((await api(corner, 'PUT', `${M}/${made.id}`, body({ itemIds: [] }))).status, 404);
      assert.equal((await api(corner, 'DELETE', `${M}/${made.id}`)).status, 404);
      assert.ok(!(await api(corner, 'GET', M)).body.rows.some((g: Json) => g.id === made.id));
      const kiosk = await signedIn(server, 'owner@tinykiosk.test');
      assert.equal((await api(kiosk, 'GET', M)).status, 403);
      assert.equal((await api(kiosk, 'POST', M, body({ itemIds: [] }))).status, 403);
    });
  });
}
