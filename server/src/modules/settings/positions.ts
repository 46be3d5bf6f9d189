import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../database';
import { HttpError } from '../../platform/http';
import { lockCompanyRows } from '../merchant';

type Db = Kysely<Database> | Transaction<Database>;
type OrderedTable = 'order_types' | 'payment_types';

/** The position after the company's last row (new types go to the end of the list). */
export async function nextPosition(db: Db, table: OrderedTable, companyId: number): Promise<number> {
  const row = await sql<{ last: number | null; n: number }>`
    select max(position) as last, count(*) as n from ${sql.table(table)} where company_id = ${companyId}`
    .execute(db)
    .then((r) => r.rows[0]);
  return Number(row?.last ?? 0) + 1;
}

/** How many rows the company has of `table`. */
export async function countOf(db: Db, table: OrderedTable, companyId: number): Promise<number> {
  const row = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where company_id = ${companyId}`
    .execute(db)
    .then((r) => r.rows[0]);
  return Number(row?.n ?? 0);
}

/**
 * Puts the company's rows of `table` in the order of `ids` (positions 1, 2, 3 ...). `ids` must name
 * each of the company's rows exactly once: a list made from an old page (a type added or deleted
 * meanwhile) is a 409, never a half-applied order.
 */
export async function reorder(
  db: Kysely<Database>,
  table: OrderedTable,
  companyId: number,
  ids: number[],
  now: number,
) {
  await db.transaction().execute(async (trx) => {
    await lockCompanyRows(trx, table, companyId);
    const current = (
      await sql<{ id: number }>`select id from ${sql.table(table)} where company_id = ${companyId}`.execute(trx)
    ).rows.map((r) => Number(r.id));
    const wanted = new Set(ids);
    if (current.length !== ids.length || current.some((id) => !wanted.has(id))) {
      throw new HttpError(409, {
        error: 'stale_order',
        message: 'The list changed meanwhile: reload it and try again.',
      });
    }
    for (const [index, id] of ids.entries()) {
      await sql`update ${sql.table(table)} set position = ${index + 1}, updated_at = ${now}
        where id = ${id} and company_id = ${companyId}`.execute(trx);
    }
  });
}
