import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ReceiptEvent } from '@hive/shared/schemas/device';
import {
  cashMovementEvent,
  refundEvent,
  saleEvent,
  shiftCloseEvent,
  shiftOpenEvent,
  type SaleLineSpec,
} from '../src/modules/receipts';
import { db, device } from './admin-helpers';
import { databaseTargets, startTestServer, type Json, type TestServer } from './helpers';
import { get } from './reconciliation/differences';
import { freshCompany, pairedTill, type Fixture } from './reconciliation/fixture';

/*
 * The ingest's locks (receipts/ingest.ts): a company's tills plan their batches in parallel and
 * queue only for their writes. Six tills of one company post the same events twice, into two
 * fresh companies: one by one into the first, all tills at once into the second (each till's
 * batches in order, as a register sends them). The books must come out the same: every till's
 * shift and drawer, the stock, the points and the gift card they all share, the document numbers
 * (no gap, no repeat) and every report. Then all six refund the one unit of the same sale at once:
 * exactly one is stored. On SQLite (one transaction at a time) it holds trivially; on PostgreSQL a
 * batch that read a shared balance outside its lock, or two batches waiting on each other (the
 * locks' order), shows here.
 */

const TILLS = 6;
const FLOAT_CENTS = 10_000;

/** A paired till as the fixture makes them (its token for the device API). */
type Till = Fixture['terminals'][number];

/** A company as posted: its fixture and its six tills (the fixture's two, four more). */
interface Company {
  fixture: Fixture;
  tills: Till[];
}

async function company(server: TestServer): Promise<Company> {
  const fixture = await freshCompany(server);
  const tills: Till[] = [...fixture.terminals];
  for (let k = tills.length; k < TILLS; k++) {
    const location = fixture.locations[k % fixture.locations.length]!;
    tills.push(await pairedTill(server, fixture.owner, `Recon till ${k + 1}`, location.id));
  }
  return { fixture, tills };
}

type Batch = { id: string; type: string }[];

/**
 * The events, per phase and till, each till's batches in order. Built once, from the catalog's
 * positions (both companies' catalogs are made alike), and posted into both companies as they are:
 * a refund names its sale by the sale's event id, the same in both.
 */
function events(fixture: Fixture, startAt: number) {
  const { catalog } = fixture;
  const [bread, , , wine, , bundle] = catalog.items;
  const taxes = (set: number) =>
    catalog.taxSets[set]!.map((id) => {
      const rate = catalog.rates.get(id)!;
      return { taxRateId: id, rateBp: rate.rateBp, type: rate.type };
    });
  const line = (item: typeof bread, quantity: number, taxSet: number): SaleLineSpec => ({
    itemId: item!.id,
    name: item!.name,
    quantity,
    unitPriceCents: item!.priceCents,
    taxes: taxes(taxSet),
  });
  const at = (till: number, minute: number) => startAt + minute * 60_000 + till * 1_000;
  const shifts = Array.from({ length: TILLS }, (_, k) =>
    shiftOpenEvent({ at: at(k, 0), openingFloatCents: FLOAT_CENTS, employeeId: catalog.employees[k % 2]!.id }),
  );
  const sales: ReceiptEvent[][] = Array.from({ length: TILLS }, () => []);

  // 1. Each till opens its shift and rings up nine sales in three batches: stock of two tracked
  // items and a bundle's components, the one loyalty customer's points, the one gift card.
  const first: Batch[][] = shifts.map((open, k) => {
    const batches: Batch[] = [[open]];
    for (let b = 0; b < 3; b++) {
      const batch: Batch = [];
      for (let s = 0; s < 3; s++) {
        const lines = [line(bread, 2, 1), line(wine, 1, 2), line(bundle, 1, (k + s) % 6)];
        const spec = { at: at(k, 1 + b * 3 + s), shiftId: open.id, employeeId: open.employeeId, lines };
        const totalCents = saleEvent({ ...spec, payments: [] }).totals.totalCents;
        const payments =
          s === 0
            ? [{ paymentTypeId: catalog.cash.id, amountCents: totalCents + 500 }]
            : s === 1
              ? [{ paymentTypeId: catalog.card.id, amountCents: totalCents, tipCents: 100 }]
              : [
                  { paymentTypeId: catalog.gift.id, amountCents: 700, giftCardNumber: catalog.gift.number },
                  { paymentTypeId: catalog.cash.id, amountCents: totalCents - 700 },
                ];
        const sale = saleEvent({
          ...spec,
          customerId: catalog.customer.id,
          payments,
          ...(s === 0 ? { changeCents: 500 } : {}),
        });
        sales[k]!.push(sale);
        batch.push(sale);
      }
      batches.push(batch);
    }
    return batches;
  });

  // 2. Each refunds a bread of the next till's first sale (to cash), spends 100 of the customer's
  // points on a sale, pays 5.00 into its drawer; then closes its shift.
  const second: Batch[][] = shifts.map((open, k) => {
    const other = sales[(k + 1) % TILLS]![0]!;
    const refund = refundEvent(other, {
      at: at(k, 20),
      lines: [{ line: 1, quantity: 1 }],
      refundTo: catalog.cash.id,
      shiftId: open.id,
      employeeId: open.employeeId,
    });
    const worth = Math.floor((100 * catalog.loyalty.valuePer100Cents) / 100);
    const lines = [line(wine, 1, 0)];
    const redeemed = saleEvent({
      at: at(k, 21),
      shiftId: open.id,
      employeeId: open.employeeId,
      customerId: catalog.customer.id,
      lines,
      discounts: [{ name: 'Points', amountCents: worth, points: 100 }],
      payments: [{ paymentTypeId: catalog.card.id, amountCents: wine!.priceCents - worth }],
    });
    const payIn = cashMovementEvent({
      shiftId: open.id,
      at: at(k, 22),
      kind: 'pay_in',
      amountCents: 500,
      reason: 'Change float',
    });
    const close = shiftCloseEvent({ shiftId: open.id, at: at(k, 30), countedCashCents: 50_000 + k });
    return [[refund, redeemed, payIn], [close]];
  });

  // 3. After the closings: every till refunds the one bundle of till 0's second sale, to card.
  const contested = sales[0]![1]!;
  const template = refundEvent(contested, {
    at: at(0, 40),
    lines: [{ line: 3, quantity: 1 }],
    refundTo: catalog.card.id,
  });
  const race: Batch[][] = shifts.map((_, k) => [[{ ...template, id: crypto.randomUUID(), at: at(k, 40) }]]);
  return { first, second, race, contested };
}

