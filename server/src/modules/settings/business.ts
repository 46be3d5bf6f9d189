import { createHash } from 'node:crypto';
import express, { type Express, type Router } from 'express';
import type { Kysely, Transaction } from 'kysely';
import type { CompanySummary } from '@hive/shared/schemas/backoffice';
import {
  SETTINGS_LIMITS,
  businessInputSchema,
  logoUploadSchema,
  sniffImageType,
  type Business,
  type BusinessLogo,
  type LogoType,
} from '@hive/shared/schemas/backoffice/settings';
import { imageSizeProblem } from '@hive/shared/schemas/backoffice/imageSize';
import type { AuthContext } from '../auth';
import { renameCompany } from '../companies';
import type { Database } from '../../database';
import type { Reactions } from '../../module';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requireMerchant, requirePage, fieldProblem, noStore, refused } from '../merchant';
import { addressColumns, addressOf } from './address';
import { DEFAULT_CURRENCY, DEFAULT_TIMEZONE, ensureCompanySettings } from './defaults';

const PAGE = '/generalinfo';
type Db = Kysely<Database> | Transaction<Database>;

/** Where the logo is uploaded; its JSON body (base64) is larger than the API's usual 32 kB. */
export const LOGO_UPLOAD_PATH = '/api/backoffice/business/logo';
/** 1 MB of bytes in base64, plus the JSON around it. */
export const LOGO_BODY_LIMIT = Math.ceil(SETTINGS_LIMITS.logoMaxBytes / 3) * 4 + 1024;

/**
 * The logo upload's own JSON parser, mounted before the API's shared parsers (which stop at
 * 32 kB): the shared ones then see a parsed body and leave it alone.
 */
export function mountLogoUploadParser(app: Express): void {
  app.use(LOGO_UPLOAD_PATH, express.json({ limit: LOGO_BODY_LIMIT }));
}

const logoUrl = (sha256: string) => `/api/backoffice/company/logo?v=${sha256.slice(0, 16)}`;

async function logoOf(db: Db, companyId: number): Promise<BusinessLogo | null> {
  const row = await db
    .selectFrom('company_logos')
    .select(['content_type', 'size', 'sha256', 'updated_at'])
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row
    ? {
        url: logoUrl(row.sha256),
        contentType: row.content_type as LogoType,
        size: Number(row.size),
        updatedAt: Number(row.updated_at),
      }
    : null;
}

/** The company has sold something (a receipt or an online order): its currency is fixed. */
async function hasSales(db: Db, companyId: number): Promise<boolean> {
  const receipt = await db
    .selectFrom('receipts')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  if (receipt) return true;
  const order = await db
    .selectFrom('ordering_orders')
    .select('id')
    .where('company_id', '=', companyId)
    .limit(1)
    .executeTakeFirst();
  return order !== undefined;
}

async function loadBusiness(db: Db, companyId: number, now: number, reactions: Reactions): Promise<Business> {
  const row = await db
    .selectFrom('company_profiles as p')
    .innerJoin('companies as c', 'c.id', 'p.company_id')
    .selectAll('p')
    .select('c.name as trading_name')
    .where('p.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) {
    // A company from before its settings existed gets them now.
    await ensureCompanySettings(db, companyId, now);
    await reactions.locationsAdded(db, companyId, now);
    return loadBusiness(db, companyId, now, reactions);
  }
  return {
    legalName: row.legal_name,
    tradingName: row.trading_name,
    taxId: row.tax_id,
    email: row.email,
    phone: row.phone,
    address: addressOf(row),
    currency: row.currency,
    timezone: row.timezone,
    receiptHeader: row.receipt_header,
    receiptFooter: row.receipt_footer,
    currencyLocked: await hasSales(db, companyId),
    logo: await logoOf(db, companyId),
    updatedAt: Number(row.updated_at),
  };
}

