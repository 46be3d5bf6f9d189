import express, { type Router } from 'express';
import { sql } from 'kysely';
import {
  PURCHASE_ORDER_ACTIONS,
  PURCHASE_ORDER_STATUSES,
  purchaseOrderEmailSchema,
  purchaseOrderInputSchema,
  receiveInputSchema,
  type PurchaseOrder,
  type PurchaseOrderInput,
  type PurchaseOrderStatus,
  type PurchaseSuggestion,
} from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { nextNumber } from '../../platform/db/counters';
import { parseOrThrow } from '../../platform/http';
import { allowMails, sendMail } from '../../platform/outbox';
import { companyLocale } from '../settings';
import { merchantOf, requirePage, cents, fieldProblem, idParam, money, noStore, notFound, refused } from '../merchant';
import { postLedger } from './ledger';
import { purchaseOrderMail } from './purchaseOrderText';
import {
  action,
  checkItems,
  checkWarehouse,
  costOf,
  inventoryOptions,
  lockForAction,
  userNames,
  wrongState,
  type Db,
} from './common';

const PAGE = '/purchase_orders';
const WHAT = 'purchase order';

async function loadOrders(db: Db, companyId: number, only?: number, status?: string): Promise<PurchaseOrder[]> {
  let query = db
    .selectFrom('purchase_orders as p')
    .innerJoin('vendors as v', 'v.id', 'p.vendor_id')
    .innerJoin('warehouses as w', 'w.id', 'p.warehouse_id')
    // Its times are shown in the warehouse's location's zone, like its stock movements.
    .leftJoin('locations as loc', 'loc.id', 'w.location_id')
    .selectAll('p')
    .select(['v.name as vendor_name', 'v.email as vendor_email', 'w.name as warehouse_name', 'loc.timezone as zone'])
    .where('p.company_id', '=', companyId);
  if (only !== undefined) query = query.where('p.id', '=', only);
  if (status !== undefined) query = query.where('p.status', '=', status as PurchaseOrderStatus);
  const rows = await query.orderBy('p.number', 'desc').limit(1000).execute();
  if (rows.length === 0) return [];
  const { timezone } = await companyLocale(db, companyId);
  const lines = await db
    .selectFrom('purchase_order_lines as l')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .select([
      'l.id',
      'l.purchase_order_id',
      'l.item_id',
      'i.name',
      'i.sku',
      'l.quantity',
      'l.received_quantity',
      'l.cost_cents',
    ])
    .where('l.company_id', '=', companyId)
    .where(
      'l.purchase_order_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('l.position')
    .execute();
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.created_by, r.updated_by, r.ordered_by, r.received_by, r.cancelled_by, r.closed_short_by]),
  );
  return rows.map((r) => {
    const own = lines
      .filter((l) => l.purchase_order_id === r.id)
      .map((l) => ({
        id: l.id,
        itemId: l.item_id,
        itemName: l.name,
        sku: l.sku,
        quantity: Number(l.quantity),
        receivedQuantity: Number(l.received_quantity),
        cost: costOf(l.cost_cents),
        total: money(Number(l.quantity) * Number(l.cost_cents)),
      }));
    return {
      id: r.id,
      number: Number(r.number),
      vendorId: r.vendor_id,
      vendorName: r.vendor_name,
      vendorEmail: r.vendor_email,
      warehouseId: r.warehouse_id,
      warehouseName: r.warehouse_name,
      timezone: r.zone ?? timezone,
      status: r.status,
      expectedAt: r.expected_at === null ? null : Number(r.expected_at),
      note: r.note,
      lines: own,
      total: money(own.reduce((s, l) => s + Math.round(l.total * 100), 0)),
      // What arrived, at the order's costs: below the total once some came short (closed short).
      receivedTotal: money(
        lines
          .filter((l) => l.purchase_order_id === r.id)
          .reduce((s, l) => s + Number(l.received_quantity) * Number(l.cost_cents), 0),
      ),
      created: action(names, r.created_by, r.created_at),
      updated: action(names, r.updated_by, r.updated_at),
      ordered: action(names, r.ordered_by, r.ordered_at),
      received: action(names, r.received_by, r.received_at),
      cancelled: action(names, r.cancelled_by, r.cancelled_at),
      closedShort: action(names, r.closed_short_by, r.closed_short_at),
    };
  });
}

