import { randomInt } from 'node:crypto';
import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  giftCardAdjustSchema,
  giftCardIssueSchema,
  giftCardLoadSchema,
  giftCardUpdateSchema,
  giftCardVoidSchema,
  GIFT_CARD_LIMITS,
  luhnDigit,
  maskGiftCardNumber,
  type GiftCard,
  type GiftCardBalance,
  type GiftCardDetail,
  type GiftCardEntry,
  type GiftCardEntryKind,
  type GiftCardOptions,
  type GiftCardStatus,
  type IssuedGiftCard,
} from '@hive/shared/schemas/backoffice/rewards';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import {
  sendExport,
  merchantOf,
  requirePage,
  fieldProblem,
  idParam,
  noStore,
  notFound,
  refused,
  isPostgres,
  userNames,
  type ExportColumn,
  type Db,
} from '../merchant';
import { today } from '../../platform/time';
import { companyLocale } from '../settings';

const PAGE = '/giftcards';
const WHAT = 'gift card';

/** 15 digits from a cryptographic source and the Luhn digit: ~50 bits a guess has to hit. */
export function newGiftCardNumber(): string {
  let body = String(randomInt(1, 10)); // never a leading 0 (spreadsheets drop it)
  for (let i = 0; i < 14; i += 1) body += String(randomInt(0, 10));
  return body + String(luhnDigit(body));
}

interface CardRow {
  id: number;
  company_id: number;
  last4: string;
  initial_cents: number;
  balance_cents: number;
  customer_id: number | null;
  expires_on: string | null;
  status: 'active' | 'void';
  note: string;
  created_at: number;
  last_used_at: number | null;
}

/** The company's date today (YYYY-MM-DD) in its time zone: a card can be used through its expiry day. */
export async function companyToday(db: Db, companyId: number, now: number): Promise<string> {
  const { timezone } = await companyLocale(db, companyId);
  return isoDay(today(now, timezone));
}

export function statusOf(row: Pick<CardRow, 'status' | 'expires_on'>, todayIso: string): GiftCardStatus {
  if (row.status === 'void') return 'void';
  if (row.expires_on !== null && row.expires_on < todayIso) return 'expired';
  return 'active';
}

const CARD_COLUMNS = [
  'g.id',
  'g.company_id',
  'g.last4',
  'g.initial_cents',
  'g.balance_cents',
  'g.customer_id',
  'g.expires_on',
  'g.status',
  'g.note',
  'g.created_at',
  'g.last_used_at',
] as const;

async function loadCards(db: Db, companyId: number, todayIso: string, only?: number): Promise<GiftCard[]> {
  let query = db
    .selectFrom('gift_cards as g')
    .leftJoin('customers as c', (join) =>
      join.onRef('c.id', '=', 'g.customer_id').onRef('c.company_id', '=', 'g.company_id'),
    )
    .select(CARD_COLUMNS)
    .select('c.name as customer_name')
    .where('g.company_id', '=', companyId);
  if (only !== undefined) query = query.where('g.id', '=', only);
  const rows = await query.orderBy('g.id', 'desc').limit(5000).execute();
  return rows.map((r) => ({
    id: r.id,
    last4: r.last4,
    balanceCents: Number(r.balance_cents),
    initialCents: Number(r.initial_cents),
    status: statusOf(r, todayIso),
    expiresOn: r.expires_on,
    customer: r.customer_id !== null && r.customer_name !== null ? { id: r.customer_id, name: r.customer_name } : null,
    note: r.note,
    issuedAt: Number(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
  }));
}

async function loadEntries(db: Db, companyId: number, cardId: number): Promise<GiftCardEntry[]> {
  const rows = await db
    .selectFrom('gift_card_entries as e')
    .leftJoin('receipts as r', 'r.id', 'e.receipt_id')
    .leftJoin('ordering_orders as o', 'o.id', 'e.order_id')
    .select([
      'e.id',
      'e.kind',
      'e.amount_cents',
      'e.balance_after_cents',
      'e.at',
      'e.user_id',
      'e.note',
      'r.number as receipt_number',
      'o.number as order_number',
    ])
    .where('e.company_id', '=', companyId)
    .where('e.gift_card_id', '=', cardId)
    .orderBy('e.id', 'desc')
    .limit(500)
    .execute();
  const names = await userNames(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amountCents: Number(r.amount_cents),
    balanceAfterCents: Number(r.balance_after_cents),
    at: Number(r.at),
    by: r.user_id === null ? null : (names.get(r.user_id) ?? null),
    receiptNumber: r.receipt_number === null ? null : Number(r.receipt_number),
    orderNumber: r.order_number === null ? null : Number(r.order_number),
    note: r.note,
  }));
}

