import type { Kysely } from 'kysely';
import type { Database } from '../../database';
import { hashPin } from './pins';

/*
 * Demo team of the demo companies, idempotent: positions are skipped for a company that has
 * positions, employees for one that has employees. An employee with `userEmail` is that back-office
 * user (the owner, the managers, the clerk) and takes the user's role; the others are register staff.
 * Their PINs have no lookup value (the seed does not know the server's key): uniqueness checks them
 * against the PIN hashes, as for PINs set before issue 20 (team/pins.ts).
 */

export interface DemoPosition {
  name: string;
  hourlyRateCents: number;
  color: string;
}

export const DEMO_POSITIONS: Record<string, DemoPosition[]> = {
  'corner-market': [
    { name: 'Store manager', hourlyRateCents: 2600, color: '#1d4ed8' },
    { name: 'Cashier', hourlyRateCents: 1650, color: '#059669' },
    { name: 'Stock clerk', hourlyRateCents: 1550, color: '#d97706' },
  ],
  'blue-door-bistro': [
    { name: 'Manager', hourlyRateCents: 2800, color: '#1d4ed8' },
    { name: 'Server', hourlyRateCents: 1200, color: '#059669' },
    { name: 'Cook', hourlyRateCents: 1900, color: '#dc2626' },
    { name: 'Host', hourlyRateCents: 1400, color: '#7c3aed' },
  ],
  'atlas-consulting': [{ name: 'Consultant', hourlyRateCents: 6500, color: '#1d4ed8' }],
  'tiny-kiosk': [{ name: 'Attendant', hourlyRateCents: 1500, color: '#059669' }],
  'green-leaf-grocers': [
    { name: 'Owner-manager', hourlyRateCents: 2400, color: '#1d4ed8' },
    { name: 'Cashier', hourlyRateCents: 1550, color: '#059669' },
  ],
};

export interface DemoEmployee {
  name: string;
  pin: string;
  email?: string;
  phone?: string;
  position?: string;
  /** Own rate; without one the position's applies. */
  hourlyRateCents?: number;
  /** The back-office user this employee is (their role comes with it). */
  userEmail?: string;
}

export const DEMO_EMPLOYEES: Record<string, DemoEmployee[]> = {
  'corner-market': [
    { name: 'Dana Corner', pin: '1111', position: 'Store manager', userEmail: 'owner@cornermarket.test' },
    {
      name: 'Marco Ruiz',
      pin: '2468',
      position: 'Store manager',
      hourlyRateCents: 2450,
      email: 'manager@cornermarket.test',
      phone: '+1 312 555 0142',
      userEmail: 'manager@cornermarket.test',
    },
    {
      name: 'Priya Shah',
      pin: '1357',
      position: 'Cashier',
      email: 'clerk@cornermarket.test',
      phone: '+1 312 555 0187',
      userEmail: 'clerk@cornermarket.test',
    },
  ],
  'blue-door-bistro': [
    { name: 'Sam Okafor', pin: '1111', position: 'Manager', userEmail: 'owner@bluedoor.test' },
    {
      name: 'Chloe Martin',
      pin: '4321',
      position: 'Manager',
      email: 'manager@bluedoor.test',
      userEmail: 'manager@bluedoor.test',
    },
    { name: 'Ben Adeyemi', pin: '8642', position: 'Cook', phone: '+44 20 7946 0321' },
    { name: 'Lena Vogel', pin: '9753', position: 'Server', hourlyRateCents: 1300 },
  ],
  'atlas-consulting': [{ name: 'Irene Jensen', pin: '1111', position: 'Consultant', userEmail: 'owner@atlas.test' }],
  'tiny-kiosk': [
    { name: 'Tom Reyes', pin: '1111', position: 'Attendant', userEmail: 'owner@tinykiosk.test' },
    { name: 'Ivy Chen', pin: '5555', position: 'Attendant' },
  ],
  'green-leaf-grocers': [
    { name: 'Nora Hale', pin: '1111', position: 'Owner-manager', userEmail: 'owner@greenleaf.test' },
    { name: 'Omar Haddad', pin: '2580', position: 'Cashier' },
  ],
};

async function seedPositions(db: Kysely<Database>, companyId: number, slug: string, now: number): Promise<void> {
  const positions = DEMO_POSITIONS[slug];
  if (!positions) return;
  const has = await db
    .selectFrom('job_positions')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (has) return;
  await db
    .insertInto('job_positions')
    .values(
      positions.map((p) => ({
        company_id: companyId,
        name: p.name,
        hourly_rate_cents: p.hourlyRateCents,
        color: p.color,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function seedTeamDemo(
  db: Kysely<Database>,
  companyId: number,
  slug: string,
  options: { now: number; hashPin?: (pin: string) => Promise<string> },
): Promise<number> {
  await seedPositions(db, companyId, slug, options.now);
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
  const users = new Map(
    (await db.selectFrom('users').select(['id', 'email', 'role']).where('company_id', '=', companyId).execute()).map(
      (u) => [u.email, u],
    ),
  );
  const positions = new Map(
    (await db.selectFrom('job_positions').select(['id', 'name']).where('company_id', '=', companyId).execute()).map(
      (p) => [p.name, p.id],
    ),
  );
  await db
    .insertInto('employees')
    .values(
      people.map((p, i) => {
        const user = p.userEmail ? users.get(p.userEmail) : undefined;
        return {
          company_id: companyId,
          name: p.name,
          email: p.email ?? p.userEmail ?? '',
          phone: p.phone ?? '',
          position_id: (p.position && positions.get(p.position)) || null,
          hourly_rate_cents: p.hourlyRateCents ?? null,
          role: user?.role ?? 'user',
          all_locations: 1,
          pin_hash: hashes[i]!,
          pin_updated_at: options.now,
          user_id: user?.id ?? null,
          active: 1,
          created_at: options.now,
          updated_at: options.now,
        };
      }),
    )
    .execute();
  return people.length;
}
