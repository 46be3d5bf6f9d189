import { sql, type Kysely } from 'kysely';
import type { CategoryBreakdownRow, DayRange } from '@hive/shared/schemas/backoffice/reports';
import type { Database } from '../../database';
import { inWindow, n, rollupScope, sumOf, timeWindow, type ReportContext } from './frame';

/*
 * Sales by item (and so by category): from rollup_items, which has no employee in its key (it
 * would be as large as the receipt lines); with the employee filter, from that employee's receipt
 * lines, added up the same way.
 */

export interface ItemGroup {
  itemId: number | null;
  categoryId: number | null;
  /** The name the lines were sold under. */
  name: string;
  soldQty: number;
  netCents: number;
  costCents: number;
  refundedQty: number;
  refundCents: number;
  refundCostCents: number;
}

export async function itemGroups(db: Kysely<Database>, ctx: ReportContext, range: DayRange): Promise<ItemGroup[]> {
  if (ctx.employeeId === null) {
    const rows = await db
      .selectFrom('rollup_items')
      .select([
        'item_id',
        'category_id',
        'name',
        sumOf('sold_qty').as('sold_qty'),
        sumOf('net_cents').as('net_cents'),
        sumOf('cost_cents').as('cost_cents'),
        sumOf('refunded_qty').as('refunded_qty'),
        sumOf('refund_cents').as('refund_cents'),
        sumOf('refund_cost_cents').as('refund_cost_cents'),
      ])
      .where(rollupScope(ctx, range, { employee: false }))
      .groupBy(['item_id', 'category_id', 'name'])
      .execute();
    return rows.map((r) => ({
      itemId: r.item_id === 0 ? null : r.item_id,
      categoryId: r.category_id === 0 ? null : r.category_id,
      name: r.name,
      soldQty: n(r.sold_qty),
      netCents: n(r.net_cents),
      costCents: n(r.cost_cents),
      refundedQty: n(r.refunded_qty),
      refundCents: n(r.refund_cents),
      refundCostCents: n(r.refund_cost_cents),
    }));
  }
  const window = timeWindow(ctx, range);
  const rows = await db
    .selectFrom('receipt_lines as l')
    .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
    .select([
      'l.item_id',
      'l.category_id',
      'l.name',
      'r.kind',
      sumOf('l.quantity').as('qty'),
      sumOf('l.net_cents').as('net'),
      sql<number>`coalesce(sum(l.quantity * coalesce(l.unit_cost_cents, 0)), 0)`.as('cost'),
    ])
    .where('r.company_id', '=', ctx.companyId)
    .where('r.employee_id', '=', ctx.employeeId)
    .where(inWindow(window, 'r.created_at', 'r.location_id'))
    .groupBy(['l.item_id', 'l.category_id', 'l.name', 'r.kind'])
    .execute();
  const groups = new Map<string, ItemGroup>();
  for (const r of rows) {
    const key = `${r.item_id}|${r.category_id}|${r.name}`;
    const g = groups.get(key) ?? {
      itemId: r.item_id,
      categoryId: r.category_id,
      name: r.name,
      soldQty: 0,
      netCents: 0,
      costCents: 0,
      refundedQty: 0,
      refundCents: 0,
      refundCostCents: 0,
    };
    if (r.kind === 'sale') {
      g.soldQty += n(r.qty);
      g.netCents += n(r.net);
      g.costCents += n(r.cost);
    } else {
      g.refundedQty += n(r.qty);
      g.refundCents += n(r.net);
      g.refundCostCents += n(r.cost);
    }
    groups.set(key, g);
  }
  return [...groups.values()];
}

export async function categoryNames(db: Kysely<Database>, companyId: number): Promise<Map<number, string>> {
  return new Map(
    (await db.selectFrom('categories').select(['id', 'name']).where('company_id', '=', companyId).execute()).map(
      (c) => [c.id, c.name],
    ),
  );
}

/** Items grouped by category: sold minus refunded. `noCategory` names the lines without one. */
export function categoryRows(
  groups: readonly ItemGroup[],
  previous: readonly ItemGroup[] | null,
  names: Map<number, string>,
  noCategory: string,
): CategoryBreakdownRow[] {
  const sum = (list: readonly ItemGroup[]) => {
    const out = new Map<string, { quantity: number; net: number; cost: number; categoryId: number | null }>();
    for (const g of list) {
      const key = g.categoryId === null ? 'none' : String(g.categoryId);
      const row = out.get(key) ?? { quantity: 0, net: 0, cost: 0, categoryId: g.categoryId };
      row.quantity += g.soldQty - g.refundedQty;
      row.net += g.netCents - g.refundCents;
      row.cost += g.costCents - g.refundCostCents;
      out.set(key, row);
    }
    return out;
  };
  const current = sum(groups);
  const before = previous ? sum(previous) : null;
  return [...current.entries()]
    .map(([key, r]) => ({
      key,
      name: r.categoryId === null ? noCategory : (names.get(r.categoryId) ?? noCategory),
      quantity: r.quantity,
      netSalesCents: r.net,
      costOfGoodsCents: r.cost,
      grossProfitCents: r.net - r.cost,
      previousNetSalesCents: before ? (before.get(key)?.net ?? 0) : null,
    }))
    .sort((a, b) => b.netSalesCents - a.netSalesCents || a.name.localeCompare(b.name));
}
