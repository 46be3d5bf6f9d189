import { sql, type Insertable } from 'kysely';
import { caseOf } from '../../platform/db';
import type { Db } from '../../module';
import type { CustomersTable } from './tables';

/** A customer another module creates (the invoicing demo's wholesale customer). */
export async function insertCustomer(db: Db, values: Insertable<CustomersTable>): Promise<void> {
  await db.insertInto('customers').values(values).execute();
}

/**
 * Moves one customer's points balance by `delta` (loyalty's ledger, in the caller's transaction).
 * Conditional, so a balance never goes below zero: the new balance, or null when it would have.
 */
export async function moveCustomerPoints(
  trx: Db,
  ref: { companyId: number; customerId: number },
  delta: number,
): Promise<number | null> {
  const updated = await trx
    .updateTable('customers')
    .set({ points: sql`points + ${delta}` })
    .where('id', '=', ref.customerId)
    .where('company_id', '=', ref.companyId)
    .where(sql<boolean>`points + ${delta} >= 0`)
    .returning('points')
    .executeTakeFirst();
  return updated ? Number(updated.points) : null;
}

/** Moves several customers' balances at once (`deltas`: customer id -> points): each one's new balance. */
export async function moveManyCustomersPoints(
  trx: Db,
  companyId: number,
  deltas: ReadonlyMap<number, number>,
): Promise<{ id: number; points: number }[]> {
  const rows = await trx
    .updateTable('customers')
    .set({ points: sql`points + ${caseOf('id', deltas, 'integer')}` })
    .where('company_id', '=', companyId)
    .where('id', 'in', [...deltas.keys()])
    .returning(['id', 'points'])
    .execute();
  return rows.map((row) => ({ id: row.id, points: Number(row.points) }));
}