/** The header's view of the company: every signed-in merchant reads it. */
export async function companySummary(
  db: Db,
  merchant: { companyId: number; company: { slug: string; license: string } },
): Promise<CompanySummary> {
  const row = await db
    .selectFrom('companies as c')
    .leftJoin('company_profiles as p', 'p.company_id', 'c.id')
    .leftJoin('company_logos as l', 'l.company_id', 'c.id')
    .select(['c.name', 'p.currency', 'p.timezone', 'p.tax_mode', 'l.sha256'])
    .where('c.id', '=', merchant.companyId)
    .executeTakeFirstOrThrow();
  return {
    name: row.name,
    slug: merchant.company.slug,
    license: merchant.company.license,
    currency: row.currency ?? DEFAULT_CURRENCY,
    timezone: row.timezone ?? DEFAULT_TIMEZONE,
    taxMode: row.tax_mode === 'included' ? 'included' : 'added',
    logoUrl: row.sha256 ? logoUrl(row.sha256) : null,
  };
}

/** `/api/backoffice/company` (+ `/logo`): any signed-in merchant of the company. */
export function companyRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.get('/', requireMerchant(ctx), async (_req, res) => {
    noStore(res).json(await companySummary(ctx.db, merchantOf(res)));
  });
  // The bytes as stored, with the type read from them at upload; never sniffed by the browser.
  router.get('/logo', requireMerchant(ctx), async (req, res) => {
    const row = await ctx.db
      .selectFrom('company_logos')
      .select(['content_type', 'bytes', 'sha256'])
      .where('company_id', '=', merchantOf(res).companyId)
      .executeTakeFirst();
    if (!row) {
      noStore(res).status(404).json({ error: 'not_found', message: 'This company has no logo.' });
      return;
    }
    const versioned = req.query.v === row.sha256.slice(0, 16);
    res
      .set({
        'Content-Type': row.content_type,
        'X-Content-Type-Options': 'nosniff',
        'Content-Disposition': 'inline; filename="logo"',
        'Cache-Control': versioned ? 'private, max-age=31536000, immutable' : 'private, no-cache',
        ETag: `"${row.sha256}"`,
      })
      .send(Buffer.from(row.bytes));
  });
  return router;
}

/** `/api/backoffice/business`: Settings › General information, and the logo upload. */
export function businessRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json(await loadBusiness(db, merchantOf(res).companyId, ctx.now(), ctx.reactions));
  });

  router.put('/', async (req, res) => {
    const input = parseOrThrow(businessInputSchema, req.body);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    await db.transaction().execute(async (trx) => {
      const current = await loadBusiness(trx, companyId, now, ctx.reactions);
      if (input.currency !== current.currency && (await hasSales(trx, companyId))) {
        const problem = 'the currency cannot change after the first sale';
        throw refused('currency_locked', `currency: ${problem}`, { fields: { currency: problem } });
      }
      await renameCompany(trx, companyId, input.tradingName);
      const zoneBefore = current.timezone;
      await trx
        .updateTable('company_profiles')
        .set({
          legal_name: input.legalName,
          tax_id: input.taxId,
          email: input.email,
          phone: input.phone,
          ...addressColumns(input.address),
          currency: input.currency,
          timezone: input.timezone,
          receipt_header: input.receiptHeader,
          receipt_footer: input.receiptFooter,
          updated_at: now,
        })
        .where('company_id', '=', companyId)
        .execute();
      // Receipts without a location have their days in the business's time zone.
      if (zoneBefore !== input.timezone) await ctx.reactions.zoneChanged(trx, companyId, { withoutLocation: true });
    });
    noStore(res).json(await loadBusiness(db, companyId, now, ctx.reactions));
  });

  router.put('/logo', async (req, res) => {
    const { image } = parseOrThrow(logoUploadSchema, req.body);
    const bytes = Buffer.from(image, 'base64');
    if (bytes.length > SETTINGS_LIMITS.logoMaxBytes) throw fieldProblem('image', 'the image must be at most 1 MB');
    const type = sniffImageType(bytes);
    if (!type) throw fieldProblem('image', 'use a PNG, JPEG or WebP image (SVG and other files are not accepted)');
    const sizeProblem = imageSizeProblem(bytes, type);
    if (sizeProblem) throw fieldProblem('image', sizeProblem);
    const { companyId } = merchantOf(res);
    const now = ctx.now();
    const values = {
      content_type: type,
      bytes,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      updated_at: now,
    };
    await db
      .insertInto('company_logos')
      .values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
      .execute();
    noStore(res).json(await loadBusiness(db, companyId, now, ctx.reactions));
  });

  router.delete('/logo', async (_req, res) => {
    await db.deleteFrom('company_logos').where('company_id', '=', merchantOf(res).companyId).execute();
    res.status(204).end();
  });

  return router;
}
