import express, { type Router } from 'express';
import type { Kysely, Transaction } from 'kysely';
import {
  SETTINGS_LIMITS,
  orderTypeInputSchema,
  reorderSchema,
  type OrderType,
  type OrderTypeBuiltin,
} from '@hive/shared/schemas/backoffice/settings';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, conflictOr, idParam, noStore, notFound, refused } from '../merchant';
import { countOf, nextPosition, reorder } from './positions';

const PAGE = '/orderTypes';
const NAME_TAKEN = 'another order type already has this name';

type Db = Kysely<Database> | Transaction<Database>;

function selectTypes(db: Db, companyId: number) {
  return db
    .selectFrom('order_types')
    .where('order_types.company_id', '=', companyId)
    .select((eb) => [
      'order_types.id',
      'order_types.name',
      'order_types.builtin',
      'order_types.active',
      'order_types.position',
      'order_types.updated_at',
      eb
        .selectFrom('receipts')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('receipts.order_type_id', '=', 'order_types.id')
        .as('receipt_count'),
      eb
        .selectFrom('ordering_orders')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('ordering_orders.order_type_id', '=', 'order_types.id')
        .as('order_count'),
    ]);
}

type TypeRow = Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirstOrThrow']>>;

function toOrderType(row: TypeRow): OrderType {
  return {
    id: row.id,
    name: row.name,
    builtin: (row.builtin as OrderTypeBuiltin | null) ?? null,
    active: Number(row.active) === 1,
    position: Number(row.position),
    usage: Number(row.receipt_count ?? 0) + Number(row.order_count ?? 0),
    updatedAt: Number(row.updated_at),
  };
}

async function loadType(db: Db, companyId: number, id: number): Promise<OrderType> {
  const row = await selectTypes(db, companyId).where('order_types.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('order type');
  return toOrderType(row);
}

/** Whether the company's storefront takes orders now (they arrive as Takeaway). */
async function storefrontOpen(db: Db, companyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ordering_settings')
    .select('taking_orders')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.taking_orders === 1;
}

/**
 * `/api/backoffice/order_types`: Dine in, Takeaway, Delivery and the company's own, in the order
 * the registers list them. Default types are renamed or turned off, never deleted; a type that
 * receipts or online orders name is turned off, not deleted.
 */
export function orderTypesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    const rows = await selectTypes(db, merchantOf(res).companyId)
      .orderBy('order_types.position')
      .orderBy('order_types.id')
      .execute();
    noStore(res).json({ rows: rows.map(toOrderType) });
  });

  router.post('/reorder', async (req, res) => {
    const { ids } = parseOrThrow(reorderSchema, req.body);
    const { companyId } = merchantOf(res);
    await reorder(db, 'order_types', companyId, ids, ctx.now());
    const rows = await selectTypes(db, companyId).orderBy('order_types.position').orderBy('order_types.id').execute();
    noStore(res).json({ rows: rows.map(toOrderType) });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadType(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(orderTypeInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        if ((await countOf(trx, 'order_types', companyId)) >= SETTINGS_LIMITS.typesMax) {
          throw refused('too_many_types', `A company can have at most ${SETTINGS_LIMITS.typesMax} order types.`, {
            max: SETTINGS_LIMITS.typesMax,
          });
        }
        const created = await trx
          .insertInto('order_types')
          .values({
            company_id: companyId,
            name: input.name,
            builtin: null,
            active: input.active ? 1 : 0,
            position: await nextPosition(trx, 'order_types', companyId),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return created.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadType(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(orderTypeInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const current = await loadType(db, companyId, id);
    if (current.builtin === 'takeaway' && current.active && !input.active && (await storefrontOpen(db, companyId))) {
      throw refused(
        'takeaway_online',
        'Online orders arrive as Takeaway: stop taking online orders before you turn it off.',
      );
    }
    await db
      .updateTable('order_types')
      .set({ name: input.name, active: input.active ? 1 : 0, updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute()
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadType(db, companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const current = await loadType(db, companyId, id);
    if (current.builtin) {
      throw refused('builtin_type', 'Default order types cannot be deleted: rename it or turn it off instead.');
    }
    if (current.usage > 0) {
      throw refused(
        'type_in_use',
        `${current.usage} receipt${current.usage === 1 ? '' : 's'} or order${current.usage === 1 ? '' : 's'} use this order type: turn it off instead.`,
        { count: current.usage },
      );
    }
    await db.deleteFrom('order_types').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  return router;
}
