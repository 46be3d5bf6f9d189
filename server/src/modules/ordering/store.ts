import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  isOpenAt,
  weekHoursSchema,
  type BackofficeOrder,
  type MenuCategory,
  type OrderStatus,
  type StoreMenu,
  type StoreProfile,
  type WeekHours,
} from '@hive/shared/schemas/ordering';
import type { AppliedTax } from '@hive/shared/schemas/backoffice/settings';
import type { Database } from '../../database';
import { chargedTaxes, companyLocale } from '../settings';
import type { OrderingOrdersTable } from './tables';
import { DEMO_HOURS } from './seed';
import { loadPromotions } from '../offers';
import { loadItemModifiers } from '../catalog';
import type { ModifierGroupRule } from '@hive/register-sdk/money';

export interface Store {
  companyId: number;
  name: string;
  /** The company's currency (Settings › General information). */
  currency: string;
  slug: string;
  takingOrders: boolean;
  leadMinutes: number;
  timezone: string;
  hours: WeekHours;
}

export function parseHours(json: string): WeekHours {
  try {
    const parsed = weekHoursSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : DEMO_HOURS;
  } catch {
    return DEMO_HOURS;
  }
}

function storeQuery(db: Kysely<Database>) {
  return db
    .selectFrom('ordering_settings as s')
    .innerJoin('companies as c', 'c.id', 's.company_id')
    .select([
      's.company_id',
      's.slug',
      's.taking_orders',
      's.lead_minutes',
      's.timezone',
      's.hours_json',
      'c.name',
      'c.status',
      (eb) =>
        eb
          .selectFrom('company_profiles as p')
          .select('p.currency')
          .whereRef('p.company_id', '=', 's.company_id')
          .as('currency'),
      // What a storefront without a zone of its own follows: its first active location's.
      (eb) =>
        eb
          .selectFrom('locations as l')
          .select('l.timezone')
          .whereRef('l.company_id', '=', 's.company_id')
          .where('l.active', '=', 1)
          .orderBy('l.id')
          .limit(1)
          .as('location_timezone'),
    ]);
}

type StoreRow = Awaited<ReturnType<ReturnType<typeof storeQuery>['executeTakeFirst']>>;

function toStore(row: NonNullable<StoreRow>): Store {
  return {
    companyId: row.company_id,
    name: row.name,
    currency: row.currency ?? 'USD',
    slug: row.slug,
    // A suspended company takes no orders whatever its settings say.
    takingOrders: row.taking_orders === 1 && row.status === 'active',
    leadMinutes: row.lead_minutes,
    // '' = the location's zone (issue 43): it follows the location until the merchant sets another.
    timezone: row.timezone || row.location_timezone || 'UTC',
    hours: parseHours(row.hours_json),
  };
}

export async function findStoreBySlug(db: Kysely<Database>, slug: string): Promise<Store | null> {
  // Only slug-shaped values reach the database (PostgreSQL refuses NUL in text with an error).
  const wanted = slug.toLowerCase();
  if (!/^[a-z0-9-]{1,64}$/.test(wanted)) return null;
  const row = await storeQuery(db).where('s.slug', '=', wanted).executeTakeFirst();
  return row ? toStore(row) : null;
}

export async function findStoreByCompany(db: Kysely<Database>, companyId: number): Promise<Store | null> {
  const row = await storeQuery(db).where('s.company_id', '=', companyId).executeTakeFirst();
  return row ? toStore(row) : null;
}

export function profileOf(store: Store, now: number): StoreProfile {
  return {
    name: store.name,
    slug: store.slug,
    takingOrders: store.takingOrders,
    openNow: store.takingOrders && isOpenAt(now, store),
    timezone: store.timezone,
    leadMinutes: store.leadMinutes,
    hours: store.hours,
    currency: store.currency,
  };
}

export interface CatalogItem {
  id: number;
  name: string;
  priceCents: number;
  /** The taxes charged on it (its tax rates that are not archived). */
  taxes: AppliedTax[];
  categoryId: number | null;
  /** Its modifier groups in use (Products › Modifiers), in the item's order. */
  modifierGroups: ModifierGroupRule[];
}

/** Active catalog items of the company (optionally only `ids`) with their modifier groups. */
export async function catalogItems(db: Kysely<Database>, companyId: number, ids?: number[]): Promise<CatalogItem[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('items')
    .select(['id', 'name', 'price_cents', 'category_id'])
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('name')
    .orderBy('id');
  if (ids) query = query.where('id', 'in', ids);
  const items = await query.execute();
  if (items.length === 0) return [];
  const modifiers = await loadItemModifiers(
    db,
    companyId,
    items.map((i) => i.id),
  );
  const groups = new Map(modifiers.groups.map((g) => [g.id, g]));
  const taxes = await chargedTaxes(
    db,
    companyId,
    items.map((i) => i.id),
  );
  return items.map((item) => ({
    id: item.id,
    name: item.name,
    priceCents: item.price_cents,
    taxes: taxes.get(item.id) ?? [],
    categoryId: item.category_id,
    modifierGroups: (modifiers.groupIdsOf.get(item.id) ?? []).flatMap((id) => groups.get(id) ?? []),
  }));
}