async function loadDetail(db: Db, companyId: number, id: number, todayIso: string): Promise<GiftCardDetail> {
  const [card] = await loadCards(db, companyId, todayIso, id);
  if (!card) throw notFound(WHAT);
  return { ...card, entries: await loadEntries(db, companyId, id) };
}

/** The card row locked for a change of its balance (FOR UPDATE on PostgreSQL; SQLite has one writer). */
async function lockCard(trx: Db, where: { companyId: number; id?: number; number?: string }): Promise<CardRow | null> {
  const lock = isPostgres(trx) ? sql` for update` : sql``;
  const condition = where.id !== undefined ? sql`id = ${where.id}` : sql`number = ${where.number ?? ''}`;
  const result = await sql<CardRow>`select id, company_id, last4, initial_cents, balance_cents, customer_id, expires_on,
    status, note, created_at, last_used_at from gift_cards where company_id = ${where.companyId} and ${condition}${lock}`.execute(
    trx,
  );
  const row = result.rows[0];
  return row ? { ...row, balance_cents: Number(row.balance_cents) } : null;
}

export interface EntryRef {
  receiptId?: number | null;
  orderId?: number | null;
  userId?: number | null;
  note?: string;
}

/**
 * Moves a card's balance by `delta` and writes its ledger entry, in the caller's transaction. The
 * update is conditional (the balance stays >= 0 and within the maximum), so even without the row
 * lock two redemptions can never take the same money twice. Returns the balance after, or null
 * when the condition refused it.
 */
export async function moveBalance(
  trx: Db,
  card: { companyId: number; id: number },
  kind: GiftCardEntryKind,
  delta: number,
  at: number,
  ref: EntryRef = {},
): Promise<number | null> {
  const updated = await trx
    .updateTable('gift_cards')
    .set({
      balance_cents: sql`balance_cents + ${delta}`,
      updated_at: at,
      ...(kind === 'redeem' || kind === 'refund' ? { last_used_at: at } : {}),
    })
    .where('id', '=', card.id)
    .where('company_id', '=', card.companyId)
    .where(sql<boolean>`balance_cents + ${delta} >= 0`)
    .where(sql<boolean>`balance_cents + ${delta} <= ${GIFT_CARD_LIMITS.maxBalanceCents}`)
    .returning('balance_cents')
    .executeTakeFirst();
  if (!updated) return null;
  const after = Number(updated.balance_cents);
  await trx
    .insertInto('gift_card_entries')
    .values({
      company_id: card.companyId,
      gift_card_id: card.id,
      kind,
      amount_cents: delta,
      balance_after_cents: after,
      receipt_id: ref.receiptId ?? null,
      order_id: ref.orderId ?? null,
      user_id: ref.userId ?? null,
      note: ref.note ?? '',
      at,
    })
    .execute();
  return after;
}

export type RedeemProblem = 'unknown_gift_card' | 'gift_card_expired' | 'gift_card_void' | 'gift_card_insufficient';

export const REDEEM_MESSAGES: Record<RedeemProblem, string> = {
  unknown_gift_card: 'there is no gift card with this number',
  gift_card_expired: 'this gift card has expired',
  gift_card_void: 'this gift card was withdrawn',
  gift_card_insufficient: 'the gift card does not hold that much',
};

/**
 * Takes `amountCents` from the card with `number` (locked first), or says why not. Used by the
 * storefront's orders; the registers' receipts go through the ingest's book (rewards/book.ts).
 */
