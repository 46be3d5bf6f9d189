import express, { type Router } from 'express';
import type { Selectable } from 'kysely';
import {
  outboxQuerySchema,
  type AdminOutboxMessage,
  type AdminOutboxPage,
  type OutboxStatus,
} from '@hive/shared/schemas/admin';
import type { AuthContext } from '../auth';
import { redactTokens, type OutboxTable } from '../../platform/outbox';
import { requireRight, staffOf } from './access';
import { recordAudit } from './audit';
import { conflict, contains, idParam, iso, isoAt, notFound, offsetOf, parseQuery } from './query';

/** What staff may send again: a message that gave up, or one held from before mail left. */
const RETRYABLE: readonly OutboxStatus[] = ['failed', 'held'];

/**
 * `GET /api/admin/support/outbox`: the e-mails the product wrote, newest first, with where each
 * is on its way out (src/platform/outbox/delivery.ts). Platform administrators only (the `support.outbox`
 * right): the messages hold reset and activation links, so no other role, and no anonymous
 * request in any mode, reads them. Production shows the links with their tokens hidden; there
 * the e-mail itself is the only place a token exists.
 *
 * `POST /api/admin/support/outbox/:id/retry`: a failed (or held) message is due again now with a
 * fresh count of tries; 409 once it was sent or while an instance is sending it. Same right, audited.
 */
export function outboxRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const toMessage = (row: Selectable<OutboxTable>): AdminOutboxMessage => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    body: ctx.production ? redactTokens(row.body) : row.body,
    createdAt: isoAt(row.created_at),
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    sentAt: iso(row.sent_at),
  });

  router.get('/support/outbox', requireRight('support.outbox'), async (req, res) => {
    const query = parseQuery(outboxQuerySchema, req);
    let base = ctx.db.selectFrom('outbox');
    const search = contains(['outbox.to_address', 'outbox.subject'], query.q);
    if (search) base = base.where(search);
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    const page: AdminOutboxPage = {
      items: rows.map(toMessage),
      total: Number(count.n),
      page: query.page,
      pageSize: query.pageSize,
      delivery: ctx.mailDelivery,
    };
    res.json(page);
  });

  router.post('/support/outbox/:id/retry', requireRight('support.outbox'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const now = ctx.now();
    const row = await ctx.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw notFound('Message');
      if (before.status === 'pending') return before;
      if (!RETRYABLE.includes(before.status)) {
        throw before.status === 'sent'
          ? conflict('already_sent', 'This message was sent already.')
          : conflict('sending', 'This message is being sent right now.');
      }
      // Conditional on the status read: a worker cannot have taken it in between (it takes only pending).
      const after = await trx
        .updateTable('outbox')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, claimed_by: null, claimed_until: null })
        .where('id', '=', id)
        .where('status', '=', before.status)
        .returningAll()
        .executeTakeFirst();
      if (!after) throw conflict('sending', 'This message is being sent right now.');
      await recordAudit(trx, staff, now, {
        action: 'outbox.retry',
        entityType: 'outbox',
        entityId: id,
        companyId: null,
        before: { status: before.status, attempts: before.attempts, lastError: before.last_error },
        after: { status: 'pending' },
      });
      return after;
    });
    res.json(toMessage(row));
  });
  return router;
}
