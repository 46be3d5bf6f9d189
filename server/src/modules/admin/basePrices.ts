import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  basePriceSchema,
  priceHistoryQuerySchema,
  priceListQuerySchema,
  type AdminBasePrice,
  type AdminPriceChange,
  type PriceItemKind,
} from '@hive/shared/schemas/admin';
import type { AuthContext } from '../auth';
import { requireArea, requireRight, staffOf } from './access';
import { recordAudit } from './audit';
import { contains, fromCents, isoAt, offsetOf, parseBody, parseQuery, toCents } from './query';

const kindOf = (value: string): PriceItemKind => (value === 'addon' ? 'addon' : 'license');

export function basePricesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use('/base_prices', requireArea('base_prices'));

  router.get('/base_prices', async (req, res) => {
    const query = parseQuery(priceListQuerySchema, req);
    let base = db.selectFrom('base_prices');
    const search = contains(['base_prices.item_name'], query.q);
    if (search) base = base.where(search);
    if (query.kind) base = base.where('item_kind', '=', query.kind);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        // Licences first, then add-ons, each alphabetically.
        .orderBy(sql`case when item_kind = 'license' then 0 else 1 end`)
        .orderBy('item_name')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    const items: AdminBasePrice[] = rows.map((row) => ({
      kind: kindOf(row.item_kind),
      name: row.item_name,
      monthlyPrice: fromCents(row.monthly_cents),
      updatedAt: isoAt(row.updated_at),
      updatedBy: row.updated_by,
    }));
    res.json({ items, total: Number(count.n), page: query.page, pageSize: query.pageSize });
  });

  router.get('/base_prices/history', async (req, res) => {
    const query = parseQuery(priceHistoryQuerySchema, req);
    const base = db
      .selectFrom('base_price_history')
      .where('item_kind', '=', query.kind)
      .where('item_name', '=', query.name);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    const items: AdminPriceChange[] = rows.map((row) => ({
      id: row.id,
      kind: kindOf(row.item_kind),
      name: row.item_name,
      monthlyPrice: fromCents(row.monthly_cents),
      previousPrice: row.previous_cents === null ? null : fromCents(row.previous_cents),
      note: row.note,
      changedAt: isoAt(row.changed_at),
      changedBy: row.changed_by,
    }));
    res.json({ items, total: Number(count.n), page: query.page, pageSize: query.pageSize });
  });

  /** A new price for one item: the current row changes and the history gains an entry. */
  router.put('/base_prices', requireRight('base_prices.write'), async (req, res) => {
    const staff = staffOf(res);
    const input = parseBody(basePriceSchema, req);
    const cents = toCents(input.monthlyPrice);
    const now = ctx.now();
    const note = input.note ? input.note : null;
    await db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('base_prices')
        .select('monthly_cents')
        .where('item_kind', '=', input.kind)
        .where('item_name', '=', input.name)
        .executeTakeFirst();
      const previous = current?.monthly_cents ?? null;
      await trx
        .insertInto('base_prices')
        .values({
          item_kind: input.kind,
          item_name: input.name,
          monthly_cents: cents,
          updated_at: now,
          updated_by: staff.email,
        })
        .onConflict((oc) =>
          oc
            .columns(['item_kind', 'item_name'])
            .doUpdateSet({ monthly_cents: cents, updated_at: now, updated_by: staff.email }),
        )
        .execute();
      await trx
        .insertInto('base_price_history')
        .values({
          item_kind: input.kind,
          item_name: input.name,
          monthly_cents: cents,
          previous_cents: previous,
          note,
          changed_at: now,
          changed_by: staff.email,
        })
        .execute();
      await recordAudit(trx, staff, now, {
        action: 'base_price.update',
        entityType: 'base_price',
        entityId: null,
        companyId: null,
        before: { kind: input.kind, name: input.name, monthlyPrice: previous === null ? null : fromCents(previous) },
        after: { kind: input.kind, name: input.name, monthlyPrice: fromCents(cents), note },
      });
    });
    const item: AdminBasePrice = {
      kind: input.kind,
      name: input.name,
      monthlyPrice: fromCents(cents),
      updatedAt: isoAt(now),
      updatedBy: staff.email,
    };
    res.json(item);
  });

  return router;
}