async function loadOrder(db: Db, companyId: number, id: number): Promise<PurchaseOrder> {
  const [order] = await loadOrders(db, companyId, id);
  if (!order) throw notFound(WHAT);
  return order;
}

async function checkInput(db: Db, companyId: number, input: PurchaseOrderInput): Promise<void> {
  const vendor = await db
    .selectFrom('vendors')
    .select('id')
    .where('id', '=', input.vendorId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!vendor) throw fieldProblem('vendorId', 'choose one of the options');
  await checkWarehouse(db, companyId, input.warehouseId);
  await checkItems(
    db,
    companyId,
    input.lines.map((l) => l.itemId),
  );
}

async function writeLines(trx: Db, companyId: number, orderId: number, input: PurchaseOrderInput): Promise<void> {
  await trx
    .deleteFrom('purchase_order_lines')
    .where('company_id', '=', companyId)
    .where('purchase_order_id', '=', orderId)
    .execute();
  await trx
    .insertInto('purchase_order_lines')
    .values(
      input.lines.map((l, position) => ({
        company_id: companyId,
        purchase_order_id: orderId,
        item_id: l.itemId,
        position,
        quantity: l.quantity,
        received_quantity: 0,
        cost_cents: cents(l.cost),
      })),
    )
    .execute();
}

/**
 * `/api/backoffice/inventory/purchase_orders`: draft -> ordered -> partially received -> received,
 * or cancelled (before anything arrived). Only a draft is edited; receiving adds the goods to the
 * warehouse at the line's cost (the items' average cost moves) in the same transaction.
 */
