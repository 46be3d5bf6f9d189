import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../database';
import { reserveNumbers } from '../../platform/db/counters';
import { postLedger, type LedgerEntry } from './ledger';
import { ensureDefaultWarehouses } from './warehouseDefaults';

/*
 * Demo inventory for the demo companies with the Inventory add-on (Corner Market, Green Leaf
 * Grocers): the company's vendors (VENDORS) sharing the stock-tracked items, a back room beside its
 * first location, three months of received
 * purchase orders that cover what each location sold that month (the sales are already in the
 * ledger: the history seed goes through the ingest), monthly transfers to the back room, damage
 * write-offs, goods received without a PO, a count, low-stock thresholds (a few items end below
 * theirs), and an ordered and a draft PO for today. Deterministic and idempotent (nothing when the
 * company has a vendor); the demo seed itself never runs in production.
 */

type Db = Kysely<Database> | Transaction<Database>;

const DAY = 86_400_000;
const MONTHS = 3;

interface DemoVendor {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  /** The categories (by name) it supplies; the other categories go round the company's vendors. */
  categories?: string[];
}

/** Vendors per company slug; a company not listed (an inventory demo company added later) gets Corner Market's. */
const VENDORS: Record<string, DemoVendor[]> = {
  'corner-market': [
    { name: 'Metro Wholesale', contact_name: 'Dana Ortiz', email: 'orders@metrowholesale.test', phone: '+1 555 0140' },
    { name: 'Fresh Farm Supply', contact_name: 'Sam Greene', email: 'sales@freshfarm.test', phone: '+1 555 0141' },
    { name: 'Household Direct', contact_name: 'Lee Park', email: 'hello@householddirect.test', phone: '+1 555 0142' },
  ],
  'green-leaf-grocers': [
    {
      name: 'Blue Ridge Produce',
      contact_name: 'Maya Caldwell',
      email: 'orders@blueridgeproduce.test',
      phone: '+1 828 555 0150',
      categories: ['Fruit and vegetables'],
    },
    {
      name: 'Mountain Dairy Co-op',
      contact_name: 'Hank Ellison',
      email: 'dispatch@mountaindairy.test',
      phone: '+1 828 555 0151',
      categories: ['Dairy and eggs'],
    },
    {
      name: 'Hearth & Grain Bakery',
      contact_name: 'Lucia Ferrante',
      email: 'wholesale@hearthgrain.test',
      phone: '+1 828 555 0152',
      categories: ['Bakery'],
    },
    {
      name: 'Southeast Natural Foods',
      contact_name: 'Devon Price',
      email: 'orders@senaturalfoods.test',
      phone: '+1 828 555 0153',
      categories: ['Pantry', 'Drinks and snacks'],
    },
  ],
};
const DEFAULT_VENDORS = 'corner-market';

