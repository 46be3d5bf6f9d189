import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import {
  recurringInputSchema,
  runDate,
  type InvoiceInput,
  type Recurring,
  type RecurringInput,
  type RecurringStatus,
} from '@hive/shared/schemas/backoffice/sales';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { HttpError, parseOrThrow } from '../../platform/http';
import type { JobContext } from '../../module';
import { allowMails, type MailAllowance, type MailLimiters } from '../../platform/outbox';
import { merchantOf, requirePage, fieldProblem, idParam, noStore, notFound, refused, type Db } from '../merchant';
import { companyTodayIso, insertDraft, mailInvoice, markSent, prepare } from './invoices';

const PAGE = '/recurring';
const WHAT = 'recurring invoice';
/** At most this many periods are caught up per template and run (a long-stopped server). */
const CATCH_UP_MAX = 60;

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

type Row = Awaited<ReturnType<typeof selectTemplates>>[number];

function selectTemplates(db: Db, companyId: number, only?: number) {
  let query = db
    .selectFrom('recurring_invoices as r')
    .innerJoin('customers as c', 'c.id', 'r.customer_id')
    .selectAll('r')
    .select(['c.name as customer_name', 'c.email as customer_email'])
    .where('r.company_id', '=', companyId);
  if (only !== undefined) query = query.where('r.id', '=', only);
  return query.orderBy('r.id', 'desc').execute();
}

/** The next run date, or null once the end date (or nothing) is left. */
function nextRunOf(row: Pick<Row, 'start_date' | 'frequency' | 'interval' | 'runs' | 'end_date'>): string | null {
  const next = runDate(row.start_date, row.frequency, Number(row.interval), Number(row.runs));
  return row.end_date !== null && next > row.end_date ? null : next;
}

function parseLines(json: string): RecurringInput['lines'] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as RecurringInput['lines']) : [];
  } catch {
    return [];
  }
}

async function toRecurring(db: Db, rows: Row[]): Promise<Recurring[]> {
  const ids = rows.map((r) => r.id);
  const last = ids.length
    ? await db
        .selectFrom('recurring_runs as u')
        .leftJoin('invoices as i', 'i.id', 'u.invoice_id')
        .select(['u.template_id', 'u.run_date', 'i.id as invoice_id', 'i.number'])
        .where('u.template_id', 'in', ids)
        .orderBy('u.run_date', 'desc')
        .execute()
    : [];
  return rows.map((r) => {
    const runs = last.filter((u) => u.template_id === r.id);
    const latest = runs[0];
    return {
      id: r.id,
      customerId: r.customer_id,
      customer: { id: r.customer_id, name: r.customer_name, email: r.customer_email },
      frequency: r.frequency,
      interval: Number(r.interval),
      startDate: r.start_date,
      endDate: r.end_date,
      dueDays: Number(r.due_days),
      autoSend: Number(r.auto_send) === 1,
      lines: parseLines(r.lines_json),
      discountCents: Number(r.discount_cents),
      notes: r.notes,
      status: r.status,
      nextRun: r.status === 'ended' ? null : nextRunOf(r),
      invoicesCreated: runs.filter((u) => u.invoice_id !== null).length,
      lastInvoice:
        latest && latest.invoice_id !== null
          ? {
              id: latest.invoice_id,
              number: latest.number === null ? null : Number(latest.number),
              issueDate: latest.run_date,
            }
          : null,
      lastError: r.last_error,
      updatedAt: Number(r.updated_at),
    };
  });
}

/** The invoice of one period, from the template as it is now. */
function invoiceOf(row: Row, date: string): InvoiceInput {
  return {
    customerId: row.customer_id,
    issueDate: date,
    dueDate: addDays(date, Number(row.due_days)),
    lines: parseLines(row.lines_json),
    discountCents: Number(row.discount_cents),
    notes: row.notes,
  };
}

export interface RecurringRunResult {
  created: number;
  skipped: number;
  failed: number;
}

