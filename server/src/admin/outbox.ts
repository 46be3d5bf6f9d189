import express, { type Router } from 'express';
import { outboxQuerySchema, type AdminOutboxMessage } from '@hive/shared/schemas/admin';
import type { AuthContext } from '../auth';
import { redactTokens } from '../outbox';
import { requireRight } from './access';
import { contains, isoAt, offsetOf, parseQuery } from './query';

/**
 * `GET /api/admin/support/outbox`: the e-mails the product sent, newest first. Platform
 * administrators only (the `support.outbox` right): the messages hold reset and activation links,
 * so no other role, and no anonymous request in any mode, reads them. Production shows the links
 * with their tokens hidden; there the e-mail itself is the only place a token exists.
 */
export function outboxRouter(ctx: AuthContext): Router {
  const router = express.Router();
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
    const items: AdminOutboxMessage[] = rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      body: ctx.production ? redactTokens(row.body) : row.body,
      createdAt: isoAt(row.created_at),
    }));
    res.json({ items, total: Number(count.n), page: query.page, pageSize: query.pageSize });
  });
  return router;
}
