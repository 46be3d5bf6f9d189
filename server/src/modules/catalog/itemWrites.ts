import type { Db } from '../../module';

/*
 * The writes other modules make to the items (inventory's average cost): the catalog owns them,
 * so they are written here, in the caller's transaction (`db`).
 */

/** The item's cost: the moving average inventory keeps from its receipts of stock. */
export async function setItemCost(db: Db, companyId: number, itemId: number, costCents: number, now: number) {
  await db
    .updateTable('items')
    .set({ cost_cents: costCents, updated_at: now })
    .where('id', '=', itemId)
    .where('company_id', '=', companyId)
    .execute();
}
