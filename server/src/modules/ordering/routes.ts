import express, { type Express, type Request, type RequestHandler, type Router } from 'express';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../../database';
import type { OrderingOrdersTable } from './tables';
import {
  ORDERING_LIMITS,
  PICKUP_MESSAGES,
  createOrderSchema,
  nextStatus,
  orderActionSchema,
  orderingSettingsSchema,
  pickupProblem,
  type OrderStatus,
  type OrderingSettings,
} from '@hive/shared/schemas/ordering';
import type { AuthContext } from '../auth';
import { isUniqueViolation, nextNumber } from '../../platform/db';
import { claimStoreSlug } from '../companies';
import {
  HttpError,
  addressOf,
  chargeGuesses,
  parseOrThrow,
  rateLimit,
  requireJson,
  tooMany,
  type Limiter,
} from '../../platform/http';
import { priceOrder } from '@hive/register-sdk/money';
import { merchantOf, requirePage } from '../merchant';
import { companyLocale, firstLocationZone, takeawayOrderTypeId } from '../settings';
import {
  balanceByNumber,
  moveBalance,
  redeemByNumber,
  REDEEM_MESSAGES,
  unknownGiftCardNumbers,
} from '../rewards';
import { normalizeGiftCardNumber } from '@hive/shared/schemas/backoffice/rewards';
import { loadPromotions } from '../offers';
import {
  checkModifierChoice,
  chosenModifiers,
  describeChoiceRule,
  type ChoiceProblem,
} from '@hive/register-sdk/money';
import { ORDERING_TOKEN_TTL_MS, signOrderingToken, verifyOrderingToken } from './token';
import {
  catalogItems,
  findStoreByCompany,
  findStoreBySlug,
  newPublicId,
  orderView,
  profileOf,
  publicOrder,
  storeMenu,
  type CatalogItem,
  type Store,
} from './store';
import { DEMO_HOURS } from './seed';

export interface OrderingRateLimits {
  /** Token, profile, menu and status reads per address. */
  read: { limit: number; windowMs: number };
  /** The same reads per store, all addresses together. */
  readPerStore: { limit: number; windowMs: number };
  /** Orders created per address. */
  order: { limit: number; windowMs: number };
  /** Orders per store, all addresses together: no header can make a kitchen drown. */
  orderPerStore: { limit: number; windowMs: number };
  /**
   * Gift card numbers that found no card (balance checks and orders), per address and per store
   * (http/guess-limit.ts: over the store's cap a miss spends its address's allowance; a real card
   * always passes).
   */
  giftCardMisses: { limit: number; windowMs: number };
  giftCardMissesPerStore: { limit: number; windowMs: number };
}

export const DEFAULT_ORDERING_RATE_LIMITS: OrderingRateLimits = {
  read: { limit: 300, windowMs: 60_000 },
  readPerStore: { limit: 6_000, windowMs: 60_000 },
  order: { limit: 20, windowMs: 10 * 60_000 },
  orderPerStore: { limit: 120, windowMs: 10 * 60_000 },
  giftCardMisses: { limit: 10, windowMs: 10 * 60_000 },
  giftCardMissesPerStore: { limit: 100, windowMs: 10 * 60_000 },
};

export type OrderingLimiters = Record<keyof OrderingRateLimits, Limiter>;

const STORE_NOT_FOUND = { error: 'store_not_found', message: 'There is no online store at this address.' };
const noStore = <T extends { set(field: string, value: string): T }>(res: T) => res.set('Cache-Control', 'no-store');

async function storeOr404(ctx: AuthContext, slug: unknown): Promise<Store> {
  const store = typeof slug === 'string' ? await findStoreBySlug(ctx.db, slug) : null;
  if (!store) throw new HttpError(404, STORE_NOT_FOUND);
  return store;
}

function tokenOf(req: Request): string | null {
  const auth = req.get('authorization');
  if (auth && /^Bearer\s+/i.test(auth)) return auth.replace(/^Bearer\s+/i, '').trim();
  return req.get('x-ordering-token')?.trim() || null;
}

