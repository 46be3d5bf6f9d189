import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { hashPin } from './employees';

/*
 * Demo employees (the register staff) of the demo companies, idempotent: skipped for a company that
 * has employees. The owner is the first of them (linked to their back-office user).
 */
export const DEMO_EMPLOYEES: Record<string, { name: string; pin: string; ownerEmail?: string }[]> = {
  'corner-market': [
    { name: 'Dana Corner', pin: '1111', ownerEmail: 'owner@cornermarket.test' },
    { name: 'Marco Ruiz', pin: '2468' },
    { name: 'Priya Shah', pin: '1357' },
  ],
  'blue-door-bistro': [
    { name: 'Sam Okafor', pin: '1111', ownerEmail: 'owner@bluedoor.test' },
    { name: 'Chloe Martin', pin: '4321' },
    { name: 'Ben Adeyemi', pin: '8642' },
    { name: 'Lena Vogel', pin: '9753' },
  ],
  'atlas-consulting': [{ name: 'Irene Jensen', pin: '1111', ownerEmail: 'owner@atlas.test' }],
  'tiny-kiosk': [
    { name: 'Tom Reyes', pin: '1111', ownerEmail: 'owner@tinykiosk.test' },
    { name: 'Ivy Chen', pin: '5555' },
  ],
  'green-leaf-grocers': [
    { name: 'Nora Hale', pin: '1111', ownerEmail: 'owner@greenleaf.test' },
    { name: 'Omar Haddad', pin: '2580' },
  ],
};

export async function seedTeamDemo(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  options: { now: number; hashPin?: (pin: string) => Promise<string> },
): Promise<number> {
  const people = DEMO_EMPLOYEES[slug];
  if (!people) return 0;
  const has = await db
    .selectFrom('employees')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return 0;
  const hashes = await Promise.all(people.map((p) => (options.hashPin ?? hashPin)(p.pin)));
  const owners = new Map(
    (await db.selectFrom('users').select(['id', 'email']).where('company_id', '=', companyId).execute()).map((u) => [
      u.email,
      u.id,
    ]),
  );
  await db
    .insertInto('employees')
    .values(
      people.map((p, i) => ({
        company_id: companyId,
        name: p.name,
        pin_hash: hashes[i]!,
        user_id: (p.ownerEmail && owners.get(p.ownerEmail)) || null,
        active: 1,
        created_at: options.now,
        updated_at: options.now,
      })),
    )
    .execute();
  return people.length;
}
