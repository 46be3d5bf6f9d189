import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../../platform/db';
import type { Database } from '../../database';

/*
 * Plan-change signal (issue 6, SPEC.md 4): each company has a plan version, bumped whenever staff
 * change its licence or add-ons; each merchant user has the version they last loaded with
 * POST /api/auth/usercompany. While the company's version is newer, every authenticated /api
 * response of that user carries `X-Plan-Changed: 1` (see planChangedHeader), and the shell offers
 * a reload with `?planChanged=true`, which calls usercompany again and clears the signal.
 * Only this file touches the two tables; it imports nothing from auth, so auth can import it.
 *
 * The same signal carries a change of the user's own access (issue 20): each user has an access
 * version (users.access_version), bumped when their role or effective permissions change (Team ›
 * Roles and Permissions), and plan_seen keeps the one they last loaded. A newer one also sets
 * `X-Plan-Changed: 1` (the shell's reload is the same), with `X-Access-Changed: 1` beside it so a
 * client can word the notice. Nobody is signed out: the session reads the new permissions at once.
 */

export const PLAN_CHANGED_HEADER = 'X-Plan-Changed';
export const ACCESS_CHANGED_HEADER = 'X-Access-Changed';

type Db = Kysely<Database> | Transaction<Database>;

/** Within the transaction that changes the plan: version + 1 (first change: 1). */
export async function bumpPlanVersion(trx: Db, companyId: number, now: number): Promise<number> {
  const row = await trx
    .insertInto('company_plans')
    .values({ company_id: companyId, plan_version: 1, changed_at: now })
    .onConflict((oc) =>
      oc.column('company_id').doUpdateSet((eb) => ({
        plan_version: eb('company_plans.plan_version', '+', 1),
        changed_at: now,
      })),
    )
    .returning('plan_version')
    .executeTakeFirstOrThrow();
  return row.plan_version;
}

export async function planVersionOf(db: Db, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_plans')
    .select('plan_version')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.plan_version ?? 0;
}

interface LoadedProfile {
  id: number;
  admin: boolean;
  /** The access version read with the profile, before its permissions. */
  accessVersion: number;
  company: { id: number; license: string; addons: string[] } | null;
}

const samePlan = (a: { license: string; addons: string[] }, b: { license: string; addons: string[] }) => {
  const [x, y] = [[...a.addons].sort(), [...b.addons].sort()];
  return a.license === b.license && x.length === y.length && x.every((addon, i) => addon === y[i]);
};

/**
 * usercompany answered with `profile`: record that this user now has the company's current plan.
 * The version is read after the profile, then the plan is read again: if it no longer matches what
 * the profile holds, a change landed in between and nothing is recorded (the signal stays on).
 */
export async function markPlanSeen(db: Kysely<Database>, profile: LoadedProfile, now: number): Promise<void> {
  if (profile.admin || !profile.company) return;
  const companyId = profile.company.id;
  const version = await planVersionOf(db, companyId);
  const company = await db.selectFrom('companies').select('license').where('id', '=', companyId).executeTakeFirst();
  const addons = await db.selectFrom('company_addons').select('addon').where('company_id', '=', companyId).execute();
  if (!company) return;
  const current = { license: company.license, addons: addons.map((a) => a.addon) };
  if (!samePlan(current, profile.company)) return;
  await db
    .insertInto('plan_seen')
    .values({ user_id: profile.id, plan_version: version, access_version: profile.accessVersion, seen_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ plan_version: version, access_version: profile.accessVersion, seen_at: now }),
    )
    .execute();
}

// Read on every authenticated /api request (planChangedHeader): compiled once.
const planVersions = prepared(['userId'], (db: Kysely<Database>, { userId }: { userId: number }) =>
  db
    .selectFrom('users')
    .innerJoin('plan_seen', 'plan_seen.user_id', 'users.id')
    .leftJoin('company_plans', 'company_plans.company_id', 'users.company_id')
    .select([
      'plan_seen.plan_version as seen',
      'company_plans.plan_version as current',
      'plan_seen.access_version as seenAccess',
      'users.access_version as currentAccess',
    ])
    .where('users.id', '=', userId)
    .where('users.is_admin', '=', 0),
);

/**
 * What changed for a merchant user since they last loaded their user data: the company's plan, their
 * own access, both or neither. A user who never loaded it (no plan_seen row) has nothing stale.
 */
export async function staleProfileFor(
  db: Kysely<Database>,
  userId: number,
): Promise<{ plan: boolean; access: boolean }> {
  const [row] = await planVersions(db, { userId });
  if (row === undefined) return { plan: false, access: false };
  return { plan: (row.current ?? 0) > row.seen, access: row.currentAccess > row.seenAccess };
}

/** True when the merchant user's company plan or their own access changed after they last loaded their user data. */
export async function planChangedFor(db: Kysely<Database>, userId: number): Promise<boolean> {
  const stale = await staleProfileFor(db, userId);
  return stale.plan || stale.access;
}
