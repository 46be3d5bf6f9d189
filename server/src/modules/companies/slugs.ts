import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../database';

type Db = Kysely<Database> | Transaction<Database>;

export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug || 'company';
}

/**
 * Every public address (a company's slug, its storefront's slug) lives in `public_slugs` with one
 * owner, so one company can never take an address another one uses, whichever kind it is. The
 * primary key settles races: the second of two parallel claims fails with a unique violation.
 */
export async function slugTakenBy(db: Db, slug: string): Promise<number | null> {
  const row = await db.selectFrom('public_slugs').select('company_id').where('slug', '=', slug).executeTakeFirst();
  return row ? row.company_id : null;
}

/** The first free `base`, `base-2`, `base-3` ... among all public addresses. */
export async function freeSlugFor(db: Db, name: string): Promise<string> {
  const base = slugify(name);
  const taken = new Set(
    (
      await db
        .selectFrom('public_slugs')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  return slug;
}

/**
 * Gives `companyId` the storefront address `slug`. Returns false when another company owns it.
 * The company keeps its own company slug; a previous storefront slug of its own is released.
 */
export async function claimStoreSlug(
  trx: Transaction<Database>,
  companyId: number,
  slug: string,
  previous: string | null,
): Promise<boolean> {
  const owner = await slugTakenBy(trx, slug);
  if (owner !== null && owner !== companyId) return false;
  if (owner === null) await trx.insertInto('public_slugs').values({ slug, company_id: companyId }).execute();
  if (previous && previous !== slug) {
    const company = await trx.selectFrom('companies').select('slug').where('id', '=', companyId).executeTakeFirst();
    if (company?.slug !== previous) {
      await trx.deleteFrom('public_slugs').where('slug', '=', previous).where('company_id', '=', companyId).execute();
    }
  }
  return true;
}

/** Demo seeds insert companies and stores directly: register any address not registered yet. */
export async function syncPublicSlugs(db: Kysely<Database>): Promise<void> {
  for (const table of ['companies', 'ordering_settings'] as const) {
    const rows =
      table === 'companies'
        ? await db.selectFrom('companies').select(['slug', 'id as company_id']).execute()
        : await db.selectFrom('ordering_settings').select(['slug', 'company_id']).execute();
    if (rows.length === 0) continue;
    await db
      .insertInto('public_slugs')
      .values(rows.map((row) => ({ slug: row.slug, company_id: row.company_id })))
      .onConflict((oc) => oc.column('slug').doNothing())
      .execute();
  }
}
