import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  printJobQuerySchema,
  printerInputSchema,
  type PrintJob,
  type PrintJobList,
  type Printer,
  type PrinterInput,
  type PrinterOptions,
} from '@hive/shared/schemas/backoffice/devices';
import type { PrintDocument } from '@hive/shared/schemas/device';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { chunks } from '../../platform/db';
import { parseOrThrow } from '../../platform/http';
import {
  announceWrites,
  merchantOf,
  requirePage,
  conflictOr,
  fieldProblem,
  idParam,
  noStore,
  notFound,
  refused,
} from '../merchant';
import { checkLocation, locationOptions } from './terminals';

const PAGE = '/remoteprint';
const NAME_TAKEN = 'another printer already has this name';

type Db = Kysely<Database> | Transaction<Database>;

// -------------------------------------------------------------------------------------------------
// Printers

async function loadPrinters(db: Db, companyId: number, only?: number): Promise<Printer[]> {
  let query = db
    .selectFrom('printers as p')
    .leftJoin('locations as l', 'l.id', 'p.location_id')
    .leftJoin('terminals as t', 't.id', 'p.terminal_id')
    .where('p.company_id', '=', companyId)
    .select([
      'p.id',
      'p.name',
      'p.kind',
      'p.location_id',
      'l.name as location_name',
      'p.terminal_id',
      't.name as terminal_name',
      'p.address',
      'p.active',
      'p.updated_at',
    ]);
  if (only !== undefined) query = query.where('p.id', '=', only);
  const rows = await query
    .orderBy(sql`lower(p.name)`)
    .orderBy('p.id')
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [categories, counts] = await Promise.all([
    db
      .selectFrom('printer_categories as pc')
      .innerJoin('categories as c', 'c.id', 'pc.category_id')
      .select(['pc.printer_id', 'c.id', 'c.name'])
      .where('pc.company_id', '=', companyId)
      .where('pc.printer_id', 'in', ids)
      .orderBy('c.position')
      .orderBy('c.id')
      .execute(),
    db
      .selectFrom('print_jobs')
      .select(['printer_id', 'status', sql<number>`count(*)`.as('n')])
      .where('company_id', '=', companyId)
      .where('printer_id', 'in', ids)
      .where('status', 'in', ['queued', 'failed'])
      .groupBy(['printer_id', 'status'])
      .execute(),
  ]);
  return rows.map((r) => {
    const own = categories.filter((c) => c.printer_id === r.id);
    const count = (status: string) => Number(counts.find((c) => c.printer_id === r.id && c.status === status)?.n ?? 0);
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      locationId: r.location_id,
      locationName: r.location_name ?? null,
      terminalId: r.terminal_id,
      terminalName: r.terminal_name ?? null,
      address: r.address,
      categoryIds: own.map((c) => c.id),
      categoryNames: own.map((c) => c.name),
      active: Number(r.active) === 1,
      queued: count('queued'),
      failed: count('failed'),
      updatedAt: Number(r.updated_at),
    };
  });
}

async function loadPrinter(db: Db, companyId: number, id: number): Promise<Printer> {
  const [printer] = await loadPrinters(db, companyId, id);
  if (!printer) throw notFound('printer');
  return printer;
}

/** The ids a printer form names must be the company's: 400 on the field otherwise. */
async function checkPrinterInput(db: Db, companyId: number, input: PrinterInput): Promise<void> {
  await checkLocation(db, companyId, input.locationId);
  if (input.terminalId !== null) {
    const terminal = await db
      .selectFrom('terminals')
      .select('location_id')
      .where('id', '=', input.terminalId)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!terminal) throw fieldProblem('terminalId', 'choose one of the options');
    if (terminal.location_id !== input.locationId) {
      throw fieldProblem('terminalId', 'choose a terminal of the printer’s location');
    }
  }
  if (input.categoryIds.length > 0) {
    const found = await db
      .selectFrom('categories')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', 'in', input.categoryIds)
      .execute();
    if (found.length !== input.categoryIds.length) throw fieldProblem('categoryIds', 'choose one of the options');
  }
}

async function setCategories(trx: Db, companyId: number, printerId: number, categoryIds: number[]): Promise<void> {
  await trx
    .deleteFrom('printer_categories')
    .where('printer_id', '=', printerId)
    .where('company_id', '=', companyId)
    .execute();
  if (categoryIds.length > 0) {
    await trx
      .insertInto('printer_categories')
      .values(categoryIds.map((category_id) => ({ printer_id: printerId, category_id, company_id: companyId })))
      .execute();
  }
}

const columns = (input: PrinterInput) => ({
  name: input.name,
  kind: input.kind,
  location_id: input.locationId,
  terminal_id: input.terminalId,
  address: input.address,
  active: input.active ? 1 : 0,
});

// -------------------------------------------------------------------------------------------------
// Jobs