/** The ordering token for `:slug`: 401 without one, or with a forged / expired / other store's token. */
function requireToken(ctx: AuthContext): RequestHandler {
  return (req, _res, next) => {
    const token = tokenOf(req);
    if (!token) {
      throw new HttpError(401, {
        error: 'token_required',
        message: 'An ordering token is required (GET /gettokenonline?store=<slug>).',
      });
    }
    const slug = verifyOrderingToken(ctx.secret, token, ctx.now());
    if (slug === null || slug !== String(req.params.slug).toLowerCase()) {
      throw new HttpError(401, {
        error: 'invalid_token',
        message: 'The ordering token is invalid or expired: get a new one.',
      });
    }
    next();
  };
}

const storeKey = (req: Request) =>
  String(req.params.slug ?? req.query.store ?? '')
    .toLowerCase()
    .slice(0, 64);

/**
 * Pays what a gift card holds toward an order, up to its total, in the order's transaction (the
 * rest is paid at pickup). A number that finds no usable card is a 400 on `giftCardNumber` and
 * nothing is ordered.
 */
async function payWithGiftCard(
  trx: Transaction<Database>,
  order: Selectable<OrderingOrdersTable>,
  number: string,
): Promise<Selectable<OrderingOrdersTable>> {
  const refuse = (message: string) =>
    new HttpError(400, {
      error: 'validation_error',
      message: `giftCardNumber: ${message}`,
      fields: { giftCardNumber: message },
    });
  const balance = await balanceByNumber(trx, order.company_id, number, order.created_at);
  if (!balance) throw refuse(REDEEM_MESSAGES.unknown_gift_card);
  const amount = Math.min(balance.balanceCents, order.total_cents);
  if (amount <= 0) throw refuse('this gift card is empty');
  const taken = await redeemByNumber(trx, order.company_id, number, amount, order.created_at, { orderId: order.id });
  if ('problem' in taken) throw refuse(REDEEM_MESSAGES[taken.problem]);
  return trx
    .updateTable('ordering_orders')
    .set({ gift_card_id: taken.cardId, gift_card_cents: amount })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** `/gettokenonline`, `/ordering_master/...`, `/ordering_online/...`: public, no session. */
/** A line's refused choice in words that name the item and the group (the 400 names the line). */
function choiceProblemText(item: CatalogItem, problem: ChoiceProblem): string {
  if (problem.kind === 'repeated') return `${item.name}: modifier ${problem.modifierId} is chosen twice`;
  if (problem.kind === 'unknown') return `${item.name}: modifier ${problem.modifierId} is not offered with this item`;
  const group = item.modifierGroups.find((g) => g.id === problem.groupId)!;
  return `${item.name}, ${group.name}: ${describeChoiceRule(group)}`;
}

export function mountOrderingPublic(app: Express, ctx: AuthContext, limits: OrderingLimiters): void {
  const readLimit = [
    rateLimit(limits.read, 'ordering requests'),
    rateLimit(limits.readPerStore, 'requests', { key: storeKey, scope: 'for this store' }),
  ];
  // Every try counts against its sender; only orders taken count against the store's limit, which
  // comes after the token check: 140 bodiless, tokenless posts from a few addresses closed a
  // store's ordering for everyone for ten minutes when every request counted.
  const orderLimit = rateLimit(limits.order, 'orders');
  const storeOrderLimit = rateLimit(limits.orderPerStore, 'orders', {
    key: storeKey,
    scope: 'for this store right now',
    countOnlySuccesses: true,
  });
  // Gift card numbers from the storefront: the address is the source, the store the shared cap.
  // Only a number that finds no card is a miss (a guess); an empty or expired card was typed right.
  const guessLimits = { source: limits.giftCardMisses, shared: limits.giftCardMissesPerStore };
  async function chargeCardGuess(req: Request, store: Store, found: boolean): Promise<void> {
    const keys = { source: addressOf(req), shared: store.slug };
    const refusal = await chargeGuesses(guessLimits, keys, found ? 0 : 1);
    if (!refusal) return;
    const scope =
      refusal.limit === 'source'
        ? 'from this address'
        : 'at this store right now, and this one found none either: check it, or order without the card and pay at pickup';
    throw tooMany('gift card numbers that found no card', refusal.retryAfter, scope);
  }

  app.get('/gettokenonline', ...readLimit, async (req, res) => {
    const store = await storeOr404(ctx, req.query.store);
    const expiresAt = ctx.now() + ORDERING_TOKEN_TTL_MS;
    noStore(res).json({
      token: signOrderingToken(ctx.secret, store.slug, expiresAt),
      expiresAt: new Date(expiresAt).toISOString(),
    });
  });

  app.get('/ordering_master/stores/:slug', ...readLimit, async (req, res) => {
    const store = await storeOr404(ctx, req.params.slug);
    noStore(res).json(profileOf(store, ctx.now()));
  });

  const online = express.Router({ mergeParams: true });
  online.use(requireJson(), express.json({ limit: '16kb' }));
  online.get('/:slug/menu', ...readLimit, requireToken(ctx), async (req, res) => {
    const store = await storeOr404(ctx, req.params.slug);
    noStore(res).json(await storeMenu(ctx.db, store.companyId));
  });

  online.get('/:slug/gift-cards/:number', ...readLimit, requireToken(ctx), async (req, res) => {
    const store = await storeOr404(ctx, req.params.slug);
    const digits = normalizeGiftCardNumber(String(req.params.number));
    const card = digits === null ? null : await balanceByNumber(ctx.db, store.companyId, digits, ctx.now());
    await chargeCardGuess(req, store, card !== null);
    if (!card)
      throw new HttpError(404, { error: 'gift_card_not_found', message: 'There is no gift card with this number.' });
    noStore(res).json(card);
  });

  online.post('/:slug/orders', orderLimit, requireToken(ctx), storeOrderLimit, async (req, res) => {
    const store = await storeOr404(ctx, req.params.slug);
    const input = parseOrThrow(createOrderSchema, req.body ?? {});
    if (input.giftCardNumber !== undefined) {
      const unknown = await unknownGiftCardNumbers(ctx.db, store.companyId, [input.giftCardNumber]);
      await chargeCardGuess(req, store, unknown.length === 0);
    }
    if (!store.takingOrders) {
      throw new HttpError(409, {
        error: 'store_closed',
        message: `${store.name} is not taking online orders right now.`,
      });
    }
    const now = ctx.now();
    const pickupAt = Date.parse(input.pickupAt);
    const problem = pickupProblem(pickupAt, now, store);
    if (problem) {
      const message = PICKUP_MESSAGES[problem];
      throw new HttpError(400, {
        error: 'validation_error',
        message: `pickupAt: ${message}`,
        fields: { pickupAt: message },
      });
    }
    // Prices come from the catalog only: whatever price the client sent is ignored.
    const items = new Map(
      (await catalogItems(ctx.db, store.companyId, [...new Set(input.lines.map((l) => l.itemId))])).map((i) => [
        i.id,
        i,
      ]),
    );
    const fields: Record<string, string> = {};
    const lines = input.lines.map((line, index) => {
      const item = items.get(line.itemId);
      if (!item) {
        fields[`lines.${index}.itemId`] = 'is not on the menu';
        return null;
      }
      const problem = checkModifierChoice(item.modifierGroups, line.modifierIds)[0];
      if (problem) {
        fields[`lines.${index}.modifierIds`] = choiceProblemText(item, problem);
        return null;
      }
      const chosen = chosenModifiers(item.modifierGroups, line.modifierIds);
      const unit = item.priceCents + chosen.reduce((sum, o) => sum + o.priceCents, 0);
      return { item, chosen, unit, quantity: line.quantity };
    });
    const firstField = Object.keys(fields)[0];
    if (firstField) {
      throw new HttpError(400, {
        error: 'validation_error',
        message: `${firstField}: ${fields[firstField]}`,
        fields,
      });
    }
    const picked = lines.filter((l) => l !== null);
    // The store's promotions and each line's taxes, priced by the shared rule the storefront's
    // checkout shows before the order is placed (priceOrder of @hive/register-sdk), now.
    const rules = (await loadPromotions(ctx.db, store.companyId, { activeOnly: true })).map(
      ({ active: _active, updatedAt: _updatedAt, ...p }) => p,
    );
    const priced = priceOrder(
      picked.map((l) => ({
        itemId: l.item.id,
        categoryId: l.item.categoryId,
        quantity: l.quantity,
        unitCents: l.unit,
        taxes: l.item.taxes,
      })),
      rules,
      now,
      store.timezone,
    );
    const promotions = priced.promotions;
    const valid = picked.map((l, i) => ({
      row: {
        item_id: l.item.id,
        name: l.item.name,
        options_json: JSON.stringify(l.chosen.map((o) => o.name)),
        quantity: l.quantity,
        unit_price_cents: l.unit,
        tax_cents: priced.lines[i]!.taxCents,
        total_cents: priced.lines[i]!.amountCents,
      },
    }));
    // Subtotal without tax, tax (included and added), total = what the customer pays: the lines'
    // amounts plus the added tax, so subtotal + tax = total always.
    const subtotal = priced.subtotalCents;
    const tax = priced.taxCents;
    const total = priced.totalCents;
    if (total > ORDERING_LIMITS.maxTotalCents) {
      const most = (ORDERING_LIMITS.maxTotalCents / 100).toFixed(2);
      throw new HttpError(400, {
        error: 'validation_error',
        message: `lines: an online order may total at most ${most}; split it or call the store`,
        fields: { lines: `an online order may total at most ${most}` },
      });
    }

    // One transaction: the number, the order and its lines, or nothing.
    const saved = await ctx.db.transaction().execute(async (trx) => {
      const order = await trx
        .insertInto('ordering_orders')
        .values({
          company_id: store.companyId,
          public_id: newPublicId(),
          number: await nextNumber(trx, store.companyId, 'order'),
          status: 'received',
          customer_name: input.name,
          phone: input.phone,
          pickup_at: pickupAt,
          notes: input.notes,
          subtotal_cents: subtotal,
          tax_cents: tax,
          total_cents: total,
          created_at: now,
          updated_at: now,
          // Pickup orders are Takeaway (Settings › Order types).
          order_type_id: await takeawayOrderTypeId(trx, store.companyId),
          discount_cents: promotions.reduce((sum, p) => sum + p.totalCents, 0),
          promotions_json: JSON.stringify(
            promotions.map((p) => ({ promotionId: p.promotionId, name: p.name, amountCents: p.totalCents })),
          ),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('ordering_order_lines')
        .values(valid.map((l) => ({ ...l.row, order_id: order.id, company_id: store.companyId })))
        .execute();
      if (input.giftCardNumber === undefined) return order;
      return payWithGiftCard(trx, order, input.giftCardNumber);
    });
    ctx.live.publishChange(store.companyId, 'online-orders', { orderId: saved.id, status: saved.status });
    const view = await orderView(ctx.db, saved, store);
    noStore(res).status(201).json(publicOrder(view));
  });

  online.get('/:slug/orders/:id', ...readLimit, requireToken(ctx), async (req, res) => {
    const store = await storeOr404(ctx, req.params.slug);
    const id = String(req.params.id);
    const order = /^[A-Za-z0-9_-]{1,40}$/.test(id)
      ? await ctx.db
          .selectFrom('ordering_orders')
          .selectAll()
          .where('company_id', '=', store.companyId)
          .where('public_id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!order)
      throw new HttpError(404, { error: 'order_not_found', message: 'There is no such order at this store.' });
    noStore(res).json(publicOrder(await orderView(ctx.db, order, store)));
  });
  app.use('/ordering_online', online);
}

export const ORDERING_BACKOFFICE_API = '/api/backoffice/ordering';
const PAGE = '/ordering_online';

function settingsOf(store: Store): OrderingSettings {
  return {
    takingOrders: store.takingOrders,
    slug: store.slug,
    leadMinutes: store.leadMinutes,
    timezone: store.timezone,
    hours: store.hours,
  };
}

/** `/api/backoffice/ordering`: settings and incoming orders of the session's company. */
export function orderingBackofficeRouter(ctx: AuthContext): Router {
  const router = express.Router();
  // JSON only (the app-wide write guard already refused foreign origins).
  router.use(requireJson());
  router.use(requirePage(ctx, PAGE));

  router.get('/settings', async (_req, res) => {
    const merchant = merchantOf(res);
    const store = await findStoreByCompany(ctx.db, merchant.companyId);
    const settings: OrderingSettings = store
      ? settingsOf(store)
      : {
          takingOrders: false,
          slug: merchant.company.slug,
          leadMinutes: 20,
          timezone: await firstLocationZone(ctx.db, merchant.companyId),
          hours: DEMO_HOURS,
        };
    noStore(res).json({ settings, exists: store !== null, storefrontPath: `/ordering/${settings.slug}` });
  });

  router.put('/settings', async (req, res) => {
    const merchant = merchantOf(res);
    const input = parseOrThrow(orderingSettingsSchema, req.body ?? {});
    const takenError = () =>
      new HttpError(409, {
        error: 'slug_taken',
        message: 'slug: another company already uses this address',
        fields: { slug: 'another company already uses this address' },
      });
    // The location's zone is kept as '' (follow it), so a later change of the location's zone reaches
    // the storefront; another zone is the storefront's own.
    const follows = input.timezone === (await firstLocationZone(ctx.db, merchant.companyId));
    const values = {
      slug: input.slug,
      taking_orders: input.takingOrders ? 1 : 0,
      lead_minutes: input.leadMinutes,
      timezone: follows ? '' : input.timezone,
      hours_json: JSON.stringify(input.hours),
      updated_at: ctx.now(),
    };
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const previous = await trx
          .selectFrom('ordering_settings')
          .select('slug')
          .where('company_id', '=', merchant.companyId)
          .executeTakeFirst();
        // One register of public addresses: a company's slug and every storefront's slug.
        if (!(await claimStoreSlug(trx, merchant.companyId, input.slug, previous?.slug ?? null))) throw takenError();
        await trx
          .insertInto('ordering_settings')
          .values({ company_id: merchant.companyId, ...values })
          .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw takenError();
      throw error;
    }
    const store = (await findStoreByCompany(ctx.db, merchant.companyId))!;
    noStore(res).json({ settings: settingsOf(store), exists: true, storefrontPath: `/ordering/${store.slug}` });
  });

  router.get('/orders', async (req, res) => {
    const merchant = merchantOf(res);
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    let query = ctx.db
      .selectFrom('ordering_orders')
      .selectAll()
      .where('company_id', '=', merchant.companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100);
    if (status === 'open') query = query.where('status', 'in', ['received', 'accepted', 'ready']);
    const rows = await query.execute();
    const who = {
      name: merchant.company.name,
      slug: (await findStoreByCompany(ctx.db, merchant.companyId))?.slug ?? merchant.company.slug,
      currency: (await companyLocale(ctx.db, merchant.companyId)).currency,
    };
    const items = [];
    for (const row of rows) items.push(await orderView(ctx.db, row, who));
    noStore(res).json({ items });
  });

  router.post('/orders/:id/status', async (req, res) => {
    const merchant = merchantOf(res);
    const { action } = parseOrThrow(orderActionSchema, req.body ?? {});
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) {
      throw new HttpError(404, { error: 'order_not_found', message: 'There is no such order.' });
    }
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('ordering_orders')
        .selectAll()
        .where('company_id', '=', merchant.companyId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (!order) throw new HttpError(404, { error: 'order_not_found', message: 'There is no such order.' });
      const to = nextStatus(order.status as OrderStatus, action);
      if (!to) {
        throw new HttpError(409, {
          error: 'invalid_transition',
          message: `An order that is ${order.status} cannot be changed with "${action}".`,
        });
      }
      // Guarded on the old status, so two staff clicking at once cannot both win.
      const result = await trx
        .updateTable('ordering_orders')
        .set({ status: to, updated_at: ctx.now() })
        .where('id', '=', id)
        .where('status', '=', order.status)
        .returningAll()
        .executeTakeFirst();
      if (!result)
        throw new HttpError(409, { error: 'invalid_transition', message: 'The order changed meanwhile; reload.' });
      // A cancelled order gives back what it took from a gift card, in the same transaction.
      if (to === 'cancelled' && result.gift_card_id !== null && result.gift_card_cents > 0) {
        await moveBalance(
          trx,
          { companyId: merchant.companyId, id: result.gift_card_id },
          'refund',
          result.gift_card_cents,
          ctx.now(),
          {
            orderId: result.id,
            userId: merchant.userId,
            note: `Order #${result.number} cancelled`,
          },
        );
      }
      return result;
    });
    ctx.live.publishChange(merchant.companyId, 'online-orders', { orderId: updated.id, status: updated.status });
    const store = await findStoreByCompany(ctx.db, merchant.companyId);
    noStore(res).json(
      await orderView(ctx.db, updated, {
        name: merchant.company.name,
        slug: store?.slug ?? merchant.company.slug,
        currency: (await companyLocale(ctx.db, merchant.companyId)).currency,
      }),
    );
  });
  return router;
}

export function mountOrderingBackoffice(app: Express, ctx: AuthContext): void {
  app.use(ORDERING_BACKOFFICE_API, orderingBackofficeRouter(ctx));
}
