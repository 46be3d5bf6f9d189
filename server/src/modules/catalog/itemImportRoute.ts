import express, { type Express, type Router } from 'express';
import { canSeePath } from '@hive/shared/menu';
import { ITEM_IMPORT_LIMITS, itemImportSchema, type ItemImportResult } from '@hive/shared/schemas/backoffice/catalog';
import type { AuthContext } from '../auth';
import { HttpError, parseOrThrow, tooMany, type RateLimitRule } from '../../platform/http';
import { conflictOr, merchantOf, noStore, type Merchant } from '../merchant';
import { setItemTaxes } from '../settings';
import { loadImportContext, planImport, type ImportPlan } from './itemImport';

const PATH = '/api/backoffice/items/import';
/** The import's body: a CSV file of up to 1 MB inside JSON (quotes and line ends escape to two characters). */
export const ITEM_IMPORT_BODY_LIMIT = 2 * ITEM_IMPORT_LIMITS.maxCsvBytes + 4096;

/**
 * Reading a file (preview or import) takes a point from the account's allowance and from the
 * company's: each read is up to 5,000 rows checked against the whole catalog.
 */
export const ITEM_IMPORT_RATE_LIMITS: { perAccount: RateLimitRule; perCompany: RateLimitRule } = {
  perAccount: { limit: 30, windowMs: 60 * 60_000 },
  perCompany: { limit: 50, windowMs: 60 * 60_000 },
};

/** Its own JSON parser, before the API's shared 32 kB ones (which then leave the parsed body alone). */
export function mountItemImportParser(app: Express): void {
  const parser = express.json({ limit: ITEM_IMPORT_BODY_LIMIT });
  app.use(PATH, (req, res, next) => (req.method === 'POST' ? parser(req, res, next) : next()));
}

/** Stock is read from the file only for a user whose menu has Inventory's adjustments. */
export const handlesStock = (merchant: Merchant) => canSeePath('/adjustment', merchant.menu);

const STOCK_NOTE_MAX = 200;

/** A unique index refused an item's write: the barcode's, or the SKU's (409 on that field). */
export function taken(error: unknown): never {
  const barcode = /barcode/.test(String((error as { message?: unknown } | null)?.message));
  return conflictOr(error, barcode ? 'barcode' : 'sku', 'already used by another item');
}

/**
 * `POST /items/import` `{ csv, dryRun, fileName?, expected? }`: with dryRun the preview (nothing
 * written); without, the same reading again, and then every row in one transaction, or nothing:
 * 400 when a row is wrong (with the preview), 409 `import_changed` when the file now does other
 * than the preview `expected` said (the catalog changed meanwhile).
 */
export function mountItemImport(router: Router, ctx: AuthContext): void {
  const perAccount = ctx.limiterStore.limiter('itemImportsPerAccount', ITEM_IMPORT_RATE_LIMITS.perAccount);
  const perCompany = ctx.limiterStore.limiter('itemImportsPerCompany', ITEM_IMPORT_RATE_LIMITS.perCompany);

  router.post('/import', async (req, res) => {
    const input = parseOrThrow(itemImportSchema, req.body);
    const merchant = merchantOf(res);
    const account = await perAccount.consume(`u:${merchant.userId}`);
    if (!account.allowed) throw tooMany('imports', account.retryAfter, 'from this account');
    const company = await perCompany.consume(`c:${merchant.companyId}`);
    if (!company.allowed) throw tooMany('imports', company.retryAfter, 'for this company right now');

    const context = await loadImportContext(ctx.db, merchant.companyId, handlesStock(merchant));
    const plan = planImport(context, input.csv);
    if (input.dryRun) {
      noStore(res).json(plan.preview);
      return;
    }
    const { preview } = plan;
    if (preview.errors.length > 0) {
      const problem = `the file has ${preview.errors.length + preview.errorsNotListed} problem(s); nothing was imported`;
      throw new HttpError(400, {
        error: 'validation_error',
        message: `csv: ${problem}`,
        fields: { csv: problem },
        preview,
      });
    }
    if (input.expected !== undefined && input.expected !== preview.fingerprint) {
      throw new HttpError(409, {
        error: 'import_changed',
        message: 'The catalog changed since the preview: check the new preview, then import.',
        preview,
      });
    }
    const note = (input.fileName ?? 'CSV').slice(0, STOCK_NOTE_MAX);
    const result = await writeImport(ctx, merchant, plan, note).catch(taken);
    noStore(res).json(result);
  });
}

/** The plan, all of it in one transaction: new categories, items, their taxes, their stock. */
async function writeImport(ctx: AuthContext, merchant: Merchant, plan: ImportPlan, note: string) {
  const { companyId, userId } = merchant;
  const now = ctx.now();
  const result: ItemImportResult = {
    created: 0,
    updated: 0,
    unchanged: 0,
    categoriesCreated: plan.newCategories.length,
    adjustments: 0,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const categoryIds = new Map<string, number>();
    if (plan.newCategories.length > 0) {
      const last = await trx
        .selectFrom('categories')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      let position = Number(last?.p ?? 0);
      for (const name of plan.newCategories) {
        position = Math.min(position + 1, 9999);
        const row = await trx
          .insertInto('categories')
          .values({ company_id: companyId, name, color: '#6b7280', position, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        categoryIds.set(name, row.id);
      }
    }
    const stock: { itemId: number; warehouseId: number; onHand: number }[] = [];
    for (const item of plan.items) {
      if (!item.changed) {
        result.unchanged += 1;
        continue;
      }
      const columns = {
        name: item.name,
        sku: item.sku,
        barcode: item.barcode,
        category_id:
          item.category === null
            ? null
            : 'id' in item.category
              ? item.category.id
              : categoryIds.get(item.category.name)!,
        price_cents: item.priceCents,
        cost_cents: item.costCents,
        track_stock: item.trackStock ? 1 : 0,
        active: item.active ? 1 : 0,
      };
      let id = item.itemId;
      if (id === null) {
        const created = await trx
          .insertInto('items')
          .values({ ...columns, company_id: companyId, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = created.id;
        result.created += 1;
      } else {
        await trx
          .updateTable('items')
          .set({ ...columns, updated_at: now })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        result.updated += 1;
      }
      if (item.taxIds !== null) await setItemTaxes(trx, companyId, id, item.taxIds);
      for (const s of item.stock) stock.push({ itemId: id, ...s });
    }
    if (stock.length > 0) {
      await ctx.reactions.stockSet(trx, companyId, { userId, now, note, lines: stock });
      result.adjustments = new Set(stock.map((s) => s.warehouseId)).size;
    }
  });
  return result;
}
