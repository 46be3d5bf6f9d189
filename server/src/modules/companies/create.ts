import { randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Language } from '@hive/shared/config';
import { isUniqueViolation } from '../../platform/db';
import type { Database, NewUser } from '../../database';
import type { CompanyLocaleChoice, CompanySetup } from '../../module';
import { freeSlugFor, slugify } from './slugs';

export interface CreatedCompany {
  companyId: number;
  slug: string;
  userId: number;
}

export interface NewCompany {
  name: string;
  license: string;
  addons?: readonly string[];
  /** The company's and its owner's language (English unless given): what its seeded names are in. */
  language?: Language;
  /** Country, currency, zone and tax mode chosen at sign-up (none: USD, UTC, tax added). */
  locale?: CompanyLocaleChoice;
  owner: { email: string; passwordHash: string; status: 'active' | 'pending' };
  now: number;
}

/**
 * A company, its public address, its owner (role admin) and what the modules set up for a new company
 * (`setup`, built by src/modules.ts: the roles, the owner's access, the default settings), in one transaction: sign-up and the admin console both create companies this way. `hooks.before` runs
 * first in the same transaction (e.g. removing an abandoned sign-up), `hooks.after` last (e.g. the
 * audit record). The owner's account is auth's row: `hooks.insertOwner` (auth's insertUser) writes it,
 * since this module comes before auth and cannot import it. A slug taken by a parallel request
 * between the check and the insert is retried once with a random suffix; any other unique violation
 * (the owner's e-mail) is rethrown for the caller to answer.
 */
export async function createCompanyWithOwner(
  db: Kysely<Database>,
  input: NewCompany,
  setup: CompanySetup,
  hooks: {
    insertOwner: (trx: Transaction<Database>, owner: NewUser) => Promise<number>;
    before?: (trx: Transaction<Database>) => Promise<void>;
    after?: (trx: Transaction<Database>, created: CreatedCompany) => Promise<void>;
  },
): Promise<CreatedCompany> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction().execute(async (trx) => {
        await hooks.before?.(trx);
        const slug =
          attempt === 0
            ? await freeSlugFor(trx, input.name)
            : `${slugify(input.name)}-${randomBytes(3).toString('hex')}`;
        const company = await trx
          .insertInto('companies')
          .values({
            name: input.name,
            slug,
            license: input.license,
            language: input.language ?? 'en',
            status: 'active',
            created_at: input.now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('public_slugs').values({ slug, company_id: company.id }).execute();
        // What the modules set up before anyone is in the company (team: its roles).
        await setup.company?.(trx, company.id, input.now);
        const addons = [...new Set(input.addons ?? [])];
        if (addons.length > 0) {
          await trx
            .insertInto('company_addons')
            .values(addons.map((addon) => ({ company_id: company.id, addon })))
            .execute();
        }
        const userId = await hooks.insertOwner(trx, {
          email: input.owner.email,
          password_hash: input.owner.passwordHash,
          is_admin: 0,
          role: 'admin',
          company_id: company.id,
          language: input.language ?? 'en',
          status: input.owner.status,
          session_version: 0,
          created_at: input.now,
          updated_at: input.now,
        });
        // Then with its owner (team: the owner holds what the admin role gives; settings: business
        // information, a location, order and payment types, ready to sell from day one).
        await setup.owner?.(trx, {
          companyId: company.id,
          userId,
          email: input.owner.email,
          now: input.now,
          locale: input.locale,
        });
        const created = { companyId: company.id, slug, userId };
        await hooks.after?.(trx, created);
        return created;
      });
    } catch (error) {
      if (attempt > 0 || !isUniqueViolation(error) || !isSlugViolation(error)) throw error;
    }
  }
}

/** Which constraint failed: the e-mail's is the caller's business, the slug's is retried here. */
function isSlugViolation(error: unknown): boolean {
  const e = error as { constraint?: unknown; message?: unknown };
  const text = `${typeof e.constraint === 'string' ? e.constraint : ''} ${typeof e.message === 'string' ? e.message : ''}`;
  return /slug/i.test(text);
}
