import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import type { WeekHours } from '@hive/shared/schemas/ordering';

/** Every day 08:00-23:00. */
export const DEMO_HOURS: WeekHours = Array.from({ length: 7 }, () => ({ open: '08:00', close: '23:00' }));

interface DemoStore {
  company: string;
  takingOrders: boolean;
  leadMinutes: number;
  timezone: string;
}

/**
 * Blue Door Bistro takes orders (its back-office catalog is the menu, with its modifier groups);
 * Corner Market has a store page that does not take orders, so the "closed store" page can be seen.
 */
export const DEMO_STORES: DemoStore[] = [
  {
    company: 'blue-door-bistro',
    takingOrders: true,
    leadMinutes: 20,
    timezone: 'Europe/London',
  },
  { company: 'corner-market', takingOrders: false, leadMinutes: 15, timezone: 'Europe/London' },
];

/** Idempotent: a store that exists is left alone (its owner may have changed it). */
export async function seedOrderingDemo(db: Kysely<Database>, { now }: { now: number }): Promise<void> {
  for (const store of DEMO_STORES) {
    const company = await db.selectFrom('companies').select('id').where('slug', '=', store.company).executeTakeFirst();
    if (!company) continue;
    await db
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
      .execute();
  }
}
