import type { Db } from '../merchant';

/** Per demo company: bundles by the SKUs of their components (absent SKUs skip the bundle). */
export const DEMO_BUNDLES: Record<
  string,
  { name: string; sku: string; priceCents: number; components: [string, number][] }[]
> = {
  'blue-door-bistro': [
    {
      name: 'Lunch combo',
      sku: 'BUN-01',
      priceCents: 2_200,
      components: [
        ['MAI-01', 1],
        ['DES-01', 1],
      ],
    },
  ],
  'corner-market': [
    {
      name: 'Breakfast basket',
      sku: 'BUN-001',
      priceCents: 899,
      components: [
        ['DAI-001', 1],
        ['DAI-005', 1],
        ['BAK-001', 1],
      ],
    },
  ],
};

/** Demo bundles (dev and demo only); skipped when the company has one already. */
export async function seedBundlesDemo(db: Db, companyId: number, slug: string, now: number): Promise<void> {
  const list = DEMO_BUNDLES[slug];
  if (!list) return;
  const has = await db
    .selectFrom('bundle_components')
    .select('bundle_item_id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  const items = await db
    .selectFrom('items')
    .select(['id', 'sku', 'cost_cents', 'category_id'])
    .where('company_id', '=', companyId)
    .execute();
  const bySku = new Map(items.map((i) => [i.sku, i]));
  for (const bundle of list) {
    const parts = bundle.components.flatMap(([sku, quantity]) =>
      bySku.has(sku) ? [{ item: bySku.get(sku)!, quantity }] : [],
    );
    if (parts.length !== bundle.components.length || bySku.has(bundle.sku)) continue;
    const row = await db
      .insertInto('items')
      .values({
        company_id: companyId,
        name: bundle.name,
        sku: bundle.sku,
        // No category: the catalog's categories keep the items they were given.
        category_id: null,
        price_cents: bundle.priceCents,
        cost_cents: parts.reduce((s, p) => s + p.quantity * Number(p.item.cost_cents), 0),
        track_stock: 0,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('bundle_components')
      .values(
        parts.map((p, position) => ({
          company_id: companyId,
          bundle_item_id: row.id,
          component_item_id: p.item.id,
          quantity: p.quantity,
          position,
        })),
      )
      .execute();
  }
}
