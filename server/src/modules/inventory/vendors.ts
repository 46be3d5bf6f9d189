import express, { type Router } from 'express';
import { sql } from 'kysely';
import { vendorInputSchema, type Vendor, type VendorInput } from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  merchantOf,
  requirePage,
  cents,
  conflictOr,
  idParam,
  noStore,
  notFound,
  refused,
  type ExportColumn,
} from '../merchant';
import { checkItems, costOf, inventoryOptions, type Db } from './common';

const PAGE = '/vendors';
const NAME_TAKEN = 'another vendor already has this name';

async function loadVendors(db: Db, companyId: number, only?: number): Promise<Vendor[]> {
  let query = db.selectFrom('vendors').selectAll().where('company_id', '=', companyId);
  if (only !== undefined) query = query.where('id', '=', only);
  const rows = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('vendor_items as v')
    .innerJoin('items as i', 'i.id', 'v.item_id')
    .select(['v.vendor_id', 'v.item_id', 'i.name', 'i.sku', 'v.vendor_sku', 'v.cost_cents'])
    .where('v.company_id', '=', companyId)
    .where(
      'v.vendor_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy(sql`lower(i.name)`)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    contactName: r.contact_name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    note: r.note,
    active: Number(r.active) === 1,
    items: items
      .filter((i) => i.vendor_id === r.id)
      .map((i) => ({
        itemId: i.item_id,
        itemName: i.name,
        sku: i.sku,
        vendorSku: i.vendor_sku,
        cost: costOf(i.cost_cents),
      })),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

async function loadVendor(db: Db, companyId: number, id: number): Promise<Vendor> {
  const [vendor] = await loadVendors(db, companyId, id);
  if (!vendor) throw notFound('vendor');
  return vendor;
}

const columns = (input: VendorInput) => ({
  name: input.name,
  contact_name: input.contactName,
  email: input.email,
  phone: input.phone,
  address: input.address,
  note: input.note,
  active: input.active ? 1 : 0,
});

async function setItems(trx: Db, companyId: number, vendorId: number, input: VendorInput): Promise<void> {
  await trx.deleteFrom('vendor_items').where('company_id', '=', companyId).where('vendor_id', '=', vendorId).execute();
  if (input.items.length === 0) return;
  await trx
    .insertInto('vendor_items')
    .values(
      input.items.map((i) => ({
        company_id: companyId,
        vendor_id: vendorId,
        item_id: i.itemId,
        vendor_sku: i.vendorSku,
        cost_cents: cents(i.cost),
      })),
    )
    .execute();
}

const CSV_COLUMNS: ExportColumn<Vendor>[] = [
  { header: 'name', value: (r) => r.name },
  { header: 'contact', value: (r) => r.contactName },
  { header: 'email', value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone },
  { header: 'address', value: (r) => r.address },
  { header: 'note', value: (r) => r.note },
  { header: 'items', value: (r) => r.items.length },
  { header: 'active', value: (r) => (r.active ? 'yes' : 'no') },
];

/** `/api/backoffice/inventory/vendors`: suppliers, their contact details and the items they supply at what cost. */
export function vendorsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadVendors(db, merchantOf(res).companyId) });
  });

  router.get('/export', async (req, res) => {
    const rows = await loadVendors(db, merchantOf(res).companyId);
    await sendExport(ctx.db, req, res, { name: 'vendors', now: ctx.now() }, CSV_COLUMNS, rows);
  });

  router.get('/options', async (_req, res) => {
    noStore(res).json(await inventoryOptions(db, merchantOf(res).companyId));
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadVendor(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(vendorInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkItems(
      db,
      companyId,
      input.items.map((i) => i.itemId),
      'items',
      { tracked: false },
    );
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('vendors')
          .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setItems(trx, companyId, row.id, input);
        return row.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadVendor(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(vendorInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await loadVendor(db, companyId, id);
    await checkItems(
      db,
      companyId,
      input.items.map((i) => i.itemId),
      'items',
      { tracked: false },
    );
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('vendors')
          .set({ ...columns(input), updated_at: ctx.now() })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        await setItems(trx, companyId, id, input);
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadVendor(db, companyId, id));
  });

  // A vendor with purchase orders stays (deactivate it); one without goes with its item list.
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await loadVendor(db, companyId, id);
    const used = await db
      .selectFrom('purchase_orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('vendor_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw refused('vendor_in_use', 'This vendor has purchase orders: deactivate it instead.');
    await db.deleteFrom('vendors').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  return router;
}
