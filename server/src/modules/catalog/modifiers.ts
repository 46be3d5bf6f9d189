import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  modifierGroupInputSchema,
  type ModifierGroup,
  type ModifierGroupInput,
  type ModifierGroupOptions,
} from '@hive/shared/schemas/backoffice/catalog';
import type { ModifierGroupRule } from '@hive/register-sdk/money';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, cents, fieldProblem, idParam, money, noStore, notFound, type Db } from '../merchant';

const PAGE = '/modifiers';
const DAY_MS = 86_400_000;

/**
 * The company's modifier groups in use (not archived, with their modifiers that are not archived),
 * and which of them each item carries, in the item's order. What the registers' config and the
 * storefront offer, and what an online order is checked against.
 */
export async function loadItemModifiers(
  db: Db,
  companyId: number,
  itemIds?: readonly number[],
): Promise<{ groups: ModifierGroupRule[]; groupIdsOf: Map<number, number[]> }> {
  if (itemIds && itemIds.length === 0) return { groups: [], groupIdsOf: new Map() };
  let links = db
    .selectFrom('item_modifier_groups as l')
    .innerJoin('modifier_groups as g', 'g.id', 'l.group_id')
    .select(['l.item_id', 'l.group_id'])
    .where('l.company_id', '=', companyId)
    .where('g.archived_at', 'is', null)
    .orderBy('l.item_id')
    .orderBy('l.position')
    .orderBy('l.group_id');
  if (itemIds) links = links.where('l.item_id', 'in', [...itemIds]);
  const [linkRows, groups] = await Promise.all([links.execute(), activeGroups(db, companyId)]);
  const groupIdsOf = new Map<number, number[]>();
  for (const l of linkRows) groupIdsOf.set(l.item_id, [...(groupIdsOf.get(l.item_id) ?? []), l.group_id]);
  const used = itemIds ? new Set(linkRows.map((l) => l.group_id)) : null;
  return { groups: used ? groups.filter((g) => used.has(g.id)) : groups, groupIdsOf };
}

async function activeGroups(db: Db, companyId: number): Promise<ModifierGroupRule[]> {
  const [groups, modifiers] = await Promise.all([
    db
      .selectFrom('modifier_groups')
      .select(['id', 'name', 'min_choices', 'max_choices'])
      .where('company_id', '=', companyId)
      .where('archived_at', 'is', null)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('modifiers')
      .select(['id', 'group_id', 'name', 'price_cents'])
      .where('company_id', '=', companyId)
      .where('archived_at', 'is', null)
      .orderBy('group_id')
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    minChoices: Number(g.min_choices),
    maxChoices: Number(g.max_choices),
    modifiers: modifiers
      .filter((m) => m.group_id === g.id)
      .map((m) => ({ id: m.id, name: m.name, priceCents: Number(m.price_cents) })),
  }));
}

/** Which of `ids` are modifiers of the company (archived ones too: a register may not know yet). */
export async function knownModifierIds(db: Db, companyId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('modifiers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Units sold over the last 30 days of lines carrying a modifier of each group. */
async function soldSince(db: Db, companyId: number, since: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('receipt_line_modifiers as rm')
    .innerJoin('modifiers as m', 'm.id', 'rm.modifier_id')
    .innerJoin('receipt_lines as l', 'l.id', 'rm.line_id')
    .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
    .select(['m.group_id', 'l.id', 'l.quantity'])
    .distinct()
    .where('rm.company_id', '=', companyId)
    .where('r.kind', '=', 'sale')
    .where('r.created_at', '>=', since)
    .execute();
  const out = new Map<number, number>();
  for (const r of rows) out.set(r.group_id, (out.get(r.group_id) ?? 0) + Number(r.quantity));
  return out;
}

async function loadGroups(db: Db, companyId: number, now: number, only?: number): Promise<ModifierGroup[]> {
  let query = db
    .selectFrom('modifier_groups')
    .select(['id', 'name', 'min_choices', 'max_choices', 'updated_at'])
    .where('company_id', '=', companyId)
    .where('archived_at', 'is', null);
  if (only !== undefined) query = query.where('id', '=', only);
  const groups = await query
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.id);
  const [modifiers, items, sold] = await Promise.all([
    db
      .selectFrom('modifiers')
      .select(['id', 'group_id', 'name', 'price_cents'])
      .where('company_id', '=', companyId)
      .where('group_id', 'in', ids)
      .where('archived_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('item_modifier_groups as l')
      .innerJoin('items as i', 'i.id', 'l.item_id')
      .select(['l.group_id', 'i.id', 'i.name'])
      .where('l.company_id', '=', companyId)
      .where('l.group_id', 'in', ids)
      .orderBy(sql`lower(i.name)`)
      .execute(),
    soldSince(db, companyId, now - 30 * DAY_MS),
  ]);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    minChoices: Number(g.min_choices),
    maxChoices: Number(g.max_choices),
    modifiers: modifiers
      .filter((m) => m.group_id === g.id)
      .map((m) => ({ id: m.id, name: m.name, price: money(m.price_cents) })),
    items: items.filter((i) => i.group_id === g.id).map((i) => ({ id: i.id, name: i.name })),
    soldLast30Days: sold.get(g.id) ?? 0,
    updatedAt: Number(g.updated_at),
  }));
}

