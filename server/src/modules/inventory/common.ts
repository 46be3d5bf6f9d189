import { sql, type Transaction } from 'kysely';
import type { DocumentAction } from '@hive/shared/schemas/backoffice/inventory';
import type { Database } from '../../database';
import { fieldProblem, isPostgres, money, notFound, refused, type Db } from '../merchant';

// Kept here too for inventory's own files; other areas import them from ../common.
export { isPostgres, userNames, type Db } from '../merchant';

/** A warehouse the form named must be the company's (and active): 400 on the field otherwise. */
export async function checkWarehouse(db: Db, companyId: number, id: number, field = 'warehouseId'): Promise<void> {
  const row = await db
    .selectFrom('warehouses')
    .select('active')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row || Number(row.active) !== 1) throw fieldProblem(field, 'choose one of the options');
}

/** Items named by the lines must be the company's stock-tracked items: 400 on `lines` otherwise. */
export async function checkItems(
  db: Db,
  companyId: number,
  itemIds: number[],
  field = 'lines',
  { tracked = true }: { tracked?: boolean } = {},
): Promise<void> {
  const unique = [...new Set(itemIds)];
  if (unique.length === 0) return;
  let query = db.selectFrom('items').select('id').where('company_id', '=', companyId).where('id', 'in', unique);
  if (tracked) query = query.where('track_stock', '=', 1);
  const found = await query.execute();
  if (found.length !== unique.length) {
    throw fieldProblem(field, tracked ? 'choose items whose stock is tracked' : 'choose one of the options');
  }
}

export const action = (names: Map<number, string>, by: number | null, at: number | null): DocumentAction => ({
  by: by === null ? null : (names.get(by) ?? null),
  at: at === null ? null : Number(at),
});

/**
 * Locks a document row for a state change and checks that its status allows the action: 404 when
 * it is not the company's, 409 `invalid_transition` when the status does not allow it.
 * PostgreSQL: FOR UPDATE, so of two concurrent actions on one document the second waits and reads
 * the state the first left (READ COMMITTED re-reads the row); SQLite runs one writer at a time.
 */
export async function lockForAction(
  trx: Transaction<Database>,
  document: { table: 'purchase_orders' | 'transfers'; what: string; companyId: number; id: number },
  action: { allowedFrom: readonly string[]; done: string },
): Promise<string> {
  const { table, what, companyId, id } = document;
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const result = await sql<{
    status: string;
  }>`select status from ${sql.table(table)} where id = ${id} and company_id = ${companyId}${lock}`.execute(trx);
  const status = result.rows[0]?.status;
  if (status === undefined) throw notFound(what);
  if (!action.allowedFrom.includes(status)) throw wrongState(what, action.done, status);
  return status;
}

/** 409 for an action the document's state does not allow. */
export function wrongState(what: string, actionName: string, status: string) {
  return refused('invalid_transition', `This ${what} is ${status.replace(/_/g, ' ')}: it cannot be ${actionName}.`, {
    status,
    action: actionName,
  });
}

export const costOf = (cents: number | string | null) => money(cents === null ? 0 : Number(cents));

export interface InventoryOptions {
  warehouses: { id: number; name: string; locationId: number | null; isDefault: boolean }[];
  items: { id: number; name: string; sku: string; cost: number }[];
  vendors: { id: number; name: string }[];
}

/** What the inventory forms choose from: active warehouses, stock-tracked items, active vendors. */
export async function inventoryOptions(db: Db, companyId: number): Promise<InventoryOptions> {
  const [warehouses, items, vendors] = await Promise.all([
    db
      .selectFrom('warehouses')
      .select(['id', 'name', 'location_id', 'is_default'])
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy(sql`lower(name)`)
      .execute(),
    db
      .selectFrom('items')
      .select(['id', 'name', 'sku', 'cost_cents'])
      .where('company_id', '=', companyId)
      .where('track_stock', '=', 1)
      .orderBy(sql`lower(name)`)
      .execute(),
    db
      .selectFrom('vendors')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy(sql`lower(name)`)
      .execute(),
  ]);
  return {
    warehouses: warehouses.map((w) => ({
      id: w.id,
      name: w.name,
      locationId: w.location_id,
      isDefault: Number(w.is_default) === 1,
    })),
    items: items.map((i) => ({ id: i.id, name: i.name, sku: i.sku, cost: costOf(i.cost_cents) })),
    vendors,
  };
}
