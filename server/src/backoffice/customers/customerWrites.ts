import type { Insertable } from 'kysely';
import type { Db } from '../../module';
import type { CustomersTable } from './tables';

/** A customer another module creates (the invoicing demo's wholesale customer). */
export async function insertCustomer(db: Db, values: Insertable<CustomersTable>): Promise<void> {
  await db.insertInto('customers').values(values).execute();
}
