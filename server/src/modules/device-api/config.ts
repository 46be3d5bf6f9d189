import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEVICE_API_BASE, DEVICE_LIMITS, type DeviceConfig } from '@hive/shared/schemas/device';
import type { Database } from '../../database';
import { chunks } from '../../platform/db/chunks';
import { bannerState, bannerVersion } from '../devices';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE } from '../settings';
import { isRole, rightsOf } from '../team';
import { loadDiscounts, loadPromotions } from '../offers';
import { loadItemModifiers } from '../catalog';
import { loyaltySettings } from '../rewards';
import { pinVerifier, terminalPinKey } from './pinVerifiers';

/*
 * What a register needs to sell offline: the catalog with its prices and taxes, order and payment
 * types, the employees with their PIN verifiers (and who of them is on the clock), the location's
 * printers and banners, and its open shift. The ETag is a hash of the content itself, so it is the
 * same on every instance and moves exactly when something a register sees changes.
 *
 * Built configurations are kept a few seconds per terminal (CACHE_MS) so that a fleet polling with
 * If-None-Match costs a lookup, not a rebuild; a back-office write of a company drops that
 * company's entries at once on this instance (invalidateConfig), other instances catch up within
 * CACHE_MS.
 */

const CACHE_MS = 3_000;
const CACHE_MAX = 2_000;

interface Cached {
  config: DeviceConfig;
  body: string;
  etag: string;
  builtAt: number;
  companyId: number;
}

const caches = new WeakMap<object, Map<number, Cached>>();

function cacheOf(db: object): Map<number, Cached> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

/** Drops the cached configurations of a company's terminals (after any change in its back-office). */
export function invalidateConfig(db: object, companyId: number): void {
  const cache = cacheOf(db);
  for (const [terminalId, entry] of cache) if (entry.companyId === companyId) cache.delete(terminalId);
}

export interface TerminalRef {
  companyId: number;
  terminalId: number;
  /**
   * The root of the terminals' pin keys (pinVerifiers.ts); without it (a configuration built for
   * the server's own use: the demo history) the employees carry no PIN verifier.
   */
  pinMaster?: Buffer;
}

