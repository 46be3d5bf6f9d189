import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { pickupSlots, type StoreProfile } from '@hive/shared/schemas/ordering';
import { luhnDigit } from '@hive/shared/schemas/backoffice/rewards';
import { api, companyId, db, pairRegister, paymentTypeId, signedIn } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Gift card miss limits (http/guess-limit.ts). Misses cost the source that made them (an address, a
 * terminal); the shared cap (per store, per company) only slows unknown numbers, so nobody's real
 * card is refused because others guessed. At the registers, card numbers in events count with the
 * balance lookups, and a refused batch is a 429 that stores nothing, so sending it again later loses
 * nothing.
 */

const SLUG = 'blue-door-bistro';
const G = '/api/backoffice/giftcards';

/** A well-formed number (check digit right) that is almost surely nobody's card. */
const randomNumber = () => {
  const body = `9${String(Math.floor(Math.random() * 1e14)).padStart(14, '0')}`;
  return `${body}${luhnDigit(body)}`;
};

for (const target of databaseTargets()) {
  describe(`gift card miss limits [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let bistro: number;

    before(async () => {
      server = await startTestServer(target, {
        // The storefront's miss limits are the product's (10 per address, 100 per store in 10
        // minutes); only the order limits, which this test is not about, are opened up.
        orderingRateLimits: {
          order: { limit: 10_000, windowMs: 60_000 },
          orderPerStore: { limit: 10_000, windowMs: 60_000 },
        },
        deviceRateLimits: {
          pair: { limit: 10_000, windowMs: 60_000 },
          requests: { limit: 100_000, windowMs: 60_000 },
          // Small, and the terminal's short, so that a refused batch can be sent again in the test.
          giftCardMisses: { limit: 5, windowMs: 3_000 },
          giftCardMissesPerCompany: { limit: 8, windowMs: 60 * 60_000 },
        },
      });
      owner = await signedIn(server, 'owner@bluedoor.test');
      bistro = await companyId(server, SLUG);
    });
    after(async () => {
      await server?.close();
    });

    const issue = async (amountCents: number) => {
      const result = await api(owner, 'POST', G, { amountCents, customerId: null, expiresOn: null, note: '' });
      assert.equal(result.status, 201, JSON.stringify(result.body));
      return result.body as Json & { id: number; number: string };
    };
    const balanceOf = async (id: number) => Number((await api(owner, 'GET', `${G}/${id}`)).body.balanceCents);

    describe('the storefront', () => {
      let token: string;
      let profile: StoreProfile;
      let burgerId: number;

      const order = (client: Client, extra: Record<string, unknown> = {}) =>
        client.request(`/ordering_online/${SLUG}/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          json: {
            name: 'Limit Guest',
            phone: '+44 20 7946 0000',
            pickupAt: new Date(pickupSlots(server.clock.now(), profile)[0]!).toISOString(),
            notes: '',
            lines: [{ itemId: burgerId, quantity: 1, modifierIds: [] }],
            ...extra,
          },
        });
      const lookup = (client: Client, number: string) =>
        client.request(`/ordering_online/${SLUG}/gift-cards/${number}`, {
          headers: { authorization: `Bearer ${token}` },
        });

      before(async () => {
        const client = new Client(server.url);
        token = (await (await client.request(`/gettokenonline?store=${SLUG}`)).json()).token;
        profile = await (await client.request(`/ordering_master/stores/${SLUG}`)).json();
        const menu = await (
          await client.request(`/ordering_online/${SLUG}/menu`, { headers: { authorization: `Bearer ${token}` } })
        ).json();
        burgerId = menu.categories.flatMap((c: Json) => c.items).find((i: Json) => i.name === 'Blue Door burger').id;
      });

      it('100 misses from 10 addresses slow guessing at the store; a real card still goes through from anyone else', async () => {
        const card = await issue(300);
        const other = await issue(500);
        // An address that spent its own 10 misses is refused every card, a real one too (the refusal
        // tells it nothing), and still orders without a card, as often as it likes.
        const first = new Client(server.url);
        for (let i = 0; i < 10; i += 1) assert.equal((await lookup(first, randomNumber())).status, 404);
        const spent = await lookup(first, randomNumber());
        assert.equal(spent.status, 429);
        assert.match((await spent.json()).message, /from this address/);
        assert.equal((await lookup(first, card.number)).status, 429);
        assert.equal((await order(first, { giftCardNumber: card.number })).status, 429);
        for (let i = 0; i < 3; i += 1) assert.equal((await order(first)).status, 201);

        // Nine more addresses, ten misses each (orders with a wrong card count like lookups): the
        // store's 100 are reached.
        for (let a = 0; a < 9; a += 1) {
          const guesser = new Client(server.url);
          for (let i = 0; i < 10; i += 1) {
            const reply =
              i % 2 === 0
                ? await lookup(guesser, randomNumber())
                : await order(guesser, { giftCardNumber: randomNumber() });
            assert.equal(reply.status, i % 2 === 0 ? 404 : 400, `address ${a}, try ${i}`);
          }
        }

        // A customer from another address: the real card is looked up and pays, as if nobody guessed.
        const customer = new Client(server.url);
        const looked = await lookup(customer, card.number);
        assert.equal(looked.status, 200);
        assert.equal((await looked.json()).balanceCents, 300);
        const paid = await order(customer, { giftCardNumber: card.number });
        assert.equal(paid.status, 201, JSON.stringify(await paid.clone().json()));
        assert.equal(await balanceOf(card.id), 0);
        assert.equal((await order(customer)).status, 201);

        // Over the store's cap one miss spends its address's allowance: a late guesser gets one try,
        // then waits its own ten minutes (not the store's), real cards included.
        const late = new Client(server.url);
        const slowed = await lookup(late, randomNumber());
        assert.equal(slowed.status, 429);
        assert.match((await slowed.json()).message, /at this store right now, and this one found none either/);
        const wait = Number(slowed.headers.get('retry-after'));
        assert.ok(wait > 500 && wait <= 600, `Retry-After ${wait}`);
        assert.equal((await lookup(late, other.number)).status, 429);
        assert.equal((await order(late, { giftCardNumber: other.number })).status, 429);
        assert.equal((await order(late)).status, 201);
        assert.equal((await order(new Client(server.url), { giftCardNumber: randomNumber() })).status, 429);
        assert.equal(await balanceOf(other.id), 500);
      });
    });

    describe('the registers', () => {
      let floor: string;
      let bar: string;
      let giftType: number;
      let cashType: number;

      /** A sale of `cents` paid by the given payments (no tax). */
      const sale = (cents: number, payments: Json[]) => ({
        id: randomUUID(),
        type: 'receipt',
        at: server.clock.now(),
        lines: [{ itemId: null, name: 'Limit test', quantity: 1, unitPriceCents: cents, taxRateIds: [] }],
        payments,
        totals: { subtotalCents: cents, discountCents: 0, taxCents: 0, totalCents: cents },
      });
      const byCard = (cents: number, number: string) =>
        sale(cents, [{ paymentTypeId: giftType, amountCents: cents, giftCardNumber: number }]);
      const byCash = (cents: number) => sale(cents, [{ paymentTypeId: cashType, amountCents: cents }]);
      const send = async (token: string, events: Json[]) => {
        const response = await fetch(`${server.url}/api/device/v1/events`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ events }),
        });
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          body: (await response.json()) as Json,
        };
      };
      const lookup = async (token: string, number: string) =>
        (
          await fetch(`${server.url}/api/device/v1/gift-cards/${number}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status;
      const storedIds = async (ids: string[]) =>
        (
          await db(server)
            .selectFrom('device_events')
            .select('id')
            .where('company_id', '=', bistro)
            .where('id', 'in', ids)
            .execute()
        ).map((r) => r.id);

      before(async () => {
        floor = await pairRegister(server, owner, SLUG, 'Floor');
        bar = await pairRegister(server, owner, SLUG, 'Bar');
        giftType = await paymentTypeId(db(server), bistro, 'gift_card');
        cashType = await paymentTypeId(db(server), bistro, 'cash');
      });

      it('a batch guessing numbers is refused whole (429, nothing stored), and sent again later it is stored once', async () => {
        const card = await issue(1000);
        // Six numbers in one batch, over the terminal's five: refused before any is looked up.
        const guesses = Array.from({ length: 6 }, () => byCard(100, randomNumber()));
        const guessed = await send(floor, guesses);
        assert.equal(guessed.status, 429, JSON.stringify(guessed.body));
        assert.equal(guessed.body.error, 'gift_card_misses');
        assert.equal(guessed.body.results, undefined);
        assert.deepEqual(await storedIds(guesses.map((g) => g.id)), []);

        // Now every batch with a card number waits, a good card too; card lookups as well.
        const paid = [byCash(250), byCard(400, card.number)];
        const waiting = await send(floor, paid);
        assert.equal(waiting.status, 429);
        assert.equal(waiting.body.error, 'gift_card_misses');
        assert.ok(Number(waiting.retryAfter) >= 1 && Number(waiting.retryAfter) === waiting.body.retryAfter);
        assert.deepEqual(await storedIds(paid.map((e) => e.id)), []);
        assert.equal(await balanceOf(card.id), 1000);
        assert.equal(await lookup(floor, card.number), 429);
        // A batch without a card number is never held up by these limits.
        const cash = await send(floor, [byCash(300)]);
        assert.equal(cash.status, 200);
        assert.equal(cash.body.stored, 1);

        // After Retry-After the same batch goes through, once.
        await sleep(Number(waiting.retryAfter) * 1000 + 250);
        const again = await send(floor, paid);
        assert.equal(again.status, 200, JSON.stringify(again.body));
        assert.deepEqual(
          again.body.results.map((r: Json) => r.status),
          ['stored', 'stored'],
        );
        const resent = await send(floor, paid);
        assert.deepEqual(
          resent.body.results.map((r: Json) => r.status),
          ['duplicate', 'duplicate'],
        );
        assert.equal(await balanceOf(card.id), 600);
      });

      it('a few typos are rejected event by event as before, and the register goes on', async () => {
        const card = await issue(500);
        const typos = await send(bar, [byCard(100, randomNumber()), byCard(100, randomNumber()), byCash(100)]);
        assert.equal(typos.status, 200);
        assert.deepEqual(
          typos.body.results.map((r: Json) => r.errors?.[0]?.code ?? r.status),
          ['unknown_gift_card', 'unknown_gift_card', 'stored'],
        );
        const good = await send(bar, [byCard(500, card.number)]);
        assert.equal(good.body.results[0].status, 'stored');
        assert.equal(await balanceOf(card.id), 0);
      });

      it("over the company's cap a miss spends its terminal's allowance; the other terminals' real cards go through", async () => {
        const card = await issue(700);
        // The company has 2 misses (the typos); 6 more from two terminals reach its 8 (each terminal
        // stays within its own 5).
        const misses = (n: number) => Array.from({ length: n }, () => byCard(100, randomNumber()));
        assert.equal((await send(bar, misses(2))).status, 422);
        assert.equal((await send(floor, misses(4))).status, 422);
        // Real cards are never held up by the cap, on any terminal.
        assert.equal(await lookup(floor, card.number), 200);
        const sold = await send(floor, [byCard(100, card.number)]);
        assert.equal(sold.status, 200, JSON.stringify(sold.body));
        assert.equal(sold.body.results[0].status, 'stored');

        // One more miss: refused, and the guessing terminal waits its own window, not the company's hour.
        const refused = await send(floor, misses(1));
        assert.equal(refused.status, 429, JSON.stringify(refused.body));
        assert.match(refused.body.message, /for this company/);
        assert.ok(
          Number(refused.retryAfter) >= 1 && Number(refused.retryAfter) <= 3,
          `Retry-After ${refused.retryAfter}`,
        );
        const held = await send(floor, [byCard(100, card.number)]);
        assert.equal(held.status, 429);
        assert.match(held.body.message, /from this terminal/);
        assert.equal((await send(floor, [byCash(100)])).status, 200);

        // The bar's real card sale goes through meanwhile; its own guess is slowed like the floor's.
        const barSale = await send(bar, [byCard(200, card.number)]);
        assert.equal(barSale.status, 200, JSON.stringify(barSale.body));
        assert.equal(barSale.body.results[0].status, 'stored');
        assert.equal(await lookup(bar, randomNumber()), 429);
        assert.equal(await lookup(bar, card.number), 429);
        assert.equal(await balanceOf(card.id), 400);

        // Once its window has passed, the floor sells on the card again.
        await sleep(Number(held.retryAfter) * 1000 + 250);
        const again = await send(floor, [byCard(100, card.number)]);
        assert.equal(again.status, 200, JSON.stringify(again.body));
        assert.equal(await balanceOf(card.id), 300);
      });
    });
  });
}