export function purchaseOrdersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (req, res) => {
    const status = typeof req.query.status === 'string' ? req.query.status : undefined;
    if (status !== undefined && !(PURCHASE_ORDER_STATUSES as readonly string[]).includes(status)) {
      throw fieldProblem('status', 'choose one of the options');
    }
    noStore(res).json({ rows: await loadOrders(db, merchantOf(res).companyId, undefined, status) });
  });

  router.get('/options', async (_req, res) => {
    noStore(res).json(await inventoryOptions(db, merchantOf(res).companyId));
  });

  // Suggested lines: the vendor's items at or below their threshold in the warehouse, up to twice it.
  router.get('/suggestions', async (req, res) => {
    const { companyId } = merchantOf(res);
    const vendorId = idParam(String(req.query.vendorId ?? ''));
    const warehouseId = idParam(String(req.query.warehouseId ?? ''));
    const rows = await db
      .selectFrom('vendor_items as v')
      .innerJoin('items as i', 'i.id', 'v.item_id')
      .innerJoin('stock_levels as s', (join) =>
        join.onRef('s.item_id', '=', 'v.item_id').on('s.warehouse_id', '=', warehouseId),
      )
      .select(['v.item_id', 'i.name', 's.on_hand', 's.low_stock', 'v.cost_cents'])
      .where('v.company_id', '=', companyId)
      .where('v.vendor_id', '=', vendorId)
      .where('i.track_stock', '=', 1)
      .where('s.low_stock', 'is not', null)
      .whereRef('s.on_hand', '<=', 's.low_stock')
      .orderBy(sql`lower(i.name)`)
      .execute();
    const body: PurchaseSuggestion[] = rows.map((r) => {
      const onHand = Number(r.on_hand);
      const low = Number(r.low_stock);
      return {
        itemId: r.item_id,
        itemName: r.name,
        onHand,
        lowStock: low,
        quantity: Math.max(1, 2 * low - onHand),
        cost: costOf(r.cost_cents),
      };
    });
    noStore(res).json({ rows: body });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadOrder(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(purchaseOrderInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await checkInput(db, companyId, input);
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const number = await nextNumber(trx, companyId, 'purchase_order');
      const row = await trx
        .insertInto('purchase_orders')
        .values({
          company_id: companyId,
          number,
          vendor_id: input.vendorId,
          warehouse_id: input.warehouseId,
          status: 'draft',
          expected_at: input.expectedAt,
          note: input.note,
          created_by: userId,
          created_at: now,
          updated_by: userId,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeLines(trx, companyId, row.id, input);
      return row.id;
    });
    noStore(res)
      .status(201)
      .json(await loadOrder(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(purchaseOrderInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await loadOrder(db, companyId, id);
    await checkInput(db, companyId, input);
    await db.transaction().execute(async (trx) => {
      await lockForAction(
        trx,
        { table: 'purchase_orders', what: WHAT, companyId, id },
        { allowedFrom: PURCHASE_ORDER_ACTIONS.edit, done: 'edited' },
      );
      await trx
        .updateTable('purchase_orders')
        .set({
          vendor_id: input.vendorId,
          warehouse_id: input.warehouseId,
          expected_at: input.expectedAt,
          note: input.note,
          updated_by: userId,
          updated_at: ctx.now(),
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await writeLines(trx, companyId, id, input);
    });
    noStore(res).json(await loadOrder(db, companyId, id));
  });

  // Ordering and cancelling only stamp who and when: nothing moves until goods are received.
  for (const [name, done, by, at] of [
    ['order', 'ordered', 'ordered_by', 'ordered_at'],
    ['cancel', 'cancelled', 'cancelled_by', 'cancelled_at'],
  ] as const) {
    router.post(`/:id/${name}`, async (req, res) => {
      const id = idParam(req.params.id);
      const { companyId, userId } = merchantOf(res);
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        await lockForAction(
          trx,
          { table: 'purchase_orders', what: WHAT, companyId, id },
          { allowedFrom: PURCHASE_ORDER_ACTIONS[name], done },
        );
        await trx
          .updateTable('purchase_orders')
          .set({ status: done, [by]: userId, [at]: now, updated_by: userId, updated_at: now })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
      });
      noStore(res).json(await loadOrder(db, companyId, id));
    });
  }

  // Everything outstanding, or the quantities given per line; more than is outstanding is a 409.
  router.post('/:id/receive', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, userId } = merchantOf(res);
    await loadOrder(db, companyId, id);
    const input = parseOrThrow(receiveInputSchema, req.body);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await lockForAction(
        trx,
        { table: 'purchase_orders', what: WHAT, companyId, id },
        { allowedFrom: PURCHASE_ORDER_ACTIONS.receive, done: 'received' },
      );
      const order = await trx
        .selectFrom('purchase_orders')
        .select('warehouse_id')
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow();
      const lines = await trx
        .selectFrom('purchase_order_lines')
        .select(['id', 'item_id', 'quantity', 'received_quantity', 'cost_cents'])
        .where('company_id', '=', companyId)
        .where('purchase_order_id', '=', id)
        .orderBy('position')
        .execute();
      const outstanding = new Map(lines.map((l) => [l.id, Number(l.quantity) - Number(l.received_quantity)]));
      const receive = new Map<number, number>();
      if (input.lines === undefined) {
        for (const [lineId, quantity] of outstanding) if (quantity > 0) receive.set(lineId, quantity);
      } else {
        for (const l of input.lines) {
          const left = outstanding.get(l.lineId);
          if (left === undefined) throw fieldProblem('lines', 'choose lines of this purchase order');
          if (l.quantity > left) {
            throw refused('over_receipt', `Line ${l.lineId}: only ${left} left to receive.`, {
              lineId: l.lineId,
              outstanding: left,
            });
          }
          receive.set(l.lineId, l.quantity);
        }
      }
      if (receive.size === 0) throw refused('nothing_to_receive', 'Every line of this purchase order was received.');
      for (const [lineId, quantity] of receive) {
        await trx
          .updateTable('purchase_order_lines')
          .set((eb) => ({ received_quantity: eb('received_quantity', '+', quantity) }))
          .where('id', '=', lineId)
          .where('company_id', '=', companyId)
          .execute();
      }
      const complete = lines.every((l) => (outstanding.get(l.id) ?? 0) - (receive.get(l.id) ?? 0) === 0);
      await trx
        .updateTable('purchase_orders')
        .set({
          status: complete ? 'received' : 'partially_received',
          ...(complete ? { received_by: userId, received_at: now } : {}),
          updated_by: userId,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await postLedger(trx, {
        companyId,
        documentType: 'purchase_order',
        documentId: id,
        userId,
        now,
        refuseShortage: false,
        entries: lines
          .filter((l) => receive.has(l.id))
          .map((l) => ({
            itemId: l.item_id,
            warehouseId: order.warehouse_id,
            kind: 'receipt' as const,
            quantity: receive.get(l.id)!,
            unitCostCents: Number(l.cost_cents),
            updatesAverage: true,
          })),
      });
    });
    noStore(res).json(await loadOrder(db, companyId, id));
  });

  /*
   * Closing short: after a partial receipt, the rest is no longer expected. The order becomes
   * 'received' (so nothing more can be received) with who closed it short and when; the stock
   * moved only with what was received, so nothing is posted here.
   */
  router.post('/:id/close', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, userId } = merchantOf(res);
    await loadOrder(db, companyId, id);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await lockForAction(
        trx,
        { table: 'purchase_orders', what: WHAT, companyId, id },
        { allowedFrom: PURCHASE_ORDER_ACTIONS.close, done: 'closed short' },
      );
      await trx
        .updateTable('purchase_orders')
        .set({
          status: 'received',
          closed_short_by: userId,
          closed_short_at: now,
          updated_by: userId,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
    });
    noStore(res).json(await loadOrder(db, companyId, id));
  });

  /*
   * E-mailed through the outbox (the text is also the print view) to the vendor's address; another
   * address only when the user confirms it (`confirmOtherRecipient`), one address, never a list.
   * Either way it counts against the company's and the recipient's mail limits.
   */
  router.post('/:id/email', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, company } = merchantOf(res);
    const order = await loadOrder(db, companyId, id);
    const input = parseOrThrow(purchaseOrderEmailSchema, req.body);
    // Addresses as the rest of the product keeps them (trimmed, lower case): the limits count one inbox.
    const vendorEmail = order.vendorEmail.trim().toLowerCase();
    const to = input.to?.trim().toLowerCase() || vendorEmail;
    if (!to) throw fieldProblem('to', 'the vendor has no e-mail address: enter one');
    if (to !== vendorEmail && input.confirmOtherRecipient !== true) {
      throw fieldProblem(
        'confirmOtherRecipient',
        `${to} is not the vendor's address${vendorEmail ? ` (${vendorEmail})` : ''}: confirm to send the order there`,
      );
    }
    if (order.status === 'draft' || order.status === 'cancelled') throw wrongState(WHAT, 'e-mailed', order.status);
    await allowMails(ctx.mail, { companyId, kind: 'purchase_order', to: [to], document: `purchase_order:${id}` });
    // The vendor is outside the product: the order speaks the company's language.
    await sendMail(db, { to, ...(await purchaseOrderMail(db, companyId, order, company.name)) }, ctx.now());
    noStore(res).json({ sent: true, to });
  });

  router.get('/:id/print', async (req, res) => {
    const { companyId, company } = merchantOf(res);
    const order = await loadOrder(db, companyId, idParam(req.params.id));
    const { body } = await purchaseOrderMail(db, companyId, order, company.name);
    noStore(res).type('text/plain; charset=utf-8').send(body);
  });

  return router;
}