/** The configuration (cached up to CACHE_MS) with its JSON text and ETag. */
export async function configFor(db: Kysely<Database>, ref: TerminalRef, now: number): Promise<Cached> {
  const cache = cacheOf(db);
  const hit = cache.get(ref.terminalId);
  if (hit && hit.companyId === ref.companyId && now - hit.builtAt < CACHE_MS && now >= hit.builtAt) return hit;
  const config = await buildConfig(db, ref, now);
  const body = JSON.stringify(config);
  // Weak: the body also carries generatedAt, which the version (a hash of the rest) leaves out.
  const entry: Cached = { config, body, etag: `W/"${config.version}"`, builtAt: now, companyId: ref.companyId };
  cache.delete(ref.terminalId);
  cache.set(ref.terminalId, entry);
  if (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
  return entry;
}

const daysFromMask = (mask: number) => [0, 1, 2, 3, 4, 5, 6].filter((day) => (mask & (1 << day)) !== 0);

/** Builds a terminal's configuration from the database (no cache). */
export async function buildConfig(db: Kysely<Database>, ref: TerminalRef, now: number): Promise<DeviceConfig> {
  const { companyId, terminalId } = ref;
  const [company, addons, profile, terminal] = await Promise.all([
    db.selectFrom('companies').select(['name', 'license']).where('id', '=', companyId).executeTakeFirstOrThrow(),
    db.selectFrom('company_addons').select('addon').where('company_id', '=', companyId).orderBy('addon').execute(),
    db
      .selectFrom('company_profiles')
      .select(['currency', 'timezone', 'receipt_header', 'receipt_footer'])
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
    db
      .selectFrom('terminals as t')
      .leftJoin('locations as l', 'l.id', 't.location_id')
      .select([
        't.id',
        't.name',
        't.location_id',
        't.token_hash',
        'l.name as location_name',
        'l.timezone as location_timezone',
      ])
      .where('t.id', '=', terminalId)
      .where('t.company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  const locationId = terminal.location_id;
  // A terminal paired now has a token; its verifiers move with each pairing (pinVerifiers.ts).
  const pinKey =
    ref.pinMaster && terminal.token_hash !== null
      ? terminalPinKey(ref.pinMaster, terminalId, terminal.token_hash)
      : null;
  const timezone = terminal.location_timezone ?? profile?.timezone ?? DEFAULT_TIMEZONE;

  const [
    categories,
    items,
    itemTaxes,
    taxRates,
    levels,
    orderTypes,
    paymentTypes,
    employees,
    printers,
    banners,
    shift,
  ] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'name', 'color', 'position'])
      .where('company_id', '=', companyId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('items')
      .select(['id', 'name', 'sku', 'category_id', 'price_cents'])
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('item_taxes')
      .select(['item_id', 'tax_rate_id'])
      .where('company_id', '=', companyId)
      .orderBy('item_id')
      .orderBy('tax_rate_id')
      .execute(),
    db
      .selectFrom('tax_rates')
      .select(['id', 'name', 'rate_bp', 'type', 'archived_at'])
      .where('company_id', '=', companyId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('price_levels as p')
      .select(['p.id', 'p.name', 'p.days_mask', 'p.start_time', 'p.end_time'])
      .where('p.company_id', '=', companyId)
      .where('p.active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('p.all_locations', '=', 1),
          eb.exists(
            eb
              .selectFrom('price_level_locations as pl')
              .select('pl.location_id')
              .whereRef('pl.price_level_id', '=', 'p.id')
              .where('pl.location_id', '=', locationId ?? -1),
          ),
        ]),
      )
      .orderBy('p.id')
      .execute(),
    db
      .selectFrom('order_types')
      .select(['id', 'name', 'builtin'])
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('payment_types')
      .select(['id', 'name', 'builtin', 'cash_like'])
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    // The active employees who work at this terminal's location (or at every location).
    db
      .selectFrom('employees')
      .select(['id', 'name', 'pin_hash', 'role'])
      .where('company_id', '=', companyId)
      .where('active', '=', 1)
      .where((eb) =>
        eb.or([
          eb('all_locations', '=', 1),
          eb.exists(
            eb
              .selectFrom('employee_locations as el')
              .select('el.employee_id')
              .whereRef('el.employee_id', '=', 'employees.id')
              .where('el.location_id', '=', locationId ?? -1),
          ),
        ]),
      )
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('printers')
      .select(['id', 'name', 'kind', 'address', 'terminal_id'])
      .where('company_id', '=', companyId)
      .where('location_id', '=', locationId ?? -1)
      .where('active', '=', 1)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('banners as b')
      .select([
        'b.id',
        'b.kind',
        'b.title',
        'b.content_type',
        'b.size',
        'b.sha256',
        'b.active_from',
        'b.active_until',
        'b.position',
      ])
      .where('b.company_id', '=', companyId)
      .where((eb) =>
        eb.or([
          eb('b.all_locations', '=', 1),
          eb.exists(
            eb
              .selectFrom('banner_locations as bl')
              .select('bl.location_id')
              .whereRef('bl.banner_id', '=', 'b.id')
              .where('bl.location_id', '=', locationId ?? -1),
          ),
        ]),
      )
      .orderBy('b.position')
      .orderBy('b.id')
      .execute(),
    db
      .selectFrom('shifts')
      .select(['client_id', 'number', 'opened_at', 'opening_float_cents'])
      .where('company_id', '=', companyId)
      .where('terminal_id', '=', terminalId)
      .where('status', '=', 'open')
      .executeTakeFirst(),
  ]);

  const levelIds = levels.map((l) => l.id);
  const roleRights = new Map(
    (await db.selectFrom('company_roles').selectAll().where('company_id', '=', companyId).execute()).map((row) => [
      row.role,
      rightsOf(row),
    ]),
  );
  const [levelPrices, printerCategories, openEntries] = await Promise.all([
    levelIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('item_level_prices')
          .select(['item_id', 'price_level_id', 'mode', 'price_cents', 'percent_bp'])
          .where('company_id', '=', companyId)
          .where('price_level_id', 'in', levelIds)
          .orderBy('item_id')
          .orderBy('price_level_id')
          .execute(),
    printers.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('printer_categories')
          .select(['printer_id', 'category_id'])
          .where('company_id', '=', companyId)
          .where(
            'printer_id',
            'in',
            printers.map((p) => p.id),
          )
          .orderBy('category_id')
          .execute(),
    // By employee through the one-open-entry index, not through all of the company's entries.
    Promise.all(
      chunks(
        employees.map((e) => e.id),
        500,
      ).map((ids) =>
        db
          .selectFrom('time_entries')
          .select(['employee_id', 'clock_in_at', 'terminal_id'])
          .where('company_id', '=', companyId)
          .where('employee_id', 'in', ids)
          .where('clock_out_at', 'is', null)
          .execute(),
      ),
    ).then((parts) => parts.flat().sort((a, b) => a.employee_id - b.employee_id)),
  ]);

  const taxesOf = new Map<number, number[]>();
  for (const t of itemTaxes) taxesOf.set(t.item_id, [...(taxesOf.get(t.item_id) ?? []), t.tax_rate_id]);
  const archived = new Set(taxRates.filter((t) => t.archived_at !== null).map((t) => t.id));
  const pricesOf = new Map<number, { priceLevelId: number; priceCents: number }[]>();
  const base = new Map(items.map((i) => [i.id, Number(i.price_cents)]));
  for (const p of levelPrices) {
    const baseCents = base.get(p.item_id);
    if (baseCents === undefined) continue;
    const priceCents =
      p.mode === 'price'
        ? Number(p.price_cents ?? baseCents)
        : Math.round((baseCents * Number(p.percent_bp ?? 10_000)) / 10_000);
    pricesOf.set(p.item_id, [...(pricesOf.get(p.item_id) ?? []), { priceLevelId: p.price_level_id, priceCents }]);
  }
  const banner = (b: (typeof banners)[number]) => ({
    id: b.id,
    title: b.title,
    imageUrl: `${DEVICE_API_BASE}/banners/${b.id}/image?v=${bannerVersion(b.sha256)}`,
    contentType: b.content_type as 'image/png' | 'image/jpeg' | 'image/webp',
    size: Number(b.size),
    sha256: b.sha256,
    activeFrom: b.active_from === null ? null : Number(b.active_from),
    activeUntil: b.active_until === null ? null : Number(b.active_until),
    position: Number(b.position),
  });
  const showing = banners.filter(
    (b) =>
      bannerState(
        b.active_from === null ? null : Number(b.active_from),
        b.active_until === null ? null : Number(b.active_until),
        now,
      ) !== 'ended',
  );

  const discounts = (await loadDiscounts(db, companyId)).filter((d) => d.active);
  const modifiers = await loadItemModifiers(db, companyId);
  const promotions = (await loadPromotions(db, companyId, { activeOnly: true })).map(
    ({ active: _active, updatedAt: _updatedAt, ...p }) => ({
      ...p,
      itemIds: [...p.itemIds],
      categoryIds: [...p.categoryIds],
      days: [...p.days],
    }),
  );
  const loyalty = addons.some((a) => a.addon.toLowerCase() === 'loyalty') ? await loyaltySettings(db, companyId) : null;

  const content: Omit<DeviceConfig, 'version' | 'generatedAt'> = {
    company: {
      name: company.name,
      currency: profile?.currency ?? DEFAULT_CURRENCY,
      timezone: profile?.timezone ?? DEFAULT_TIMEZONE,
      license: company.license,
      addons: addons.map((a) => a.addon),
      receiptHeader: profile?.receipt_header ?? '',
      receiptFooter: profile?.receipt_footer ?? '',
    },
    terminal: { id: terminal.id, name: terminal.name },
    location: locationId === null ? null : { id: locationId, name: terminal.location_name ?? '', timezone },
    categories: categories.map((c) => ({ id: c.id, name: c.name, color: c.color, position: Number(c.position) })),
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      sku: i.sku,
      categoryId: i.category_id,
      priceCents: Number(i.price_cents),
      // Archived rates are no longer charged (like the storefront, see Settings > Taxes).
      taxRateIds: (taxesOf.get(i.id) ?? []).filter((id) => !archived.has(id)),
      levelPrices: pricesOf.get(i.id) ?? [],
      modifierGroupIds: modifiers.groupIdsOf.get(i.id) ?? [],
    })),
    modifierGroups: modifiers.groups.map((g) => ({ ...g, modifiers: [...g.modifiers] })),
    loyalty,
    promotions,
    discounts: discounts.map(({ active: _active, ...d }) => d),
    taxRates: taxRates.map((t) => ({
      id: t.id,
      name: t.name,
      rateBp: Number(t.rate_bp),
      type: t.type as 'added' | 'included',
      archived: t.archived_at !== null,
    })),
    priceLevels: levels.map((l) => {
      const days = daysFromMask(Number(l.days_mask));
      return {
        id: l.id,
        name: l.name,
        scheduled: days.length > 0 || l.start_time !== '',
        days,
        startTime: l.start_time,
        endTime: l.end_time,
      };
    }),
    orderTypes: orderTypes.map((t) => ({ id: t.id, name: t.name, builtin: t.builtin })),
    paymentTypes: paymentTypes.map((t) => ({
      id: t.id,
      name: t.name,
      builtin: t.builtin,
      cashLike: Number(t.cash_like) === 1,
    })),
    employees: employees.map((e) => ({
      id: e.id,
      name: e.name,
      pinVerifier: pinKey === null ? null : pinVerifier(pinKey, e.pin_hash),
      role: isRole(e.role) ? e.role : 'user',
      // What the employee's role allows at the register (Team › Roles); none when the role is unknown.
      rights: roleRights.get(e.role) ?? { refunds: false, discounts: false, openDrawer: false, void: false },
    })),
    printers: printers.map((p) => ({
      id: p.id,
      name: p.name,
      kind: p.kind,
      address: p.address,
      terminalId: p.terminal_id,
      categoryIds: printerCategories.filter((c) => c.printer_id === p.id).map((c) => c.category_id),
    })),
    banners: {
      kiosk: showing.filter((b) => b.kind === 'kiosk').map(banner),
      customerDisplay: showing.filter((b) => b.kind === 'customer_display').map(banner),
    },
    openShift: shift
      ? {
          id: shift.client_id,
          number: Number(shift.number),
          openedAt: Number(shift.opened_at),
          openingFloatCents: Number(shift.opening_float_cents),
        }
      : null,
    clockedIn: openEntries.map((e) => ({
      employeeId: e.employee_id,
      since: Number(e.clock_in_at),
      terminalId: e.terminal_id,
    })),
    limits: {
      maxBatch: DEVICE_LIMITS.maxBatch,
      maxLines: DEVICE_LIMITS.maxLines,
      maxPayments: DEVICE_LIMITS.maxPayments,
    },
  };
  const version = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 27);
  return { version, generatedAt: now, ...content };
}

export const CONFIG_CACHE_MS = CACHE_MS;
