import type { Transaction } from 'kysely';
import type { Database } from '../../database';
import { nextNumber } from '../../platform/db/counters';
import type { StockSetPost } from '../../module';
import { postLedger } from './ledger';

/**
 * Sets items' stock to quantities on hand for another module (the catalog's items import, through
 * `reactions.stockSet`): the difference from what is on hand now, read in the same transaction, is
 * an ordinary adjustment (reason "correction", the note given) per warehouse, through the ledger
 * like every stock change. Warehouses and items not of the company are left out.
 */
export async function setStock(trx: Transaction<Database>, companyId: number, post: StockSetPost): Promise<void> {
  if (post.lines.length === 0) return;
  const [warehouses, items, levels] = await Promise.all([
    trx.selectFrom('warehouses').select('id').where('company_id', '=', companyId).execute(),
    trx.selectFrom('items').select(['id', 'cost_cents']).where('company_id', '=', companyId).execute(),
    trx
      .selectFrom('stock_levels')
      .select(['item_id', 'warehouse_id', 'on_hand'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  const known = new Set(warehouses.map((w) => w.id));
  const costs = new Map(items.map((i) => [i.id, Number(i.cost_cents)]));
  const onHand = new Map(levels.map((l) => [`${l.item_id}:${l.warehouse_id}`, Number(l.on_hand)]));
  const byWarehouse = new Map<number, { itemId: number; quantity: number }[]>();
  for (const line of post.lines) {
    if (!known.has(line.warehouseId) || !costs.has(line.itemId)) continue;
    const quantity = line.onHand - (onHand.get(`${line.itemId}:${line.warehouseId}`) ?? 0);
    if (quantity === 0) continue;
    byWarehouse.set(line.warehouseId, [
      ...(byWarehouse.get(line.warehouseId) ?? []),
      { itemId: line.itemId, quantity },
    ]);
  }
  for (const [warehouseId, lines] of [...byWarehouse].sort((a, b) => a[0] - b[0])) {
    const number = await nextNumber(trx, companyId, 'adjustment');
    const row = await trx
      .insertInto('adjustments')
      .values({
        company_id: companyId,
        number,
        warehouse_id: warehouseId,
        reason: 'correction',
        note: post.note,
        created_by: post.userId,
        created_at: post.now,
        updated_by: post.userId,
        updated_at: post.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('adjustment_lines')
      .values(
        lines.map((l, position) => ({
          company_id: companyId,
          adjustment_id: row.id,
          item_id: l.itemId,
          position,
          quantity: l.quantity,
          unit_cost_cents: costs.get(l.itemId)!,
        })),
      )
      .execute();
    // Quantities set, never below zero: nothing to refuse.
    await postLedger(trx, {
      companyId,
      documentType: 'adjustment',
      documentId: row.id,
      userId: post.userId,
      now: post.now,
      refuseShortage: false,
      entries: lines.map((l) => ({
        itemId: l.itemId,
        warehouseId,
        kind: 'adjustment' as const,
        quantity: l.quantity,
        unitCostCents: costs.get(l.itemId)!,
        reason: 'correction',
      })),
    });
  }
}
