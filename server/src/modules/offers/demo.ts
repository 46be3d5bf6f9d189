import type { DiscountInput } from '@hive/shared/schemas/backoffice/offers';
import type { Db } from '../merchant';

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

/** Demo promotions: happy hour on drinks (weekdays 17-19), buy 2 get 1 on a dessert, spend 30 get 5. */
export async function seedPromotionsDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  if (slug !== 'blue-door-bistro' && slug !== 'corner-market') return;
  const has = await db
    .selectFrom('promotions')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .execute();
  const drinks = categories.find((c) => /drink|beverage/i.test(c.name));
  const dessert = await db
    .selectFrom('items')
    .select('id')
    .where('company_id', '=', companyId)
    .where('sku', 'in', ['DES-01', 'BAK-001'])
    .executeTakeFirst();
  const base = {
    company_id: companyId,
    stackable: 1,
    active: 1,
    buy_quantity: 0,
    get_quantity: 0,
    get_percent_bp: 0,
    percent_bp: 0,
    threshold_cents: 0,
    amount_cents: 0,
    days_mask: 0,
    start_time: '',
    end_time: '',
    starts_on: null,
    ends_on: null,
    created_at: now,
    updated_at: now,
  };
  const add = async (
    values: Partial<typeof base> & { name: string; kind: 'buy_get' | 'percent_off' | 'spend_get'; priority: number },
    target?: { item_id?: number; category_id?: number },
  ) => {
    const row = await db
      .insertInto('promotions')
      .values({ ...base, ...values })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (target) {
      await db
        .insertInto('promotion_targets')
        .values({
          promotion_id: row.id,
          company_id: companyId,
          item_id: target.item_id ?? null,
          category_id: target.category_id ?? null,
        })
        .execute();
    }
  };
  if (drinks) {
    await add(
      {
        name: 'Happy hour: drinks 20% off',
        kind: 'percent_off',
        priority: 10,
        percent_bp: 2000,
        days_mask: 0b0111110,
        start_time: '17:00',
        end_time: '19:00',
      },
      { category_id: drinks.id },
    );
  }
  if (dessert)
    await add(
      {
        name: 'Buy 2, get 1 free',
        kind: 'buy_get',
        priority: 20,
        buy_quantity: 2,
        get_quantity: 1,
        get_percent_bp: 10_000,
      },
      { item_id: dessert.id },
    );
  await add({ name: 'Spend 30, get 5 off', kind: 'spend_get', priority: 30, threshold_cents: 3000, amount_cents: 500 });
}