/**
 * Creates the invoices that are due, for every company: each active template's periods up to
 * today (the company's day), oldest first. Each period is one transaction that first claims
 * (template, date) in recurring_runs: a period already claimed, by an earlier run or by another
 * instance at the same moment, is skipped, so no invoice is ever created twice. A template whose
 * invoice cannot be made (its customer's tax rates deleted ...) is paused with the reason.
 */
export async function runRecurringInvoices(
  db: Kysely<Database>,
  now: number,
  mail: MailLimiters,
): Promise<RecurringRunResult> {
  const result: RecurringRunResult = { created: 0, skipped: 0, failed: 0 };
  const companies = await db
    .selectFrom('recurring_invoices')
    .select('company_id')
    .where('status', '=', 'active')
    .distinct()
    .execute();
  for (const { company_id: companyId } of companies) {
    const todayIso = await companyTodayIso(db, companyId, now);
    for (const template of await selectTemplates(db, companyId)) {
      if (template.status !== 'active') continue;
      for (let guard = 0; guard < CATCH_UP_MAX; guard += 1) {
        const current = (await selectTemplates(db, companyId, template.id))[0];
        if (!current || current.status !== 'active') break;
        const date = nextRunOf(current);
        if (date === null) {
          await db
            .updateTable('recurring_invoices')
            .set({ status: 'ended', updated_at: now })
            .where('id', '=', template.id)
            .execute();
          break;
        }
        if (date > todayIso) break;
        const outcome = await runOnce(db, mail, current, date, now);
        result[outcome] += 1;
        if (outcome === 'failed') break;
      }
    }
  }
  return result;
}

async function runOnce(
  db: Kysely<Database>,
  mail: MailLimiters,
  template: Row,
  date: string,
  now: number,
): Promise<'created' | 'skipped' | 'failed'> {
  const companyId = template.company_id;
  let sentId: number | null = null;
  let allowance = null as MailAllowance | null;
  try {
    const outcome = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('recurring_runs')
        .values({ template_id: template.id, company_id: companyId, run_date: date, invoice_id: null, created_at: now })
        .onConflict((oc) => oc.columns(['template_id', 'run_date']).doNothing())
        .returning('run_date')
        .executeTakeFirst();
      // Moves the schedule on past this period either way (the claim says it is done).
      await trx
        .updateTable('recurring_invoices')
        .set({ runs: sql`runs + 1`, updated_at: now })
        .where('id', '=', template.id)
        .where('runs', '=', template.runs)
        .execute();
      if (!claimed) return 'skipped' as const;
      const input = invoiceOf(template, date);
      const prepared = await prepare(trx, companyId, input);
      const id = await insertDraft(trx, companyId, input, prepared, null, now);
      if (Number(template.auto_send) === 1) {
        // An automatic send is mail the company causes like any other: over a limit the period's
        // invoice is not made (the claim rolls back) and the template pauses with the reason.
        const to = await customerEmail(trx, companyId, template.customer_id);
        if (to) allowance = await allowMails(mail, { companyId, kind: 'invoice', to: [to], document: `invoice:${id}` });
        await markSent(trx, companyId, id, now);
        sentId = id;
      }
      await trx
        .updateTable('recurring_runs')
        .set({ invoice_id: id })
        .where('template_id', '=', template.id)
        .where('run_date', '=', date)
        .execute();
      return 'created' as const;
    });
    if (sentId !== null) await mailInvoice(db, companyId, sentId, now);
    return outcome;
  } catch (error) {
    await allowance?.refund();
    if (!(error instanceof HttpError)) throw error;
    await db
      .updateTable('recurring_invoices')
      .set({ status: 'paused', last_error: error.message, updated_at: now })
      .where('id', '=', template.id)
      .execute();
    return 'failed';
  }
}