/** The items must be the company's; the modifiers that keep an id must be this group's. */
async function checkInput(db: Db, companyId: number, input: ModifierGroupInput, groupId: number | null): Promise<void> {
  if (input.itemIds.length > 0) {
    const found = await db
      .selectFrom('items')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', input.itemIds)
      .execute();
    if (found.length !== input.itemIds.length) throw fieldProblem('itemIds', 'choose one of the options');
  }
  const kept = input.modifiers.flatMap((m, i) => (m.id === null ? [] : [{ id: m.id, i }]));
  if (kept.length === 0) return;
  const own =
    groupId === null
      ? new Set<number>()
      : new Set(
          (
            await db
              .selectFrom('modifiers')
              .select('id')
              .where('company_id', '=', companyId)
              .where('group_id', '=', groupId)
              .where('archived_at', 'is', null)
              .execute()
          ).map((r) => r.id),
        );
  for (const { id, i } of kept) if (!own.has(id)) throw fieldProblem(`modifiers.${i}.id`, 'choose one of the options');
}

/** Modifiers as the form sent them: kept ones updated, new ones added, the others archived. */
async function writeModifiers(trx: Db, companyId: number, groupId: number, input: ModifierGroupInput, now: number) {
  const kept = input.modifiers.flatMap((m) => (m.id === null ? [] : [m.id]));
  let archive = trx
    .updateTable('modifiers')
    .set({ archived_at: now })
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId)
    .where('archived_at', 'is', null);
  if (kept.length > 0) archive = archive.where('id', 'not in', kept);
  await archive.execute();
  for (const [position, m] of input.modifiers.entries()) {
    if (m.id === null) {
      await trx
        .insertInto('modifiers')
        .values({ company_id: companyId, group_id: groupId, name: m.name, price_cents: cents(m.price), position })
        .execute();
    } else {
      await trx
        .updateTable('modifiers')
        .set({ name: m.name, price_cents: cents(m.price), position })
        .where('id', '=', m.id)
        .where('group_id', '=', groupId)
        .where('company_id', '=', companyId)
        .execute();
    }
  }
}

/** The group's items: attached at the end of each item's list, or kept where they were. */
async function writeItems(trx: Db, companyId: number, groupId: number, itemIds: readonly number[]) {
  let detach = trx
    .deleteFrom('item_modifier_groups')
    .where('group_id', '=', groupId)
    .where('company_id', '=', companyId);
  if (itemIds.length > 0) detach = detach.where('item_id', 'not in', [...itemIds]);
  await detach.execute();
  if (itemIds.length === 0) return;
  const links = await trx
    .selectFrom('item_modifier_groups')
    .select(['item_id', 'group_id', 'position'])
    .where('company_id', '=', companyId)
    .where('item_id', 'in', [...itemIds])
    .execute();
  const rows = itemIds
    .filter((itemId) => !links.some((l) => l.item_id === itemId && l.group_id === groupId))
    .map((itemId) => ({
      company_id: companyId,
      item_id: itemId,
      group_id: groupId,
      position: 1 + Math.max(-1, ...links.filter((l) => l.item_id === itemId).map((l) => Number(l.position))),
    }));
  if (rows.length > 0) await trx.insertInto('item_modifier_groups').values(rows).execute();
}

/**
 * `/api/backoffice/modifier_groups` (Products › Modifiers, add-on Item Modifiers): groups of
 * modifiers with how many of them an item takes, and the items that carry each. Deleting a group
 * (or dropping a modifier from one) archives it, so that receipts keep naming what was sold.
 */
export function modifiersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const one = async (companyId: number, id: number) => {
    const [found] = await loadGroups(db, companyId, ctx.now(), id);
    if (!found) throw notFound('modifier group');
    return found;
  };

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadGroups(db, merchantOf(res).companyId, ctx.now()) });
  });

  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const items = await db
      .selectFrom('items as i')
      .leftJoin('categories as c', 'c.id', 'i.category_id')
      .select(['i.id', 'i.name', 'i.sku', 'c.name as category_name', 'i.active'])
      .where('i.company_id', '=', companyId)
      .orderBy(sql`lower(i.name)`)
      .limit(5000)
      .execute();
    const body: ModifierGroupOptions = {
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        sku: i.sku,
        categoryName: i.category_name,
        active: Number(i.active) === 1,
      })),
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await one(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(modifierGroupInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkInput(db, companyId, input, null);
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const group = await trx
        .insertInto('modifier_groups')
        .values({
          company_id: companyId,
          name: input.name,
          min_choices: input.minChoices,
          max_choices: input.maxChoices,
          archived_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeModifiers(trx, companyId, group.id, input, now);
      await writeItems(trx, companyId, group.id, input.itemIds);
      return group.id;
    });
    noStore(res)
      .status(201)
      .json(await one(companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(modifierGroupInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await one(companyId, id);
    await checkInput(db, companyId, input, id);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('modifier_groups')
        .set({ name: input.name, min_choices: input.minChoices, max_choices: input.maxChoices, updated_at: now })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await writeModifiers(trx, companyId, id, input, now);
      await writeItems(trx, companyId, id, input.itemIds);
    });
    noStore(res).json(await one(companyId, id));
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const archived = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('modifier_groups')
        .set({ archived_at: now, updated_at: now })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .deleteFrom('item_modifier_groups')
        .where('group_id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      return true;
    });
    if (!archived) throw notFound('modifier group');
    res.status(204).end();
  });

  return router;
}
