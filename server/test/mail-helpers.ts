import assert from 'node:assert/strict';
import type { Kysely } from 'kysely';
import type { Database } from '../src/database';
import { api } from './admin-helpers';
import type { Client } from './helpers';

/** Shared by the mail limit tests (mail-limits.test.ts, scale-out.test.ts). */

export const PO = '/api/backoffice/inventory/purchase_orders';

/** `count` purchase orders of `slug`'s first vendor, ordered (so they may be e-mailed). */
export async function orderedPurchaseOrders(database: Kysely<Database>, owner: Client, slug: string, count: number) {
  const company = (
    await database.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()
  ).id;
  const vendor = await database
    .selectFrom('vendors')
    .select(['id', 'email'])
    .where('company_id', '=', company)
    .where('email', '<>', '')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const warehouse = await database
    .selectFrom('warehouses')
    .select('id')
    .where('company_id', '=', company)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const item = await database
    .selectFrom('items')
    .select('id')
    .where('company_id', '=', company)
    .where('track_stock', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await api(owner, 'POST', `${PO}`, {
      vendorId: vendor.id,
      warehouseId: warehouse.id,
      expectedAt: null,
      note: '',
      lines: [{ itemId: item.id, quantity: 1, cost: 1 }],
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal((await api(owner, 'POST', `${PO}/${created.body.id}/order`, {})).status, 200);
    ids.push(created.body.id as number);
  }
  return { ids, vendorEmail: vendor.email.toLowerCase() };
}