async function customerEmail(trx: Db, companyId: number, customerId: number): Promise<string | null> {
  const row = await trx
    .selectFrom('customers')
    .select('email')
    .where('id', '=', customerId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.email?.trim() || null;
}

/** Runs the job every `everyMs` (and once at start); returns the stop function. */
export function scheduleRecurringInvoices(
  { db, now, mail }: JobContext,
  everyMs: number,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    runRecurringInvoices(db, now(), mail)
      .catch(onError)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  const first = setTimeout(tick, 1_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}

/** `/api/backoffice/recurring_invoices`: the templates, pause and resume. */
export function recurringRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  const one = async (companyId: number, id: number) => {
    const [found] = await toRecurring(db, await selectTemplates(db, companyId, id));
    if (!found) throw notFound(WHAT);
    return found;
  };
  const checked = async (companyId: number, input: RecurringInput) => {
    // The lines are checked as an invoice of the start date would be (customer, items, taxes, discounts).
    await prepare(db, companyId, {
      customerId: input.customerId,
      issueDate: input.startDate,
      dueDate: addDays(input.startDate, input.dueDays),
      lines: input.lines,
      discountCents: input.discountCents,
      notes: input.notes,
    });
  };
  const columns = (input: RecurringInput) => ({
    customer_id: input.customerId,
    frequency: input.frequency,
    interval: input.interval,
    start_date: input.startDate,
    end_date: input.endDate,
    due_days: input.dueDays,
    auto_send: input.autoSend ? 1 : 0,
    lines_json: JSON.stringify(input.lines),
    discount_cents: input.discountCents,
    notes: input.notes,
  });

  router.get('/', async (_req, res) => {
    const { companyId } = merchantOf(res);
    noStore(res).json({ rows: await toRecurring(db, await selectTemplates(db, companyId)) });
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await one(merchantOf(res).companyId, idParam(req.params.id)));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(recurringInputSchema, req.body);
    const { companyId } = merchantOf(res);
    await checked(companyId, input);
    const todayIso = await companyTodayIso(db, companyId, ctx.now());
    if (input.startDate < todayIso) throw fieldProblem('startDate', 'must be today or later');
    const now = ctx.now();
    const row = await db
      .insertInto('recurring_invoices')
      .values({ ...columns(input), company_id: companyId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    noStore(res)
      .status(201)
      .json(await one(companyId, row.id));
  });

  // The schedule may change only before its first invoice; afterwards, the lines, terms and end.
  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(recurringInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const current = await one(companyId, id);
    await checked(companyId, input);
    const started = current.invoicesCreated > 0;
    if (
      started &&
      (input.startDate !== current.startDate ||
        input.frequency !== current.frequency ||
        input.interval !== current.interval)
    ) {
      throw refused('schedule_started', 'Invoices were already made on this schedule: its start and frequency stay.');
    }
    await db
      .updateTable('recurring_invoices')
      .set({ ...columns(input), updated_at: ctx.now() })
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .execute();
    noStore(res).json(await one(companyId, id));
  });

  const setStatus = (to: RecurringStatus, from: RecurringStatus) =>
    (async (req, res) => {
      const id = idParam(req.params.id);
      const { companyId } = merchantOf(res);
      const current = await one(companyId, id);
      if (current.status !== from) {
        throw refused('invalid_transition', `This recurring invoice is ${current.status}.`, { status: current.status });
      }
      await db
        .updateTable('recurring_invoices')
        .set({ status: to, last_error: '', updated_at: ctx.now() })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      noStore(res).json(await one(companyId, id));
    }) satisfies express.RequestHandler;
  // Resuming does not invoice the periods missed while paused: the schedule skips to the next date from today.
  router.post('/:id/pause', setStatus('paused', 'active'));
  router.post('/:id/resume', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const current = await one(companyId, id);
    if (current.status === 'paused') {
      const todayIso = await companyTodayIso(db, companyId, ctx.now());
      const row = (await selectTemplates(db, companyId, id))[0]!;
      let runs = Number(row.runs);
      while (runDate(row.start_date, row.frequency, Number(row.interval), runs) < todayIso && runs < 10_000) runs += 1;
      await db.updateTable('recurring_invoices').set({ runs }).where('id', '=', id).execute();
    }
    await setStatus('active', 'paused')(req, res);
  });

  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    const result = await db
      .deleteFrom('recurring_invoices')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound(WHAT);
    res.status(204).end();
  });

  return router;
}
