import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  DEFAULT_LOYALTY,
  loyaltySettingsSchema,
  pointsAdjustSchema,
  type LoyaltyEntryKind,
  type LoyaltyHistory,
  type LoyaltyOverview,
  type LoyaltySettings,
} from '@hive/shared/schemas/backoffice/rewards';
import { pointsEarned, pointsValueCents } from '@hive/register-sdk/money';
import type { EventError } from '@hive/shared/schemas/device';
import type { AuthContext } from '../auth';
import type { PointsEdit } from '../../module';
import { parseOrThrow } from '../../platform/http';
import {
  merchantOf,
  requirePage,
  fieldProblem,
  idParam,
  noStore,
  notFound,
  isPostgres,
  userNames,
  type Db,
} from '../merchant';
import { chunks } from '../../platform/db';
import { moveCustomerPoints, moveManyCustomersPoints } from '../customers';
import { companyLocale } from '../settings';

const PAGE = '/nectar_points';
const DAY_MS = 86_400_000;

export async function loyaltySettings(db: Db, companyId: number): Promise<LoyaltySettings> {
  const row = await db
    .selectFrom('loyalty_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return DEFAULT_LOYALTY;
  return {
    enabled: Number(row.enabled) === 1,
    pointsPerUnit: Number(row.points_per_unit),
    valuePer100Cents: Number(row.value_per_100_cents),
    minRedeemPoints: Number(row.min_redeem_points),
  };
}

/**
 * Moves a customer's points by `delta` and writes the ledger entry, in the caller's transaction.
 * Conditional, so a balance never goes below zero; null when it would have.
 */
export async function movePoints(
  trx: Db,
  ref: { companyId: number; customerId: number },
  kind: LoyaltyEntryKind,
  delta: number,
  at: number,
  extra: { receiptId?: number | null; userId?: number | null; note?: string } = {},
): Promise<number | null> {
  const balance = await moveCustomerPoints(trx, ref, delta);
  if (balance === null) return null;
  await trx
    .insertInto('loyalty_entries')
    .values({
      company_id: ref.companyId,
      customer_id: ref.customerId,
      kind,
      points: delta,
      balance_after: balance,
      receipt_id: extra.receiptId ?? null,
      user_id: extra.userId ?? null,
      note: extra.note ?? '',
      at,
    })
    .execute();
  return balance;
}

/**
 * A balance set by hand on /customer (or a customer created with points) becomes an adjustment in
 * the ledger, so the ledger always adds up to the balance.
 */
export async function recordPointsEdit(
  trx: Db,
  companyId: number,
  { customerId, before, after, at, userId }: PointsEdit,
): Promise<void> {
  if (before === after) return;
  await trx
    .insertInto('loyalty_entries')
    .values({
      company_id: companyId,
      customer_id: customerId,
      kind: 'adjust',
      points: after - before,
      balance_after: after,
      user_id: userId,
      note: 'Edited on Customers',
      at,
    })
    .execute();
}

/** Opening entries for customers whose points have none yet (the demo seed's balances). */
export async function openLoyaltyLedger(db: Db, companyId: number, at: number): Promise<void> {
  await sql`insert into loyalty_entries (company_id, customer_id, kind, points, balance_after, note, at)
    select c.company_id, c.id, 'adjust', c.points, c.points, 'Opening balance', ${at} from customers c
     where c.company_id = ${companyId} and c.points <> 0
       and not exists (select 1 from loyalty_entries e where e.customer_id = c.id)`.execute(db);
}

// -------------------------------------------------------------------------------------------------
// The receipts ingest's book

export interface LoyaltyBook {
  settings: LoyaltySettings;
  /** Moved by planning, receipt by receipt. */
  balances: Map<number, number>;
  /** As loaded (and locked): what posting moves the stored balances from. */
  opening: ReadonlyMap<number, number>;
}

export async function loadLoyaltyBook(trx: Db, companyId: number, customerIds: number[]): Promise<LoyaltyBook> {
  const opening = new Map<number, number>();
  const book: LoyaltyBook = { settings: await loyaltySettings(trx, companyId), balances: new Map(), opening };
  const unique = [...new Set(customerIds)].sort((a, b) => a - b);
  if (unique.length === 0) return book;
  // NO KEY: another till's receipt naming the customer (its foreign key's KEY SHARE) need not wait.
  const lock = isPostgres(trx) ? sql` for no key update` : sql``;
  const rows = await sql<{ id: number; points: number }>`select id, points from customers
     where company_id = ${companyId} and id in (${sql.join(unique)}) order by id${lock}`.execute(trx);
  for (const r of rows.rows) {
    book.balances.set(r.id, Number(r.points));
    opening.set(r.id, Number(r.points));
  }
  return book;
}

/** A sale's or refund's points, as planned: what it earns (or takes back) and what it redeems. */
export interface PlannedPoints {
  customerId: number;
  earned: number;
  redeemed: number;
}

/**
 * Checks the points redemptions of a sale (receipt discounts with `points`) against the book and
 * works out what the sale earns (its net, after every discount, at the programme's rate); moves the
 * book's balance when all is well. A refund takes back what its own net earned, never more than
 * the customer still has.
 */
export function applySalePoints(
  book: LoyaltyBook,
  sale: {
    kind: 'sale' | 'refund';
    customerId: number | null;
    netCents: number;
    redemptions: readonly { index: number; points: number; amountCents: number }[];
  },
): { planned: PlannedPoints | null } | { errors: EventError[] } {
  const errors: EventError[] = [];
  const { settings } = book;
  const redeemed = sale.redemptions.reduce((s, r) => s + r.points, 0);
  for (const r of sale.redemptions) {
    const field = `discounts.${r.index}.points`;
    if (!settings.enabled) {
      errors.push({ field, code: 'loyalty_off', message: `${field}: the loyalty programme is off` });
    } else if (sale.customerId === null) {
      errors.push({ field, code: 'not_enough_points', message: `${field}: a points redemption needs the customer` });
    } else if (r.points < settings.minRedeemPoints) {
      errors.push({
        field,
        code: 'not_enough_points',
        message: `${field}: at least ${settings.minRedeemPoints} points are redeemed at a time`,
      });
    } else if (pointsValueCents(settings, r.points) !== r.amountCents) {
      errors.push({
        field: `discounts.${r.index}.amountCents`,
        code: 'points_value_mismatch',
        message: `discounts.${r.index}.amountCents: ${r.points} points are worth ${pointsValueCents(settings, r.points)}, not ${r.amountCents}`,
      });
    }
  }
  if (sale.customerId === null) return errors.length > 0 ? { errors } : { planned: null };
  const balance = book.balances.get(sale.customerId) ?? 0;
  if (redeemed > balance && errors.length === 0) {
    errors.push({
      field: `discounts.${sale.redemptions[0]!.index}.points`,
      code: 'not_enough_points',
      message: `discounts.${sale.redemptions[0]!.index}.points: the customer has ${balance} points, not ${redeemed}`,
    });
  }
  if (errors.length > 0) return { errors };
  const earned = settings.enabled ? pointsEarned(settings, sale.netCents) : 0;
  if (sale.kind === 'sale') {
    book.balances.set(sale.customerId, balance - redeemed + earned);
    return { planned: { customerId: sale.customerId, earned, redeemed } };
  }
  const back = Math.min(earned, balance);
  book.balances.set(sale.customerId, balance - back);
  return { planned: { customerId: sale.customerId, earned: -back, redeemed: 0 } };
}

/**
 * Writes the points of the stored receipts: one ledger entry per movement, in receipt order, and
 * each customer's balance moved by the sum of theirs, a few statements per batch however many
 * receipts it holds. The balances are worked out from the book's opening ones (the rows stay
 * locked from loadLoyaltyBook to the commit), never below zero at any step, and the UPDATE's
 * results must agree with them: anything else is a bug and rolls the batch back.
 */
export async function writeReceiptPoints(
  trx: Db,
  companyId: number,
  opening: ReadonlyMap<number, number>,
  receipts: readonly { dbId: number; kind: 'sale' | 'refund'; at: number; points: PlannedPoints | null }[],
): Promise<void> {
  const balances = new Map<number, number>();
  const entries: {
    company_id: number;
    customer_id: number;
    kind: LoyaltyEntryKind;
    points: number;
    balance_after: number;
    receipt_id: number;
    user_id: null;
    note: string;
    at: number;
  }[] = [];
  for (const r of receipts) {
    const p = r.points;
    if (!p) continue;
    const moves: [LoyaltyEntryKind, number][] = [
      ['redeem', -p.redeemed],
      [r.kind === 'sale' ? 'earn' : 'refund', p.earned],
    ];
    for (const [kind, delta] of moves) {
      if (delta === 0) continue;
      const before = balances.get(p.customerId) ?? opening.get(p.customerId);
      if (before === undefined || before + delta < 0) {
        throw new Error(`customer ${p.customerId}: the points moved under the batch`);
      }
      balances.set(p.customerId, before + delta);
      entries.push({
        company_id: companyId,
        customer_id: p.customerId,
        kind,
        points: delta,
        balance_after: before + delta,
        receipt_id: r.dbId,
        user_id: null,
        note: '',
        at: r.at,
      });
    }
  }
  if (balances.size === 0) return;
  for (const part of chunks([...balances.keys()], 500)) {
    const deltas = new Map(part.map((id) => [id, balances.get(id)! - opening.get(id)!]));
    const rows = await moveManyCustomersPoints(trx, companyId, deltas);
    const moved = rows.filter((row) => row.points === balances.get(row.id));
    if (moved.length !== part.length) throw new Error(`customers ${part.join(', ')}: the points moved under the batch`);
  }
  for (const part of chunks(entries, 1000)) {
    await trx.insertInto('loyalty_entries').values(part).execute();
  }
}

// -------------------------------------------------------------------------------------------------
// The page

/** `/api/backoffice/loyalty`: the programme's settings, the members' balances and histories, adjustments. */
export function loyaltyRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const settings = await loyaltySettings(db, companyId);
    const since = ctx.now() - 30 * DAY_MS;
    const [members, moved, locale] = await Promise.all([
      db
        .selectFrom('customers as c')
        .select([
          'c.id',
          'c.name',
          'c.email',
          'c.points',
          (eb) =>
            eb
              .selectFrom('loyalty_entries as e')
              .select((e) => e.fn.max('e.at').as('at'))
              .whereRef('e.customer_id', '=', 'c.id')
              .as('last_at'),
        ])
        .where('c.company_id', '=', companyId)
        .orderBy('c.points', 'desc')
        .orderBy('c.id')
        .limit(5000)
        .execute(),
      db
        .selectFrom('loyalty_entries')
        .select(['kind', (eb) => eb.fn.sum<number>('points').as('points')])
        .where('company_id', '=', companyId)
        .where('at', '>=', since)
        .groupBy('kind')
        .execute(),
      companyLocale(db, companyId),
    ]);
    const sumOf = (kind: LoyaltyEntryKind) => Number(moved.find((m) => m.kind === kind)?.points ?? 0);
    const points = members.reduce((s, m) => s + Number(m.points), 0);
    const body: LoyaltyOverview = {
      settings,
      currency: locale.currency,
      members: members.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        points: Number(m.points),
        valueCents: pointsValueCents(settings, Number(m.points)),
        lastActivityAt: m.last_at === null ? null : Number(m.last_at),
      })),
      totals: {
        points,
        valueCents: pointsValueCents(settings, points),
        earned30d: sumOf('earn') - Math.abs(Math.min(0, sumOf('refund'))),
        redeemed30d: -sumOf('redeem'),
      },
    };
    noStore(res).json(body);
  });

  router.put('/settings', async (req, res) => {
    const input = parseOrThrow(loyaltySettingsSchema, req.body);
    const { companyId } = merchantOf(res);
    const values = {
      enabled: input.enabled ? 1 : 0,
      points_per_unit: input.pointsPerUnit,
      value_per_100_cents: input.valuePer100Cents,
      min_redeem_points: input.minRedeemPoints,
      updated_at: ctx.now(),
    };
    await db
      .insertInto('loyalty_settings')
      .values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
      .execute();
    noStore(res).json(await loyaltySettings(db, companyId));
  });

  const customerOf = async (companyId: number, id: number) => {
    const row = await db
      .selectFrom('customers')
      .select(['id', 'name', 'points'])
      .where('company_id', '=', companyId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('customer');
    return row;
  };
  const history = async (companyId: number, id: number): Promise<LoyaltyHistory> => {
    const customer = await customerOf(companyId, id);
    const rows = await db
      .selectFrom('loyalty_entries as e')
      .leftJoin('receipts as r', 'r.id', 'e.receipt_id')
      .select(['e.id', 'e.kind', 'e.points', 'e.balance_after', 'e.at', 'e.user_id', 'e.note', 'r.number'])
      .where('e.company_id', '=', companyId)
      .where('e.customer_id', '=', id)
      .orderBy('e.id', 'desc')
      .limit(500)
      .execute();
    const names = await userNames(
      db,
      rows.map((r) => r.user_id),
    );
    return {
      customer: { id: customer.id, name: customer.name, points: Number(customer.points) },
      entries: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        points: Number(r.points),
        balanceAfter: Number(r.balance_after),
        at: Number(r.at),
        receiptNumber: r.number === null ? null : Number(r.number),
        by: r.user_id === null ? null : (names.get(r.user_id) ?? null),
        note: r.note,
      })),
    };
  };

  router.get('/customers/:id', async (req, res) => {
    noStore(res).json(await history(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/customers/:id/adjust', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(pointsAdjustSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await customerOf(companyId, id);
    const after = await db.transaction().execute((trx) =>
      movePoints(trx, { companyId, customerId: id }, 'adjust', input.points, ctx.now(), {
        userId,
        note: input.reason,
      }),
    );
    if (after === null) throw fieldProblem('points', 'must not take more points than the customer has');
    noStore(res).json(await history(companyId, id));
  });

  return router;
}