export async function queueJob(
  db: Db,
  job: {
    companyId: number;
    printerId: number;
    kind: 'test' | 'kitchen' | 'receipt';
    title: string;
    document: PrintDocument;
    receiptId?: number | null;
    now: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('print_jobs')
    .values({
      company_id: job.companyId,
      printer_id: job.printerId,
      kind: job.kind,
      status: 'queued',
      title: job.title,
      content: JSON.stringify(job.document),
      receipt_id: job.receiptId ?? null,
      delivered_at: null,
      acked_at: null,
      created_at: job.now,
      updated_at: job.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface KitchenLine {
  categoryId: number | null;
  name: string;
  quantity: number;
  modifiers: string[];
}

/**
 * Kitchen tickets of a batch of receipts: per receipt, one job per active kitchen printer of the
 * location with the lines of the categories routed to it. Lines of no routed category are not
 * printed in the kitchen. The routes are read once and the jobs written in one INSERT, in receipt
 * order, however many receipts the batch holds.
 */
export async function queueKitchenTickets(
  db: Db,
  batch: {
    companyId: number;
    locationId: number | null;
    now: number;
    tickets: readonly {
      receiptId: number;
      receiptNumber: number;
      orderType: string | null;
      lines: KitchenLine[];
    }[];
  },
): Promise<number> {
  if (batch.locationId === null || batch.tickets.length === 0) return 0;
  const routes = await db
    .selectFrom('printers as p')
    .innerJoin('printer_categories as pc', 'pc.printer_id', 'p.id')
    .select(['p.id', 'pc.category_id'])
    .where('p.company_id', '=', batch.companyId)
    .where('p.location_id', '=', batch.locationId)
    .where('p.kind', '=', 'kitchen')
    .where('p.active', '=', 1)
    .execute();
  const byPrinter = new Map<number, Set<number>>();
  for (const r of routes) byPrinter.set(r.id, (byPrinter.get(r.id) ?? new Set()).add(r.category_id));
  const jobs = batch.tickets.flatMap((ticket) =>
    [...byPrinter].flatMap(([printerId, categories]) => {
      const lines = ticket.lines.filter((l) => l.categoryId !== null && categories.has(l.categoryId));
      if (lines.length === 0) return [];
      const title = `Order #${ticket.receiptNumber}${ticket.orderType ? ` · ${ticket.orderType}` : ''}`;
      const document: PrintDocument = {
        lines: [
          { text: title, bold: true, large: true },
          { text: new Date(batch.now).toISOString().slice(11, 16) + ' UTC' },
          { text: '' },
          ...lines.flatMap((l) => [
            { text: `${l.quantity} x ${l.name}`, bold: true },
            ...l.modifiers.map((m) => ({ text: `   + ${m}` })),
          ]),
        ],
      };
      return [
        {
          company_id: batch.companyId,
          printer_id: printerId,
          kind: 'kitchen' as const,
          status: 'queued' as const,
          title,
          content: JSON.stringify(document),
          receipt_id: ticket.receiptId,
          delivered_at: null,
          acked_at: null,
          created_at: batch.now,
          updated_at: batch.now,
        },
      ];
    }),
  );
  for (const part of chunks(jobs, 500)) await db.insertInto('print_jobs').values(part).execute();
  return jobs.length;
}

function parseDocument(text: string): PrintJob['document'] {
  try {
    const value = JSON.parse(text) as PrintJob['document'];
    return Array.isArray(value?.lines) ? value : { lines: [] };
  } catch {
    return { lines: [] };
  }
}

function selectJobs(db: Db, companyId: number) {
  return db
    .selectFrom('print_jobs as j')
    .innerJoin('printers as p', 'p.id', 'j.printer_id')
    .where('j.company_id', '=', companyId)
    .select([
      'j.id',
      'j.printer_id',
      'p.name as printer_name',
      'j.kind',
      'j.status',
      'j.title',
      'j.content',
      'j.attempts',
      'j.delivered_at',
      'j.acked_at',
      'j.error',
      'j.created_at',
      'j.updated_at',
    ]);
}

type JobRow = Awaited<ReturnType<ReturnType<typeof selectJobs>['executeTakeFirstOrThrow']>>;

function toJob(r: JobRow): PrintJob {
  return {
    id: r.id,
    printerId: r.printer_id,
    printerName: r.printer_name,
    kind: r.kind,
    status: r.status,
    title: r.title,
    document: parseDocument(r.content),
    attempts: Number(r.attempts),
    deliveredAt: r.delivered_at === null ? null : Number(r.delivered_at),
    ackedAt: r.acked_at === null ? null : Number(r.acked_at),
    error: r.error,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

async function loadJob(db: Db, companyId: number, id: number): Promise<PrintJob> {
  const row = await selectJobs(db, companyId).where('j.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('print job');
  return toJob(row);
}

// -------------------------------------------------------------------------------------------------
// Routers

/** `/api/backoffice/printers`: printers per location, kitchen routing, a test page. */
export function printersRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json({ rows: await loadPrinters(db, merchantOf(res).companyId) });
  });

  router.get('/options', async (_req, res) => {
    const { companyId } = merchantOf(res);
    const [locations, terminals, categories] = await Promise.all([
      locationOptions(db, companyId),
      db
        .selectFrom('terminals')
        .select(['id', 'name', 'location_id'])
        .where('company_id', '=', companyId)
        .orderBy(sql`lower(name)`)
        .execute(),
      db
        .selectFrom('categories')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    ]);
    const body: PrinterOptions = {
      locations,
      terminals: terminals.map((t) => ({ id: t.id, name: t.name, locationId: t.location_id })),
      categories,
    };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadPrinter(db, merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(printerInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    await checkPrinterInput(db, companyId, input);
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('printers')
          .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setCategories(trx, companyId, row.id, input.categoryIds);
        return row.id;
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res)
      .status(201)
      .json(await loadPrinter(db, companyId, id));
  });

  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(printerInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await loadPrinter(db, companyId, id);
    await checkPrinterInput(db, companyId, input);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('printers')
          .set({ ...columns(input), updated_at: ctx.now() })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        await setCategories(trx, companyId, id, input.categoryIds);
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadPrinter(db, companyId, id));
  });

  // Its queue goes with it.
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await loadPrinter(db, companyId, id);
    await db.deleteFrom('printers').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  // A test page, queued like any job: the register that drives the printer prints it.
  router.post('/:id/test', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, company } = merchantOf(res);
    const printer = await loadPrinter(db, companyId, id);
    const now = ctx.now();
    const jobId = await queueJob(db, {
      companyId,
      printerId: id,
      kind: 'test',
      title: `Test page · ${printer.name}`,
      now,
      document: {
        lines: [
          { text: company.name, bold: true, large: true },
          { text: 'Test page', bold: true },
          { text: `Printer: ${printer.name} (${printer.kind})` },
          { text: `Location: ${printer.locationName ?? '-'}` },
          { text: `Terminal: ${printer.terminalName ?? '-'}` },
          { text: new Date(now).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' },
          { text: '' },
          { text: 'If you can read this, printing works.' },
        ],
      },
    });
    ctx.live.publishChange(companyId, 'print-jobs', { jobId });
    noStore(res)
      .status(201)
      .json(await loadJob(db, companyId, jobId));
  });

  return router;
}

const changedMeanwhile = () =>
  refused('print_job_state', 'A register changed this job meanwhile: reload the queue and try again.');

/** `/api/backoffice/print_jobs`: the queue (newest first), retry and cancel. */
export function printJobsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));
  // Retried or cancelled: the print queue shows it.
  router.use(announceWrites(ctx, 'print-jobs'));

  router.get('/', async (req, res) => {
    const q = parseOrThrow(printJobQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    let query = selectJobs(db, companyId);
    let count = db.selectFrom('print_jobs as j').where('j.company_id', '=', companyId);
    if (q.printerId !== undefined) {
      query = query.where('j.printer_id', '=', q.printerId);
      count = count.where('j.printer_id', '=', q.printerId);
    }
    if (q.status !== undefined) {
      query = query.where('j.status', '=', q.status);
      count = count.where('j.status', '=', q.status);
    }
    const [rows, total] = await Promise.all([
      query
        .orderBy('j.created_at', 'desc')
        .orderBy('j.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      count.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const body: PrintJobList = { rows: rows.map(toJob), total: Number(total.n), page: q.page, pageSize: q.pageSize };
    noStore(res).json(body);
  });

  // failed / cancelled -> queued: offered to the register again.
  router.post('/:id/retry', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const job = await loadJob(db, companyId, id);
    if (job.status !== 'failed' && job.status !== 'cancelled') {
      throw refused('print_job_state', `Only a failed or cancelled job can be retried; this one is ${job.status}.`, {
        status: job.status,
      });
    }
    const updated = await db
      .updateTable('print_jobs')
      .set({ status: 'queued', delivered_at: null, acked_at: null, error: '', updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .where('status', '=', job.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw changedMeanwhile();
    noStore(res).json(await loadJob(db, companyId, id));
  });

  // queued -> cancelled: no register will print it.
  router.post('/:id/cancel', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const job = await loadJob(db, companyId, id);
    if (job.status !== 'queued') {
      throw refused('print_job_state', `Only a queued job can be cancelled; this one is ${job.status}.`, {
        status: job.status,
      });
    }
    const updated = await db
      .updateTable('print_jobs')
      .set({ status: 'cancelled', updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw changedMeanwhile();
    noStore(res).json(await loadJob(db, companyId, id));
  });

  return router;
}
