import express, { type Router } from 'express';
import type { Kysely, Transaction } from 'kysely';
import {
  SETTINGS_LIMITS,
  paymentTypeInputSchema,
  reorderSchema,
  type PaymentType,
  type PaymentTypeBuiltin,
} from '@hive/shared/schemas/backoffice/settings';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, conflictOr, idParam, lockCompanyRows, noStore, notFound, refused } from '../merchant';
import { countOf, nextPosition, reorder } from './positions';

const PAGE = '/paymentType';
const NAME_TAKEN = 'another payment type already has this name';
const LAST_ACTIVE = 'The registers need at least one active payment type: turn another one on first.';

type Db = Kysely<Database> | Transaction<Database>;

function selectTypes(db: Db, companyId: number) {
  return db
    .selectFrom('payment_types')
    .where('payment_types.company_id', '=', companyId)
    .select([
      'payment_types.id',
      'payment_types.name',
      'payment_types.builtin',
      'payment_types.cash_like',
      'payment_types.active',
      'payment_types.position',
      'payment_types.updated_at',
    ]);
}

type TypeRow = Awaited<ReturnType<ReturnType<typeof selectTypes>['executeTakeFirstOrThrow']>>;

function toPaymentType(row: TypeRow): PaymentType {
  return {
    id: row.id,
    name: row.name,
    builtin: (row.builtin as PaymentTypeBuiltin | null) ?? null,
    cashLike: Number(row.cash_like) === 1,
    active: Number(row.active) === 1,
    position: Number(row.position),
    updatedAt: Number(row.updated_at),
  };
}

async function loadType(db: Db, companyId: number, id: number): Promise<PaymentType> {
  const row = await selectTypes(db, companyId).where('payment_types.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('payment type');
  return toPaymentType(row);
}

async function otherActive(db: Db, companyId: number, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('payment_types')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const listAll = (db: Db, companyId: number) =>
  selectTypes(db, companyId).orderBy('payment_types.position').orderBy('payment_types.id').execute();

/**
 * `/api/backoffice/payment_types`: Cash, Card, Gift card, Other and the company's own, in the order
 * the registers show them; cash-like ones are counted in the drawer at closing. At least one stays
 * active; the defaults are renamed or turned off, never deleted, and Cash stays cash-like.
 */
export function paymentTypesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: (await listAll(db, merchantOf(res).companyId)).map(toPaymentType) });
  });

  router.post('/reorder', async (req, res) => {
    const { ids } = parseOrThrow(reorderSchema, req.body);
    const { companyId } = merchantOf(res);
    await reorder(db, 'payment_types', companyId, ids, ctx.now());
    noStore(res).json({ rows: (await listAll(db, companyId)).map(toPaymentType) });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadType(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(paymentTypeInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const id = await db
      .transaction()
      .execute(async (trx) => {
        if ((await countOf(trx, 'payment_types', companyId)) >= SETTINGS_LIMITS.typesMax) {
          throw refused('too_many_types', `A company can have at most ${SETTINGS_LIMITS.typesMax} payment types.`, {
            max: SETTINGS_LIMITS.typesMax,
          });
        }
        const created = await trx
          .insertInto('payment_types')
          .values({
            company_id: companyId,
            name: input.name,
            builtin: null,
            cash_like: input.cashLike ? 1 : 0,
            active: input.active ? 1 : 0,
            position: await nextPosition(trx, 'payment_types', companyId),
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
    const input = parseOrThrow(paymentTypeInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await db
      .transaction()
      .execute(async (trx) => {
        await lockCompanyRows(trx, 'payment_types', companyId);
        const current = await loadType(trx, companyId, id);
        if (current.builtin === 'cash' && !input.cashLike) {
          const problem = 'cash is always counted in the drawer';
          throw refused('cash_is_cash_like', `cashLike: ${problem}`, { fields: { cashLike: problem } });
        }
        if (current.active && !input.active && (await otherActive(trx, companyId, id)) === 0) {
          throw refused('last_active_payment_type', LAST_ACTIVE);
        }
        await trx
          .updateTable('payment_types')
          .set({
            name: input.name,
            cash_like: input.cashLike ? 1 : 0,
            active: input.active ? 1 : 0,
            updated_at: ctx.now(),
          })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadType(db, companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await db.transaction().execute(async (trx) => {
      await lockCompanyRows(trx, 'payment_types', companyId);
      const current = await loadType(trx, companyId, id);
      if (current.builtin) {
        throw refused('builtin_type', 'Default payment types cannot be deleted: rename it or turn it off instead.');
      }
      if (current.active && (await otherActive(trx, companyId, id)) === 0) {
        throw refused('last_active_payment_type', LAST_ACTIVE);
      }
      await trx.deleteFrom('payment_types').where('id', '=', id).where('company_id', '=', companyId).execute();
    });
    res.status(204).end();
  });

  return router;
}
