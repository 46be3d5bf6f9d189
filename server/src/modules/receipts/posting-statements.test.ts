import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomInt } from 'node:crypto';
import type { KyselyPlugin } from 'kysely';
import { luhnDigit } from '@hive/shared/schemas/backoffice/rewards';
import { ingestEvents, refundEvent, saleEvent } from './';
import { addTerminal, companyId, db, paymentTypeId } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * The posting contract's "on the whole batch at once" (src/modules/receipts/posting.ts): on PostgreSQL
 * every statement is a round trip made while the company's ingest lock is held, so the statements
 * a batch sends must not grow with its receipts. A batch of sales with customers (points earned),
 * a bundle (its components' stock), a gift card payment each and kitchen tickets, plus refunds of
 * half of them (points taken back), costs the same number of statements at 20 sales as at 40.
 */

for (const target of databaseTargets()) {
  describe(`posting statements per batch [${target.name}]`, () => {
    let server: TestServer;
    let device: { companyId: number; terminalId: number; locationId: number };
    let cash: number;
    let giftType: number;
    let bundle: { id: number; name: string };
    const now = Date.now();

    before(async () => {
      server = await startTestServer(target);
      const d = db(server);
      const company = await companyId(server, 'corner-market');
      const { id: locationId } = await d
        .selectFrom('locations')
        .select('id')
        .where('company_id', '=', company)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      device = { companyId: company, terminalId: await addTerminal(d, company, locationId, 'Counter'), locationId };
      cash = await paymentTypeId(d, company, 'cash');
      giftType = await paymentTypeId(d, company, 'gift_card');
      await d
        .insertInto('loyalty_settings')
        .values({
          company_id: company,
          enabled: 1,
          points_per_unit: 1,
          value_per_100_cents: 1,
          min_redeem_points: 100,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ enabled: 1, points_per_unit: 1 }))
        .execute();
      // A bundle of two stock-tracked items, in a category routed to a kitchen printer.
      const items = await d
        .selectFrom('items')
        .select(['id', 'name', 'category_id'])
        .where('company_id', '=', company)
        .where('track_stock', '=', 1)
        .where('category_id', 'is not', null)
        .orderBy('id')
        .limit(3)
        .execute();
      assert.equal(items.length, 3, 'the demo catalog has stock-tracked items');
      const [made, ...components] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
      bundle = made;
      await d.updateTable('items').set({ track_stock: 0 }).where('id', '=', made.id).execute();
      await d
        .insertInto('bundle_components')
        .values(
          components.map((c, position) => ({
            company_id: company,
            bundle_item_id: made.id,
            component_item_id: c.id,
            quantity: position + 1,
            position,
          })),
        )
        .execute();
      const printer = await d
        .insertInto('printers')
        .values({
          company_id: company,
          location_id: locationId,
          terminal_id: device.terminalId,
          name: 'Statements kitchen',
          kind: 'kitchen',
          address: 'usb:0',
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await d
        .insertInto('printer_categories')
        .values({ printer_id: printer.id, category_id: made.category_id!, company_id: company })
        .execute();
    });
    after(async () => {
      await server?.close();
    });

    /** n customers with 1,000 points and n gift cards holding 50.00, made for one batch. */
    const fixtures = async (n: number) => {
      const d = db(server);
      const customers = await d
        .insertInto('customers')
        .values(
          Array.from({ length: n }, (_, k) => ({
            company_id: device.companyId,
            name: `Batch customer ${k}`,
            email: '',
            phone: '',
            notes: '',
            points: 1_000,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('id')
        .execute();
      const numbers = Array.from({ length: n }, () => {
        const body = `9${String(randomInt(1e14)).padStart(14, '0')}`;
        return `${body}${luhnDigit(body)}`;
      });
      const cards = await d
        .insertInto('gift_cards')
        .values(
          numbers.map((number) => ({
            company_id: device.companyId,
            number,
            last4: number.slice(-4),
            initial_cents: 5_000,
            balance_cents: 5_000,
            status: 'active',
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'number'])
        .execute();
      return { customers: customers.map((c) => c.id), cards: cards.map((c) => c.number) };
    };

    /** n sales (a bundle line: 2 x 5.00, paid 4.00 by gift card and the rest in cash), and refunds of every other one. */
    const batchOf = async (n: number) => {
      const { customers, cards } = await fixtures(n);
      const sales = customers.map((customerId, k) =>
        saleEvent({
          at: now - 60_000 + k,
          customerId,
          lines: [{ itemId: bundle.id, name: bundle.name, quantity: 2, unitPriceCents: 500, taxes: [] }],
          payments: [
            { paymentTypeId: giftType, amountCents: 400, giftCardNumber: cards[k]! },
            { paymentTypeId: cash, amountCents: 600 },
          ],
          sendToKitchen: true,
        }),
      );
      const refunds = sales
        .filter((_, k) => k % 2 === 0)
        .map((sale) => refundEvent(sale, { at: now - 30_000, lines: [{ line: 1, quantity: 1 }], refundTo: cash }));
      return { events: [...sales, ...refunds], customers, cards };
    };

    const statementsOf = async (n: number) => {
      const batch = await batchOf(n);
      let statements = 0;
      const counter: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          statements += 1;
          return args.result;
        },
      };
      const result = await ingestEvents(db(server).withPlugin(counter), device, batch.events, { now });
      assert.equal(
        result.stored,
        batch.events.length,
        JSON.stringify(result.results.find((r) => r.status !== 'stored')),
      );
      return { statements, ...batch };
    };

    it('sends as many statements for 40 sales as for 20', async () => {
      await statementsOf(3); // the first batch of a terminal may read what later ones find cached
      const twenty = await statementsOf(20);
      const forty = await statementsOf(40);
      assert.equal(
        forty.statements,
        twenty.statements,
        `20 sales: ${twenty.statements}, 40 sales: ${forty.statements}`,
      );

      // And every consequence is there: points earned (and half of them taken back), the cards paid from, the tickets.
      const d = db(server);
      const points = await d
        .selectFrom('customers')
        .select(['id', 'points'])
        .where('id', 'in', forty.customers)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        points.map((c) => Number(c.points)),
        forty.customers.map((_, k) => (k % 2 === 0 ? 1_005 : 1_010)),
      );
      const entries = await d
        .selectFrom('loyalty_entries')
        .select(['customer_id', 'kind', 'points', 'balance_after'])
        .where('customer_id', 'in', forty.customers)
        .orderBy('id')
        .execute();
      assert.equal(entries.length, 60);
      for (const c of points) {
        const own = entries.filter((e) => e.customer_id === c.id);
        assert.equal(Number(own.at(-1)!.balance_after), Number(c.points), 'the ledger ends at the balance');
        assert.equal(
          own.reduce((s, e) => s + Number(e.points), 1_000),
          Number(c.points),
        );
      }
      const cards = await d
        .selectFrom('gift_cards')
        .select(['number', 'balance_cents', 'last_used_at'])
        .where('number', 'in', forty.cards)
        .execute();
      const byNumber = new Map(cards.map((c) => [c.number, [Number(c.balance_cents), Number(c.last_used_at)]]));
      assert.deepEqual(
        forty.cards.map((number) => byNumber.get(number)),
        forty.cards.map((_, k) => [4_600, now - 60_000 + k]),
        'each card paid 4.00, last used by its sale',
      );
      const tickets = await d
        .selectFrom('print_jobs as j')
        .innerJoin('receipts as r', 'r.id', 'j.receipt_id')
        .select('j.id')
        .where('r.customer_id', 'in', forty.customers)
        .where('j.kind', '=', 'kitchen')
        .execute();
      assert.equal(tickets.length, 40);
    });
  });
}