type Post = (till: Till, batch: Batch) => Promise<Json>;

const poster =
  (server: TestServer): Post =>
  async (till, batch) => {
    const reply = await device(server.url, till.token, 'POST', '/events', { events: batch });
    assert.ok(
      reply.status === 200 || reply.status === 422,
      `${till.name}: ${reply.status} ${JSON.stringify(reply.body)}`,
    );
    return reply.body;
  };

/** Each till's batches in order; the tills one after the other, or all at once. */
async function postPhase(post: Post, tills: Till[], phase: Batch[][], together: boolean): Promise<Json[]> {
  const tillBatches = async (k: number) => {
    const replies: Json[] = [];
    for (const batch of phase[k]!) replies.push(await post(tills[k]!, batch));
    return replies;
  };
  if (together) return (await Promise.all(tills.map((_, k) => tillBatches(k)))).flat();
  const replies: Json[] = [];
  for (const k of tills.keys()) replies.push(...(await tillBatches(k)));
  return replies;
}

/** Ids and numbers differ between the two companies: left out, and lists sorted, the rest must match. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value))
    return value.map(comparable).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (/^(id|key|number|refundOf|href|.*Id|.*Number|.*Ids|generatedAt|etag)$/.test(key)) continue;
    out[key] = comparable(v);
  }
  return out;
}

/** The books of one company, as the back-office shows them and as the tables hold them. */
async function books(server: TestServer, c: Company, from: string, to: string) {
  const { fixture } = c;
  const period = `period=custom&from=${from}&to=${to}`;
  const reports: Record<string, unknown> = {};
  for (const path of [
    `/reports/sales?${period}`,
    `/reports/sales_per_day?${period}`,
    `/reports/item_sales?${period}`,
    `/reports/taxes?${period}`,
    `/reports/closings?${period}&all=1&pageSize=100`,
    `/reports/cash_movements?${period}&all=1&pageSize=100`,
    `/reports/transactions?${period}&all=1&pageSize=100`,
    `/reports/stock_movements?${period}`,
    '/inventory/stock',
  ]) {
    reports[path.split('?')[0]!] = comparable(await get(fixture, path));
  }
  // The card and the customer: their balance, and what moved it (the running balances follow the order).
  const card = await get(fixture, `/giftcards/${fixture.giftCardId}`);
  reports['gift card'] = {
    balanceCents: card.balanceCents,
    moves: (card.entries as Json[]).map((e) => `${e.kind} ${e.amountCents}`).sort(),
  };
  const customer = await get(fixture, `/customers/${fixture.catalog.customer.id}`);
  assert.equal(typeof customer.points, 'number');
  reports.customer = { points: customer.points, totalSpent: customer.totalSpent };
  for (const [k, till] of c.tills.entries()) {
    reports[`transactions of till ${k + 1}`] = comparable(
      await get(fixture, `/reports/transactions?${period}&terminal=${till.id}&all=1&pageSize=100`),
    );
  }
  const numbers = async (table: 'receipts' | 'shifts') =>
    (
      await db(server)
        .selectFrom(table)
        .select('number')
        .where('company_id', '=', fixture.companyId)
        .orderBy('number')
        .execute()
    ).map((r) => Number(r.number));
  const shifts = await db(server)
    .selectFrom('shifts')
    .innerJoin('terminals', 'terminals.id', 'shifts.terminal_id')
    .select(['terminals.name', 'shifts.status', 'expected_cash_cents', 'counted_cash_cents', 'difference_cents'])
    .where('shifts.company_id', '=', fixture.companyId)
    .orderBy('terminals.name')
    .execute();
  return { reports, receiptNumbers: await numbers('receipts'), shiftNumbers: await numbers('shifts'), shifts };
}

