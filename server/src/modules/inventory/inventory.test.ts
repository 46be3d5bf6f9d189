import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { api, assertValidation, companyId, db, device, signedIn } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Inventory (issue 19): the stock ledger and the documents that write it. Ledger invariants (the
 * kept levels equal the sum of the ledger; a refused document leaves no trace), each document's
 * state machine with its refused transitions, average cost on receipt of goods, register sales and
 * refunds moving stock, and concurrency (parallel receives, sales and adjustments never lose an
 * update; a double receive is refused). Tenancy and roles of every route: route-table.test.ts.
 */

const B = '/api/backoffice';
const I = `${B}/inventory`;
const DEVICE = '/api/device/v1';

for (const target of databaseTargets()) {
  describe(`inventory [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@cornermarket.test (Retail with Inventory)
    let corner: number;
    let main: number; // Main Street's own warehouse
    let kiosk: number; // Station kiosk's own warehouse
    let back: number; // an extra one
    let vendor: number;
    const items: Record<string, number> = {};

    const onHand = async (itemId: number, warehouseId: number) => {
      const row = await db(server)
        .selectFrom('stock_levels')
        .select('on_hand')
        .where('item_id', '=', itemId)
        .where('warehouse_id', '=', warehouseId)
        .executeTakeFirst();
      return Number(row?.on_hand ?? 0);
    };
    const cost = async (itemId: number) =>
      Number(
        (await db(server).selectFrom('items').select('cost_cents').where('id', '=', itemId).executeTakeFirstOrThrow())
          .cost_cents,
      );
    const ledgerCount = async () =>
      Number(
        (
          await db(server)
            .selectFrom('stock_ledger')
            .select(sql<number>`count(*)`.as('n'))
            .where('company_id', '=', corner)
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** Every kept level equals the sum of its ledger rows, and every ledger pair has a level. */
    const assertLedgerInvariant = async () => {
      const mismatches = await sql<{ item_id: number; warehouse_id: number }>`
        select coalesce(s.item_id, l.item_id) as item_id, coalesce(s.warehouse_id, l.warehouse_id) as warehouse_id
        from stock_levels s
        full outer join (
          select item_id, warehouse_id, sum(quantity) as total from stock_ledger group by item_id, warehouse_id
        ) l on l.item_id = s.item_id and l.warehouse_id = s.warehouse_id
        where coalesce(s.on_hand, 0) <> coalesce(l.total, 0)`.execute(db(server));
      assert.deepEqual(mismatches.rows, [], 'stock_levels = sum(stock_ledger)');
    };
    const newItem = async (name: string, extra: Record<string, unknown> = {}) => {
      const created = await api(owner, 'POST', `${B}/items`, {
        name,
        sku: '',
        categoryId: null,
        price: 1,
        cost: 1,
        taxIds: [],
        trackStock: true,
        active: true,
        ...extra,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body.id as number;
    };
    const lines = (...pairs: [string, number, number][]) =>
      pairs.map(([name, quantity, unitCost]) => ({ itemId: items[name]!, quantity, cost: unitCost }));
    const newOrder = async (orderLines: ReturnType<typeof lines>, warehouseId = main) => {
      const created = await api(owner, 'POST', `${I}/purchase_orders`, {
        vendorId: vendor,
        warehouseId,
        expectedAt: null,
        note: '',
        lines: orderLines,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      return created.body;
    };

    before(async () => {
      // The final test (in the file's own server) never sees another file's data.
      server = await startTestServer(target);
      owner = await signedIn(server, 'owner@cornermarket.test');
      corner = await companyId(server, 'corner-market');
      for (const name of ['Flour', 'Sugar', 'Cake', 'Soap']) items[name] = await newItem(`Inventory ${name}`);
    });
    after(async () => {
      await server?.close();
    });

    it('demo data: Corner Market has vendors, a back room, three months of documents and a few items low', async () => {
      const count = async (table: 'vendors' | 'purchase_orders' | 'transfers' | 'adjustments' | 'stock_counts') =>
        Number(
          (
            await db(server)
              .selectFrom(table)
              .select(sql<number>`count(*)`.as('n'))
              .where('company_id', '=', corner)
              .executeTakeFirstOrThrow()
          ).n,
        );
      assert.equal(await count('vendors'), 3);
      assert.ok((await count('purchase_orders')) >= 8);
      assert.equal(await count('transfers'), 3);
      assert.equal(await count('adjustments'), 3);
      assert.equal(await count('stock_counts'), 1);
      const warehouses = (await api(owner, 'GET', `${I}/warehouses`)).body.rows as Json[];
      assert.ok(warehouses.some((w) => w.name === 'Main Street back room' && w.units > 0));
      const stock = (await api(owner, 'GET', `${I}/stock`)).body;
      assert.ok(stock.totals.value > 0);
      assert.ok(
        stock.totals.lowCount >= 1 && stock.totals.lowCount < stock.rows.length / 2,
        `${stock.totals.lowCount}`,
      );
      assert.ok(stock.rows.filter((r: Json) => r.onHand < 0).length === 0, 'the purchases cover the sales');
      await assertLedgerInvariant();
    });

    it('demo data: Green Leaf Grocers has grocery vendors, two warehouses, three months of documents covering its sales and a few items low', async () => {
      // A server of its own with the 90 days of demo sales, so the purchase orders have sales to cover.
      const seeded = await startTestServer(target, { seedDemoSales: true });
      try {
        const gdb = db(seeded);
        const green = await companyId(seeded, 'green-leaf-grocers');
        const grocer = await signedIn(seeded, 'owner@greenleaf.test');
        const count = async (table: 'vendors' | 'transfers' | 'adjustments' | 'stock_counts') =>
          Number(
            (
              await gdb
                .selectFrom(table)
                .select(sql<number>`count(*)`.as('n'))
                .where('company_id', '=', green)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const sold = await gdb
          .selectFrom('stock_ledger')
          .select(['item_id', 'quantity'])
          .where('company_id', '=', green)
          .where('kind', '=', 'sale')
          .execute();
        assert.ok(sold.length > 1000, `sales in the ledger: ${sold.length}`);

        // Vendors of groceries, each supplying its own categories.
        const supplied = await gdb
          .selectFrom('vendor_items as vi')
          .innerJoin('vendors as v', 'v.id', 'vi.vendor_id')
          .innerJoin('items as i', 'i.id', 'vi.item_id')
          .innerJoin('categories as c', 'c.id', 'i.category_id')
          .select(['v.name as vendor', 'c.name as category'])
          .where('vi.company_id', '=', green)
          .execute();
        assert.equal(await count('vendors'), 4);
        assert.deepEqual(
          [...new Set(supplied.filter((s) => s.vendor === 'Blue Ridge Produce').map((s) => s.category))],
          ['Fruit and vegetables'],
        );
        assert.deepEqual(
          [...new Set(supplied.filter((s) => s.vendor === 'Mountain Dairy Co-op').map((s) => s.category))],
          ['Dairy and eggs'],
        );

        // Two warehouses: the shop's own and its back room, both holding stock.
        const warehouses = (await api(grocer, 'GET', `${I}/warehouses`)).body.rows as Json[];
        assert.deepEqual(warehouses.map((w) => w.name).sort(), ['Haywood Road', 'Haywood Road back room']);
        assert.ok(
          warehouses.every((w) => w.units > 0),
          JSON.stringify(warehouses),
        );

        // Received purchase orders in each of the three months, fully received; today's ordered and draft.
        const orders = await gdb
          .selectFrom('purchase_orders')
          .select(['id', 'status', 'received_at'])
          .where('company_id', '=', green)
          .execute();
        const received = orders.filter((o) => o.status === 'received');
        const monthsAgo = new Set(
          received.map((o) => Math.floor((seeded.clock.now() - Number(o.received_at)) / (30 * 86_400_000))),
        );
        assert.deepEqual([...monthsAgo].sort(), [0, 1, 2], 'received in each of the last three months');
        assert.ok(received.length >= 9, `${received.length} received`);
        assert.deepEqual(
          orders
            .filter((o) => o.status !== 'received')
            .map((o) => o.status)
            .sort(),
          ['draft', 'ordered'],
        );
        const short = await gdb
          .selectFrom('purchase_order_lines')
          .select('id')
          .where(
            'purchase_order_id',
            'in',
            received.map((o) => o.id),
          )
          .whereRef('received_quantity', '<>', 'quantity')
          .execute();
        assert.deepEqual(short, []);

        // A transfer to the back room, a write-off, a count.
        assert.ok((await count('transfers')) >= 1);
        assert.ok((await count('adjustments')) >= 1);
        assert.equal(await count('stock_counts'), 1);

        // The purchases cover what was sold (nothing below zero), a few items end below their threshold.
        const stock = (await api(grocer, 'GET', `${I}/stock`)).body;
        assert.deepEqual(
          stock.rows.filter((r: Json) => r.onHand < 0),
          [],
          'the purchases cover the sales',
        );
        const below = stock.rows.filter((r: Json) => r.lowStock !== null && r.onHand < r.lowStock);
        assert.ok(below.length >= 1 && below.length < stock.rows.length / 2, `${below.length} below threshold`);

        // The kept levels are the ledger's sums.
        const mismatches = await sql<{ item_id: number }>`
          select s.item_id, s.warehouse_id, s.on_hand, l.total
          from stock_levels s
          left join (
            select item_id, warehouse_id, sum(quantity) as total from stock_ledger
            where company_id = ${green} group by item_id, warehouse_id
          ) l on l.item_id = s.item_id and l.warehouse_id = s.warehouse_id
          where s.company_id = ${green} and s.on_hand <> coalesce(l.total, 0)`.execute(gdb);
        assert.deepEqual(mismatches.rows, [], 'stock_levels = sum(stock_ledger)');
        const orphans = await sql<{ item_id: number }>`
          select l.item_id, l.warehouse_id from stock_ledger l
          where l.company_id = ${green} and not exists (
            select 1 from stock_levels s where s.item_id = l.item_id and s.warehouse_id = l.warehouse_id
          )`.execute(gdb);
        assert.deepEqual(orphans.rows, [], 'every ledger pair has a level');
      } finally {
        await seeded.close();
      }
    });

    it('every location has its own warehouse, a new location gets one, extra ones are added', async () => {
      const list = await api(owner, 'GET', `${I}/warehouses`);
      assert.equal(list.status, 200);
      const locations = (await api(owner, 'GET', `${B}/locations`)).body.rows as Json[];
      for (const location of locations) {
        assert.ok(
          list.body.rows.some((w: Json) => w.locationId === location.id && w.isDefault),
          `${location.name} has its warehouse`,
        );
      }
      main = list.body.rows.find((w: Json) => w.locationName === 'Main Street' && w.isDefault).id;
      kiosk = list.body.rows.find((w: Json) => w.locationName === 'Station kiosk' && w.isDefault).id;
      const added = await api(owner, 'POST', `${B}/locations`, {
        name: 'Warehouse probe',
        address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
        timezone: 'UTC',
        phone: '',
        active: true,
      });
      assert.equal(added.status, 201, JSON.stringify(added.body));
      const after = (await api(owner, 'GET', `${I}/warehouses`)).body.rows as Json[];
      assert.ok(after.some((w) => w.locationId === added.body.id && w.isDefault && w.name === 'Warehouse probe'));
      const extra = await api(owner, 'POST', `${I}/warehouses`, { name: 'Back room', locationId: null, active: true });
      assert.equal(extra.status, 201);
      back = extra.body.id;
      assertValidation(
        await api(owner, 'POST', `${I}/warehouses`, { name: '', locationId: null, active: true }),
        'name',
      );
      const taken = await api(owner, 'POST', `${I}/warehouses`, { name: 'Back room', locationId: null, active: true });
      assert.equal(taken.status, 409);
      const moved = await api(owner, 'PUT', `${I}/warehouses/${main}`, {
        name: 'Main',
        locationId: null,
        active: true,
      });
      assert.equal(moved.status, 409, 'a default warehouse stays with its location');
      // Blue Door has no Inventory add-on: the API is closed to it.
      const bistro = await signedIn(server, 'owner@bluedoor.test');
      assert.equal((await api(bistro, 'GET', `${I}/warehouses`)).status, 403);
    });

    it('vendors: contact details and the items they supply at a cost', async () => {
      const created = await api(owner, 'POST', `${I}/vendors`, {
        name: 'Mill & Co',
        contactName: 'Ann Miller',
        email: 'orders@mill.test',
        phone: '+1 555 0101',
        address: '1 Mill Road',
        note: '',
        active: true,
        items: [{ itemId: items.Flour, cost: 2, vendorSku: 'FL-1' }],
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      vendor = created.body.id;
      assert.equal(created.body.items[0].cost, 2);
      assertValidation(
        await api(owner, 'POST', `${I}/vendors`, { ...created.body, name: 'X', email: 'not-an-address', items: [] }),
        'email',
      );
    });

    it('purchase order: draft -> ordered -> partially received -> received; refused transitions are 409; average cost moves', async () => {
      assert.equal(await cost(items.Flour!), 100);
      const order = await newOrder(lines(['Flour', 10, 2], ['Sugar', 5, 3]));
      assert.equal(order.status, 'draft');
      assert.ok(order.number >= 1);
      assert.equal(order.created.by, 'owner@cornermarket.test');
      const receiveDraft = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {});
      assert.equal(receiveDraft.status, 409);
      assert.equal(receiveDraft.body.error, 'invalid_transition');
      const edited = await api(owner, 'PUT', `${I}/purchase_orders/${order.id}`, {
        vendorId: vendor,
        warehouseId: main,
        expectedAt: null,
        note: 'Edited',
        lines: lines(['Flour', 10, 2], ['Sugar', 6, 3]),
      });
      assert.equal(edited.status, 200);
      const ordered = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/order`, {});
      assert.equal(ordered.status, 200);
      assert.equal(ordered.body.status, 'ordered');
      assert.equal(ordered.body.ordered.by, 'owner@cornermarket.test');
      assert.equal((await api(owner, 'POST', `${I}/purchase_orders/${order.id}/order`, {})).status, 409);
      const editOrdered = await api(owner, 'PUT', `${I}/purchase_orders/${order.id}`, {
        vendorId: vendor,
        warehouseId: main,
        expectedAt: null,
        note: '',
        lines: lines(['Flour', 1, 2]),
      });
      assert.equal(editOrdered.status, 409);

      const flourLine = ordered.body.lines.find((l: Json) => l.itemId === items.Flour).id;
      const sugarLine = ordered.body.lines.find((l: Json) => l.itemId === items.Sugar).id;
      const part = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {
        lines: [{ lineId: flourLine, quantity: 4 }],
      });
      assert.equal(part.status, 200, JSON.stringify(part.body));
      assert.equal(part.body.status, 'partially_received');
      assert.equal(await onHand(items.Flour!, main), 4);
      assert.equal(await cost(items.Flour!), 200, 'nothing on hand: the average is the cost paid');
      const over = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {
        lines: [{ lineId: flourLine, quantity: 7 }],
      });
      assert.equal(over.status, 409);
      assert.equal(over.body.error, 'over_receipt');
      assert.equal((await api(owner, 'POST', `${I}/purchase_orders/${order.id}/cancel`, {})).status, 409);
      const rest = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {});
      assert.equal(rest.status, 200);
      assert.equal(rest.body.status, 'received');
      assert.equal(rest.body.received.by, 'owner@cornermarket.test');
      assert.equal(await onHand(items.Flour!, main), 10);
      assert.equal(await onHand(items.Sugar!, main), 6);
      const again = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {
        lines: [{ lineId: sugarLine, quantity: 1 }],
      });
      assert.equal(again.status, 409, 'a second receive of the same lines');
      assert.equal(
        (
          await api(owner, 'PUT', `${I}/purchase_orders/${order.id}`, {
            vendorId: vendor,
            warehouseId: main,
            expectedAt: null,
            note: '',
            lines: lines(['Flour', 1, 2]),
          })
        ).status,
        409,
        'a received PO cannot be edited',
      );

      // 10 on hand at 2.00, 10 more at 4.00: the average is 3.00.
      const second = await newOrder(lines(['Flour', 10, 4]));
      await api(owner, 'POST', `${I}/purchase_orders/${second.id}/order`, {});
      await api(owner, 'POST', `${I}/purchase_orders/${second.id}/receive`, {});
      assert.equal(await cost(items.Flour!), 300);
      assert.equal(await onHand(items.Flour!, main), 20);

      // Cancelled from ordered; then nothing more.
      const third = await newOrder(lines(['Sugar', 1, 1]));
      await api(owner, 'POST', `${I}/purchase_orders/${third.id}/order`, {});
      const cancelled = await api(owner, 'POST', `${I}/purchase_orders/${third.id}/cancel`, {});
      assert.equal(cancelled.body.status, 'cancelled');
      assert.equal(cancelled.body.cancelled.by, 'owner@cornermarket.test');
      assert.equal((await api(owner, 'POST', `${I}/purchase_orders/${third.id}/receive`, {})).status, 409);
      assert.equal((await api(owner, 'POST', `${I}/purchase_orders/${third.id}/order`, {})).status, 409);

      // An item on a purchase order is not deleted (its documents keep it).
      const deleted = await api(owner, 'DELETE', `${B}/items/${items.Sugar}`);
      assert.equal(deleted.status, 409);
      assert.equal(deleted.body.error, 'item_in_use');

      // E-mailed through the outbox.
      const mailed = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/email`, {});
      assert.equal(mailed.status, 200);
      const mail = await db(server)
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where('to_address', '=', 'orders@mill.test')
        .executeTakeFirstOrThrow();
      assert.match(mail.subject, new RegExp(`Purchase order #${order.number}`));
      assert.match(mail.body, /Inventory Flour/);
      await assertLedgerInvariant();
    });

    it('purchase order closed short: after a partial receipt the rest is no longer expected, nothing more is received', async () => {
      // Its own items: the later tests count Flour's and Sugar's stock and cost from the first order.
      for (const name of ['Oats', 'Honey']) items[name] = await newItem(`Inventory ${name}`);
      const order = await newOrder(lines(['Oats', 10, 2], ['Honey', 5, 3]));
      const closeDraft = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/close`, {});
      assert.equal(closeDraft.status, 409, 'a draft is cancelled, not closed short');
      const ordered = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/order`, {});
      assert.equal(
        (await api(owner, 'POST', `${I}/purchase_orders/${order.id}/close`, {})).status,
        409,
        'nothing received yet',
      );
      const oatsLine = ordered.body.lines.find((l: Json) => l.itemId === items.Oats).id;
      const before = await onHand(items.Oats!, main);
      const honeyBefore = await onHand(items.Honey!, main);
      await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {
        lines: [{ lineId: oatsLine, quantity: 4 }],
      });
      const closed = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/close`, {});
      assert.equal(closed.status, 200, JSON.stringify(closed.body));
      assert.equal(closed.body.status, 'received');
      assert.equal(closed.body.closedShort.by, 'owner@cornermarket.test');
      assert.ok(closed.body.closedShort.at > 0);
      assert.deepEqual(
        closed.body.lines.map((l: Json) => [l.quantity, l.receivedQuantity]),
        [
          [10, 4],
          [5, 0],
        ],
      );
      // What arrived (4 x 2.00), beside what was ordered (10 x 2.00 + 5 x 3.00).
      assert.deepEqual([closed.body.receivedTotal, closed.body.total], [8, 35]);
      const more = await api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, {});
      assert.equal(more.status, 409);
      assert.equal(more.body.error, 'invalid_transition');
      assert.equal((await api(owner, 'POST', `${I}/purchase_orders/${order.id}/close`, {})).status, 409);
      assert.equal(await onHand(items.Oats!, main), before + 4, 'only what was received moved');
      assert.equal(await onHand(items.Honey!, main), honeyBefore);
      // The items list shows the quantity on hand over every warehouse (null when not tracked).
      const everywhere = await db(server)
        .selectFrom('stock_levels')
        .select((eb) => eb.fn.sum<number>('on_hand').as('q'))
        .where('item_id', '=', items.Oats!)
        .executeTakeFirstOrThrow();
      const listed = await api(owner, 'GET', `${B}/items?search=Inventory%20Oats&sort=onHand&dir=desc`);
      assert.equal(listed.status, 200);
      const oats = listed.body.rows.find((r: Json) => r.id === items.Oats);
      assert.equal(oats.onHand, Number(everywhere.q));
      assert.ok(oats.onHand >= 4);
      await assertLedgerInvariant();
    });

    it('transfers: draft -> in transit -> received; stock leaves on sending and arrives on receiving', async () => {
      const create = (quantity: number) =>
        api(owner, 'POST', `${I}/transfers`, {
          fromWarehouseId: main,
          toWarehouseId: back,
          note: '',
          lines: [{ itemId: items.Flour, quantity }],
        });
      assertValidation(
        await api(owner, 'POST', `${I}/transfers`, {
          fromWarehouseId: main,
          toWarehouseId: main,
          note: '',
          lines: [{ itemId: items.Flour, quantity: 1 }],
        }),
        'toWarehouseId',
      );
      const transfer = (await create(3)).body;
      assert.equal(transfer.status, 'draft');
      assert.equal((await api(owner, 'POST', `${I}/transfers/${transfer.id}/receive`, {})).status, 409);
      const sent = await api(owner, 'POST', `${I}/transfers/${transfer.id}/send`, {});
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      assert.equal(sent.body.status, 'in_transit');
      assert.equal(sent.body.sent.by, 'owner@cornermarket.test');
      assert.equal(await onHand(items.Flour!, main), 17);
      assert.equal(await onHand(items.Flour!, back), 0);
      assert.equal((await api(owner, 'POST', `${I}/transfers/${transfer.id}/send`, {})).status, 409);
      assert.equal((await api(owner, 'POST', `${I}/transfers/${transfer.id}/cancel`, {})).status, 409);
      const received = await api(owner, 'POST', `${I}/transfers/${transfer.id}/receive`, {});
      assert.equal(received.body.status, 'received');
      assert.equal(await onHand(items.Flour!, back), 3);
      assert.equal((await api(owner, 'POST', `${I}/transfers/${transfer.id}/receive`, {})).status, 409);

      // More than is there: 409 with the shortage, and nothing of the transfer is applied.
      const big = (await create(500)).body;
      const ledger = await ledgerCount();
      const short = await api(owner, 'POST', `${I}/transfers/${big.id}/send`, {});
      assert.equal(short.status, 409);
      assert.equal(short.body.error, 'insufficient_stock');
      assert.deepEqual(short.body.shortages, [{ itemId: items.Flour, warehouseId: main, onHand: 17, needed: 500 }]);
      assert.equal(await ledgerCount(), ledger);
      assert.equal(await onHand(items.Flour!, main), 17);
      assert.equal((await api(owner, 'GET', `${I}/transfers/${big.id}`)).body.status, 'draft');
      const cancelled = await api(owner, 'POST', `${I}/transfers/${big.id}/cancel`, {});
      assert.equal(cancelled.body.status, 'cancelled');
      await assertLedgerInvariant();
    });

    it('adjustments with a reason, counts, thresholds and the stock list', async () => {
      const damage = await api(owner, 'POST', `${I}/adjustments`, {
        warehouseId: main,
        reason: 'damage',
        note: 'Wet bags',
        lines: [{ itemId: items.Flour, quantity: -2 }],
      });
      assert.equal(damage.status, 201, JSON.stringify(damage.body));
      assert.equal(damage.body.createdBy, 'owner@cornermarket.test');
      assert.equal(await onHand(items.Flour!, main), 15);
      const theft = await api(owner, 'POST', `${I}/adjustments`, {
        warehouseId: main,
        reason: 'theft',
        note: '',
        lines: [{ itemId: items.Flour, quantity: -1000 }],
      });
      assert.equal(theft.status, 409);
      assertValidation(
        await api(owner, 'POST', `${I}/adjustments`, { warehouseId: main, reason: 'gift', note: '', lines: [] }),
        'reason',
      );
      // Received without a PO at 5.00: the average is company-wide (15 here + 3 in the back room at
      // 3.00, 5 more at 5.00): 7,900 / 23 = 3.43.
      const found = await api(owner, 'POST', `${I}/adjustments`, {
        warehouseId: main,
        reason: 'received_without_po',
        note: '',
        lines: [{ itemId: items.Flour, quantity: 5, cost: 5 }],
      });
      assert.equal(found.status, 201);
      assert.equal(await cost(items.Flour!), 343);

      const count = await api(owner, 'POST', `${I}/counts`, {
        warehouseId: main,
        note: 'Month end',
        lines: [
          { itemId: items.Flour, counted: 18 },
          { itemId: items.Soap, counted: 4 },
        ],
      });
      assert.equal(count.status, 201, JSON.stringify(count.body));
      assert.deepEqual(
        count.body.lines.map((l: Json) => [l.expected, l.counted, l.difference]),
        [
          [20, 18, -2],
          [0, 4, 4],
        ],
      );
      assert.equal(await onHand(items.Flour!, main), 18);
      assert.equal(await onHand(items.Soap!, main), 4);
      // Past counts: who, how many items, the difference in units and at the cost of the time.
      const valueDifference = (-2 * 343 + 4 * (await cost(items.Soap!))) / 100;
      assert.equal(count.body.valueDifference, valueDifference);
      const past = await api(owner, 'GET', `${I}/counts`);
      assert.equal(past.status, 200);
      assert.deepEqual(past.body.rows[0], {
        id: count.body.id,
        number: count.body.number,
        warehouseId: main,
        warehouseName: count.body.warehouseName,
        note: 'Month end',
        itemCount: 2,
        unitsDifference: 2,
        valueDifference,
        createdBy: 'owner@cornermarket.test',
        createdAt: count.body.createdAt,
      });
      const one = await api(owner, 'GET', `${I}/counts/${count.body.id}`);
      assert.deepEqual(one.body, count.body);

      const threshold = await api(owner, 'PUT', `${I}/stock/threshold`, {
        itemId: items.Soap,
        warehouseId: main,
        lowStock: 5,
      });
      assert.equal(threshold.status, 200, JSON.stringify(threshold.body));
      assert.equal(threshold.body.low, true);
      const low = await api(owner, 'GET', `${I}/stock?low=true&warehouseId=${main}`);
      assert.deepEqual(
        low.body.rows.filter((r: Json) => r.itemName.startsWith('Inventory')).map((r: Json) => r.itemName),
        ['Inventory Soap'],
      );
      const all = await api(owner, 'GET', `${I}/stock?warehouseId=${main}&search=Inventory%20Flour`);
      assert.equal(all.body.rows[0].onHand, 18);
      assert.equal(all.body.rows[0].averageCost, 3.43);
      assert.equal(all.body.rows[0].value, 61.74);
      const csv = await owner.request(`${I}/stock/export?warehouseId=${main}`);
      assert.equal(csv.status, 200);
      assert.match(await csv.text(), /Inventory Flour,,.*,18,,3\.43,61\.74/);

      // Suggested quantities from low stock: the vendor supplies soap now.
      const v = (await api(owner, 'GET', `${I}/vendors/${vendor}`)).body;
      await api(owner, 'PUT', `${I}/vendors/${vendor}`, {
        ...v,
        items: [
          ...v.items.map((i: Json) => ({ itemId: i.itemId, cost: i.cost, vendorSku: i.vendorSku })),
          { itemId: items.Soap, cost: 0.5, vendorSku: '' },
        ],
      });
      const suggestions = await api(
        owner,
        'GET',
        `${I}/purchase_orders/suggestions?vendorId=${vendor}&warehouseId=${main}`,
      );
      assert.deepEqual(
        suggestions.body.rows.map((r: Json) => [r.itemId, r.quantity]),
        [[items.Soap, 6]],
      );
      await assertLedgerInvariant();
    });

    it('production: ingredients consumed, output added at their cost; short ingredients are a 409 unless negative stock is allowed', async () => {
      const template = await api(owner, 'POST', `${I}/production_templates`, {
        name: 'Cake',
        outputItemId: items.Cake,
        outputQuantity: 2,
        note: '',
        active: true,
        ingredients: [
          { itemId: items.Flour, quantity: 3 },
          { itemId: items.Sugar, quantity: 1 },
        ],
      });
      assert.equal(template.status, 201, JSON.stringify(template.body));
      // 3 x 3.43 + 1 x 3.00 = 13.29 a batch of 2: 6.645, 6.65 each.
      assert.equal(template.body.batchCost, 13.29);
      assert.equal(template.body.unitCost, 6.65);
      const made = await api(owner, 'POST', `${I}/production_orders`, {
        templateId: template.body.id,
        warehouseId: main,
        batches: 2,
        note: '',
      });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      assert.equal(made.body.outputQuantity, 4);
      assert.equal(await onHand(items.Flour!, main), 12);
      assert.equal(await onHand(items.Sugar!, main), 4);
      assert.equal(await onHand(items.Cake!, main), 4);
      assert.equal(await cost(items.Cake!), 665);

      const ledger = await ledgerCount();
      const short = await api(owner, 'POST', `${I}/production_orders`, {
        templateId: template.body.id,
        warehouseId: main,
        batches: 5,
        note: '',
      });
      assert.equal(short.status, 409);
      assert.deepEqual(
        short.body.shortages.map((s: Json) => [s.itemId, s.onHand, s.needed]).sort(),
        [
          [items.Flour, 12, 15],
          [items.Sugar, 4, 5],
        ].sort(),
      );
      assert.equal(await ledgerCount(), ledger, 'never half-applied');
      assert.equal(await onHand(items.Cake!, main), 4);
      assert.equal(await cost(items.Cake!), 665);

      assert.equal((await api(owner, 'PUT', `${I}/settings`, { allowNegativeStock: true })).status, 200);
      const negative = await api(owner, 'POST', `${I}/production_orders`, {
        templateId: template.body.id,
        warehouseId: main,
        batches: 5,
        note: '',
      });
      assert.equal(negative.status, 201);
      assert.equal(await onHand(items.Flour!, main), -3);
      await api(owner, 'PUT', `${I}/settings`, { allowNegativeStock: false });
      await assertLedgerInvariant();
    });

    it('register sales and refunds of tracked items move stock at the terminal location’s warehouse', async () => {
      const terminals = (await api(owner, 'GET', `${B}/terminals`)).body.rows as Json[];
      const till = terminals.find((t) => t.name === 'Till 1');
      const code = (await api(owner, 'POST', `${B}/terminals/${till.id}/pairing_code`, {})).body.pairingCode;
      const paired = await fetch(`${server.url}${DEVICE}/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      const token = ((await paired.json()) as Json).token as string;
      const config = (await device(server.url, token, 'GET', '/config')).body;
      const cash = config.paymentTypes.find((p: Json) => p.builtin === 'cash').id;
      const before = await onHand(items.Soap!, main);
      const saleId = randomUUID();
      const sold = await device(server.url, token, 'POST', '/events', {
        events: [
          {
            id: saleId,
            type: 'receipt',
            at: server.clock.now() - 1000,
            lines: [{ itemId: items.Soap, name: 'Inventory Soap', quantity: 3, unitPriceCents: 100, taxRateIds: [] }],
            payments: [{ paymentTypeId: cash, amountCents: 300 }],
            totals: { subtotalCents: 300, discountCents: 0, taxCents: 0, totalCents: 300 },
          },
        ],
      });
      assert.equal(sold.status, 200, JSON.stringify(sold.body));
      assert.equal(sold.body.results[0].status, 'stored', JSON.stringify(sold.body));
      assert.equal(await onHand(items.Soap!, main), before - 3);
      const refunded = await device(server.url, token, 'POST', '/events', {
        events: [
          {
            id: randomUUID(),
            type: 'refund',
            at: server.clock.now() - 500,
            receiptId: saleId,
            lines: [{ line: 1, quantity: 1 }],
            payments: [{ paymentTypeId: cash, amountCents: 100 }],
            totals: { subtotalCents: 100, discountCents: 0, taxCents: 0, totalCents: 100 },
          },
        ],
      });
      assert.equal(refunded.body.results[0].status, 'stored', JSON.stringify(refunded.body));
      assert.equal(await onHand(items.Soap!, main), before - 2);
      const kinds = await db(server)
        .selectFrom('stock_ledger')
        .select(['kind', 'quantity', 'unit_cost_cents'])
        .where('item_id', '=', items.Soap!)
        .where('document_type', '=', 'receipt')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        kinds.map((k) => [k.kind, Number(k.quantity)]),
        [
          ['sale', -3],
          ['refund', 1],
        ],
      );

      // Parallel batches from the register never lose an update.
      const start = await onHand(items.Soap!, main);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, k) =>
          device(server.url, token, 'POST', '/events', {
            events: [
              {
                id: randomUUID(),
                type: 'receipt',
                at: server.clock.now() - 100 + k,
                lines: [
                  { itemId: items.Soap, name: 'Inventory Soap', quantity: 1, unitPriceCents: 100, taxRateIds: [] },
                ],
                payments: [{ paymentTypeId: cash, amountCents: 100 }],
                totals: { subtotalCents: 100, discountCents: 0, taxCents: 0, totalCents: 100 },
              },
            ],
          }),
        ),
      );
      assert.ok(results.every((r) => r.status === 200 && r.body.results[0].status === 'stored'));
      assert.equal(await onHand(items.Soap!, main), start - 8);
      await assertLedgerInvariant();
    });

    it('concurrency: parallel receives never lose an update, a double receive is refused, parallel adjustments stop at zero', async () => {
      const order = await newOrder(lines(['Sugar', 10, 3]), kiosk);
      await api(owner, 'POST', `${I}/purchase_orders/${order.id}/order`, {});
      const line = order.lines[0].id;
      const parts = await Promise.all(
        Array.from({ length: 10 }, () =>
          api(owner, 'POST', `${I}/purchase_orders/${order.id}/receive`, { lines: [{ lineId: line, quantity: 1 }] }),
        ),
      );
      assert.deepEqual(
        parts.map((p) => p.status),
        Array(10).fill(200),
      );
      assert.equal(await onHand(items.Sugar!, kiosk), 10);
      const done = await api(owner, 'GET', `${I}/purchase_orders/${order.id}`);
      assert.equal(done.body.status, 'received');
      assert.equal(done.body.lines[0].receivedQuantity, 10);

      const twice = await newOrder(lines(['Sugar', 5, 3]), kiosk);
      await api(owner, 'POST', `${I}/purchase_orders/${twice.id}/order`, {});
      const both = await Promise.all([
        api(owner, 'POST', `${I}/purchase_orders/${twice.id}/receive`, {}),
        api(owner, 'POST', `${I}/purchase_orders/${twice.id}/receive`, {}),
      ]);
      assert.deepEqual(both.map((r) => r.status).sort(), [200, 409]);
      assert.equal(await onHand(items.Sugar!, kiosk), 15);

      // 15 on hand, 20 parallel adjustments of -1: exactly 15 pass, none below zero.
      const takes = await Promise.all(
        Array.from({ length: 20 }, () =>
          api(owner, 'POST', `${I}/adjustments`, {
            warehouseId: kiosk,
            reason: 'loss',
            note: '',
            lines: [{ itemId: items.Sugar, quantity: -1 }],
          }),
        ),
      );
      assert.equal(takes.filter((t) => t.status === 201).length, 15);
      assert.equal(takes.filter((t) => t.status === 409).length, 5);
      assert.equal(await onHand(items.Sugar!, kiosk), 0);
      // Numbers stay unique and gap-free.
      const numbers = (await api(owner, 'GET', `${I}/adjustments`)).body.rows
        .map((r: Json) => r.number)
        .sort((a: number, b: number) => a - b);
      assert.deepEqual(
        numbers,
        Array.from({ length: numbers.length }, (_, k) => k + 1),
      );
      await assertLedgerInvariant();
    });

    it("another company's documents answer 404", async () => {
      const bistro = await companyId(server, 'blue-door-bistro');
      const theirs = await db(server)
        .selectFrom('warehouses')
        .select('id')
        .where('company_id', '=', bistro)
        .executeTakeFirstOrThrow();
      assert.equal((await api(owner, 'GET', `${I}/warehouses/${theirs.id}`)).status, 404);
      const transfer = await api(owner, 'POST', `${I}/transfers`, {
        fromWarehouseId: theirs.id,
        toWarehouseId: main,
        note: '',
        lines: [{ itemId: items.Flour, quantity: 1 }],
      });
      assertValidation(transfer, 'fromWarehouseId');
    });

    it("another company's purchase orders, their lines, vendors and warehouses: 404 or refused, and nothing changes", async () => {
      const green = await signedIn(server, 'owner@greenleaf.test');
      const greenId = await companyId(server, 'green-leaf-grocers');
      const firstOf = async (table: 'vendors' | 'warehouses') =>
        (
          await db(server)
            .selectFrom(table)
            .select('id')
            .where('company_id', '=', greenId)
            .orderBy('id')
            .executeTakeFirstOrThrow()
        ).id;
      const theirVendor = await firstOf('vendors');
      const theirWarehouse = await firstOf('warehouses');
      const theirItem = (
        await db(server)
          .selectFrom('items')
          .select('id')
          .where('company_id', '=', greenId)
          .where('track_stock', '=', 1)
          .orderBy('id')
          .executeTakeFirstOrThrow()
      ).id;
      const theirOrder = async () => {
        const made = await api(green, 'POST', `${I}/purchase_orders`, {
          vendorId: theirVendor,
          warehouseId: theirWarehouse,
          expectedAt: null,
          note: '',
          lines: [{ itemId: theirItem, quantity: 5, cost: 1 }],
        });
        assert.equal(made.status, 201, JSON.stringify(made.body));
        return made.body as Json & { id: number; lines: Json[] };
      };
      const draft = await theirOrder();
      const ordered = await theirOrder();
      assert.equal((await api(green, 'POST', `${I}/purchase_orders/${ordered.id}/order`, {})).status, 200);
      const theirLine = ordered.lines[0].id as number;

      const state = async () => ({
        orders: await db(server)
          .selectFrom('purchase_orders')
          .selectAll()
          .where('company_id', '=', greenId)
          .orderBy('id')
          .execute(),
        lines: await db(server)
          .selectFrom('purchase_order_lines')
          .selectAll()
          .where('company_id', '=', greenId)
          .orderBy('id')
          .execute(),
        levels: await db(server)
          .selectFrom('stock_levels')
          .selectAll()
          .where('company_id', '=', greenId)
          .orderBy('item_id')
          .orderBy('warehouse_id')
          .execute(),
        ledger: (await db(server).selectFrom('stock_ledger').select('id').execute()).length,
        outbox: (await db(server).selectFrom('outbox').select('id').execute()).length,
      });
      const before = await state();

      const mine = {
        vendorId: vendor,
        warehouseId: main,
        expectedAt: null,
        note: 'Not yours',
        lines: lines(['Flour', 1, 1]),
      };
      const P = `${I}/purchase_orders`;
      for (const [method, path, body] of [
        ['GET', `${P}/${draft.id}`, undefined],
        ['GET', `${P}/${ordered.id}/print`, undefined],
        ['PUT', `${P}/${draft.id}`, mine],
        ['POST', `${P}/${draft.id}/order`, {}],
        ['POST', `${P}/${draft.id}/cancel`, {}],
        ['POST', `${P}/${ordered.id}/cancel`, {}],
        ['POST', `${P}/${ordered.id}/receive`, {}],
        ['POST', `${P}/${ordered.id}/receive`, { lines: [{ lineId: theirLine, quantity: 1 }] }],
        ['POST', `${P}/${ordered.id}/email`, { to: 'me@example.com', confirmOtherRecipient: true }],
      ] as const) {
        const answer = await api(owner, method, path, body);
        assert.equal(answer.status, 404, `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
        assert.equal(answer.body?.error, 'not_found', `${method} ${path}`);
      }
      const list = await api(owner, 'GET', P);
      assert.deepEqual(
        list.body.rows.filter((r: Json) => [draft.id, ordered.id].includes(r.id)),
        [],
        'not in the list',
      );

      // Their vendor, warehouse and item are not choices on a purchase order of ours.
      assertValidation(await api(owner, 'POST', P, { ...mine, vendorId: theirVendor }), 'vendorId');
      assertValidation(await api(owner, 'POST', P, { ...mine, warehouseId: theirWarehouse }), 'warehouseId');
      assertValidation(
        await api(owner, 'POST', P, { ...mine, lines: [{ itemId: theirItem, quantity: 1, cost: 1 }] }),
        'lines',
      );
      // Our own ordered purchase order does not receive their line.
      const ours = await newOrder(lines(['Flour', 1, 1]));
      assert.equal((await api(owner, 'POST', `${P}/${ours.id}/order`, {})).status, 200);
      assertValidation(
        await api(owner, 'POST', `${P}/${ours.id}/receive`, { lines: [{ lineId: theirLine, quantity: 1 }] }),
        'lines',
      );
      const ourDraft = await newOrder(lines(['Flour', 1, 1]));
      assertValidation(await api(owner, 'PUT', `${P}/${ourDraft.id}`, { ...mine, vendorId: theirVendor }), 'vendorId');
      assertValidation(
        await api(owner, 'PUT', `${P}/${ourDraft.id}`, { ...mine, warehouseId: theirWarehouse }),
        'warehouseId',
      );
      const suggestions = await api(
        owner,
        'GET',
        `${P}/suggestions?vendorId=${theirVendor}&warehouseId=${theirWarehouse}`,
      );
      assert.deepEqual([suggestions.status, suggestions.body.rows], [200, []]);

      const after = await state();
      assert.deepEqual({ ...after, ledger: 0 }, { ...before, ledger: 0 }, 'their documents and stock are untouched');
      assert.equal(after.ledger, before.ledger, 'no stock moved anywhere');
      assert.equal(after.outbox, before.outbox, 'nothing e-mailed');
      await assertLedgerInvariant();
    });
  });
}
