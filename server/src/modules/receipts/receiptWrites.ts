import type { Db } from '../../module';

/*
 * The writes other modules make to the receipts' tables (the back-office's shift close, the
 * report roll-ups' cost stamps): this module owns them, so they are written here, each in the
 * caller's transaction (`db`).
 */

/** Who closed the shift from the back-office (the close itself is a posted register event). */
export async function recordShiftCloser(
  db: Db,
  companyId: number,
  shiftId: number,
  closer: { userId: number; email: string },
): Promise<void> {
  await db
    .updateTable('shifts')
    .set({ closed_by_user_id: closer.userId, closed_by_email: closer.email })
    .where('id', '=', shiftId)
    .where('company_id', '=', companyId)
    .execute();
}

/** Lines posted without a unit cost get the one they were costed at (one chunk of ids a call). */
export async function stampLineCosts(db: Db, lineIds: readonly number[], unitCostCents: number): Promise<void> {
  await db.updateTable('receipt_lines').set({ unit_cost_cents: unitCostCents }).where('id', 'in', lineIds).execute();
}
