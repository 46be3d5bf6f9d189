import express, { type Router } from 'express';
import type { Kysely } from 'kysely';
import {
  ticketListQuerySchema,
  ticketReplySchema,
  ticketStatusSchema,
  type AdminTicket,
  type AdminTicketDetail,
} from '@hive/shared/schemas/admin';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { requireArea, requireRight, staffOf } from './access';
import { recordAudit } from './audit';
import { applyPlanRequest, planRequestOf } from './planRequests';
import { contains, idParam, iso, isoAt, notFound, offsetOf, parseBody, parseQuery } from './query';

function ticketQuery(db: Kysely<Database>) {
  return db
    .selectFrom('support_tickets')
    .innerJoin('companies', 'companies.id', 'support_tickets.company_id')
    .select([
      'support_tickets.id',
      'support_tickets.ref',
      'support_tickets.subject',
      'support_tickets.status',
      'support_tickets.created_at',
      'support_tickets.updated_at',
      'support_tickets.company_id',
      'companies.name as company_name',
    ]);
}

function ticketDetailQuery(db: Kysely<Database>) {
  return ticketQuery(db).select([
    'support_tickets.plan_request_json',
    'support_tickets.plan_applied_at',
    'support_tickets.plan_applied_by',
  ]);
}

type TicketRowOut = Awaited<ReturnType<ReturnType<typeof ticketQuery>['executeTakeFirstOrThrow']>>;

const toTicket = (row: TicketRowOut) => ({
  id: row.id,
  ref: row.ref,
  company: { id: row.company_id, name: row.company_name },
  subject: row.subject,
  status: row.status,
  createdAt: isoAt(row.created_at),
  updatedAt: isoAt(row.updated_at),
});

async function loadTicket(db: Kysely<Database>, id: number): Promise<AdminTicketDetail> {
  const row = await ticketDetailQuery(db).where('support_tickets.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Ticket');
  const messages = await db
    .selectFrom('support_messages')
    .selectAll()
    .where('ticket_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const plan = planRequestOf(row.plan_request_json);
  return {
    ...toTicket(row),
    planRequest: plan && {
      ...plan,
      appliedAt: iso(row.plan_applied_at === null ? null : Number(row.plan_applied_at)),
      appliedBy: row.plan_applied_by,
    },
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author_email,
      fromStaff: m.from_staff === 1,
      body: m.body,
      createdAt: isoAt(m.created_at),
    })),
  };
}

export function supportRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use('/support', requireArea('support'));

  router.get('/support', async (req, res) => {
    const query = parseQuery(ticketListQuerySchema, req);
    let base = db.selectFrom('support_tickets').innerJoin('companies', 'companies.id', 'support_tickets.company_id');
    const search = contains(['support_tickets.subject', 'support_tickets.ref', 'companies.name'], query.q);
    if (search) base = base.where(search);
    if (query.status) base = base.where('support_tickets.status', '=', query.status);
    const ids = base.select('support_tickets.id');
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ticketQuery(db)
        .select((eb) =>
          eb
            .selectFrom('support_messages')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('support_messages.ticket_id', '=', 'support_tickets.id')
            .as('message_count'),
        )
        .where('support_tickets.id', 'in', ids)
        .orderBy('support_tickets.updated_at', 'desc')
        .orderBy('support_tickets.id', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    const items: AdminTicket[] = rows.map((row) => ({ ...toTicket(row), messages: Number(row.message_count ?? 0) }));
    res.json({ items, total: Number(count.n), page: query.page, pageSize: query.pageSize });
  });

  router.get('/support/:id', async (req, res) => {
    res.json(await loadTicket(db, idParam(req)));
  });

  router.post('/support/:id/messages', requireRight('support.write'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const { body } = parseBody(ticketReplySchema, req);
    const ticket = await loadTicket(db, id);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const message = await trx
        .insertInto('support_messages')
        .values({
          ticket_id: id,
          author_user_id: staff.id,
          author_email: staff.email,
          from_staff: 1,
          body,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('support_tickets').set({ updated_at: now }).where('id', '=', id).execute();
      await recordAudit(trx, staff, now, {
        action: 'ticket.reply',
        entityType: 'ticket',
        entityId: id,
        companyId: ticket.company.id,
        before: null,
        after: { messageId: message.id, ref: ticket.ref, body },
      });
    });
    res.status(201).json(await loadTicket(db, id));
  });

  router.put('/support/:id/status', requireRight('support.write'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const { status } = parseBody(ticketStatusSchema, req);
    const ticket = await loadTicket(db, id);
    if (ticket.status === status) {
      res.json(ticket);
      return;
    }
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('support_tickets').set({ status, updated_at: now }).where('id', '=', id).execute();
      await recordAudit(trx, staff, now, {
        action: 'ticket.status',
        entityType: 'ticket',
        entityId: id,
        companyId: ticket.company.id,
        before: { status: ticket.status },
        after: { status },
      });
    });
    res.json(await loadTicket(db, id));
  });

  /*
   * A merchant's plan request applied from its ticket: the same right (companies.plan), change and
   * audit as the plan dialog, the ticket closed. 409 when the ticket asks for no plan or was
   * applied already.
   */
  router.post('/support/:id/apply-plan', requireRight('companies.plan'), async (req, res) => {
    await applyPlanRequest(ctx, staffOf(res), idParam(req));
    res.json(await loadTicket(db, idParam(req)));
  });

  return router;
}
