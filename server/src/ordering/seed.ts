import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { WeekHours } from '@hive/shared/schemas/ordering';

/** Every day 08:00-23:00. */
export const DEMO_HOURS: WeekHours = Array.from({ length: 7 }, () => ({ open: '08:00', close: '23:00' }));

interface DemoStore {
  company: string;
  takingOrders: boolean;
  leadMinutes: number;
  timezone: string;
  /** item SKU -> [option name, price in cents] */
  options: Record<string, [string, number][]>;
}

/**
 * Blue Door Bistro takes orders (its back-office catalog is the menu); Corner Market has a store
 * page that does not take orders, so the "closed store" page can be seen.
 */
export const DEMO_STORES: DemoStore[] = [
  {
    company: 'blue-door-bistro',
    takingOrders: true,
    leadMinutes: 20,
    timezone: 'Europe/London',
    options: {
      'MAI-01': [
        ['Extra cheese', 100],
        ['Bacon', 200],
        ['Gluten-free bun', 150],
      ],
      'MAI-03': [
        ['Peppercorn sauce', 250],
        ['Side salad instead of fries', 0],
      ],
      'PAS-01': [['Extra parmesan', 100]],
      'STA-05': [
        ['Add grilled chicken', 350],
        ['Dressing on the side', 0],
      ],
      'DES-01': [['Scoop of vanilla ice cream', 200]],
    },
  },
  { company: 'corner-market', takingOrders: false, leadMinutes: 15, timezone: 'Europe/London', options: {} },
];

/** Idempotent: a store that exists is left alone (its owner may have changed it). */
export async function seedOrderingDemo(db: Kysely<Database>, { now }: { now: number }): Promise<void> {
  for (const store of DEMO_STORES) {
    const company = await db.selectFrom('companies').select('id').where('slug', '=', store.company).executeTakeFirst();
    if (!company) continue;
    const inserted = await db
      .insertInto('ordering_settings')
      .values({
        company_id: company.id,
        slug: store.company,
        taking_orders: store.takingOrders ? 1 : 0,
        lead_minutes: store.leadMinutes,
        timezone: store.timezone,
        hours_json: JSON.stringify(DEMO_HOURS),
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('company_id')
      .executeTakeFirst();
    if (!inserted) continue;
    for (const [sku, options] of Object.entries(store.options)) {
      const item = await db
        .selectFrom('items')
        .select('id')
        .where('company_id', '=', company.id)
        .where('sku', '=', sku)
        .executeTakeFirst();
      if (!item) continue;
      await db
        .insertInto('ordering_item_options')
        .values(
          options.map(([name, price], position) => ({
            company_id: company.id,
            item_id: item.id,
            name,
            price_cents: price,
            position,
          })),
        )
        .execute();
    }
  }
}