export async function redeemByNumber(
  trx: Db,
  companyId: number,
  number: string,
  amountCents: number,
  at: number,
  ref: EntryRef,
): Promise<{ cardId: number; balanceCents: number } | { problem: RedeemProblem; balanceCents?: number }> {
  const card = await lockCard(trx, { companyId, number });
  if (!card) return { problem: 'unknown_gift_card' };
  const status = statusOf(card, await companyToday(trx, companyId, at));
  if (status === 'void') return { problem: 'gift_card_void' };
  if (status === 'expired') return { problem: 'gift_card_expired' };
  if (card.balance_cents < amountCents) return { problem: 'gift_card_insufficient', balanceCents: card.balance_cents };
  const after = await moveBalance(trx, { companyId, id: card.id }, 'redeem', -amountCents, at, ref);
  if (after === null) return { problem: 'gift_card_insufficient', balanceCents: card.balance_cents };
  return { cardId: card.id, balanceCents: after };
}

/** A card's public face by its number (register or storefront lookups), null when there is none. */
export async function balanceByNumber(
  db: Db,
  companyId: number,
  number: string,
  now: number,
): Promise<GiftCardBalance | null> {
  const row = await db
    .selectFrom('gift_cards')
    .select(['last4', 'balance_cents', 'status', 'expires_on'])
    .where('company_id', '=', companyId)
    .where('number', '=', number)
    .executeTakeFirst();
  if (!row) return null;
  return {
    last4: row.last4,
    balanceCents: Number(row.balance_cents),
    status: statusOf(row, await companyToday(db, companyId, now)),
    expiresOn: row.expires_on,
  };
}

async function checkCustomer(db: Db, companyId: number, customerId: number | null): Promise<void> {
  if (customerId === null) return;
  const row = await db
    .selectFrom('customers')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw fieldProblem('customerId', 'choose one of the options');
}

/**
 * Issues a card with a fresh number. A number already taken (one chance in ~10^15 per card) is
 * drawn again; the unique index stays the last word.
 */
