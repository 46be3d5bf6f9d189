import type { DiscountInput } from '@hive/shared/schemas/backoffice/offers';
import type { Db } from '../inventory/common';

type DemoDiscount = Omit<DiscountInput, 'itemIds' | 'categoryIds'> & { categories?: string[] };

const COMMON: DemoDiscount[] = [
  {
    name: 'Staff 20%',
    type: 'percent',
    percentBp: 2000,
    amountCents: null,
    scope: 'receipt',
    restricted: true,
    active: true,
  },
  {
    name: '5.00 off',
    type: 'amount',
    percentBp: null,
    amountCents: 500,
    scope: 'receipt',
    restricted: false,
    active: true,
  },
  {
    name: 'Loyal customer 10%',
    type: 'percent',
    percentBp: 1000,
    amountCents: null,
    scope: 'receipt',
    restricted: false,
    active: false,
  },
];

/** Per demo company with Offers and rewards: a few discounts, one restricted, one on a category, one switched off. */
const DEMO_DISCOUNTS: Record<string, DemoDiscount[]> = {
  'blue-door-bistro': [
    ...COMMON,
    {
      name: 'Dessert 50%',
      type: 'percent',
      percentBp: 5000,
      amountCents: null,
      scope: 'items',
      restricted: true,
      active: true,
      categories: ['Desserts'],
    },
  ],
  'corner-market': COMMON,
};

/** Demo discounts (dev and demo only); skipped when the company has discounts already. */
export async function seedOffersDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  const list = DEMO_DISCOUNTS[slug];
  if (!list) return;
  const has = await db
    .selectFrom('discounts')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  const categories = new Map(
    (await db.selectFrom('categories').select(['id', 'name']).where('company_id', '=', companyId).execute()).map(
      (c) => [c.name, c.id],
    ),
  );
  for (const { categories: names, ...d } of list) {
    const ids = (names ?? []).flatMap((n) => (categories.has(n) ? [categories.get(n)!] : []));
    if (names && ids.length === 0) continue;
    const row = await db
      .insertInto('discounts')
      .values({
        company_id: companyId,
        name: d.name,
        type: d.type,
        percent_bp: d.percentBp,
        amount_cents: d.amountCents,
        scope: d.scope,
        restricted: d.restricted ? 1 : 0,
        active: d.active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (ids.length > 0) {
      await db
        .insertInto('discount_targets')
        .values(ids.map((id) => ({ discount_id: row.id, company_id: companyId, item_id: null, category_id: id })))
        .execute();
    }
  }
}
