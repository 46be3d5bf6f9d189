import { type Kysely, sql } from 'kysely';
import type {
  DayRange,
  ItemSalesReport,
  ItemSalesRow,
  ModifierSalesRow,
} from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { inWindow, n, reportMeta, rollupScope, sumOf, timeWindow, type ReportContext } from './frame';
import { categoryNames, categoryRows, itemGroups, type ItemGroup } from './items';

/*
 * /itemsales: per item (a catalog item by its id, under its current name; a line typed in at the
 * register by the name it was sold under) and per category: quantity sold and refunded, net sales,
 * cost, profit and margin; the modifiers sold (rollup_modifiers, or the employee's lines).
 */

interface ItemTotal {
  key: string;
  itemId: number | null;
  soldName: string;
  categoryId: number | null;
  sold: number;
  refunded: number;
  net: number;
  cost: number;
}

function byItem(groups: readonly ItemGroup[]): Map<string, ItemTotal> {
  const out = new Map<string, ItemTotal>();
  for (const g of groups) {
    const key = g.itemId === null ? `name:${g.name}` : `item:${g.itemId}`;
    const row = out.get(key) ?? {
      key,
      itemId: g.itemId,
      soldName: g.name,
      categoryId: g.categoryId,
      sold: 0,
      refunded: 0,
      net: 0,
      cost: 0,
    };
    row.sold += g.soldQty;
    row.refunded += g.refundedQty;
    row.net += g.netCents - g.refundCents;
    row.cost += g.costCents - g.refundCostCents;
    // The category it sold in most recently... any of them: the item's own category wins below.
    if (row.categoryId === null) row.categoryId = g.categoryId;
    out.set(key, row);
  }
  return out;
}

async function modifierRows(db: Kysely<Database>, ctx: ReportContext, range: DayRange): Promise<ModifierSalesRow[]> {
  let rows: { name: string; sold_qty: unknown; amount: unknown; refunded_qty: unknown; refund_amount: unknown }[];
  if (ctx.employeeId === null) {
    rows = await db
      .selectFrom('rollup_modifiers')
      .select([
        'name',
        sumOf('sold_qty').as('sold_qty'),
        sumOf('amount_cents').as('amount'),
        sumOf('refunded_qty').as('refunded_qty'),
        sumOf('refund_amount_cents').as('refund_amount'),
      ])
      .where(rollupScope(ctx, range, { employee: false }))
      .groupBy('name')
      .execute();
  } else {
    // A refund line returns the modifiers of the sale line it refunds.
    rows = await db
      .selectFrom('receipt_lines as l')
      .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
      .innerJoin('receipt_line_modifiers as m', (join) =>
        join.on(sql`m.line_id`, '=', sql`case when r.kind = 'refund' then l.refund_of_line_id else l.id end`),
      )
      .select([
        'm.name',
        sql<number>`coalesce(sum(case when r.kind = 'sale' then l.quantity else 0 end), 0)`.as('sold_qty'),
        sql<number>`coalesce(sum(case when r.kind = 'sale' then l.quantity * m.price_cents else 0 end), 0)`.as(
          'amount',
        ),
        sql<number>`coalesce(sum(case when r.kind = 'refund' then l.quantity else 0 end), 0)`.as('refunded_qty'),
        sql<number>`coalesce(sum(case when r.kind = 'refund' then l.quantity * m.price_cents else 0 end), 0)`.as(
          'refund_amount',
        ),
      ])
      .where('r.company_id', '=', ctx.companyId)
      .where('r.employee_id', '=', ctx.employeeId)
      .where(inWindow(timeWindow(ctx, range), 'r.created_at', 'r.location_id'))
      .groupBy('m.name')
      .execute();
  }
  return rows
    .map((r) => ({
      name: r.name,
      soldQuantity: n(r.sold_qty),
      refundedQuantity: n(r.refunded_qty),
      amountCents: n(r.amount) - n(r.refund_amount),
    }))
    .sort((a, b) => b.soldQuantity - a.soldQuantity || a.name.localeCompare(b.name));
}

export async function itemSalesReport(db: Kysely<Database>, ctx: ReportContext): Promise<ItemSalesReport> {
  const current = await itemGroups(db, ctx, ctx.range);
  const previous = ctx.previous ? await itemGroups(db, ctx, ctx.previous) : null;
  const modifiers = await modifierRows(db, ctx, ctx.range);
  const [catalog, categories] = await Promise.all([
    db
      .selectFrom('items')
      .select(['id', 'name', 'category_id'])
      .where('company_id', '=', ctx.companyId)
      .execute()
      .then((rows) => new Map(rows.map((r) => [r.id, r]))),
    categoryNames(db, ctx.companyId),
  ]);
  const now = byItem(current);
  const before = previous ? byItem(previous) : null;
  const items: ItemSalesRow[] = [...now.values()]
    .map((row) => {
      const item = row.itemId === null ? undefined : catalog.get(row.itemId);
      const categoryId = item ? item.category_id : row.categoryId;
      const profit = row.net - row.cost;
      return {
        key: row.key,
        itemId: row.itemId,
        name: item?.name ?? row.soldName,
        category: categoryId === null ? null : (categories.get(categoryId) ?? null),
        soldQuantity: row.sold,
        refundedQuantity: row.refunded,
        netSalesCents: row.net,
        costOfGoodsCents: row.cost,
        grossProfitCents: profit,
        margin: row.net === 0 ? null : profit / row.net,
        previousNetSalesCents: before ? (before.get(row.key)?.net ?? 0) : null,
      };
    })
    .sort((a, b) => b.netSalesCents - a.netSalesCents || a.name.localeCompare(b.name));
  const total = (rows: Iterable<ItemTotal>) => {
    const t = { soldQuantity: 0, refundedQuantity: 0, netSalesCents: 0, costOfGoodsCents: 0, grossProfitCents: 0 };
    for (const r of rows) {
      t.soldQuantity += r.sold;
      t.refundedQuantity += r.refunded;
      t.netSalesCents += r.net;
      t.costOfGoodsCents += r.cost;
    }
    t.grossProfitCents = t.netSalesCents - t.costOfGoodsCents;
    return t;
  };
  return {
    ...reportMeta(ctx),
    items,
    categories: categoryRows(current, previous, categories, ''),
    modifiers,
    totals: { current: total(now.values()), previous: before ? total(before.values()) : null },
  };
}
