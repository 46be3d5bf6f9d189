import express, { type Router } from 'express';
import { sql, type Kysely } from 'kysely';
import {
  ADMIN_FIELD_MESSAGES,
  companyCreateSchema,
  companyListQuerySchema,
  companyPlanSchema,
  companyStatusSchema,
  listQuerySchema,
  type AdminCompany,
  type AdminCompanyDetail,
} from '@hive/shared/schemas/admin';
import {
  type AuthContext,
  endCompanySessions,
  insertUser,
  issueResetToken,
  findUserByEmail,
  INVITED_PASSWORD_HASH,
} from '../auth';
import { createCompanyWithOwner, setCompanyStatus } from '../companies';
import { isUniqueViolation } from '../../platform/db';
import type { Database } from '../../database';
import { HttpError } from '../../platform/http';
import { allowMails } from '../../platform/outbox';
import { requireArea, requireRight, staffOf } from './access';
import { auditForCompany, recordAudit } from './audit';
import { announcePlanChange, samePlan, sortedAddons, writePlanChange } from './plan';
import { conflict, contains, idParam, isoAt, notFound, offsetOf, parseBody, parseQuery } from './query';

/** Never a valid scrypt record: an invited owner signs in only after choosing a password. */

async function addonsByCompany(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db.selectFrom('company_addons').selectAll().where('company_id', 'in', ids).execute();
  for (const row of rows) out.get(row.company_id)?.push(row.addon);
  for (const [id, list] of out) out.set(id, sortedAddons(list));
  return out;
}

function companyQuery(db: Kysely<Database>) {
  return db
    .selectFrom('companies')
    .leftJoin('company_plans', 'company_plans.company_id', 'companies.id')
    .leftJoin('company_billing', 'company_billing.company_id', 'companies.id')
    .leftJoin('coupons', 'coupons.id', 'company_billing.coupon_id')
    .select([
      'coupons.code as coupon_code',
      'companies.id',
      'companies.name',
      'companies.slug',
      'companies.license',
      'companies.status',
      'companies.created_at',
      'company_plans.plan_version',
    ])
    .select((eb) =>
      eb
        .selectFrom('users')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('users.company_id', '=', 'companies.id')
        .as('users'),
    );
}

type CompanyRowOut = Awaited<ReturnType<ReturnType<typeof companyQuery>['executeTakeFirstOrThrow']>>;

function toCompany(row: CompanyRowOut, addons: string[]): AdminCompany {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    license: row.license,
    addons,
    status: row.status,
    users: Number(row.users ?? 0),
    planVersion: row.plan_version ?? 0,
    coupon: row.coupon_code ?? null,
    createdAt: isoAt(row.created_at),
  };
}

export async function loadCompany(db: Kysely<Database>, id: number): Promise<AdminCompanyDetail | null> {
  const row = await companyQuery(db).where('companies.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [addons, members, account] = await Promise.all([
    addonsByCompany(db, [id]),
    db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'status'])
      .where('company_id', '=', id)
      .orderBy('email')
      .execute(),
    db.selectFrom('merchant_accounts').select(['id', 'status']).where('company_id', '=', id).executeTakeFirst(),
  ]);
  return { ...toCompany(row, addons.get(id) ?? []), members, merchantAccount: account ?? null };
}

async function requireCompany(db: Kysely<Database>, id: number): Promise<AdminCompanyDetail> {
  const company = await loadCompany(db, id);
  if (!company) throw notFound('Company');
  return company;
}

const couponProblem = (message: string) =>
  new HttpError(400, { error: 'validation_error', message: `coupon: ${message}`, fields: { coupon: message } });

/** The coupon a company may get now: known, active, valid today and for its licence, not used up. */
async function couponFor(db: Kysely<Database>, code: string, license: string, now: number) {
  const row = await db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row) throw couponProblem(ADMIN_FIELD_MESSAGES.couponUnknown);
  if (row.active !== 1) throw couponProblem(ADMIN_FIELD_MESSAGES.couponInactive);
  const today = new Date(now).toISOString().slice(0, 10);
  if (today < row.valid_from || today > row.valid_to) throw couponProblem(ADMIN_FIELD_MESSAGES.couponNotNow);
  let licenses: unknown = [];
  try {
    licenses = JSON.parse(row.licenses_json);
  } catch {
    licenses = [];
  }
  if (Array.isArray(licenses) && licenses.length > 0 && !licenses.includes(license)) {
    throw couponProblem(ADMIN_FIELD_MESSAGES.couponLicense);
  }
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) {
    throw couponProblem(ADMIN_FIELD_MESSAGES.couponUsedUp);
  }
  return row;
}

