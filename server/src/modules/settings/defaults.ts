import type { Kysely, Transaction } from 'kysely';
import { DEFAULT_LANGUAGE, isLanguage } from '@hive/shared/config';
import { DEFAULT_ORDER_TYPES, DEFAULT_PAYMENT_TYPES } from '@hive/shared/schemas/backoffice/settings';
import { FIRST_LOCATION_NAME, type TaxMode } from '@hive/shared/schemas/countries';
import type { Database } from '../../database';

type Db = Kysely<Database> | Transaction<Database>;

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_TIMEZONE = 'UTC';
/** What new tax rates start as when sign-up named no country (the form's default before countries). */
export const DEFAULT_TAX_MODE: TaxMode = 'added';

export interface CompanyDefaults {
  /** The owner's e-mail: the first billing contact. */
  contactEmail?: string;
  /** The business's zone, the first location's too. */
  timezone?: string;
  /** From sign-up: the business's (and first location's) country, its currency and tax mode. */
  country?: string;
  currency?: string;
  taxMode?: TaxMode;
}

/**
 * What every company needs before anyone opens its back-office: business information, one
 * location, the default order and payment types, a billing record. Idempotent (only what is missing
 * is added), so sign-up, the admin console and the demo seed all call it.
 */
export async function ensureCompanySettings(
  db: Db,
  companyId: number,
  now: number,
  defaults: CompanyDefaults = {},
): Promise<void> {
  const company = await db
    .selectFrom('companies')
    .select(['name', 'language'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!company) return;
  const language = isLanguage(company.language) ? company.language : DEFAULT_LANGUAGE;
  const timezone = defaults.timezone ?? DEFAULT_TIMEZONE;
  const country = defaults.country ?? '';
  await db
    .insertInto('company_profiles')
    .values({
      company_id: companyId,
      legal_name: company.name,
      timezone,
      country,
      currency: defaults.currency ?? DEFAULT_CURRENCY,
      tax_mode: defaults.taxMode ?? DEFAULT_TAX_MODE,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
  await db
    .insertInto('company_billing')
    .values({ company_id: companyId, contact_name: '', contact_email: defaults.contactEmail ?? '', updated_at: now })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();

  const has = async (table: 'locations' | 'order_types' | 'payment_types') =>
    (await db.selectFrom(table).select('id').where('company_id', '=', companyId).limit(1).executeTakeFirst()) !==
    undefined;
  if (!(await has('locations'))) {
    await db
      .insertInto('locations')
      .values({
        company_id: companyId,
        // Named in the company's language: it is the company's data, printed on its receipts.
        name: FIRST_LOCATION_NAME[language] ?? FIRST_LOCATION_NAME.en!,
        country,
        timezone,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['company_id', 'name']).doNothing())
      .execute();
  }
  if (!(await has('order_types'))) {
    await db
      .insertInto('order_types')
      .values(
        DEFAULT_ORDER_TYPES.map((type, index) => ({
          company_id: companyId,
          name: type.names[language],
          builtin: type.builtin,
          active: 1,
          position: index + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  if (!(await has('payment_types'))) {
    await db
      .insertInto('payment_types')
      .values(
        DEFAULT_PAYMENT_TYPES.map((type, index) => ({
          company_id: companyId,
          name: type.names[language],
          builtin: type.builtin,
          cash_like: type.cashLike ? 1 : 0,
          active: 1,
          position: index + 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/** The company's currency and time zone (Settings › General information). */
export async function companyLocale(db: Db, companyId: number): Promise<{ currency: string; timezone: string }> {
  const row = await db
    .selectFrom('company_profiles')
    .select(['currency', 'timezone'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return { currency: row?.currency ?? DEFAULT_CURRENCY, timezone: row?.timezone ?? DEFAULT_TIMEZONE };
}

/** The zone of the company's first active location (else the business's): what the storefront follows. */
export async function firstLocationZone(db: Db, companyId: number): Promise<string> {
  const row = await db
    .selectFrom('locations')
    .select('timezone')
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.timezone ?? (await companyLocale(db, companyId)).timezone;
}

/** The order type a storefront pickup order gets (the company's Takeaway). */
export async function takeawayOrderTypeId(db: Db, companyId: number): Promise<number | null> {
  const row = await db
    .selectFrom('order_types')
    .select('id')
    .where('company_id', '=', companyId)
    .where('builtin', '=', 'takeaway')
    .executeTakeFirst();
  return row?.id ?? null;
}
