import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { pickupSlots, type StoreProfile } from '@hive/shared/schemas/ordering';
import { luhnDigit, normalizeGiftCardNumber } from '@hive/shared/schemas/backoffice/rewards';
import { api, assertValidation, companyId, db, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Gift cards (issue 21): issue / load / adjust / void from /giftcards, numbers that cannot be
 * guessed, redemption as a payment through the device API (and the refund that loads a card back),
 * the storefront paying with a card and its cancellation, the balance never below zero when many
 * redemptions race, lookups limited, tenancy and the page rule.
 */

const DEVICE = '/api/device/v1';
const G = '/api/backoffice/giftcards';
const SLUG = 'blue-door-bistro';

interface Reply {
  status: number;
  body: Json;
}

class Register {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  async request(method: string, path: string, body?: unknown): Promise<Reply> {
    const response = await fetch(`${this.url}${DEVICE}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: await response.json() };
  }

  send(events: unknown[]): Promise<Reply> {
    return this.request('POST', '/events', { events });
  }
}

for (const target of databaseTargets()) {
  describe(`gift cards [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@bluedoor.test (Restaurant)
    let corner: Client; // owner@cornermarket.test (Retail, another company)
    let atlas: Client; // owner@atlas.test (Invoice licence: no Offers and rewards)
    let floor: Register;
    let bar: Register;
    let giftType: number;
    let cashType: number;
    let bistro: number;

    const now = () => server.clock.now();
    const ok = (result: ApiResult | Reply, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);

    const issue = async (amountCents: number, extra: Record<string, unknown> = {}, client = owner) => {
      const result = await api(client, 'POST', G, {
        amountCents,
        customerId: null,
        expiresOn: null,
        note: '',
        ...extra,
      });
      ok(result, 201);
      return result.body as Json & { id: number; number: string; balanceCents: number };
    };
    const balanceOf = async (id: number) => Number((await api(owner, 'GET', `${G}/${id}`)).body.balanceCents);

    /** A sale of `cents` (no tax) paid by the given payments. */
    const sale = (cents: number, payments: Json[]) => ({
      id: randomUUID(),
      type: 'receipt',
      at: now(),
      lines: [{ itemId: null, name: 'Gift card test', quantity: 1, unitPriceCents: cents, taxRateIds: [] }],
      payments,
      totals: { subtotalCents: cents, discountCents: 0, taxCents: 0, totalCents: cents },
    });
    const byCard = (cents: number, number: string) => [
      { paymentTypeId: giftType, amountCents: cents, giftCardNumber: number },
    ];

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: {
          pair: { limit: 10_000, windowMs: 60_000 },
          requests: { limit: 100_000, windowMs: 60_000 },
          giftCardMisses: { limit: 3, windowMs: 60_000 },
        },
        orderingRateLimits: { order: { limit: 10_000, windowMs: 60_000 } },
      });
      [owner, corner, atlas] = await Promise.all(
        ['owner@bluedoor.test', 'owner@cornermarket.test', 'owner@atlas.test'].map((email) => signedIn(server, email)),
      );
      bistro = await companyId(server, SLUG);
      const types = await db(server)
        .selectFrom('payment_types')
        .select(['id', 'builtin'])
        .where('company_id', '=', bistro)
        .execute();
      giftType = types.find((t) => t.builtin === 'gift_card')!.id;
      cashType = types.find((t) => t.builtin === 'cash')!.id;
      const pair = async (name: string) => {
        const terminal = await db(server)
          .selectFrom('terminals')
          .select('id')
          .where('company_id', '=', bistro)
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        const code = await api(owner, 'POST', `/api/backoffice/terminals/${terminal.id}/pairing_code`, {});
        const response = await fetch(`${server.url}${DEVICE}/pair`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: code.body.pairingCode }),
        });
        const paired = (await response.json()) as Json;
        assert.equal(response.status, 200, JSON.stringify(paired));
        return new Register(server.url, paired.token);
      };
      floor = await pair('Floor');
      bar = await pair('Bar');
    });
    after(async () => {
      await server?.close();
    });

    describe('the back-office page', () => {
      it('issues a card whose 16-digit number is shown once, checks out (Luhn) and is masked afterwards', async () => {
        const card = await issue(2500, { note: 'Birthday' });
        assert.match(card.number, /^[1-9]\d{15}$/);
        assert.equal(normalizeGiftCardNumber(card.number), card.number);
        assert.equal(luhnDigit(card.number.slice(0, 15)), Number(card.number[15]));
        assert.equal(card.last4, card.number.slice(-4));
        assert.equal(card.balanceCents, 2500);
        assert.equal(card.status, 'active');
        assert.deepEqual(
          card.entries.map((e: Json) => [e.kind, e.amountCents, e.balanceAfterCents]),
          [['issue', 2500, 2500]],
        );
        const detail = await api(owner, 'GET', `${G}/${card.id}`);
        ok(detail);
        assert.equal(detail.body.number, undefined);
        const list = await api(owner, 'GET', G);
        ok(list);
        assert.ok(!JSON.stringify(list.body).includes(card.number), 'the list never carries whole numbers');
        assert.ok(list.body.rows.some((r: Json) => r.id === card.id && r.last4 === card.last4));
      });

      it('numbers differ and are spread: 200 cards share no number and no common prefix pattern', async () => {
        const numbers = new Set<string>();
        for (let i = 0; i < 200; i += 1) numbers.add((await issue(100)).number);
        assert.equal(numbers.size, 200);
        const firstSix = new Set([...numbers].map((n) => n.slice(0, 6)));
        assert.ok(firstSix.size > 190, 'numbers are random, not sequential');
      });

      it('refuses bad input with the field named', async () => {
        const post = (body: Record<string, unknown>) =>
          api(owner, 'POST', G, { amountCents: 1000, customerId: null, expiresOn: null, note: '', ...body });
        assertValidation(await post({ amountCents: 0 }), 'amountCents');
        assertValidation(await post({ amountCents: 1_000_001 }), 'amountCents');
        assertValidation(await post({ amountCents: 12.5 }), 'amountCents');
        assertValidation(await post({ expiresOn: '2026-02-30' }), 'expiresOn');
        assertValidation(await post({ expiresOn: '2020-01-01' }), 'expiresOn');
        const theirs = await db(server)
          .selectFrom('customers')
          .select('id')
          .where('company_id', '=', await companyId(server, 'corner-market'))
          .executeTakeFirstOrThrow();
        assertValidation(await post({ customerId: theirs.id }), 'customerId');
      });

      it('load and adjust move the balance with a ledger entry each; never below zero nor above the maximum', async () => {
        const card = await issue(1000);
        ok(await api(owner, 'POST', `${G}/${card.id}/load`, { amountCents: 500, note: '' }));
        ok(await api(owner, 'POST', `${G}/${card.id}/adjust`, { amountCents: -200, reason: 'Goodwill correction' }));
        assert.equal(await balanceOf(card.id), 1300);
        assertValidation(
          await api(owner, 'POST', `${G}/${card.id}/adjust`, { amountCents: -1301, reason: 'Too much' }),
          'amountCents',
        );
        assertValidation(await api(owner, 'POST', `${G}/${card.id}/adjust`, { amountCents: -5, reason: '' }), 'reason');
        assertValidation(
          await api(owner, 'POST', `${G}/${card.id}/load`, { amountCents: 999_000, note: '' }),
          'amountCents',
        );
        const detail = (await api(owner, 'GET', `${G}/${card.id}`)).body;
        assert.deepEqual(
          detail.entries.map((e: Json) => [e.kind, e.amountCents, e.balanceAfterCents]),
          [
            ['adjust', -200, 1300],
            ['load', 500, 1500],
            ['issue', 1000, 1000],
          ],
        );
        assert.equal(detail.entries[0].by, 'owner@bluedoor.test');
      });

      it('a void card takes no load and pays nothing', async () => {
        const card = await issue(1000);
        ok(await api(owner, 'POST', `${G}/${card.id}/void`, { reason: 'Reported stolen' }));
        const load = await api(owner, 'POST', `${G}/${card.id}/load`, { amountCents: 100, note: '' });
        assert.equal(load.status, 409);
        assert.equal(load.body.error, 'gift_card_void');
        const reply = await floor.send([sale(500, byCard(500, card.number))]);
        assert.equal(reply.body.results[0].status, 'rejected');
        assert.equal(reply.body.results[0].errors[0].code, 'gift_card_void');
        assert.equal(await balanceOf(card.id), 1000);
      });
    });

    describe('at the registers', () => {
      it('a gift card payment takes the amount; the refund paid back to the card loads it again', async () => {
        const card = await issue(3000);
        const paid = sale(1200, byCard(1200, card.number.replace(/(\d{4})/g, '$1 ').trim()));
        const reply = await floor.send([paid]);
        ok(reply);
        assert.equal(reply.body.results[0].status, 'stored', JSON.stringify(reply.body));
        assert.equal(await balanceOf(card.id), 1800);
        const payment = await db(server)
          .selectFrom('receipt_payments as p')
          .innerJoin('receipts as r', 'r.id', 'p.receipt_id')
          .select(['p.gift_card_id', 'r.number'])
          .where('r.client_id', '=', paid.id)
          .executeTakeFirstOrThrow();
        assert.equal(payment.gift_card_id, card.id);
        const refund = {
          id: randomUUID(),
          type: 'refund',
          at: now(),
          receiptId: paid.id,
          lines: [{ line: 1, quantity: 1 }],
          payments: byCard(1200, card.number),
          totals: { subtotalCents: 1200, discountCents: 0, taxCents: 0, totalCents: 1200 },
        };
        const back = await floor.send([refund]);
        assert.equal(back.body.results[0].status, 'stored', JSON.stringify(back.body));
        const detail = (await api(owner, 'GET', `${G}/${card.id}`)).body;
        assert.equal(detail.balanceCents, 3000);
        assert.deepEqual(
          detail.entries.map((e: Json) => [e.kind, e.amountCents, e.receiptNumber !== null]),
          [
            ['refund', 1200, true],
            ['redeem', -1200, true],
            ['issue', 3000, false],
          ],
        );
        assert.equal(detail.entries[1].receiptNumber, Number(payment.number));
        // Resending the sale is a duplicate: the card is not charged twice.
        const again = await floor.send([paid]);
        assert.equal(again.body.results[0].status, 'duplicate');
        assert.equal(await balanceOf(card.id), 3000);
      });

      it('refuses a payment the card cannot make, each with its code, and charges nothing', async () => {
        const card = await issue(1000);
        const expired = await issue(1000);
        await db(server)
          .updateTable('gift_cards')
          .set({ expires_on: '2020-01-01' })
          .where('id', '=', expired.id)
          .execute();
        const other = await issue(1000, {}, corner);
        const cases: [Json, string][] = [
          [sale(1500, byCard(1500, card.number)), 'gift_card_insufficient'],
          [sale(500, [{ paymentTypeId: giftType, amountCents: 500 }]), 'unknown_gift_card'],
          [sale(500, byCard(500, other.number)), 'unknown_gift_card'],
          [sale(500, byCard(500, expired.number)), 'gift_card_expired'],
          [sale(500, [{ paymentTypeId: cashType, amountCents: 500, giftCardNumber: card.number }]), 'invalid'],
          // Two payments of one sale on the same card count together.
          [sale(1200, [...byCard(600, card.number), ...byCard(600, card.number)]), 'gift_card_insufficient'],
        ];
        for (const [event, code] of cases) {
          const reply = await floor.send([event]);
          assert.equal(reply.body.results[0].status, 'rejected', code);
          assert.equal(reply.body.results[0].errors[0].code, code, JSON.stringify(reply.body.results[0].errors));
        }
        assert.equal(await balanceOf(card.id), 1000);
        assert.equal(await balanceOf(expired.id), 1000);
      });

      it('in one batch, the second sale sees what the first took', async () => {
        const card = await issue(1000);
        const reply = await floor.send([sale(700, byCard(700, card.number)), sale(700, byCard(700, card.number))]);
        assert.deepEqual(
          reply.body.results.map((r: Json) => r.status),
          ['stored', 'rejected'],
        );
        assert.equal(await balanceOf(card.id), 300);
      });

      it('under concurrent redemptions from two registers the balance never goes below zero', async () => {
        const card = await issue(1000);
        const replies = await Promise.all(
          Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? floor : bar).send([sale(300, byCard(300, card.number))])),
        );
        const stored = replies.filter((r) => r.body.results[0].status === 'stored').length;
        assert.equal(stored, 3);
        assert.equal(await balanceOf(card.id), 100);
        const ledger = await db(server)
          .selectFrom('gift_card_entries')
          .select(sql<number>`sum(amount_cents)`.as('sum'))
          .where('gift_card_id', '=', card.id)
          .executeTakeFirstOrThrow();
        assert.equal(Number(ledger.sum), 100);
      });

      it('a register looks a card up; misses are limited per terminal', async () => {
        const card = await issue(4200);
        const found = await floor.request('GET', `/gift-cards/${card.number}`);
        ok(found);
        assert.deepEqual(found.body, { last4: card.last4, balanceCents: 4200, status: 'active', expiresOn: null });
        const miss = `${card.number.slice(0, 15)}${(Number(card.number[15]) + 5) % 10}`;
        for (let i = 0; i < 3; i += 1) assert.equal((await bar.request('GET', `/gift-cards/${miss}`)).status, 404);
        assert.equal((await bar.request('GET', `/gift-cards/${miss}`)).status, 429);
        // The other terminal is not held up by this one's misses, and good lookups do not count.
        for (let i = 0; i < 5; i += 1) ok(await floor.request('GET', `/gift-cards/${card.number}`));
      });
    });

    describe('in the storefront', () => {
      let token: string;
      let profile: StoreProfile;
      let burgerId: number;
      const guest = () => new Client(server.url);
      const order = (client: Client, extra: Record<string, unknown>) =>
        client.request(`/ordering_online/${SLUG}/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          json: {
            name: 'Gift Guest',
            phone: '+44 20 7946 0000',
            pickupAt: new Date(pickupSlots(now(), profile)[0]!).toISOString(),
            notes: '',
            lines: [{ itemId: burgerId, quantity: 1, modifierIds: [] }],
            ...extra,
          },
        });

      before(async () => {
        const client = guest();
        token = (await (await client.request(`/gettokenonline?store=${SLUG}`)).json()).token;
        profile = await (await client.request(`/ordering_master/stores/${SLUG}`)).json();
        const menu = await (
          await client.request(`/ordering_online/${SLUG}/menu`, { headers: { authorization: `Bearer ${token}` } })
        ).json();
        burgerId = menu.categories.flatMap((c: Json) => c.items).find((i: Json) => i.name === 'Blue Door burger').id;
      });

      it('checks a balance, pays with the card up to the total, and a cancelled order gives it back', async () => {
        const card = await issue(500);
        const check = await guest().request(`/ordering_online/${SLUG}/gift-cards/${card.number}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(check.status, 200);
        assert.equal((await check.json()).balanceCents, 500);
        const placed = await order(guest(), { giftCardNumber: card.number });
        const body = await placed.json();
        assert.equal(placed.status, 201, JSON.stringify(body));
        assert.deepEqual(body.giftCard, { last4: card.last4, amountCents: 500 });
        assert.equal(body.dueCents, body.totalCents - 500);
        assert.equal(await balanceOf(card.id), 0);

        const orders = (await api(owner, 'GET', '/api/backoffice/ordering/orders')).body;
        const mine = orders.items.find((o: Json) => o.id === body.id);
        ok(await api(owner, 'POST', `/api/backoffice/ordering/orders/${mine.dbId}/status`, { action: 'cancel' }));
        const detail = (await api(owner, 'GET', `${G}/${card.id}`)).body;
        assert.equal(detail.balanceCents, 500);
        assert.deepEqual(
          detail.entries.map((e: Json) => [e.kind, e.amountCents, e.orderNumber]),
          [
            ['refund', 500, body.number],
            ['redeem', -500, body.number],
            ['issue', 500, null],
          ],
        );
      });

      it('a wrong or empty card is a 400 on giftCardNumber and nothing is ordered', async () => {
        const card = await issue(100);
        ok(await api(owner, 'POST', `${G}/${card.id}/adjust`, { amountCents: -100, reason: 'Emptied' }));
        const before = await db(server)
          .selectFrom('ordering_orders')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        for (const giftCardNumber of [
          '1234',
          card.number,
          `${card.number.slice(0, 15)}${(Number(card.number[15]) + 1) % 10}`,
        ]) {
          const placed = await order(guest(), { giftCardNumber });
          assert.equal(placed.status, 400, giftCardNumber);
          assert.ok((await placed.json()).fields.giftCardNumber);
        }
        const after = await db(server)
          .selectFrom('ordering_orders')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(after.n), Number(before.n));
      });

      it('orders racing for one card: one takes it, the others are refused, the balance ends at 0', async () => {
        const card = await issue(800);
        const replies = await Promise.all(
          Array.from({ length: 5 }, () => order(guest(), { giftCardNumber: card.number })),
        );
        assert.deepEqual(replies.map((r) => r.status).sort(), [201, 400, 400, 400, 400]);
        assert.equal(await balanceOf(card.id), 0);
      });
    });

    describe('tenancy and the page rule', () => {
      it("another company's card is not found, and companies without Offers and rewards get 403", async () => {
        const card = await issue(1000);
        assert.equal((await api(corner, 'GET', `${G}/${card.id}`)).status, 404);
        assert.equal((await api(corner, 'POST', `${G}/${card.id}/load`, { amountCents: 100, note: '' })).status, 404);
        assert.equal((await api(atlas, 'GET', G)).status, 403);
        assert.equal(await balanceOf(card.id), 1000);
      });
    });
  });
}