export function companiesRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use('/companies', requireArea('companies'));

  router.get('/companies', async (req, res) => {
    const query = parseQuery(companyListQuerySchema, req);
    let base = db.selectFrom('companies');
    const search = contains(['companies.name', 'companies.slug'], query.q);
    if (search) base = base.where(search);
    if (query.status) base = base.where('companies.status', '=', query.status);
    if (query.license) base = base.where('companies.license', '=', query.license);
    const ids = base.select('companies.id');
    const [count, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      companyQuery(db)
        .where('companies.id', 'in', ids)
        .orderBy(sql`lower(companies.name)`)
        .orderBy('companies.id')
        .limit(query.pageSize)
        .offset(offsetOf(query.page, query.pageSize))
        .execute(),
    ]);
    const addons = await addonsByCompany(
      db,
      rows.map((r) => r.id),
    );
    res.json({
      items: rows.map((row) => toCompany(row, addons.get(row.id) ?? [])),
      total: Number(count.n),
      page: query.page,
      pageSize: query.pageSize,
    });
  });

  router.get('/companies/:id', async (req, res) => {
    res.json(await requireCompany(db, idParam(req)));
  });

  router.get('/companies/:id/audit', async (req, res) => {
    const id = idParam(req);
    const query = parseQuery(listQuerySchema, req);
    // The log outlives a company, but asking for an unknown one is still a mistake.
    await requireCompany(db, id);
    const { items, total } = await auditForCompany(db, id, query.page, query.pageSize);
    res.json({ items, total, page: query.page, pageSize: query.pageSize });
  });

  router.post('/companies', requireRight('companies.create'), async (req, res) => {
    const staff = staffOf(res);
    const input = parseBody(companyCreateSchema, req);
    const emailTaken = () => conflict('email_taken', 'A user with this e-mail address already exists.');
    if (await findUserByEmail(db, input.ownerEmail)) throw emailTaken();
    // The owner's invitation is a reset link: in the address's budget of them, asked before anything is made.
    const allowance = await allowMails(ctx.mail, { companyId: null, kind: 'account', to: [input.ownerEmail] });
    const now = ctx.now();
    const addons = sortedAddons(input.addons);
    let companyId: number;
    try {
      const created = await createCompanyWithOwner(
        db,
        {
          name: input.name,
          license: input.license,
          addons,
          owner: { email: input.ownerEmail, passwordHash: INVITED_PASSWORD_HASH, status: 'active' },
          now,
        },
        ctx.companySetup,
        {
          insertOwner: insertUser,
          after: (trx, { companyId: id, slug }) =>
            recordAudit(trx, staff, now, {
              action: 'company.create',
              entityType: 'company',
              entityId: id,
              companyId: id,
              before: null,
              after: { name: input.name, slug, license: input.license, addons, ownerEmail: input.ownerEmail },
            }),
        },
      );
      companyId = created.companyId;
    } catch (error) {
      await allowance.refund();
      // A parallel request took the e-mail between our check and the insert.
      if (isUniqueViolation(error)) {
        if (await findUserByEmail(db, input.ownerEmail)) throw emailTaken();
        throw conflict('conflict', 'Could not create the company, please try again.');
      }
      throw error;
    }
    // The owner chooses a password through the ordinary reset link (mailed via the outbox).
    await issueResetToken(ctx, input.ownerEmail);
    res.status(201).json(await requireCompany(db, companyId));
  });

  router.put('/companies/:id/plan', requireRight('companies.plan'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const input = parseBody(companyPlanSchema, req);
    const company = await requireCompany(db, id);
    const after = { license: input.license, addons: sortedAddons(input.addons) };
    const planChanges = !samePlan(company, after);
    const couponChanges = input.coupon !== undefined && input.coupon !== company.coupon;
    if (!planChanges && !couponChanges) {
      res.json(company); // nothing changes: no new plan version, nothing to audit
      return;
    }
    const now = ctx.now();
    const coupon = couponChanges && input.coupon ? await couponFor(db, input.coupon, after.license, now) : null;
    const version = await db.transaction().execute(async (trx) => {
      const written = planChanges ? await writePlanChange(trx, staff, now, company, after) : null;
      if (couponChanges) {
        // The price changes, the menu does not: no new plan version.
        await ctx.reactions.couponChosen(trx, id, coupon?.id ?? null, now);
        if (coupon) {
          await trx
            .updateTable('coupons')
            .set((eb) => ({ redemptions: eb('redemptions', '+', 1), updated_at: now }))
            .where('id', '=', coupon.id)
            .execute();
        }
        await recordAudit(trx, staff, now, {
          action: 'company.coupon',
          entityType: 'company',
          entityId: id,
          companyId: id,
          before: { coupon: company.coupon },
          after: { coupon: input.coupon ?? null },
        });
      }
      return written;
    });
    if (version !== null) announcePlanChange(ctx, id, version, staff);
    res.json(await requireCompany(db, id));
  });

  router.put('/companies/:id/status', requireRight('companies.status'), async (req, res) => {
    const staff = staffOf(res);
    const id = idParam(req);
    const input = parseBody(companyStatusSchema, req);
    const company = await requireCompany(db, id);
    if (company.status === input.status) {
      res.json(company);
      return;
    }
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      // Suspension ends every session of the company's users for good (new session versions:
      // reactivating later does not revive them).
      await setCompanyStatus(trx, id, input.status);
      if (input.status === 'suspended') {
        await endCompanySessions(trx, id, now);
      }
      await recordAudit(trx, staff, now, {
        action: input.status === 'suspended' ? 'company.suspend' : 'company.reactivate',
        entityType: 'company',
        entityId: id,
        companyId: id,
        before: { status: company.status },
        after: { status: input.status, reason: input.reason },
      });
    });
    res.json(await requireCompany(db, id));
  });

  return router;
}
