import express, { type Router } from 'express';
import {
  TRANSFER_ACTIONS,
  transferInputSchema,
  type Transfer,
  type TransferInput,
} from '@hive/shared/schemas/backoffice/inventory';
import type { AuthContext } from '../auth';
import { nextNumber } from '../../platform/db/counters';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, idParam, noStore, notFound } from '../merchant';
import { postLedger } from './ledger';
import {
  action,
  checkItems,
  checkWarehouse,
  costOf,
  inventoryOptions,
  lockForAction,
  userNames,
  type Db,
} from './common';

const PAGE = '/transfers';
const WHAT = 'transfer';

async function loadTransfers(db: Db, companyId: number, only?: number): Promise<Transfer[]> {
  let query = db
    .selectFrom('transfers as t')
    .innerJoin('warehouses as f', 'f.id', 't.from_warehouse_id')
    .innerJoin('warehouses as d', 'd.id', 't.to_warehouse_id')
    .selectAll('t')
    .select(['f.name as from_name', 'd.name as to_name'])
    .where('t.company_id', '=', companyId);
  if (only !== undefined) query = query.where('t.id', '=', only);
  const rows = await query.orderBy('t.number', 'desc').limit(1000).execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('transfer_lines as l')
    .innerJoin('items as i', 'i.id', 'l.item_id')
    .select(['l.id', 'l.transfer_id', 'l.item_id', 'i.name', 'l.quantity', 'l.unit_cost_cents'])
    .where('l.company_id', '=', companyId)
    .where(
      'l.transfer_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('l.position')
    .execute();
  const names = await userNames(
    db,
    rows.flatMap((r) => [r.created_by, r.updated_by, r.sent_by, r.received_by, r.cancelled_by]),
  );
  return rows.map((r) => ({
    id: r.id,
    number: Number(r.number),
    fromWarehouseId: r.from_warehouse_id,
    fromWarehouseName: r.from_name,
    toWarehouseId: r.to_warehouse_id,
    toWarehouseName: r.to_name,
    status: r.status,
    note: r.note,
    lines: lines
      .filter((l) => l.transfer_id === r.id)
      .map((l) => ({
        id: l.id,
        itemId: l.item_id,
        itemName: l.name,
        quantity: Number(l.quantity),
        unitCost: l.unit_cost_cents === null ? null : costOf(l.unit_cost_cents),
      })),
    created: action(names, r.created_by, r.created_at),
    updated: action(names, r.updated_by, r.updated_at),
    sent: action(names, r.sent_by, r.sent_at),
    received: action(names, r.received_by, r.received_at),
    cancelled: action(names, r.cancelled_by, r.cancelled_at),
  }));
}

async function loadTransfer(db: Db, companyId: number, id: number): Promise<Transfer> {
  const [transfer] = await loadTransfers(db, companyId, id);
  if (!transfer) throw notFound(WHAT);
  return transfer;
}

async function checkInput(db: Db, companyId: number, input: TransferInput): Promise<void> {
  await checkWarehouse(db, companyId, input.fromWarehouseId, 'fromWarehouseId');
  await checkWarehouse(db, companyId, input.toWarehouseId, 'toWarehouseId');
  await checkItems(
    db,
    companyId,
    input.lines.map((l) => l.itemId),
  );
}

async function writeLines(trx: Db, companyId: number, transferId: number, input: TransferInput): Promise<void> {
  await trx
    .deleteFrom('transfer_lines')
    .where('company_id', '=', companyId)
    .where('transfer_id', '=', transferId)
    .execute();
  await trx
    .insertInto('transfer_lines')
    .values(
      input.lines.map((l, position) => ({
        company_id: companyId,
        transfer_id: transferId,
        item_id: l.itemId,
        position,
        quantity: l.quantity,
      })),
    )
    .execute();
}

/**
 * `/api/backoffice/inventory/transfers`: draft -> in transit -> received (or a draft cancelled).
 * Stock leaves the first warehouse when it is sent (refused when short unless the company allows
 * negative stock) and arrives in the second when it is received, at the cost it left with.
 */
export function transfersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadTransfers(db, merchantOf(res).companyId) });
  });

  router.get('/options', async (_req, res) => {
    noStore(res).json(await inventoryOptions(db, merchantOf(res).companyId));
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadTransfer(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(transferInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await checkInput(db, companyId, input);
    const now = ctx.now();
    const id = await db.transaction().execute(async (trx) => {
      const number = await nextNumber(trx, companyId, 'transfer');
      const row = await trx
        .insertInto('transfers')
        .values({
          company_id: companyId,
          number,
          from_warehouse_id: input.fromWarehouseId,
          to_warehouse_id: input.toWarehouseId,
          status: 'draft',
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
      .json(await loadTransfer(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(transferInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    await loadTransfer(db, companyId, id);
    await checkInput(db, companyId, input);
    await db.transaction().execute(async (trx) => {
      await lockForAction(
        trx,
        { table: 'transfers', what: WHAT, companyId, id },
        { allowedFrom: TRANSFER_ACTIONS.edit, done: 'edited' },
      );
      await trx
        .updateTable('transfers')
        .set({
          from_warehouse_id: input.fromWarehouseId,
          to_warehouse_id: input.toWarehouseId,
          note: input.note,
          updated_by: userId,
          updated_at: ctx.now(),
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await writeLines(trx, companyId, id, input);
    });
    noStore(res).json(await loadTransfer(db, companyId, id));
  });

  const transition = (name: 'send' | 'receive' | 'cancel', past: string) =>
    router.post(`/:id/${name}`, async (req, res) => {
      const id = idParam(req.params.id);
      const { companyId, userId } = merchantOf(res);
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        await lockForAction(
          trx,
          { table: 'transfers', what: WHAT, companyId, id },
          { allowedFrom: TRANSFER_ACTIONS[name], done: past },
        );
        const transfer = await trx
          .selectFrom('transfers')
          .select(['from_warehouse_id', 'to_warehouse_id'])
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .executeTakeFirstOrThrow();
        const lines = await trx
          .selectFrom('transfer_lines as l')
          .innerJoin('items as i', 'i.id', 'l.item_id')
          .select(['l.id', 'l.item_id', 'l.quantity', 'l.unit_cost_cents', 'i.cost_cents'])
          .where('l.company_id', '=', companyId)
          .where('l.transfer_id', '=', id)
          .orderBy('l.position')
          .execute();
        if (name === 'send') {
          for (const l of lines) {
            await trx
              .updateTable('transfer_lines')
              .set({ unit_cost_cents: Number(l.cost_cents) })
              .where('id', '=', l.id)
              .where('company_id', '=', companyId)
              .execute();
          }
          await postLedger(trx, {
            companyId,
            documentType: 'transfer',
            documentId: id,
            userId,
            now,
            refuseShortage: true,
            entries: lines.map((l) => ({
              itemId: l.item_id,
              warehouseId: transfer.from_warehouse_id,
              kind: 'transfer_out' as const,
              quantity: -Number(l.quantity),
              unitCostCents: Number(l.cost_cents),
            })),
          });
        }
        if (name === 'receive') {
          await postLedger(trx, {
            companyId,
            documentType: 'transfer',
            documentId: id,
            userId,
            now,
            refuseShortage: false,
            entries: lines.map((l) => ({
              itemId: l.item_id,
              warehouseId: transfer.to_warehouse_id,
              kind: 'transfer_in' as const,
              quantity: Number(l.quantity),
              unitCostCents: Number(l.unit_cost_cents ?? l.cost_cents),
            })),
          });
        }
        const next = { send: 'in_transit', receive: 'received', cancel: 'cancelled' } as const;
        const who = { send: 'sent', receive: 'received', cancel: 'cancelled' } as const;
        await trx
          .updateTable('transfers')
          .set({
            status: next[name],
            [`${who[name]}_by`]: userId,
            [`${who[name]}_at`]: now,
            updated_by: userId,
            updated_at: now,
          })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
      });
      noStore(res).json(await loadTransfer(db, companyId, id));
    });
  transition('send', 'sent');
  transition('receive', 'received');
  transition('cancel', 'cancelled');

  return router;
}
