import type { Kysely } from 'kysely';
import type { Database } from '../database';
import type { Reactions } from '../module';
import { seedAdminDemo } from '../modules/admin';
import { seedBillingDemo, seedSettingsDemo } from '../modules/settings';
import { adoptUserIfRolesExist } from '../modules/team';
import { syncPublicSlugs } from '../modules/companies';
import { seedOrderingDemo } from '../modules/ordering';
import { seedBackofficeDemo } from './backoffice';
import { DEMO_COMPANIES, DEMO_PASSWORD, DEMO_USERS } from './personas';

export interface SeedOptions {
  now: number;
  /** The modules' reactions (src/modules.ts): the demo's new locations get what a new location gets. */
  reactions: Reactions;
  hashPassword: (password: string) => Promise<string>;
  /** Back-office demo sales (90 days of receipts); default true. Tests that do not need them skip them. */
  sales?: boolean;
}

/**
 * Demo companies and users, idempotent: rows that exist (by slug / e-mail) are left alone, so a
 * demo user whose password or permissions were changed keeps the change across restarts.
 * ON CONFLICT DO NOTHING keeps two instances starting together from failing.
 */
export async function seedDemoData(
  db: Kysely<Database>,
  { now, hashPassword, reactions, sales = true }: SeedOptions,
): Promise<{ created: number }> {
  const known = new Set(
    (await db.selectFrom('permissions').select('id_permission').execute()).map((row) => row.id_permission),
  );

  for (const company of DEMO_COMPANIES) {
    const inserted = await db
      .insertInto('companies')
      .values({
        name: company.name,
        slug: company.slug,
        license: company.license,
        language: 'en',
        status: 'active',
        created_at: now,
      })
      .onConflict((oc) => oc.column('slug').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && company.addons.length > 0) {
      await db
        .insertInto('company_addons')
        .values(company.addons.map((addon) => ({ company_id: inserted.id, addon })))
        .onConflict((oc) => oc.columns(['company_id', 'addon']).doNothing())
        .execute();
    }
  }
  const companyIds = new Map(
    (await db.selectFrom('companies').select(['id', 'slug']).execute()).map((row) => [row.slug, row.id]),
  );

  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('email')
        .where(
          'email',
          'in',
          DEMO_USERS.map((u) => u.email),
        )
        .execute()
    ).map((row) => row.email),
  );
  const missing = DEMO_USERS.filter((user) => !existing.has(user.email));
  // Each user gets its own salt; hashing in parallel uses libuv's thread pool.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));

  let created = 0;
  for (const [index, user] of missing.entries()) {
    const permissions = user.permissions();
    const unknown = permissions.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new Error(`Demo user ${user.email} names permissions missing from the menu catalog: ${unknown.join(', ')}`);
    }
    const companyId = user.company === null ? null : companyIds.get(user.company);
    if (companyId === undefined) throw new Error(`Demo company ${user.company} is missing`);
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          email: user.email,
          password_hash: hashes[index]!,
          is_admin: user.admin ? 1 : 0,
          role: user.role,
          company_id: companyId,
          language: user.language ?? 'en',
          status: 'active',
          session_version: 0,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return; // another instance seeded it meanwhile
      created += 1;
      if (permissions.length > 0) {
        await trx
          .insertInto('user_permissions')
          .values(permissions.map((id_permission) => ({ user_id: row.id, id_permission })))
          .execute();
      }
      // The permission sets above are what each persona has always had: in a company whose roles
      // exist, what the role does not give becomes the user's overrides (team/access.ts). A fresh
      // database gets its roles after the seed (ensureTeamRoles), which does the same for everyone.
      if (companyId !== null) await adoptUserIfRolesExist(trx, companyId, row.id);
    });
  }
  // Business information, locations, tax rates, price levels (the catalog points at them).
  await seedSettingsDemo(db, { now, locationsAdded: reactions.locationsAdded });
  // Catalog, customers and sales of the demo companies (idempotent, per company and kind).
  await seedBackofficeDemo(db, { now, sales, hashPin: hashPassword });
  // Admin console: more companies, merchant accounts, tickets, coupons, base prices.
  await seedAdminDemo(db, { now });
  // Online stores: Blue Door Bistro takes orders, Corner Market does not (issue 7).
  await seedOrderingDemo(db, { now });
  // Every company's settings defaults; coupons and six months of platform invoices.
  await seedBillingDemo(db, { now, locationsAdded: reactions.locationsAdded });
  // The demo companies' and stores' public addresses.
  await syncPublicSlugs(db);
  return { created };
}