export async function issueGiftCard(
  db: Db,
  companyId: number,
  input: { amountCents: number; customerId: number | null; expiresOn: string | null; note: string },
  at: number,
  userId: number | null,
): Promise<{ id: number; number: string }> {
  let number = newGiftCardNumber();
  while (await db.selectFrom('gift_cards').select('id').where('number', '=', number).executeTakeFirst()) {
    number = newGiftCardNumber();
  }
  const card = await db
    .insertInto('gift_cards')
    .values({
      company_id: companyId,
      number,
      last4: number.slice(-4),
      initial_cents: input.amountCents,
      balance_cents: input.amountCents,
      customer_id: input.customerId,
      expires_on: input.expiresOn,
      note: input.note,
      created_at: at,
      created_by: userId,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('gift_card_entries')
    .values({
      company_id: companyId,
      gift_card_id: card.id,
      kind: 'issue',
      amount_cents: input.amountCents,
      balance_after_cents: input.amountCents,
      user_id: userId,
      note: input.note,
      at,
    })
    .execute();
  return { id: card.id, number };
}

/**
 * `/api/backoffice/giftcards`: issue (the number shown once), load, adjust with a reason, void,
 * edit holder / expiry / note, and each card's history. Redemptions come from the registers
 * (device API) and the storefront.
 */
const amount = (cents: number) => (cents / 100).toFixed(2);
const at = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
/** The list's CSV: the masked number only (as the list shows it), never the full card number. */
const CSV_COLUMNS: ExportColumn<GiftCard>[] = [
  { header: 'number', value: (r) => maskGiftCardNumber(r.last4) },
  { header: 'status', value: (r) => r.status },
  { header: 'balance', value: (r) => amount(r.balanceCents), decimal: true },
  { header: 'initial', value: (r) => amount(r.initialCents), decimal: true },
  { header: 'expires_on', value: (r) => r.expiresOn ?? '' },
  { header: 'customer', value: (r) => r.customer?.name ?? '' },
  { header: 'note', value: (r) => r.note },
  { header: 'issued_at', value: (r) => at(r.issuedAt) },
  { header: 'last_used_at', value: (r) => at(r.lastUsedAt) },
];

export function giftCardsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const todayIso = await companyToday(db, companyId, ctx.now());
    noStore(res).json({ rows: await loadCards(db, companyId, todayIso) });
  });

  router.get('/export', async (req, res) => {
    const { companyId } = merchantOf(res);
    const rows = await loadCards(db, companyId, await companyToday(db, companyId, ctx.now()));
    await sendExport(ctx.db, req, res, { name: 'gift-cards', now: ctx.now() }, CSV_COLUMNS, rows);
  });

  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const customers = await db
      .selectFrom('customers')
      .select(['id', 'name'])
      .where('company_id', '=', companyId)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .limit(5000)
      .execute();
    const body: GiftCardOptions = { customers, currency: (await companyLocale(db, companyId)).currency };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    const { companyId } = merchantOf(res);
    const id = idParam(req.params.id);
    noStore(res).json(await loadDetail(db, companyId, id, await companyToday(db, companyId, ctx.now())));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(giftCardIssueSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    await checkCustomer(db, companyId, input.customerId);
    const todayIso = await companyToday(db, companyId, now);
    if (input.expiresOn !== null && input.expiresOn < todayIso) {
      throw fieldProblem('expiresOn', 'must be today or later');
    }
    const issued = await db.transaction().execute((trx) => issueGiftCard(trx, companyId, input, now, userId));
    const body: IssuedGiftCard = { ...(await loadDetail(db, companyId, issued.id, todayIso)), number: issued.number };
    noStore(res).status(201).json(body);
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(giftCardUpdateSchema, req.body);
    const { companyId } = merchantOf(res);
    await checkCustomer(db, companyId, input.customerId);
    const result = await db
      .updateTable('gift_cards')
      .set({ customer_id: input.customerId, expires_on: input.expiresOn, note: input.note, updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound(WHAT);
    noStore(res).json(await loadDetail(db, companyId, id, await companyToday(db, companyId, ctx.now())));
  });

  /** Load (add value) and adjust (a signed correction with its reason): active cards only. */
  const change = (kind: 'load' | 'adjust') =>
    (async (req, res) => {
      const id = idParam(req.params.id);
      const { companyId, userId } = merchantOf(res);
      const input =
        kind === 'load'
          ? (({ amountCents, note }) => ({ amountCents, note }))(parseOrThrow(giftCardLoadSchema, req.body))
          : (({ amountCents, reason }) => ({ amountCents, note: reason }))(
              parseOrThrow(giftCardAdjustSchema, req.body),
            );
      const now = ctx.now();
      const todayIso = await companyToday(db, companyId, now);
      await db.transaction().execute(async (trx) => {
        const card = await lockCard(trx, { companyId, id });
        if (!card) throw notFound(WHAT);
        const status = statusOf(card, todayIso);
        if (status !== 'active') {
          throw refused(`gift_card_${status}`, `This gift card is ${status}: its balance cannot change.`, { status });
        }
        const after = await moveBalance(trx, { companyId, id }, kind, input.amountCents, now, {
          userId,
          note: input.note,
        });
        if (after === null) {
          const most = GIFT_CARD_LIMITS.maxBalanceCents - card.balance_cents;
          throw fieldProblem(
            'amountCents',
            input.amountCents < 0
              ? `must not take more than the balance (${card.balance_cents} cents)`
              : `the card may hold at most ${GIFT_CARD_LIMITS.maxBalanceCents} cents: add at most ${most}`,
          );
        }
      });
      noStore(res).json(await loadDetail(db, companyId, id, todayIso));
    }) satisfies express.RequestHandler;

  router.post('/:id/load', change('load'));
  router.post('/:id/adjust', change('adjust'));

  // Void: withdrawn for good (lost, stolen). The balance stays on record; nothing redeems it any more.
  router.post('/:id/void', async (req, res) => {
    const id = idParam(req.params.id);
    const { reason } = parseOrThrow(giftCardVoidSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const card = await lockCard(trx, { companyId, id });
      if (!card) throw notFound(WHAT);
      if (card.status === 'void') {
        throw refused('gift_card_void', 'This gift card is already void.', { status: 'void' });
      }
      await trx.updateTable('gift_cards').set({ status: 'void', updated_at: now }).where('id', '=', id).execute();
      await trx
        .insertInto('gift_card_entries')
        .values({
          company_id: companyId,
          gift_card_id: id,
          kind: 'void',
          amount_cents: 0,
          balance_after_cents: card.balance_cents,
          user_id: userId,
          note: reason,
          at: now,
        })
        .execute();
    });
    noStore(res).json(await loadDetail(db, companyId, id, await companyToday(db, companyId, now)));
  });

  return router;
}
