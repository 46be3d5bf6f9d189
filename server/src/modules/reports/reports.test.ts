import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { compareRollups } from './';
import {
  cashMovementEvent,
  postEvents,
  refundEvent,
  saleEvent,
  shiftCloseEvent,
  shiftOpenEvent,
  type SaleSpec,
} from '../receipts';
import { ensureDefaultWarehouses } from '../inventory';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * The reports against a small set of receipts whose every figure is worked out by hand below:
 * sales and refunds (whole and partial), line and receipt discounts, a modifier, cash with change,
 * a card tip, a split payment, a tax added on top (8.25 %) and one included in the price (10 %),
 * two time zones (New York, Madrid) and both daylight-saving days of autumn 2026 (Madrid falls back
 * on 25 October, New York on 1 November, so 01:30 happens twice there). Then the bad input, the
 * other company's ids, and the roll-ups recomputed from the receipts after every kind of change.
 */

const API = '/api/backoffice';
const utc = (iso: string) => Date.parse(`${iso}Z`);

async function get(client: Client, path: string): Promise<{ status: number; body: Json }> {
  const response = await client.request(`${API}${path}`);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

interface Fixture {
  companyId: number;
  ny: number;
  madrid: number;
  e1: number;
  e2: number;
  items: Record<'bread' | 'coffee' | 'cake' | 'tapa', number>;
  bakery: number;
  receipts: Record<string, number>;
  shifts: Record<'a' | 'b' | 'c', number>;
}

async function buildFixture(db: Kysely<Database>): Promise<Fixture> {
  const { id: companyId } = await db
    .selectFrom('companies')
    .select('id')
    .where('slug', '=', 'corner-market')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  const location = async (name: string, timezone: string) =>
    (
      await db
        .insertInto('locations')
        .values({ company_id: companyId, name, timezone, active: 1, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ny = await location('Test New York', 'America/New_York');
  const madrid = await location('Test Madrid', 'Europe/Madrid');
  // Their own warehouses (the API makes one with a location): register sales move their stock.
  await ensureDefaultWarehouses(db, companyId, now);
  const employee = async (name: string) =>
    (
      await db
        .insertInto('employees')
        .values({ company_id: companyId, name, pin_hash: 'x', user_id: null, active: 1, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const e1 = await employee('Test Eve');
  const e2 = await employee('Test Finn');
  const terminal = async (name: string, locationId: number) =>
    (
      await db
        .insertInto('terminals')
        .values({ company_id: companyId, location_id: locationId, name, status: 'new', ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const t1 = await terminal('Test till NY', ny);
  const t2 = await terminal('Test till Madrid', madrid);
  const category = async (name: string) =>
    (
      await db
        .insertInto('categories')
        .values({ company_id: companyId, name, color: '#123456', position: 90, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const bakery = await category('Test bakery');
  const tapas = await category('Test tapas');
  const item = async (name: string, categoryId: number, price: number, cost: number, track: boolean) =>
    (
      await db
        .insertInto('items')
        .values({
          company_id: companyId,
          category_id: categoryId,
          name,
          sku: `TEST-${name.toUpperCase()}`,
          price_cents: price,
          cost_cents: cost,
          track_stock: track ? 1 : 0,
          active: 1,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const items = {
    bread: await item('Test bread', bakery, 300, 100, true),
    coffee: await item('Test coffee', bakery, 250, 80, false),
    cake: await item('Test cake', bakery, 1000, 400, false),
    tapa: await item('Test tapa', tapas, 550, 200, true),
  };
  const rate = async (name: string, rateBp: number, type: 'added' | 'included') => {
    const { id } = await db
      .insertInto('tax_rates')
      .values({
        company_id: companyId,
        name,
        rate_bp: rateBp,
        type,
        applies_to_new_items: 0,
        archived_at: null,
        ...stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { taxRateId: id, rateBp, type };
  };
  const state = await rate('Test state tax', 825, 'added');
  const vat = await rate('Test VAT', 1000, 'included');
  const type = async (builtin: string) =>
    db
      .selectFrom('payment_types')
      .select(['id', 'name', 'cash_like'])
      .where('company_id', '=', companyId)
      .where('builtin', '=', builtin)
      .executeTakeFirstOrThrow();
  const cashType = await type('cash');
  const cardType = await type('card');
  const cash = (amountCents: number) => ({ paymentTypeId: cashType.id, amountCents });
  const card = (amountCents: number, tipCents = 0) => ({ paymentTypeId: cardType.id, amountCents, tipCents });
  const takeaway = await db
    .selectFrom('order_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('builtin', '=', 'takeaway')
    .executeTakeFirstOrThrow();

  const bread = { itemId: items.bread, name: 'Test bread', unitPriceCents: 300, taxes: [state] };
  const coffee = { itemId: items.coffee, name: 'Test coffee', unitPriceCents: 250, taxes: [state] };
  const cake = { itemId: items.cake, name: 'Test cake', unitPriceCents: 1000, taxes: [state] };
  const tapa = { itemId: items.tapa, name: 'Test tapa', unitPriceCents: 550, taxes: [vat] };

  // The registers' events, posted in the order the receipts are numbered (S0 to S6, then R1, R2).
  const ingest = async (terminalId: number, events: { id: string; type: string }[]) =>
    (await postEvents(db, { companyId, terminalId }, events)).ids;
  const sale = (spec: SaleSpec) => saleEvent(spec);

  // Shifts: A (New York, closed 75 short), B (Madrid, exact), C (New York, still open).
  const openA = shiftOpenEvent({ employeeId: e1, at: utc('2026-11-01T04:00:00'), openingFloatCents: 10_000 });
  const openB = shiftOpenEvent({ employeeId: e1, at: utc('2026-10-25T21:00:00'), openingFloatCents: 5000 });
  const [a] = await ingest(t1, [openA]);
  const [b] = await ingest(t2, [openB]);

  // S0, in the previous period: 20 October 12:00 in New York.
  const S0 = sale({
    at: utc('2026-10-20T16:00:00'),
    employeeId: e2,
    lines: [{ ...cake, quantity: 1 }],
    payments: [card(1083)],
  });
  // S1: 1 November 00:30 EDT, before New York falls back. Cash 10.00 for 9.75.
  const S1 = sale({
    at: utc('2026-11-01T04:30:00'),
    employeeId: e1,
    shiftId: openA.id,
    lines: [
      { ...bread, quantity: 2 },
      { ...coffee, quantity: 1, modifiers: [{ name: 'Extra shot', priceCents: 50 }] },
    ],
    payments: [cash(1000)],
    changeCents: 25,
  });
  // S2: 1 November 23:30 EST (already 2 November in UTC): a line discount, a card tip, takeaway.
  const S2 = sale({
    at: utc('2026-11-02T04:30:00'),
    employeeId: e2,
    orderTypeId: takeaway.id,
    lines: [{ ...cake, quantity: 1, discountCents: 100 }],
    payments: [card(974, 100)],
  });
  // S3: 25 October 23:30 in Madrid (its fall-back day): VAT included, a receipt discount, split.
  const S3 = sale({
    at: utc('2026-10-25T22:30:00'),
    employeeId: e1,
    shiftId: openB.id,
    lines: [{ ...tapa, quantity: 2 }],
    discounts: [{ name: 'Promo', amountCents: 110 }],
    payments: [cash(500), card(490)],
  });
  // S4: 26 October 00:15 in Madrid, still 25 October in UTC.
  const S4 = sale({
    at: utc('2026-10-25T23:15:00'),
    employeeId: e2,
    shiftId: openB.id,
    lines: [{ ...tapa, quantity: 1 }],
    payments: [cash(550)],
  });
  // S5 and S6: 01:30 in New York, twice (EDT, then EST after the clocks went back).
  const S5 = sale({
    at: utc('2026-11-01T05:30:00'),
    employeeId: e1,
    shiftId: openA.id,
    lines: [{ ...coffee, quantity: 1 }],
    payments: [card(271)],
  });
  const S6 = sale({
    at: utc('2026-11-01T06:30:00'),
    employeeId: e1,
    shiftId: openA.id,
    lines: [{ ...coffee, quantity: 1 }],
    payments: [card(271)],
  });
  const [s0, s1, s2] = await ingest(t1, [S0, S1, S2]);
  const [s3, s4] = await ingest(t2, [S3, S4]);
  const [s5, s6] = await ingest(t1, [S5, S6]);
  await ingest(t1, [
    cashMovementEvent({
      shiftId: openA.id,
      kind: 'pay_in',
      amountCents: 2000,
      reason: 'Change from the bank',
      employeeId: e1,
      at: utc('2026-11-01T04:10:00'),
    }),
    cashMovementEvent({
      shiftId: openA.id,
      kind: 'pay_out',
      amountCents: 500,
      reason: 'Milk',
      employeeId: e1,
      at: utc('2026-11-01T05:00:00'),
    }),
    shiftCloseEvent({ shiftId: openA.id, at: utc('2026-11-01T07:00:00'), employeeId: e1, countedCashCents: 12_400 }),
  ]);
  await ingest(t2, [
    shiftCloseEvent({ shiftId: openB.id, at: utc('2026-10-26T00:00:00'), employeeId: e2, countedCashCents: 6050 }),
  ]);
  const openC = shiftOpenEvent({ employeeId: e1, at: utc('2026-11-02T14:00:00'), openingFloatCents: 8000 });
  // R1: one of S1's two breads back, in cash, 2 November 10:00 in New York.
  const [c, r1] = await ingest(t1, [
    openC,
    refundEvent(S1, {
      at: utc('2026-11-02T15:00:00'),
      lines: [{ line: 1, quantity: 1 }],
      payments: [cash(325)],
      employeeId: e1,
      shiftId: openC.id,
    }),
  ]);
  // R2: one of S3's two tapas back to the card, 26 October 12:00 in Madrid.
  const [r2] = await ingest(t2, [
    refundEvent(S3, {
      at: utc('2026-10-26T11:00:00'),
      lines: [{ line: 1, quantity: 1 }],
      payments: [card(495)],
      employeeId: e2,
    }),
  ]);
  return {
    companyId,
    ny,
    madrid,
    e1,
    e2,
    items,
    bakery,
    receipts: { s0: s0!, s1: s1!, s2: s2!, s3: s3!, s4: s4!, s5: s5!, s6: s6!, r1: r1!, r2: r2! },
    shifts: { a: a!, b: b!, c: c! },
  };
}

const PERIOD = 'period=custom&from=2026-10-25&to=2026-11-02';

for (const target of databaseTargets()) {
  describe(`reports [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let manager: Client;
    let bistro: Client;
    let fx: Fixture;

    before(async () => {
      server = await startTestServer(target);
      fx = await buildFixture(server.running.database.db);
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      manager = new Client(server.url);
      await manager.signIn('manager@cornermarket.test');
      bistro = new Client(server.url);
      await bistro.signIn('owner@bluedoor.test');
    });
    after(async () => {
      await server?.close();
    });

    it('sales summary: every definition to the cent, the breakdowns, and the previous period', async () => {
      const { status, body } = await get(owner, `/reports/sales?${PERIOD}&compare=1`);
      assert.equal(status, 200, JSON.stringify(body));
      assert.deepEqual(body.period, { preset: 'custom', from: '2026-10-25', to: '2026-11-02', days: 9 });
      assert.deepEqual(body.previous, { preset: 'custom', from: '2026-10-16', to: '2026-10-24', days: 9 });
      assert.deepEqual(body.totals.current, {
        receipts: 6,
        refundReceipts: 2,
        grossSalesCents: 3900,
        discountsCents: 200,
        refundsCents: 750,
        netSalesCents: 2950,
        taxesCents: 261,
        tipsCents: 100,
        totalCollectedCents: 3311,
        costOfGoodsCents: 1140,
        grossProfitCents: 1810,
        margin: 1810 / 2950,
        averageSaleCents: 617,
      });
      assert.equal(body.totals.previous.receipts, 1);
      assert.equal(body.totals.previous.netSalesCents, 1000);
      assert.equal(body.totals.previous.taxesCents, 83);

      const payments = Object.fromEntries(body.payments.map((p: Json) => [p.name, p]));
      assert.deepEqual(payments.Cash, {
        name: 'Cash',
        payments: 3,
        amountCents: 2025,
        tipsCents: 0,
        refunds: 1,
        refundedCents: 325,
        netCents: 1700,
        previousNetCents: 0,
      });
      assert.deepEqual(payments.Card, {
        name: 'Card',
        payments: 4,
        amountCents: 2006,
        tipsCents: 100,
        refunds: 1,
        refundedCents: 495,
        netCents: 1611,
        previousNetCents: 1083,
      });
      const employees = Object.fromEntries(body.employees.map((e: Json) => [e.name, e]));
      assert.deepEqual(
        { ...employees['Test Eve'], key: undefined },
        {
          key: undefined,
          name: 'Test Eve',
          receipts: 4,
          netSalesCents: 2000,
          averageSaleCents: 575,
          tipsCents: 0,
          previousNetSalesCents: 0,
        },
      );
      assert.equal(employees['Test Finn'].netSalesCents, 950);
      assert.equal(employees['Test Finn'].averageSaleCents, 700);
      assert.equal(employees['Test Finn'].tipsCents, 100);
      assert.equal(employees['Test Finn'].previousNetSalesCents, 1000);
      const orderTypes = Object.fromEntries(body.orderTypes.map((o: Json) => [o.key === 'none' ? 'none' : o.name, o]));
      assert.equal(orderTypes.Takeaway.netSalesCents, 900);
      assert.equal(orderTypes.Takeaway.count, 1);
      assert.equal(orderTypes.none.netSalesCents, 2050);
      assert.equal(orderTypes.none.count, 5);
      const categories = Object.fromEntries(body.categories.map((c: Json) => [c.name, c]));
      assert.deepEqual(
        { ...categories['Test bakery'], key: undefined },
        {
          key: undefined,
          name: 'Test bakery',
          quantity: 5,
          netSalesCents: 2000,
          costOfGoodsCents: 740,
          grossProfitCents: 1260,
          previousNetSalesCents: 1000,
        },
      );
      assert.equal(categories['Test tapas'].netSalesCents, 950);
      assert.equal(categories['Test tapas'].grossProfitCents, 550);
    });

    it('sales per day: days cut where the sale happened, across both daylight-saving days', async () => {
      const { body } = await get(owner, `/reports/sales_per_day?${PERIOD}`);
      assert.equal(body.group, 'day');
      assert.equal(body.rows.length, 9);
      const day = Object.fromEntries(body.rows.map((r: Json) => [r.date, r]));
      assert.deepEqual(
        [
          day['2026-10-25'].receipts,
          day['2026-10-25'].grossSalesCents,
          day['2026-10-25'].discountsCents,
          day['2026-10-25'].netSalesCents,
          day['2026-10-25'].taxesCents,
        ],
        [1, 1000, 100, 900, 90],
      );
      // S4 (00:15 in Madrid, 23:15 UTC the day before) and R2 belong to 26 October.
      assert.deepEqual(
        [
          day['2026-10-26'].receipts,
          day['2026-10-26'].refundsCents,
          day['2026-10-26'].netSalesCents,
          day['2026-10-26'].taxesCents,
        ],
        [1, 450, 50, 5],
      );
      // S2 at 23:30 in New York belongs to 1 November, although it is 2 November in UTC.
      assert.deepEqual(
        [
          day['2026-11-01'].receipts,
          day['2026-11-01'].grossSalesCents,
          day['2026-11-01'].netSalesCents,
          day['2026-11-01'].taxesCents,
          day['2026-11-01'].tipsCents,
        ],
        [4, 2400, 2300, 191, 100],
      );
      assert.deepEqual([day['2026-11-02'].receipts, day['2026-11-02'].netSalesCents], [0, -300]);
      assert.equal(day['2026-10-30'].receipts, 0);
      assert.equal(body.totals.current.netSalesCents, 2950);
      const sum = body.rows.reduce((s: number, r: Json) => s + r.netSalesCents, 0);
      assert.equal(sum, 2950);

      // New York's 1 November by the hour: 25 real hours in 24 wall-clock ones, 01:00 holds two.
      const hours = await get(
        owner,
        `/reports/sales_per_day?period=custom&from=2026-11-01&to=2026-11-01&group=hour&location=${fx.ny}`,
      );
      assert.equal(hours.status, 200, JSON.stringify(hours.body));
      assert.equal(hours.body.rows.length, 24);
      assert.deepEqual(
        hours.body.rows.filter((r: Json) => r.receipts > 0).map((r: Json) => [r.hour, r.receipts]),
        [
          [0, 1],
          [1, 2],
          [23, 1],
        ],
      );
      const weeks = await get(owner, `/reports/sales_per_day?${PERIOD}&group=week`);
      assert.deepEqual(
        weeks.body.rows.map((r: Json) => [r.date, r.netSalesCents]),
        [
          ['2026-10-25', 900],
          ['2026-10-26', 2350],
          ['2026-11-02', -300],
        ],
      );
      const months = await get(owner, `/reports/sales_per_day?${PERIOD}&group=month`);
      assert.deepEqual(
        months.body.rows.map((r: Json) => [r.date, r.netSalesCents]),
        [
          ['2026-10-25', 950],
          ['2026-11-01', 2000],
        ],
      );
      const madrid = await get(owner, `/reports/sales_per_day?${PERIOD}&location=${fx.madrid}`);
      assert.equal(madrid.body.totals.current.netSalesCents, 950);
      const eve = await get(owner, `/reports/sales_per_day?${PERIOD}&employee=${fx.e1}`);
      assert.equal(eve.body.totals.current.netSalesCents, 2000);
    });

    it('item sales: per item and category, margins, modifiers; the employee filter reads the lines', async () => {
      const { body } = await get(owner, `/reports/item_sales?${PERIOD}&compare=1`);
      const items = Object.fromEntries(body.items.map((i: Json) => [i.name, i]));
      assert.deepEqual(items['Test bread'], {
        key: `item:${fx.items.bread}`,
        itemId: fx.items.bread,
        name: 'Test bread',
        category: 'Test bakery',
        soldQuantity: 2,
        refundedQuantity: 1,
        netSalesCents: 300,
        costOfGoodsCents: 100,
        grossProfitCents: 200,
        margin: 200 / 300,
        previousNetSalesCents: 0,
      });
      assert.deepEqual(
        [items['Test coffee'].soldQuantity, items['Test coffee'].netSalesCents, items['Test coffee'].costOfGoodsCents],
        [3, 800, 240],
      );
      assert.deepEqual([items['Test cake'].netSalesCents, items['Test cake'].previousNetSalesCents], [900, 1000]);
      assert.deepEqual(
        [
          items['Test tapa'].soldQuantity,
          items['Test tapa'].refundedQuantity,
          items['Test tapa'].netSalesCents,
          items['Test tapa'].grossProfitCents,
        ],
        [3, 1, 950, 550],
      );
      assert.deepEqual(body.modifiers, [{ name: 'Extra shot', soldQuantity: 1, refundedQuantity: 0, amountCents: 50 }]);
      assert.deepEqual(body.totals.current, {
        soldQuantity: 9,
        refundedQuantity: 2,
        netSalesCents: 2950,
        costOfGoodsCents: 1140,
        grossProfitCents: 1810,
      });
      // Per employee (from the receipt lines, not the roll-up): the two add up to the whole.
      const eve = await get(owner, `/reports/item_sales?${PERIOD}&employee=${fx.e1}`);
      const finn = await get(owner, `/reports/item_sales?${PERIOD}&employee=${fx.e2}`);
      assert.equal(eve.body.totals.current.netSalesCents, 2000);
      assert.equal(finn.body.totals.current.netSalesCents, 950);
      assert.equal(eve.body.totals.current.costOfGoodsCents + finn.body.totals.current.costOfGoodsCents, 1140);
      assert.deepEqual(eve.body.modifiers, [
        { name: 'Extra shot', soldQuantity: 1, refundedQuantity: 0, amountCents: 50 },
      ]);
      assert.deepEqual(finn.body.modifiers, []);
    });

    it('tax report: per rate, added and included, collected and refunded', async () => {
      const { body } = await get(owner, `/reports/taxes?${PERIOD}`);
      assert.deepEqual(
        body.rows.map((r: Json) => ({ ...r, previousNetTaxCents: undefined })),
        [
          {
            name: 'Test VAT',
            rateBp: 1000,
            type: 'included',
            taxableSalesCents: 1400,
            taxCollectedCents: 140,
            taxableRefundedCents: 450,
            taxRefundedCents: 45,
            netTaxableCents: 950,
            netTaxCents: 95,
            previousNetTaxCents: undefined,
          },
          {
            name: 'Test state tax',
            rateBp: 825,
            type: 'added',
            taxableSalesCents: 2300,
            taxCollectedCents: 191,
            taxableRefundedCents: 300,
            taxRefundedCents: 25,
            netTaxableCents: 2000,
            netTaxCents: 166,
            previousNetTaxCents: undefined,
          },
        ].sort((a, b) => a.name.localeCompare(b.name)),
      );
      assert.equal(body.totals.current.netTaxCents, 261);
    });

    it('transactions: the list, its filters and sums, a receipt with its refunds, and 404 across companies', async () => {
      const { body } = await get(owner, `/reports/transactions?${PERIOD}`);
      assert.equal(body.total, 8);
      assert.deepEqual(body.sums.current, { sales: 6, refunds: 2, salesCents: 4031, refundsCents: 820 });
      assert.equal(body.rows[0].id, fx.receipts.r1);
      assert.equal(body.rows[0].kind, 'refund');
      assert.equal(body.rows[0].localTime, '2026-11-02 10:00');
      const s3 = body.rows.find((r: Json) => r.id === fx.receipts.s3);
      assert.equal(s3.payment, 'Cash + Card');
      assert.equal(s3.localTime, '2026-10-25 23:30');
      assert.equal(s3.location, 'Test Madrid');
      assert.equal(s3.employee, 'Test Eve');
      assert.equal(s3.totalCents, 990);

      const page = await get(owner, `/reports/transactions?${PERIOD}&pageSize=3&page=2&dir=asc`);
      assert.deepEqual(
        page.body.rows.map((r: Json) => r.id),
        [fx.receipts.s1, fx.receipts.s5, fx.receipts.s6],
      );
      // Every page, those past the middle read from the other end, and one past the last (empty).
      for (const [dir, filter] of [
        ['desc', ''],
        ['asc', ''],
        ['desc', '&payment=Cash'],
        ['asc', '&payment=Cash'],
      ]) {
        const all = await get(owner, `/reports/transactions?${PERIOD}&dir=${dir}${filter}`);
        const paged: number[] = [];
        for (let n = 1; n <= 4; n += 1) {
          const one = await get(owner, `/reports/transactions?${PERIOD}&dir=${dir}${filter}&pageSize=3&page=${n}`);
          assert.equal(one.body.total, all.body.total);
          paged.push(...one.body.rows.map((r: Json) => r.id));
        }
        assert.deepEqual(
          paged,
          all.body.rows.map((r: Json) => r.id),
          `pages of ${dir}${filter}`,
        );
      }
      const refunds = await get(owner, `/reports/transactions?${PERIOD}&kind=refund`);
      assert.deepEqual(refunds.body.sums.current, { sales: 0, refunds: 2, salesCents: 0, refundsCents: 820 });
      assert.equal(refunds.body.rows.length, 2);
      const sales = await get(owner, `/reports/transactions?${PERIOD}&kind=sale`);
      assert.deepEqual(sales.body.sums.current, { sales: 6, refunds: 0, salesCents: 4031, refundsCents: 0 });
      assert.equal(sales.body.total, 6);
      assert.equal(sales.body.rows.length, 6);
      const cash = await get(owner, `/reports/transactions?${PERIOD}&payment=Cash`);
      assert.equal(cash.body.total, 4);
      const byNumber = await get(owner, `/reports/transactions?${PERIOD}&search=${s3.number}`);
      assert.deepEqual(
        byNumber.body.rows.map((r: Json) => r.id),
        [fx.receipts.s3],
      );
      // By the customer's name, any case (the customer is set here and taken off again).
      const db = server.running.database.db;
      const customer = await db
        .insertInto('customers')
        .values({
          company_id: fx.companyId,
          name: 'Zelda Quartermain',
          email: '',
          phone: '',
          notes: '',
          points: 0,
          created_at: 0,
          updated_at: 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('receipts').set({ customer_id: customer.id }).where('id', '=', fx.receipts.s3).execute();
      const byCustomer = await get(owner, `/reports/transactions?${PERIOD}&search=quarterm`);
      await db.updateTable('receipts').set({ customer_id: null }).where('id', '=', fx.receipts.s3).execute();
      await db.deleteFrom('customers').where('id', '=', customer.id).execute();
      assert.deepEqual(
        byCustomer.body.rows.map((r: Json) => [r.id, r.customer]),
        [[fx.receipts.s3, 'Zelda Quartermain']],
      );

      const detail = await get(owner, `/reports/transactions/${fx.receipts.s3}`);
      assert.equal(detail.status, 200);
      assert.equal(detail.body.localTime, '2026-10-25 23:30');
      assert.equal(detail.body.timezone, 'Europe/Madrid');
      assert.deepEqual(detail.body.discounts, [{ name: 'Promo', amountCents: 110 }]);
      assert.deepEqual(detail.body.taxes, [
        { name: 'Test VAT', rateBp: 1000, type: 'included', taxableCents: 900, taxCents: 90 },
      ]);
      assert.deepEqual(detail.body.payments, [
        { name: 'Cash', amountCents: 500, tipCents: 0 },
        { name: 'Card', amountCents: 490, tipCents: 0 },
      ]);
      assert.deepEqual(
        [
          detail.body.grossCents,
          detail.body.discountCents,
          detail.body.netCents,
          detail.body.taxCents,
          detail.body.totalCents,
        ],
        [1100, 110, 900, 90, 990],
      );
      assert.deepEqual(
        detail.body.refunds.map((r: Json) => [r.id, r.totalCents]),
        [[fx.receipts.r2, 495]],
      );
      const refund = await get(owner, `/reports/transactions/${fx.receipts.r1}`);
      assert.equal(refund.body.refundOf.id, fx.receipts.s1);
      assert.deepEqual(refund.body.lines[0], {
        position: 1,
        name: 'Test bread',
        quantity: 1,
        unitPriceCents: 300,
        modifiers: [],
        grossCents: 300,
        discountCents: 0,
        totalCents: 325,
      });
      const s1 = await get(owner, `/reports/transactions/${fx.receipts.s1}`);
      assert.deepEqual(s1.body.lines[1].modifiers, [{ name: 'Extra shot', priceCents: 50 }]);
      assert.equal(s1.body.changeCents, 25);

      assert.equal((await get(bistro, `/reports/transactions/${fx.receipts.s1}`)).status, 404);
      assert.equal((await get(bistro, `/reports/closings/${fx.shifts.a}`)).status, 404);
    });

    it('closings: expected against counted cash, the open shift live, and the Z report', async () => {
      const { body } = await get(owner, `/reports/closings?${PERIOD}`);
      assert.equal(body.total, 3);
      const byId = Object.fromEntries(body.rows.map((r: Json) => [r.id, r]));
      const a = byId[fx.shifts.a];
      assert.deepEqual(
        [
          a.openingFloatCents,
          a.cashSalesCents,
          a.cashRefundsCents,
          a.payInsCents,
          a.payOutsCents,
          a.expectedCashCents,
          a.countedCashCents,
          a.differenceCents,
          a.receipts,
          a.netSalesCents,
        ],
        [10_000, 975, 0, 2000, 500, 12_475, 12_400, -75, 3, 1400],
      );
      assert.equal(a.openedLocal, '2026-11-01 00:00');
      assert.equal(a.closedLocal, '2026-11-01 02:00');
      assert.equal(a.openedBy, 'Test Eve');
      const b = byId[fx.shifts.b];
      assert.deepEqual([b.cashSalesCents, b.expectedCashCents, b.differenceCents], [1050, 6050, 0]);
      const c = byId[fx.shifts.c];
      assert.deepEqual(
        [c.status, c.cashRefundsCents, c.expectedCashCents, c.countedCashCents],
        ['open', 325, 7675, null],
      );
      // The key figures add up the rows: expected cash includes the open shift's live figure
      // (12,475 + 6,050 + 7,675); counted and the difference only exist for closed shifts.
      assert.deepEqual(body.sums.current, {
        shifts: 3,
        expectedCashCents: 26_200,
        countedCashCents: 18_450,
        differenceCents: -75,
      });

      const z = await get(owner, `/reports/closings/${fx.shifts.a}`);
      assert.equal(z.status, 200);
      assert.equal(z.body.totals.receipts, 3);
      assert.equal(z.body.totals.netSalesCents, 1400);
      assert.equal(z.body.totals.taxesCents, 117);
      assert.deepEqual(
        z.body.payments.map((p: Json) => [p.name, p.netCents]),
        [
          ['Cash', 975],
          ['Card', 542],
        ],
      );
      assert.deepEqual(
        z.body.movements.map((m: Json) => [m.kind, m.amountCents, m.localTime]),
        [
          ['pay_in', 2000, '2026-11-01 00:10'],
          ['pay_out', 500, '2026-11-01 01:00'],
        ],
      );
      const eve = await get(owner, `/reports/closings?${PERIOD}&employee=${fx.e2}`);
      assert.deepEqual(
        eve.body.rows.map((r: Json) => r.id),
        [fx.shifts.b],
      );
    });

    it('cash movements and stock movements', async () => {
      const { body } = await get(owner, `/reports/cash_movements?${PERIOD}`);
      assert.deepEqual(body.sums.current, {
        payIns: 1,
        payOuts: 1,
        payInsCents: 2000,
        payOutsCents: 500,
        netCents: 1500,
      });
      assert.deepEqual(
        body.rows.map((r: Json) => [r.kind, r.reason, r.employee, r.terminal, r.localTime]),
        [
          ['pay_out', 'Milk', 'Test Eve', 'Test till NY', '2026-11-01 01:00'],
          ['pay_in', 'Change from the bank', 'Test Eve', 'Test till NY', '2026-11-01 00:10'],
        ],
      );
      assert.equal(body.rows[0].shiftNumber > 0, true);
      const outs = await get(owner, `/reports/cash_movements?${PERIOD}&kind=pay_out`);
      assert.equal(outs.body.total, 1);

      const stock = await get(owner, `/reports/stock_movements?${PERIOD}`);
      const summary = stock.body.summary.filter((r: Json) => r.name.startsWith('Test '));
      assert.deepEqual(
        summary.map((r: Json) => [r.name, r.location, r.sold, r.refunded, r.change]),
        [
          ['Test bread', 'Test New York', 2, 1, -1],
          ['Test tapa', 'Test Madrid', 3, 1, -2],
        ],
      );
      const bread = await get(owner, `/reports/stock_movements?${PERIOD}&item=${fx.items.bread}`);
      assert.deepEqual(
        bread.body.rows.map((r: Json) => [r.kind, r.quantity, r.balance, r.localTime]),
        // Newest first, each with the balance after it.
        [
          ['refund', 1, -1, '2026-11-02 10:00'],
          ['sale', -2, -2, '2026-11-01 00:30'],
        ],
      );
      assert.deepEqual(
        bread.body.rows.map((r: Json) => [r.warehouse, r.location, r.receiptId, r.document.type]),
        [
          ['Test New York', 'Test New York', fx.receipts.r1, 'receipt'],
          ['Test New York', 'Test New York', fx.receipts.s1, 'receipt'],
        ],
      );
      const coffee = await get(owner, `/reports/stock_movements?${PERIOD}&item=${fx.items.coffee}`);
      assert.equal(coffee.status, 400, 'coffee is not stock-tracked');
      assert.equal(coffee.body.fields.item, 'no such stock-tracked item');
    });

    it('stock movements from the ledger: a receipt of goods, a transfer and an adjustment with the running balance', async () => {
      const db = server.running.database.db;
      const I = `${API}/inventory`;
      // The server stamps the movements with its clock: the period around them is on the same one.
      const now = server.clock.now();
      const call = async (method: string, path: string, json: unknown) => {
        const response = await owner.request(path, { method, json });
        const body = await response.json();
        assert.ok(response.status < 300, `${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
        return body as Json;
      };
      const main = (
        await db
          .selectFrom('warehouses')
          .select('id')
          .where('location_id', '=', fx.ny)
          .where('is_default', '=', 1)
          .executeTakeFirstOrThrow()
      ).id;
      const room = (
        await db
          .insertInto('warehouses')
          .values({
            company_id: fx.companyId,
            location_id: fx.ny,
            name: 'Test NY back room',
            is_default: 0,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const vendor = (
        await db
          .insertInto('vendors')
          .values({ company_id: fx.companyId, name: 'Test mill', active: 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      // Receive 6 of 10 ordered, send 3 to the back room and receive them there, 1 damaged.
      const order = await call('POST', `${I}/purchase_orders`, {
        vendorId: vendor,
        warehouseId: main,
        expectedAt: null,
        note: '',
        lines: [{ itemId: fx.items.bread, quantity: 10, cost: 1 }],
      });
      await call('POST', `${I}/purchase_orders/${order.id}/order`, {});
      await call('POST', `${I}/purchase_orders/${order.id}/receive`, {
        lines: [{ lineId: order.lines[0].id, quantity: 6 }],
      });
      const transfer = await call('POST', `${I}/transfers`, {
        fromWarehouseId: main,
        toWarehouseId: room,
        note: '',
        lines: [{ itemId: fx.items.bread, quantity: 3 }],
      });
      await call('POST', `${I}/transfers/${transfer.id}/send`, {});
      await call('POST', `${I}/transfers/${transfer.id}/receive`, {});
      const adjustment = await call('POST', `${I}/adjustments`, {
        warehouseId: main,
        reason: 'damage',
        note: '',
        lines: [{ itemId: fx.items.bread, quantity: -1 }],
      });

      const day = (offset: number) => new Date(now + offset * 86_400_000).toISOString().slice(0, 10);
      const around = `period=custom&from=${day(-1)}&to=${day(1)}`;
      const recent = `${around}&location=${fx.ny}`;
      const bread = await get(owner, `/reports/stock_movements?${recent}&item=${fx.items.bread}`);
      assert.equal(bread.status, 200, JSON.stringify(bread.body));
      // On hand at the New York warehouse before: the register sale (-2) and refund (+1) above.
      assert.deepEqual(
        bread.body.rows.map((r: Json) => [r.kind, r.warehouse, r.quantity, r.balance, r.reason, r.document.type]),
        // Newest first; the balances run from the oldest.
        [
          ['adjustment', 'Test New York', -1, 1, 'damage', 'adjustment'],
          ['transfer_in', 'Test NY back room', 3, 3, '', 'transfer'],
          ['transfer_out', 'Test New York', -3, 2, '', 'transfer'],
          ['receipt', 'Test New York', 6, 5, '', 'purchase_order'],
        ],
      );
      assert.deepEqual(
        bread.body.rows.map((r: Json) => r.document.number),
        [adjustment.number, transfer.number, transfer.number, order.number],
      );
      assert.equal(bread.body.rows[0].receiptId, null);
      // Page by page from the newest, each row with its own balance.
      const second = await get(owner, `/reports/stock_movements?${recent}&item=${fx.items.bread}&pageSize=2&page=2`);
      assert.equal(second.body.total, 4);
      assert.deepEqual(
        second.body.rows.map((r: Json) => [r.kind, r.balance]),
        [
          ['transfer_out', 2],
          ['receipt', 5],
        ],
      );
      const summary = await get(owner, `/reports/stock_movements?${recent}`);
      assert.deepEqual(
        summary.body.summary
          .filter((r: Json) => r.itemId === fx.items.bread)
          .map((r: Json) => [r.warehouse, r.opening, r.in, r.out, r.change, r.closing, r.byKind]),
        [
          ['Test New York', -1, 6, 4, 2, 1, { receipt: 6, transfer_out: -3, adjustment: -1 }],
          ['Test NY back room', 0, 3, 0, 3, 3, { transfer_in: 3 }],
        ],
      );
      assert.deepEqual(summary.body.totals.current, { sold: 0, refunded: 0, in: 9, out: 4, change: 5 });
      const onHand = await db
        .selectFrom('stock_levels')
        .select(['warehouse_id', 'on_hand'])
        .where('item_id', '=', fx.items.bread)
        .orderBy('warehouse_id')
        .execute();
      assert.deepEqual(
        onHand.map((r) => [r.warehouse_id, Number(r.on_hand)]),
        [
          [main, 1],
          [room, 3],
        ],
        'the closing balances are the stock on hand',
      );
      const inRoom = await get(owner, `/reports/stock_movements?${recent}&item=${fx.items.bread}&warehouse=${room}`);
      assert.deepEqual(
        inRoom.body.rows.map((r: Json) => [r.kind, r.balance]),
        [['transfer_in', 3]],
      );
      const madrid = await get(
        owner,
        `/reports/stock_movements?${around}&location=${fx.madrid}&item=${fx.items.bread}`,
      );
      assert.deepEqual(madrid.body.rows, [], 'another location');
      const nowhere = await get(owner, `/reports/stock_movements?${recent}&warehouse=999999`);
      assert.equal(nowhere.status, 400);
      assert.equal(nowhere.body.fields.warehouse, 'no such warehouse');
    });

    it('bad input: 400 with the reason', async () => {
      const cases: [string, string, string][] = [
        ['/reports/sales?period=custom&from=2026-11-02&to=2026-10-25', 'to', 'must be on or after from'],
        ['/reports/sales?period=custom&from=2020-01-01&to=2026-01-02', 'to', 'the period must be at most 5 years long'],
        ['/reports/sales?from=2026-02-30&to=2026-03-01', 'from', 'must be a date as YYYY-MM-DD'],
        ['/reports/sales?from=yesterday&to=2026-03-01', 'from', 'must be a date as YYYY-MM-DD'],
        ['/reports/sales?period=custom&from=2026-01-01', 'to', 'a custom period needs to'],
        [
          '/reports/sales?period=fortnight',
          'period',
          'must be one of today, yesterday, this_week, last_week, this_month, last_month, last_7_days, last_30_days, custom',
        ],
        ['/reports/sales?location=999999', 'location', 'no such location'],
        ['/reports/sales?location=abc', 'location', 'must be the id of a location'],
        ['/reports/sales?employee=999999', 'employee', 'no such employee'],
        [
          '/reports/sales_per_day?group=hour&from=2026-01-01&to=2026-03-01',
          'group',
          'hour grouping needs a period of at most 31 days',
        ],
        ['/reports/sales_per_day?group=year', 'group', 'must be one of hour, day, week, month'],
        ['/reports/sales?group=day', 'group', 'this report has no grouping'],
        ['/reports/transactions?page=0', 'page', 'must be at least 1'],
        ['/reports/transactions?kind=void', 'kind', 'must be sale or refund'],
        ['/reports/sales?compare=maybe', 'compare', 'must be 1 or 0'],
        ['/reports/sales?from=1999-12-31&to=2000-01-01', 'from', 'must be a date between 2000 and 2100'],
      ];
      for (const [path, field, message] of cases) {
        const { status, body } = await get(owner, path);
        assert.equal(status, 400, `${path}: ${JSON.stringify(body)}`);
        assert.equal(body.fields?.[field], message, `${path}: ${JSON.stringify(body)}`);
      }
      // Another company's location and employee are unknown here.
      const other = await server.running.database.db
        .selectFrom('locations')
        .innerJoin('companies', 'companies.id', 'locations.company_id')
        .select('locations.id')
        .where('companies.slug', '=', 'blue-door-bistro')
        .executeTakeFirstOrThrow();
      assert.equal((await get(owner, `/reports/sales?location=${other.id}`)).body.fields.location, 'no such location');
      assert.equal((await get(bistro, `/reports/sales?employee=${fx.e1}`)).body.fields.employee, 'no such employee');
    });

    it('the menu rule of each page: the manager has no tax report', async () => {
      assert.equal((await get(manager, `/reports/taxes?${PERIOD}`)).status, 403);
      assert.equal((await get(manager, `/reports/sales?${PERIOD}`)).status, 200);
    });

    it('the roll-ups agree with the receipts, also after the things their keys depend on change', async () => {
      const db = server.running.database.db;
      const check = async (when: string) => assert.deepEqual(await compareRollups(db, fx.companyId), [], when);
      await check('after writing');
      // A deleted item: its lines keep their name, without the item.
      const del = await owner.request(`${API}/items/${fx.items.cake}`, { method: 'DELETE' });
      assert.equal(del.status, 204);
      await check('after deleting an item');
      const items = await get(owner, `/reports/item_sales?${PERIOD}`);
      const cake = items.body.items.find((i: Json) => i.name === 'Test cake');
      assert.deepEqual([cake.key, cake.itemId, cake.netSalesCents], ['name:Test cake', null, 900]);
      const cat = await owner.request(`${API}/categories/${fx.bakery}`, { method: 'DELETE' });
      assert.equal(cat.status, 204);
      await check('after deleting a category');
      // Madrid moves to Lisbon's time: S4 (23:15 UTC) now falls on 25 October there.
      const madrid = await get(owner, `/locations/${fx.madrid}`);
      const moved = await owner.request(`${API}/locations/${fx.madrid}`, {
        method: 'PUT',
        json: { ...madrid.body, timezone: 'Europe/Lisbon' },
      });
      assert.equal(moved.status, 200, await moved.clone().text());
      await check('after a time zone change');
      const perDay = await get(owner, `/reports/sales_per_day?${PERIOD}&location=${fx.madrid}`);
      const day = Object.fromEntries(perDay.body.rows.map((r: Json) => [r.date, r.receipts]));
      assert.deepEqual([day['2026-10-25'], day['2026-10-26']], [2, 0]);
      // A deleted location: its receipts keep no location and follow the business's time zone.
      const gone = await owner.request(`${API}/locations/${fx.madrid}`, { method: 'DELETE' });
      assert.equal(gone.status, 204);
      await check('after deleting a location');
      const business = await get(owner, '/business');
      const rezoned = await owner.request(`${API}/business`, {
        method: 'PUT',
        json: { ...business.body, timezone: 'Asia/Tokyo' },
      });
      assert.equal(rezoned.status, 200, await rezoned.clone().text());
      await check("after a change of the business's time zone");
      const all = await get(owner, `/reports/sales?period=custom&from=2026-10-01&to=2026-11-30`);
      assert.equal(all.body.totals.current.netSalesCents, 2950 + 1000);
    });
  });
}
