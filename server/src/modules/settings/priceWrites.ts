import type { Db } from '../../module';

/*
 * The writes other modules make to the price levels' prices (the catalog's price lists): settings
 * owns the price levels, so they are written here, in the caller's transaction (`db`).
 */

/** An item's price on a price level; null takes it off (the item sells at its own price there). */
export async function setItemLevelPrice(
  db: Db,
  companyId: number,
  change: { itemId: number; levelId: number; priceCents: number | null },
): Promise<void> {
  await db
    .deleteFrom('item_level_prices')
    .where('company_id', '=', companyId)
    .where('item_id', '=', change.itemId)
    .where('price_level_id', '=', change.levelId)
    .execute();
  if (change.priceCents !== null) {
    await db
      .insertInto('item_level_prices')
      .values({
        company_id: companyId,
        item_id: change.itemId,
        price_level_id: change.levelId,
        mode: 'price',
        price_cents: change.priceCents,
        percent_bp: null,
      })
      .execute();
  }
}
