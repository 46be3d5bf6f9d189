import express, { type Router } from 'express';
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import {
  LICENSES,
  couponListQuerySchema,
  couponSchema,
  type AdminCoupon,
  type Coupon,
  type LicenseName,
} from '@hive/shared/schemas/admin';
import type { AuthContext } from '../auth';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../database';
import { HttpError } from '../../platform/http';
import { requireArea, requireRight, staffOf } from './access';
import { recordAudit } from './audit';
import type { CouponsTable } from './tables';
import {
  conflict,
  contains,
  fromCents,
  idParam,
  isoAt,
  notFound,
  offsetOf,
  parseBody,
  parseQuery,
  toCents,
} from './query';

const emptyBody = z.union([z.undefined(), z.strictObject({})]);

function parseLicenses(text: string): LicenseName[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? LICENSES.filter((name) => list.includes(name)) : [];
  } catch {
    return [];
  }
}

export function toCoupon(row: Selectable<CouponsTable>): AdminCoupon {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind === 'amount' ? 'amount' : 'percent',
    value: row.kind === 'amount' ? fromCents(row.amount_cents ?? 0) : (row.percent_off ?? 0),
    validFrom: row.valid_from,
    validTo: row.valid_to,
    maxRedemptions: row.max_redemptions,
    redemptions: row.redemptions,
    licenses: parseLicenses(row.licenses_json),
    active: row.active === 1,
    createdAt: isoAt(row.created_at),
    updatedAt: isoAt(row.updated_at),
  };
}

/** Column values of a validated coupon (percent whole, amount in cents, licences in menu order). */
export function couponColumns(coupon: Coupon) {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent_off: coupon.kind === 'percent' ? coupon.value : null,
    amount_cents: coupon.kind === 'amount' ? toCents(coupon.value) : null,
    valid_from: coupon.validFrom,
    valid_to: coupon.validTo,
    max_redemptions: coupon.maxRedemptions,
    licenses_json: JSON.stringify(LICENSES.filter((name) => coupon.licenses.includes(name))),
  };
}

/** The audited shape: what a person reads in the log. */
const auditView = ({ id: _id, createdAt: _c, updatedAt: _u, ...rest }: AdminCoupon) => rest;

async function loadCoupon(db: Kysely<Database>, id: number): Promise<AdminCoupon> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Coupon');
  return toCoupon(row);
}

const codeTaken = () => conflict('code_taken', 'Another coupon already uses this code.');

export function couponsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use('/coupons', requireArea('coupons'));

  router.get('/coupons', async (req, res) => {
    const query = parseQuery(couponListQuerySchema, req);
    let base = db.selectFrom('coupons');
    const search = contains(['coupons.code'], query.q);
    if (search) base = base.where(search);
    if (query.active) base = base.where('active', '=', query.active === 'true' ? 1 : 0);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('active', 'desc')
        .orderBy('code')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    res.json({ items: rows.map(toCoupon), total: Number(count.n), page: query.page, pageSize: query.pageSize });
  });

  router.get('/coupons/:id', async (req, res) => {
    res.json(await loadCoupon(db, idParam(req)));
  });

  router.post('/coupons', requireRight('coupons.write'), async (req, res) => {
    const staff = staffOf(res);
    const input = parseBody(couponSchema, req);
    const now = ctx.now();
    let id: number;
    try {
      id = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('coupons')
          .values({ ...couponColumns(input), redemptions: 0, active: 1, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        const created = toCoupon(
          await trx.selectFrom('coupons').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow(),
        );
        await recordAudit(trx, staff, now, {
          action: 'coupon.create',
          entityType: 'coupon',
          entityId: row.id,
          companyId: null,
          before: null,
          after: auditView(created),
        });
        return row.id;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
    res.status(201).json(await loadCoupon(db, id));
  });

  router.put('/coupons/:id', requireRight('coupons.write'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const input = parseBody(couponSchema, req);
    const before = await loadCoupon(db, id);
    if (input.maxRedemptions !== null && input.maxRedemptions < before.redemptions) {
      throw new HttpError(400, {
        error: 'validation_error',
        message: `maxRedemptions: must be at least ${before.redemptions}, the redemptions so far`,
        fields: { maxRedemptions: `must be at least ${before.redemptions}, the redemptions so far` },
      });
    }
    const now = ctx.now();
    try {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('coupons')
          .set({ ...couponColumns(input), updated_at: now })
          .where('id', '=', id)
          .execute();
        const after = toCoupon(
          await trx.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
        );
        await recordAudit(trx, staff, now, {
          action: 'coupon.update',
          entityType: 'coupon',
          entityId: id,
          companyId: null,
          before: auditView(before),
          after: auditView(after),
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw codeTaken();
      throw error;
    }
    res.json(await loadCoupon(db, id));
  });

  router.post('/coupons/:id/deactivate', requireRight('coupons.write'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    parseBody(emptyBody, req);
    const before = await loadCoupon(db, id);
    if (!before.active) {
      res.json(before); // already inactive: nothing changes, nothing to audit
      return;
    }
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('coupons').set({ active: 0, updated_at: now }).where('id', '=', id).execute();
      await recordAudit(trx, staff, now, {
        action: 'coupon.deactivate',
        entityType: 'coupon',
        entityId: id,
        companyId: null,
        before: { active: true },
        after: { active: false },
      });
    });
    res.json(await loadCoupon(db, id));
  });

  return router;
}