const oneToN = (n: number) => Array.from({ length: n }, (_, k) => k + 1);
const statuses = (replies: Json[]) => replies.flatMap((r) => (r.results as Json[]).map((x) => x.status as string));

for (const target of databaseTargets()) {
  describe(`a company's tills posting at once [${target.name}]`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('give the books the same events give posted one by one', async () => {
      const [oneByOne, together] = [await company(server), await company(server)];
      const startAt = server.clock.now() - 60 * 60_000;
      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const [from, to] = [day(startAt - 2 * 86_400_000), day(startAt + 2 * 86_400_000)];
      // Alike for both: the catalogs are made alike; the ids in the events are each company's own.
      const each = (c: Company) => events(c.fixture, startAt);
      const a = each(oneByOne);
      const b = each(together);

      for (const [c, phases, parallel] of [
        [oneByOne, a, false],
        [together, b, true],
      ] as const) {
        for (const phase of [phases.first, phases.second]) {
          const replies = await postPhase(poster(server), c.tills, phase, parallel);
          const sent = statuses(replies);
          assert.deepEqual(
            sent.filter((s) => s !== 'stored'),
            [],
            `${parallel ? 'together' : 'one by one'}: ${JSON.stringify(replies.filter((r) => r.rejected))}`,
          );
        }
      }

      const [left, right] = [await books(server, oneByOne, from, to), await books(server, together, from, to)];
      const receipts = TILLS * (9 + 2);
      assert.deepEqual(left.receiptNumbers, oneToN(receipts));
      assert.deepEqual(right.receiptNumbers, oneToN(receipts), 'numbers without gap or repeat');
      assert.deepEqual(right.shiftNumbers, oneToN(TILLS));
      assert.equal(left.shifts.length, TILLS);
      assert.ok(left.shifts.every((s) => s.status === 'closed' && s.expected_cash_cents !== null));
      assert.deepEqual(right.shifts, left.shifts, 'every drawer');
      for (const [path, report] of Object.entries(left.reports)) {
        assert.deepEqual(right.reports[path], report, path);
      }

      // 3. The same unit refunded by every till at once: one refund stored, the others refused.
      for (const [c, phases, parallel] of [
        [oneByOne, a, false],
        [together, b, true],
      ] as const) {
        const sent = statuses(await postPhase(poster(server), c.tills, phases.race, parallel));
        assert.deepEqual(
          sent.sort(),
          ['rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'stored'],
          parallel ? 'together' : 'one by one',
        );
        const refunded = await db(server)
          .selectFrom('receipt_lines as l')
          .innerJoin('receipt_lines as sold', 'sold.id', 'l.refund_of_line_id')
          .innerJoin('receipts as r', 'r.id', 'sold.receipt_id')
          .select((eb) => eb.fn.sum<number>('l.quantity').as('quantity'))
          .where('r.company_id', '=', c.fixture.companyId)
          .where('r.client_id', '=', phases.contested.id)
          .where('sold.position', '=', 3)
          .executeTakeFirstOrThrow();
        assert.equal(Number(refunded.quantity), 1, 'the bundle went back once');
      }
      const [stockLeft, stockRight] = [
        comparable(await get(oneByOne.fixture, '/inventory/stock')),
        comparable(await get(together.fixture, '/inventory/stock')),
      ];
      assert.deepEqual(stockRight, stockLeft, 'stock after the contested refund');
    });
  });
}
