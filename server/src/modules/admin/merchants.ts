import express, { type Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { merchantListQuerySchema, merchantRejectSchema, type AdminMerchantAccount } from '@hive/shared/schemas/admin';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { requireArea, requireRight, staffOf } from './access';
import { recordAudit } from './audit';
import { conflict, contains, idParam, iso, isoAt, notFound, offsetOf, parseBody, parseQuery } from './query';

const emptyBody = z.union([z.undefined(), z.strictObject({})]);

function accountQuery(db: Kysely<Database>) {
  return db
    .selectFrom('merchant_accounts')
    .innerJoin('companies', 'companies.id', 'merchant_accounts.company_id')
    .selectAll('merchant_accounts')
    .select('companies.name as company_name');
}

type AccountRowOut = Awaited<ReturnType<ReturnType<typeof accountQuery>['executeTakeFirstOrThrow']>>;

const toAccount = (row: AccountRowOut): AdminMerchantAccount => ({
  id: row.id,
  company: { id: row.company_id, name: row.company_name },
  legalName: row.legal_name,
  payoutAccount: `•••• ${row.payout_last4}`,
  status: row.status,
  rejectionReason: row.rejection_reason,
  submittedAt: isoAt(row.submitted_at),
  decidedAt: iso(row.decided_at),
  decidedBy: row.decided_by,
});

async function loadAccount(db: Kysely<Database>, id: number): Promise<AdminMerchantAccount> {
  const row = await accountQuery(db).where('merchant_accounts.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Merchant account');
  return toAccount(row);
}

export function merchantsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use('/bee_merchant', requireArea('bee_merchant'));

  router.get('/bee_merchant', async (req, res) => {
    const query = parseQuery(merchantListQuerySchema, req);
    let base = db
      .selectFrom('merchant_accounts')
      .innerJoin('companies', 'companies.id', 'merchant_accounts.company_id');
    const search = contains(['companies.name', 'merchant_accounts.legal_name'], query.q);
    if (search) base = base.where(search);
    if (query.status) base = base.where('merchant_accounts.status', '=', query.status);
    const ids = base.select('merchant_accounts.id');
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      accountQuery(db)
        .where('merchant_accounts.id', 'in', ids)
        // Pending reviews first, oldest submission first: the queue a reviewer works through.
        .orderBy((eb) => eb.case().when('merchant_accounts.status', '=', 'pending').then(0).else(1).end())
        .orderBy('merchant_accounts.submitted_at')
        .orderBy('merchant_accounts.id')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    res.json({ items: rows.map(toAccount), total: Number(count.n), page: query.page, pageSize: query.pageSize });
  });

  router.get('/bee_merchant/:id', async (req, res) => {
    res.json(await loadAccount(db, idParam(req)));
  });

  /** pending or rejected -> active; pending or active -> rejected (with a reason). */
  async function decide(
    req: express.Request,
    res: express.Response,
    decision: { status: 'active' | 'rejected'; reason: string | null; from: string[] },
  ) {
    const staff = staffOf(res);
    const id = idParam(req);
    const account = await loadAccount(db, id);
    if (!decision.from.includes(account.status)) {
      throw conflict(
        'invalid_transition',
        `This account is ${account.status}; it can be ${decision.status === 'active' ? 'approved' : 'rejected'} only when ${decision.from.join(' or ')}.`,
      );
    }
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('merchant_accounts')
        .set({ status: decision.status, rejection_reason: decision.reason, decided_at: now, decided_by: staff.email })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, staff, now, {
        action: decision.status === 'active' ? 'bee_merchant.approve' : 'bee_merchant.reject',
        entityType: 'merchant_account',
        entityId: id,
        companyId: account.company.id,
        before: { status: account.status, rejectionReason: account.rejectionReason },
        after: { status: decision.status, rejectionReason: decision.reason },
      });
    });
    res.json(await loadAccount(db, id));
  }

  router.post('/bee_merchant/:id/approve', requireRight('bee_merchant.write'), async (req, res) => {
    parseBody(emptyBody, req);
    await decide(req, res, { status: 'active', reason: null, from: ['pending', 'rejected'] });
  });

  router.post('/bee_merchant/:id/reject', requireRight('bee_merchant.write'), async (req, res) => {
    const { reason } = parseBody(merchantRejectSchema, req);
    await decide(req, res, { status: 'rejected', reason, from: ['pending', 'active'] });
  });

  return router;
}
