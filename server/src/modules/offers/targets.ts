import { sql } from 'kysely';
import { fieldProblem, type Db } from '../merchant';

/*
 * The items and categories a discount or a promotion concerns: one row per item or category in
 * `discount_targets` / `promotion_targets`, keyed by `discount_id` / `promotion_id`.
 */

export type TargetOwner = 'discount' | 'promotion';

export interface Targets {
  itemIds: number[];
  categoryIds: number[];
}

const tableOf = (owner: TargetOwner) => sql.table(`${owner}_targets`);
const keyOf = (owner: TargetOwner) => sql.ref(`${owner}_id`);

/** Each owner's targets, ids sorted. */
export async function loadTargets(
  db: Db,
  owner: TargetOwner,
  companyId: number,
  ids: number[],
): Promise<Map<number, Targets>> {
  const out = new Map<number, Targets>(ids.map((id) => [id, { itemIds: [], categoryIds: [] }]));
  if (ids.length === 0) return out;
  const rows = await sql<{ owner_id: number; item_id: number | null; category_id: number | null }>`
    select ${keyOf(owner)} as owner_id, item_id, category_id from ${tableOf(owner)}
     where company_id = ${companyId} and ${keyOf(owner)} in (${sql.join(ids)})`.execute(db);
  for (const r of rows.rows) {
    const targets = out.get(Number(r.owner_id));
    if (!targets) continue;
    if (r.item_id !== null) targets.itemIds.push(Number(r.item_id));
    if (r.category_id !== null) targets.categoryIds.push(Number(r.category_id));
  }
  for (const t of out.values()) {
    t.itemIds.sort((a, b) => a - b);
    t.categoryIds.sort((a, b) => a - b);
  }
  return out;
}

/** The items and categories must be the company's: 400 on `itemIds` / `categoryIds` otherwise. */
export async function checkTargets(db: Db, companyId: number, targets: Targets): Promise<void> {
  for (const [table, ids, field] of [
    ['items', targets.itemIds, 'itemIds'],
    ['categories', targets.categoryIds, 'categoryIds'],
  ] as const) {
    if (ids.length === 0) continue;
    const found = await db
      .selectFrom(table)
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .execute();
    if (found.length !== ids.length) throw fieldProblem(field, 'choose one of the options');
  }
}

/** Replaces an owner's targets (in the caller's transaction). */
export async function writeTargets(
  trx: Db,
  owner: TargetOwner,
  companyId: number,
  id: number,
  targets: Targets,
): Promise<void> {
  await sql`delete from ${tableOf(owner)} where ${keyOf(owner)} = ${id}`.execute(trx);
  const rows = [
    ...targets.itemIds.map((itemId) => sql`(${id}, ${companyId}, ${itemId}, ${null})`),
    ...targets.categoryIds.map((categoryId) => sql`(${id}, ${companyId}, ${null}, ${categoryId})`),
  ];
  if (rows.length === 0) return;
  await sql`insert into ${tableOf(owner)} (${keyOf(owner)}, company_id, item_id, category_id) values ${sql.join(rows)}`.execute(
    trx,
  );
}
