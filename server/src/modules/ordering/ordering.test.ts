import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pickupSlots, type StoreProfile } from '@hive/shared/schemas/ordering';
import { priceOrder } from '@hive/register-sdk/money';
import { signOrderingToken } from './';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Online ordering (issue 7): the ordering token, the public profile and menu (the back-office
 * catalog), orders priced on the server, closed stores, hostile bodies, and the back-office API
 * (settings and order actions) scoped to the session's company and gated by the menu rule.
 */

const SLUG = 'blue-door-bistro';

async function json(
  client: Client,
  method: string,
  path: string,
  init: { json?: unknown; token?: string | null; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await client.request(path, {
    method,
    headers,
    ...(init.json === undefined ? {} : { json: init.json }),
  });
  const text = await response.text();
  let body: Json = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body, response };
}

for (const target of databaseTargets()) {
  describe(`online ordering [${target.name}]`, () => {
    let server: TestServer;
    let guest: Client;
    let token: string;
    let profile: StoreProfile;
    let menu: Json;
    let bistroOwner: Client;
    let marketOwner: Client;
    let bistroManager: Client;

    const slot = () => new Date(pickupSlots(server.clock.now(), profile)[0]!).toISOString();
    const itemNamed = (name: string) =>
      menu.categories.flatMap((c: Json) => c.items).find((i: Json) => i.name === name);
    const burger = () => itemNamed('Blue Door burger');
    const extras = () => burger().modifierGroups[0];
    const orderBody = (extra: Record<string, unknown> = {}) => ({
      name: 'Guest Tester',
      phone: '+44 20 7946 0000',
      pickupAt: slot(),
      notes: 'No onions',
      lines: [{ itemId: burger().id, quantity: 2, modifierIds: [extras().modifiers[0].id] }],
      ...extra,
    });

    before(async () => {
      // Generous per-address limits here; the last test checks the limiter with its own server.
      server = await startTestServer(target, { orderingRateLimits: { order: { limit: 10_000, windowMs: 60_000 } } });
      guest = new Client(server.url);
      const t = await json(guest, 'GET', `/gettokenonline?store=${SLUG}`);
      assert.equal(t.status, 200);
      token = t.body.token;
      profile = (await json(guest, 'GET', `/ordering_master/stores/${SLUG}`)).body;
      menu = (await json(guest, 'GET', `/ordering_online/${SLUG}/menu`, { token })).body;
      const signedIn = async (email: string) => {
        const client = new Client(server.url);
        const result = await client.signIn(email);
        assert.equal(new URL(result.body.url).searchParams.get('error'), null, email);
        return client;
      };
      bistroOwner = await signedIn('owner@bluedoor.test');
      bistroManager = await signedIn('manager@bluedoor.test');
      marketOwner = await signedIn('owner@cornermarket.test');
    });
    after(() => server.close());

    it('serves the public profile and the catalog as the menu', () => {
      assert.equal(profile.name, 'Blue Door Bistro');
      assert.equal(profile.takingOrders, true);
      assert.equal(profile.hours.length, 7);
      assert.ok(menu.categories.length >= 3);
      assert.equal(menu.categories[0].name, 'Starters');
      assert.equal(burger().priceCents, 1650);
      assert.equal(extras().name, 'Burger extras');
      assert.ok(extras().modifiers.length >= 2);
    });

    it('unknown stores answer 404 everywhere', async () => {
      assert.equal((await json(guest, 'GET', '/gettokenonline?store=nope')).status, 404);
      assert.equal((await json(guest, 'GET', '/gettokenonline')).status, 404);
      const missing = await json(guest, 'GET', '/ordering_master/stores/nope');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error, 'store_not_found');
    });

    it('the menu, orders and status need a valid token for that store', async () => {
      assert.equal((await json(guest, 'GET', `/ordering_online/${SLUG}/menu`)).status, 401);
      const forged = `${token.split('.')[0]}.AAAA`;
      assert.equal(
        (await json(guest, 'GET', `/ordering_online/${SLUG}/menu`, { token: forged })).body.error,
        'invalid_token',
      );
      const other = (await json(guest, 'GET', '/gettokenonline?store=corner-market')).body.token;
      assert.equal((await json(guest, 'GET', `/ordering_online/${SLUG}/menu`, { token: other })).status, 401);
      const expired = signOrderingToken('test-secret-test-secret-test-secret-0123456789', SLUG, server.clock.now() - 1);
      assert.equal((await json(guest, 'GET', `/ordering_online/${SLUG}/menu`, { token: expired })).status, 401);
      const header = await json(guest, 'GET', `/ordering_online/${SLUG}/menu`, {
        headers: { 'x-ordering-token': token },
      });
      assert.equal(header.status, 200);
      assert.equal((await json(guest, 'POST', `/ordering_online/${SLUG}/orders`, { json: orderBody() })).status, 401);
    });

    it('charges catalog prices whatever the client sends, and the order can be followed', async () => {
      const b = burger();
      const body = orderBody({
        lines: [
          {
            itemId: b.id,
            quantity: 2,
            modifierIds: [extras().modifiers[0].id],
            price: 0.01,
            priceCents: 1,
            name: 'Free',
          },
        ],
        total: 0.02,
      });
      const created = await json(guest, 'POST', `/ordering_online/${SLUG}/orders`, { json: body, token });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      const unit = b.priceCents + extras().modifiers[0].priceCents;
      assert.deepEqual(created.body.lines[0].options, [extras().modifiers[0].name]);
      assert.equal(created.body.lines[0].unitPriceCents, unit);
      // The demo store's "Spend 30, get 5 off" applies (evaluatePromotions, as the cart shows it);
      // tax is charged on what is left.
      assert.ok(unit * 2 >= 3000);
      assert.deepEqual(created.body.promotions, [{ name: 'Spend 30, get 5 off', amountCents: 500 }]);
      assert.equal(created.body.subtotalCents, unit * 2 - 500);
      assert.equal(created.body.taxCents, Math.round((unit * 2 - 500) * 0.1));
      assert.equal(created.body.totalCents, created.body.subtotalCents + created.body.taxCents);
      // What checkout showed before the order was placed (the menu's taxes and promotions through
      // the shared priceOrder, as the storefront computes it) equals the placed order, to the cent.
      const shown = priceOrder(
        [{ itemId: b.id, categoryId: b.categoryId, quantity: 2, unitCents: unit, taxes: b.taxes ?? [] }],
        menu.promotions,
        server.clock.now(),
        profile.timezone,
      );
      assert.ok((b.taxes ?? []).length > 0, 'the menu carries the item taxes');
      assert.deepEqual(
        [shown.subtotalCents, shown.taxCents, shown.totalCents],
        [created.body.subtotalCents, created.body.taxCents, created.body.totalCents],
      );
      assert.equal(created.body.lines[0].name, 'Blue Door burger');
      assert.equal(created.body.status, 'received');
      assert.equal(created.body.phone, undefined, 'the public view hides the phone number');
      const status = await json(guest, 'GET', `/ordering_online/${SLUG}/orders/${created.body.id}`, { token });
      assert.equal(status.status, 200);
      assert.equal(status.body.totalCents, created.body.totalCents);
      assert.equal((await json(guest, 'GET', `/ordering_online/${SLUG}/orders/unknown`, { token })).status, 404);
    });

    it("holds each line to its item's modifier groups, naming the line and the group (400)", async () => {
      const post = (lines: unknown[]) =>
        json(guest, 'POST', `/ordering_online/${SLUG}/orders`, { json: orderBody({ lines }), token });
      const cappuccino = itemNamed('Cappuccino');
      const milk = cappuccino.modifierGroups.find((g: Json) => g.name === 'Milk');
      assert.deepEqual([milk.minChoices, milk.maxChoices], [1, 1]);
      const oat = milk.modifiers.find((m: Json) => m.name === 'Oat milk');
      const missing = await post([
        { itemId: burger().id, quantity: 1 },
        { itemId: cappuccino.id, quantity: 1 },
      ]);
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body.fields, { 'lines.1.modifierIds': 'Cappuccino, Milk: choose 1' });
      const two = await post([
        { itemId: cappuccino.id, quantity: 1, modifierIds: milk.modifiers.map((m: Json) => m.id) },
      ]);
      assert.equal(two.body.fields['lines.0.modifierIds'], 'Cappuccino, Milk: choose 1');
      const foreign = await post([
        { itemId: cappuccino.id, quantity: 1, modifierIds: [oat.id, extras().modifiers[0].id] },
      ]);
      assert.match(
        foreign.body.fields['lines.0.modifierIds'],
        /^Cappuccino: modifier \d+ is not offered with this item$/,
      );
      const old = await post([{ itemId: cappuccino.id, quantity: 1, optionIds: [3] }]);
      assert.equal(old.status, 400);
      assert.match(old.body.fields['lines.0.optionIds'], /send modifierIds/);
      // Chosen right: priced with the modifier, which the order lists.
      const ok = await post([
        { itemId: cappuccino.id, quantity: 3, modifierIds: [oat.id] },
        { itemId: burger().id, quantity: 1, modifierIds: extras().modifiers.map((m: Json) => m.id) },
      ]);
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      assert.equal(ok.body.lines[0].unitPriceCents, cappuccino.priceCents + oat.priceCents);
      assert.deepEqual(ok.body.lines[0].options, ['Oat milk']);
      assert.equal(
        ok.body.lines[1].unitPriceCents,
        burger().priceCents + extras().modifiers.reduce((s: number, m: Json) => s + m.priceCents, 0),
      );
    });

    it('validates orders with field messages (400, never 5xx)', async () => {
      const post = (payload: unknown) =>
        json(guest, 'POST', `/ordering_online/${SLUG}/orders`, { json: payload, token });
      const bad = await post(orderBody({ name: '', phone: 'abc', lines: [] }));
      assert.equal(bad.status, 400);
      assert.equal(bad.body.error, 'validation_error');
      assert.ok(bad.body.fields.name && bad.body.fields.phone && bad.body.fields.lines, JSON.stringify(bad.body));
      const late = await post(orderBody({ pickupAt: new Date(server.clock.now() + 5 * 86_400_000).toISOString() }));
      assert.equal(late.status, 400);
      assert.ok(late.body.fields.pickupAt);
      const soon = await post(orderBody({ pickupAt: new Date(server.clock.now()).toISOString() }));
      assert.equal(soon.status, 400);
      const unknownItem = await post(orderBody({ lines: [{ itemId: 999999, quantity: 1 }] }));
      assert.equal(unknownItem.status, 400);
      assert.ok(unknownItem.body.fields['lines.0.itemId']);
      const hostile: unknown[] = [
        null,
        [],
        'text',
        42,
        { lines: 'x' },
        { ...orderBody(), lines: [{ itemId: '1 OR 1=1', quantity: 1 }] },
        { ...orderBody(), lines: [{ itemId: 1e308, quantity: -1 }] },
        { ...orderBody(), lines: [{ itemId: burger().id, quantity: 1, modifierIds: [99999] }] },
        { ...orderBody(), lines: [{ itemId: burger().id, quantity: 1, optionIds: [1] }] },
        { ...orderBody(), name: 'a\u0000b' },
        { ...orderBody(), notes: 'x'.repeat(5000) },
        { ...orderBody(), pickupAt: 'tomorrow-ish' },
        { ...orderBody(), pickupAt: { $gt: '' } },
        { __proto__: { admin: true }, constructor: { prototype: {} } },
        { ...orderBody(), lines: Array.from({ length: 40 }, () => ({ itemId: burger().id, quantity: 1 })) },
      ];
      for (const payload of hostile) {
        const result = await post(payload);
        assert.ok(
          result.status >= 400 && result.status < 500,
          `${JSON.stringify(payload)?.slice(0, 80)} -> ${result.status}`,
        );
      }
      const raw = await guest.request(`/ordering_online/${SLUG}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"name":',
      });
      assert.equal(raw.status, 400);
      const huge = await guest.request(`/ordering_online/${SLUG}/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ notes: 'x'.repeat(40_000) }),
      });
      assert.equal(huge.status, 413);
      for (const path of [
        `/ordering_online/${SLUG}/orders/${'x'.repeat(500)}`,
        '/ordering_master/stores/%00',
        '/gettokenonline?store=%00',
        `/ordering_online/${SLUG}/orders/%00`,
        `/gettokenonline?store[]=a`,
        '/ordering_online/%ff/menu',
      ]) {
        const result = await json(guest, 'GET', path, { token });
        assert.ok(result.status >= 400 && result.status < 500, `${path} -> ${result.status}`);
      }
    });

    it('a store that does not take orders explains itself and refuses orders', async () => {
      const market = await json(guest, 'GET', '/ordering_master/stores/corner-market');
      assert.equal(market.status, 200);
      assert.equal(market.body.takingOrders, false);
      assert.equal(market.body.openNow, false);
      const marketToken = (await json(guest, 'GET', '/gettokenonline?store=corner-market')).body.token;
      const refused = await json(guest, 'POST', '/ordering_online/corner-market/orders', {
        json: orderBody(),
        token: marketToken,
      });
      assert.equal(refused.status, 409);
      assert.equal(refused.body.error, 'store_closed');
    });

    it('back-office: orders newest first, actions follow the status rules, scoped to the company', async () => {
      const first = await json(guest, 'POST', `/ordering_online/${SLUG}/orders`, { json: orderBody(), token });
      const second = await json(guest, 'POST', `/ordering_online/${SLUG}/orders`, {
        json: orderBody({ name: 'Second Guest' }),
        token,
      });
      assert.equal(second.status, 201);
      const list = await json(bistroOwner, 'GET', '/api/backoffice/ordering/orders');
      assert.equal(list.status, 200);
      assert.equal(list.body.items[0].id, second.body.id);
      assert.equal(list.body.items[0].phone, '+44 20 7946 0000');
      const dbId = list.body.items.find((o: Json) => o.id === first.body.id).dbId;
      const act = (client: Client, action: unknown, id: unknown = dbId) =>
        json(client, 'POST', `/api/backoffice/ordering/orders/${id}/status`, { json: { action } });

      assert.equal((await act(bistroOwner, 'complete')).status, 409);
      assert.equal((await act(bistroOwner, 'accept')).body.status, 'accepted');
      assert.equal((await act(bistroManager, 'ready')).body.status, 'ready');
      const seen = await json(guest, 'GET', `/ordering_online/${SLUG}/orders/${first.body.id}`, { token });
      assert.equal(seen.body.status, 'ready');
      assert.equal((await act(bistroOwner, 'complete')).body.status, 'completed');
      assert.equal((await act(bistroOwner, 'cancel')).status, 409);
      assert.equal((await act(bistroOwner, 'explode')).status, 400);
      assert.equal((await act(bistroOwner, 'accept', 'abc')).status, 404);
      // Another company cannot see or touch it (Corner Market has no Restaurant licence / add-on: 403).
      assert.equal((await act(marketOwner, 'cancel')).status, 403);
      assert.equal((await json(marketOwner, 'GET', '/api/backoffice/ordering/orders')).status, 403);
      assert.equal((await json(new Client(server.url), 'GET', '/api/backoffice/ordering/orders')).status, 401);
      const foreign = await json(bistroOwner, 'POST', '/api/backoffice/ordering/orders/1/status', {
        json: { action: 'cancel' },
        headers: { origin: 'https://evil.example' },
      });
      assert.equal(foreign.status, 403);
    });

    it('back-office settings: read, validate, save; the storefront follows', async () => {
      const read = await json(bistroOwner, 'GET', '/api/backoffice/ordering/settings');
      assert.equal(read.status, 200);
      assert.equal(read.body.settings.slug, SLUG);
      assert.equal(read.body.storefrontPath, `/ordering/${SLUG}`);
      const bad = await json(bistroOwner, 'PUT', '/api/backoffice/ordering/settings', {
        json: { ...read.body.settings, slug: 'Bad Slug!', leadMinutes: -5, hours: [] },
      });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.fields.slug && bad.body.fields.leadMinutes && bad.body.fields.hours, JSON.stringify(bad.body));
      const taken = await json(bistroOwner, 'PUT', '/api/backoffice/ordering/settings', {
        json: { ...read.body.settings, slug: 'corner-market' },
      });
      assert.equal(taken.status, 409);
      const off = await json(bistroOwner, 'PUT', '/api/backoffice/ordering/settings', {
        json: { ...read.body.settings, takingOrders: false },
      });
      assert.equal(off.status, 200);
      assert.equal((await json(guest, 'GET', `/ordering_master/stores/${SLUG}`)).body.takingOrders, false);
      assert.equal(
        (await json(guest, 'POST', `/ordering_online/${SLUG}/orders`, { json: orderBody(), token })).status,
        409,
      );
      const on = await json(bistroOwner, 'PUT', '/api/backoffice/ordering/settings', { json: read.body.settings });
      assert.equal(on.body.settings.takingOrders, true);
      for (const payload of [
        null,
        'x',
        { takingOrders: 'yes' },
        { ...read.body.settings, timezone: 'Mars/Olympus' },
        { ...read.body.settings, extra: 1 },
      ]) {
        const result = await json(bistroOwner, 'PUT', '/api/backoffice/ordering/settings', { json: payload });
        assert.equal(result.status, 400, JSON.stringify(payload));
      }
    });

    it('rate-limits order creation per address', async () => {
      const limited = await startTestServer(target, { orderingRateLimits: { order: { limit: 2, windowMs: 60_000 } } });
      try {
        const client = new Client(limited.url);
        const t = (await json(client, 'GET', `/gettokenonline?store=${SLUG}`)).body.token;
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push(
            (await json(client, 'POST', `/ordering_online/${SLUG}/orders`, { json: { lines: [] }, token: t })).status,
          );
        }
        assert.deepEqual(statuses, [400, 400, 429]);
      } finally {
        await limited.close();
      }
    });
  });
}