export async function seedInventoryDemo(db: Db, companyId: number, { now }: { now: number }): Promise<void> {
  const addon = await db
    .selectFrom('company_addons')
    .select('addon')
    .where('company_id', '=', companyId)
    .where('addon', '=', 'Inventory')
    .executeTakeFirst();
  if (!addon) return;
  const seeded = await db.selectFrom('vendors').select('id').where('company_id', '=', companyId).executeTakeFirst();
  if (seeded) return;

  await ensureDefaultWarehouses(db, companyId, now);
  const owner = await db
    .selectFrom('users')
    .select('id')
    .where('company_id', '=', companyId)
    .where('role', '=', 'admin')
    .orderBy('id')
    .executeTakeFirst();
  const userId = owner?.id ?? null;
  const warehouses = await db
    .selectFrom('warehouses as w')
    .innerJoin('locations as l', 'l.id', 'w.location_id')
    .select(['w.id', 'w.location_id', 'l.name'])
    .where('w.company_id', '=', companyId)
    .where('w.is_default', '=', 1)
    .orderBy('w.id')
    .execute();
  if (warehouses.length === 0) return;
  const main = warehouses[0]!;
  const backRoom = await db
    .insertInto('warehouses')
    .values({
      company_id: companyId,
      location_id: main.location_id,
      name: `${main.name} back room`,
      is_default: 0,
      active: 1,
      created_at: now - MONTHS * 30 * DAY,
      updated_at: now - MONTHS * 30 * DAY,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const items = await db
    .selectFrom('items as i')
    .leftJoin('categories as c', 'c.id', 'i.category_id')
    .select(['i.id', 'i.cost_cents', 'i.category_id', 'c.name as category'])
    .where('i.company_id', '=', companyId)
    .where('i.track_stock', '=', 1)
    .orderBy('i.id')
    .execute();
  if (items.length === 0) return;

  // Vendors: each supplies the categories it names; the other categories go round all of them.
  const company = await db.selectFrom('companies').select('slug').where('id', '=', companyId).executeTakeFirst();
  const vendors = VENDORS[company?.slug ?? ''] ?? VENDORS[DEFAULT_VENDORS]!;
  const categories = [...new Set(items.map((i) => i.category_id ?? 0))];
  const vendorIds: number[] = [];
  for (const { categories: _supplies, ...v } of vendors) {
    const row = await db
      .insertInto('vendors')
      .values({ company_id: companyId, ...v, address: '', note: '', active: 1, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    vendorIds.push(row.id);
  }
  const vendorOf = (item: (typeof items)[number]) => {
    const named = vendors.findIndex((v) => item.category !== null && v.categories?.includes(item.category));
    return vendorIds[named >= 0 ? named : categories.indexOf(item.category_id ?? 0) % vendorIds.length]!;
  };
  await db
    .insertInto('vendor_items')
    .values(
      items.map((i) => ({
        company_id: companyId,
        vendor_id: vendorOf(i),
        item_id: i.id,
        vendor_sku: `V-${i.id}`,
        cost_cents: Number(i.cost_cents),
      })),
    )
    .execute();

  // What each warehouse sold per month (the sales ledger rows), and a weekly average.
  const start = now - MONTHS * 30 * DAY;
  const monthOf = (at: number) => Math.min(MONTHS - 1, Math.max(0, Math.floor((at - start) / (30 * DAY))));
  const sold = await db
    .selectFrom('stock_ledger')
    .select(['item_id', 'warehouse_id', 'quantity', 'created_at'])
    .where('company_id', '=', companyId)
    .where('document_type', '=', 'receipt')
    .execute();
  const perMonth = new Map<string, number>(); // `${warehouse}:${item}:${month}` -> units out
  for (const s of sold) {
    const key = `${s.warehouse_id}:${s.item_id}:${monthOf(Number(s.created_at))}`;
    perMonth.set(key, (perMonth.get(key) ?? 0) - Number(s.quantity));
  }
  const weekly = (warehouseId: number, itemId: number) => {
    let total = 0;
    for (let m = 0; m < MONTHS; m += 1) total += perMonth.get(`${warehouseId}:${itemId}:${m}`) ?? 0;
    return Math.ceil(total / (MONTHS * 30)) * 7;
  };
  /** The low-stock threshold: a week of sales, at least 5. */
  const threshold = (warehouseId: number, itemId: number) => Math.max(5, weekly(warehouseId, itemId));
  const safety = (warehouseId: number, itemId: number) => Math.max(20, 2 * weekly(warehouseId, itemId));
  // A few items end below their threshold at the main warehouse: no safety stock for them.
  const shortItems = new Set(items.slice(0, 3).map((i) => i.id));

  const document = (at: number) => ({
    company_id: companyId,
    created_by: userId,
    created_at: at,
    updated_by: userId,
    updated_at: at,
  });

  // Purchase orders: one per vendor, warehouse and month, received two days after it was ordered.
  for (let m = 0; m < MONTHS; m += 1) {
    const orderedAt = start + m * 30 * DAY;
    const receivedAt = orderedAt + 2 * DAY;
    for (const warehouse of warehouses) {
      for (const vendorId of vendorIds) {
        const lines = items
          .filter((i) => vendorOf(i) === vendorId)
          .map((i) => {
            let quantity = perMonth.get(`${warehouse.id}:${i.id}:${m}`) ?? 0;
            // Safety stock on the first order, except for the few that end below their threshold.
            if (m === 0 && !(shortItems.has(i.id) && warehouse.id === main.id)) quantity += safety(warehouse.id, i.id);
            return { item: i, quantity };
          })
          .filter((l) => l.quantity > 0);
        if (lines.length === 0) continue;
        const number = await reserveNumbers(db, companyId, 'purchase_order');
        const po = await db
          .insertInto('purchase_orders')
          .values({
            ...document(orderedAt - DAY),
            number,
            vendor_id: vendorId,
            warehouse_id: warehouse.id,
            status: 'received',
            expected_at: receivedAt,
            note: '',
            ordered_by: userId,
            ordered_at: orderedAt,
            received_by: userId,
            received_at: receivedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('purchase_order_lines')
          .values(
            lines.map((l, position) => ({
              company_id: companyId,
              purchase_order_id: po.id,
              item_id: l.item.id,
              position,
              quantity: l.quantity,
              received_quantity: l.quantity,
              cost_cents: Number(l.item.cost_cents),
            })),
          )
          .execute();
        await postLedger(db, {
          companyId,
          documentType: 'purchase_order',
          documentId: po.id,
          userId,
          now: receivedAt,
          refuseShortage: false,
          entries: lines.map((l) => ({
            itemId: l.item.id,
            warehouseId: warehouse.id,
            kind: 'receipt' as const,
            quantity: l.quantity,
            unitCostCents: Number(l.item.cost_cents),
            updatesAverage: true,
          })),
        });
      }
    }

    // A transfer of a few items to the back room (and back) each month, received the same day.
    const moved = items.slice(3, 6);
    const transferAt = receivedAt + DAY;
    const number = await reserveNumbers(db, companyId, 'transfer');
    const transfer = await db
      .insertInto('transfers')
      .values({
        ...document(transferAt),
        number,
        from_warehouse_id: main.id,
        to_warehouse_id: backRoom.id,
        status: 'received',
        note: 'Overflow to the back room',
        sent_by: userId,
        sent_at: transferAt,
        received_by: userId,
        received_at: transferAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('transfer_lines')
      .values(
        moved.map((i, position) => ({
          company_id: companyId,
          transfer_id: transfer.id,
          item_id: i.id,
          position,
          quantity: 4,
          unit_cost_cents: Number(i.cost_cents),
        })),
      )
      .execute();
    await postLedger(db, {
      companyId,
      documentType: 'transfer',
      documentId: transfer.id,
      userId,
      now: transferAt,
      refuseShortage: false,
      entries: moved.flatMap((i): LedgerEntry[] => [
        { itemId: i.id, warehouseId: main.id, kind: 'transfer_out', quantity: -4, unitCostCents: Number(i.cost_cents) },
        {
          itemId: i.id,
          warehouseId: backRoom.id,
          kind: 'transfer_in',
          quantity: 4,
          unitCostCents: Number(i.cost_cents),
        },
      ]),
    });

    // A damaged unit written off mid-month.
    const damagedAt = orderedAt + 15 * DAY;
    const damaged = items[3 + ((m * 5 + 4) % Math.max(1, items.length - 3))] ?? items[0]!;
    const adjustment = await db
      .insertInto('adjustments')
      .values({
        ...document(damagedAt),
        number: await reserveNumbers(db, companyId, 'adjustment'),
        warehouse_id: main.id,
        reason: 'damage',
        note: 'Dropped on the shop floor',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('adjustment_lines')
      .values({
        company_id: companyId,
        adjustment_id: adjustment.id,
        item_id: damaged.id,
        position: 0,
        quantity: -1,
        unit_cost_cents: Number(damaged.cost_cents),
      })
      .execute();
    await postLedger(db, {
      companyId,
      documentType: 'adjustment',
      documentId: adjustment.id,
      userId,
      now: damagedAt,
      refuseShortage: false,
      entries: [{ itemId: damaged.id, warehouseId: main.id, kind: 'adjustment', quantity: -1, reason: 'damage' }],
    });
  }

  // Thresholds at each location's warehouse.
  for (const warehouse of warehouses) {
    for (const i of items) {
      const low = threshold(warehouse.id, i.id);
      await db
        .insertInto('stock_levels')
        .values({
          company_id: companyId,
          item_id: i.id,
          warehouse_id: warehouse.id,
          on_hand: 0,
          low_stock: low,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(['item_id', 'warehouse_id']).doUpdateSet({ low_stock: low }))
        .execute();
    }
  }

  // Yesterday's count of a few shelves at the main warehouse: one unit short each.
  const countAt = now - DAY;
  const counted = items.slice(6, 9);
  const levels = await db
    .selectFrom('stock_levels')
    .select(['item_id', 'on_hand'])
    .where('warehouse_id', '=', main.id)
    .where(
      'item_id',
      'in',
      counted.map((i) => i.id),
    )
    .execute();
  const onHand = new Map(levels.map((l) => [l.item_id, Number(l.on_hand)]));
  const count = await db
    .insertInto('stock_counts')
    .values({
      ...document(countAt),
      number: await reserveNumbers(db, companyId, 'stock_count'),
      warehouse_id: main.id,
      note: 'Shelf check',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('stock_count_lines')
    .values(
      counted.map((i, position) => ({
        company_id: companyId,
        count_id: count.id,
        item_id: i.id,
        position,
        expected: onHand.get(i.id) ?? 0,
        counted: Math.max(0, (onHand.get(i.id) ?? 0) - 1),
      })),
    )
    .execute();
  await postLedger(db, {
    companyId,
    documentType: 'count',
    documentId: count.id,
    userId,
    now: countAt,
    refuseShortage: false,
    entries: counted.map((i) => ({
      itemId: i.id,
      warehouseId: main.id,
      kind: 'count' as const,
      quantity: Math.max(0, (onHand.get(i.id) ?? 0) - 1) - (onHand.get(i.id) ?? 0),
    })),
  });

  // Today: the short items ordered from their vendor, and a draft for next week.
  for (const [status, at] of [
    ['ordered', now - DAY / 2],
    ['draft', now - DAY / 4],
  ] as const) {
    const item = items[status === 'ordered' ? 0 : 1]!;
    const po = await db
      .insertInto('purchase_orders')
      .values({
        ...document(at),
        number: await reserveNumbers(db, companyId, 'purchase_order'),
        vendor_id: vendorOf(item),
        warehouse_id: main.id,
        status,
        expected_at: now + 3 * DAY,
        note: '',
        ...(status === 'ordered' ? { ordered_by: userId, ordered_at: at } : {}),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('purchase_order_lines')
      .values({
        company_id: companyId,
        purchase_order_id: po.id,
        item_id: item.id,
        position: 0,
        quantity: safety(main.id, item.id),
        received_quantity: 0,
        cost_cents: Number(item.cost_cents),
      })
      .execute();
  }
}