/** The storefront menu: the back-office catalog by category (category order), uncategorised last. */
export async function storeMenu(db: Kysely<Database>, companyId: number): Promise<StoreMenu> {
  const categories = await db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('company_id', '=', companyId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const items = await catalogItems(db, companyId);
  const out: MenuCategory[] = [];
  for (const category of [...categories, { id: null, name: 'Other' }]) {
    const inCategory = items.filter((i) => i.categoryId === category.id);
    if (inCategory.length === 0) continue;
    out.push({
      id: category.id,
      name: category.name,
      items: inCategory.map((i) => ({
        id: i.id,
        name: i.name,
        priceCents: i.priceCents,
        categoryId: i.categoryId,
        modifierGroups: i.modifierGroups,
        taxes: i.taxes,
      })),
    });
  }
  const promotions = (await loadPromotions(db, companyId, { activeOnly: true })).map(
    ({ active: _active, updatedAt: _updatedAt, ...p }) => p,
  );
  return { currency: (await companyLocale(db, companyId)).currency, categories: out, promotions };
}

/**
 * What the store page shows first, as the public API answers it (`/ordering_master/stores/<slug>`
 * and `/ordering_online/<slug>/menu`): for the server's first screen. Null for an unknown store or
 * one that does not take orders (its page is a notice).
 */
export async function storePage(
  db: Kysely<Database>,
  slug: string,
  now: number,
): Promise<{ profile: StoreProfile; menu: StoreMenu } | null> {
  const store = await findStoreBySlug(db, slug);
  if (!store?.takingOrders) return null;
  return { profile: profileOf(store, now), menu: await storeMenu(db, store.companyId) };
}

export const newPublicId = () => randomBytes(12).toString('base64url');

function promotionsOf(json: string): { name: string; amountCents: number }[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value)
      ? value.flatMap((p: { name?: unknown; amountCents?: unknown }) =>
          typeof p?.name === 'string' && typeof p.amountCents === 'number'
            ? [{ name: p.name, amountCents: p.amountCents }]
            : [],
        )
      : [];
  } catch {
    return [];
  }
}

async function last4Of(db: Kysely<Database>, giftCardId: number): Promise<string> {
  const row = await db.selectFrom('gift_cards').select('last4').where('id', '=', giftCardId).executeTakeFirst();
  return row?.last4 ?? '';
}

export async function orderView(
  db: Kysely<Database>,
  order: Selectable<OrderingOrdersTable>,
  store: { name: string; slug: string; currency: string },
): Promise<BackofficeOrder> {
  const lines = await db
    .selectFrom('ordering_order_lines')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  return {
    id: order.public_id,
    dbId: order.id,
    number: order.number,
    store: { name: store.name, slug: store.slug },
    status: order.status as OrderStatus,
    customerName: order.customer_name,
    phone: order.phone,
    pickupAt: new Date(order.pickup_at).toISOString(),
    notes: order.notes,
    lines: lines.map((l) => {
      let options: string[] = [];
      try {
        const parsed: unknown = JSON.parse(l.options_json);
        if (Array.isArray(parsed)) options = parsed.filter((x): x is string => typeof x === 'string');
      } catch {
        // keep none
      }
      return {
        itemId: l.item_id,
        name: l.name,
        options,
        quantity: l.quantity,
        unitPriceCents: l.unit_price_cents,
        totalCents: l.total_cents,
      };
    }),
    subtotalCents: order.subtotal_cents,
    taxCents: order.tax_cents,
    totalCents: order.total_cents,
    promotions: promotionsOf(order.promotions_json),
    giftCard:
      order.gift_card_id !== null && order.gift_card_cents > 0
        ? { last4: await last4Of(db, order.gift_card_id), amountCents: order.gift_card_cents }
        : null,
    dueCents: order.total_cents - order.gift_card_cents,
    currency: store.currency,
    createdAt: new Date(order.created_at).toISOString(),
    updatedAt: new Date(order.updated_at).toISOString(),
  };
}

/** What the customer sees: the back-office view without the phone number and the database id. */
export function publicOrder(order: BackofficeOrder) {
  const { dbId: _dbId, phone: _phone, ...rest } = order;
  return rest;
}
