import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../database';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Every location of the company has its default warehouse (named after the location; "<name>
 * stock" when a warehouse already has that name). Idempotent: called in the transaction that
 * creates a company or a location (the inventory module's company set-up and locationsAdded).
 */
export async function ensureDefaultWarehouses(db: Db, companyId: number, now: number): Promise<void> {
  const missing = await db
    .selectFrom('locations as l')
    .select(['l.id', 'l.name'])
    .where('l.company_id', '=', companyId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('warehouses as w')
            .select(sql.lit(1).as('one'))
            .whereRef('w.location_id', '=', 'l.id')
            .where('w.is_default', '=', 1),
        ),
      ),
    )
    .orderBy('l.id')
    .execute();
  for (const location of missing) {
    const taken = await db
      .selectFrom('warehouses')
      .select('name')
      .where('company_id', '=', companyId)
      .where('name', 'in', [location.name, `${location.name} stock`])
      .execute();
    const names = new Set(taken.map((t) => t.name));
    let name = location.name;
    if (names.has(name)) name = `${location.name} stock`;
    if (names.has(name)) name = `${location.name} stock ${location.id}`;
    await db
      .insertInto('warehouses')
      .values({
        company_id: companyId,
        location_id: location.id,
        name,
        is_default: 1,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
