import type { Db } from '../merchant';

interface DemoGroup {
  name: string;
  minChoices: number;
  maxChoices: number;
  modifiers: [string, number][];
  /** The SKUs of the items that carry it (absent SKUs are skipped). */
  skus: string[];
}

/**
 * Per demo company: modifier groups (the storefront's burger, steak, salad and dessert extras of
 * earlier versions are among them). Blue Door's coffees need a milk: a required group.
 */
export const DEMO_MODIFIER_GROUPS: Record<string, DemoGroup[]> = {
  'blue-door-bistro': [
    {
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      modifiers: [
        ['Whole milk', 0],
        ['Oat milk', 50],
        ['Soy milk', 50],
      ],
      skus: ['COF-02', 'COF-03'],
    },
    {
      name: 'Burger extras',
      minChoices: 0,
      maxChoices: 3,
      modifiers: [
        ['Extra cheese', 100],
        ['Bacon', 200],
        ['Gluten-free bun', 150],
      ],
      skus: ['MAI-01'],
    },
    {
      name: 'Steak sauce',
      minChoices: 0,
      maxChoices: 1,
      modifiers: [
        ['Peppercorn sauce', 250],
        ['Béarnaise', 250],
      ],
      skus: ['MAI-03'],
    },
    {
      name: 'Salad extras',
      minChoices: 0,
      maxChoices: 2,
      modifiers: [
        ['Add grilled chicken', 350],
        ['Dressing on the side', 0],
      ],
      skus: ['STA-05'],
    },
    { name: 'Pasta extras', minChoices: 0, maxChoices: 1, modifiers: [['Extra parmesan', 100]], skus: ['PAS-01'] },
    {
      name: 'With ice cream',
      minChoices: 0,
      maxChoices: 1,
      modifiers: [['Scoop of vanilla ice cream', 200]],
      skus: ['DES-01', 'DES-02'],
    },
  ],
  'corner-market': [
    {
      name: 'Bakery',
      minChoices: 0,
      maxChoices: 2,
      modifiers: [
        ['Warmed up', 0],
        ['Butter portion', 30],
      ],
      skus: ['BAK-002', 'BAK-004'],
    },
  ],
};

/** Demo modifier groups (dev and demo only); skipped when the company has one already. */
export async function seedModifiersDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  const list = DEMO_MODIFIER_GROUPS[slug];
  if (!list) return;
  const has = await db
    .selectFrom('modifier_groups')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  const items = await db.selectFrom('items').select(['id', 'sku']).where('company_id', '=', companyId).execute();
  const bySku = new Map(items.map((i) => [i.sku, i.id]));
  for (const group of list) {
    const row = await db
      .insertInto('modifier_groups')
      .values({
        company_id: companyId,
        name: group.name,
        min_choices: group.minChoices,
        max_choices: group.maxChoices,
        archived_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('modifiers')
      .values(
        group.modifiers.map(([name, priceCents], position) => ({
          company_id: companyId,
          group_id: row.id,
          name,
          price_cents: priceCents,
          position,
        })),
      )
      .execute();
    const itemIds = group.skus.flatMap((sku) => (bySku.has(sku) ? [bySku.get(sku)!] : []));
    if (itemIds.length > 0) {
      await db
        .insertInto('item_modifier_groups')
        .values(itemIds.map((itemId) => ({ company_id: companyId, item_id: itemId, group_id: row.id, position: 0 })))
        .execute();
    }
  }
}
