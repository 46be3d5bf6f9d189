import express, { type Express, type Router } from 'express';
import { sql } from 'kysely';
import {
  priceListChangesSchema,
  priceListImportSchema,
  PRICE_LIST_LIMITS,
  type PriceList,
  type PriceListChange,
  type PriceListImportPreview,
} from '@hive/shared/schemas/backoffice/catalog';
import type { AuthContext } from '../auth';
import { parseOrThrow } from '../../platform/http';
import { setItemLevelPrice } from '../settings';
import {
  merchantOf,
  requirePage,
  fieldProblem,
  noStore,
  parseCsvField,
  csvDelimiterOf,
  sendCsv,
  exportSetting,
  toCsv,
  type Db,
} from '../merchant';

const PAGE = '/price_hive_items';

const BASE = '/api/backoffice/price_lists';
/**
 * The import's body: a CSV file of up to 1 MB (maxCsvBytes, which the page promises) inside JSON,
 * where every quote and line end is escaped into two characters.
 */
export const PRICE_LIST_IMPORT_BODY_LIMIT = 2 * PRICE_LIST_LIMITS.maxCsvBytes + 4096;
/** Applying an import: up to maxChanges changes of ~70 characters each in JSON. */
export const PRICE_LIST_APPLY_BODY_LIMIT = PRICE_LIST_LIMITS.maxChanges * 80 + 4096;

/**
 * The price list's own JSON parsers, mounted before the API's shared parsers (which stop at 32 kB,
 * about 1,600 rows of CSV): those then see a parsed body and leave it alone.
 */
export function mountPriceListParsers(app: Express): void {
  // Middleware, not routes: the route table (and its guards) stays the back-office router's.
  const importParser = express.json({ limit: PRICE_LIST_IMPORT_BODY_LIMIT });
  const applyParser = express.json({ limit: PRICE_LIST_APPLY_BODY_LIMIT });
  app.use(BASE, (req, res, next) => {
    if (req.method === 'POST' && req.path === '/import') return importParser(req, res, next);
    if (req.method === 'PUT' && req.path === '/') return applyParser(req, res, next);
    next();
  });
}

/** What an item sells for at a level: its own price, a percentage of its base, or its base. */
const effective = (
  base: number,
  row: { mode: string; price_cents: number | null; percent_bp: number | null } | undefined,
) =>
  !row
    ? base
    : row.mode === 'price'
      ? Number(row.price_cents ?? base)
      : Math.round((base * Number(row.percent_bp ?? 10_000)) / 10_000);

export async function loadPriceList(db: Db, companyId: number): Promise<PriceList> {
  const [levels, items, prices] = await Promise.all([
    db
      .selectFrom('price_levels')
      .select(['id', 'name', 'active'])
      .where('company_id', '=', companyId)
      .orderBy(sql`lower(name)`)
      .execute(),
    db
      .selectFrom('items as i')
      .leftJoin('categories as c', 'c.id', 'i.category_id')
      .select(['i.id', 'i.name', 'i.sku', 'i.price_cents', 'c.name as category_name'])
      .where('i.company_id', '=', companyId)
      .orderBy(sql`lower(i.name)`)
      .orderBy('i.id')
      .limit(10_000)
      .execute(),
    db
      .selectFrom('item_level_prices')
      .select(['item_id', 'price_level_id', 'mode', 'price_cents', 'percent_bp'])
      .where('company_id', '=', companyId)
      .execute(),
  ]);
  const byKey = new Map(prices.map((p) => [`${p.item_id}:${p.price_level_id}`, p]));
  return {
    levels: levels.map((l) => ({ id: l.id, name: l.name, active: Number(l.active) === 1 })),
    items: items.map((i) => {
      const base = Number(i.price_cents);
      return {
        id: i.id,
        name: i.name,
        sku: i.sku,
        categoryName: i.category_name,
        baseCents: base,
        prices: Object.fromEntries(
          levels.map((l) => {
            const row = byKey.get(`${i.id}:${l.id}`);
            const own = row ? effective(base, row) : null;
            return [String(l.id), { ownCents: own, effectiveCents: effective(base, row) }];
          }),
        ),
      };
    }),
  };
}

/** "12.50", "12,50", "$12.50" -> 1250; '' -> null (no own price); anything else -> undefined. */
function priceOf(cell: string): number | null | undefined {
  const text = cell
    .trim()
    .replace(/^[^\d-]+/, '')
    .replace(',', '.');
  if (cell.trim() === '') return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/** A cell quoted in a message, cut to a readable length (a cell may be most of a 1 MB file). */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);

/** Problems by line, the first maxErrors listed and the rest counted (a file of errors stays small). */
function problemList() {
  const listed: { line: number; message: string }[] = [];
  let more = 0;
  let lastLine = 0;
  return {
    add(line: number, message: string) {
      if (listed.length < PRICE_LIST_LIMITS.maxErrors) listed.push({ line, message });
      else more += 1;
      lastLine = line;
    },
    done: () =>
      more ? [...listed, { line: lastLine, message: `and ${more.toLocaleString('en-US')} more problems` }] : listed,
  };
}

/**
 * Reads a price list CSV (the export's columns: sku, name, base price, then one column per level by
 * its name) into the changes it makes: items are found by SKU, or by name when the SKU is empty; a
 * level cell left empty removes the item's own price there. Nothing is written.
 *
 * The work is bounded by the file before any cell is read: a level's column counts once (a header
 * naming one level 15,000 times made 15,000 x 15,000 cells of work on the event loop, stalling every
 * request of every company for half a minute), rows and rows x level columns have ceilings, and
 * problems past maxErrors are counted, not listed.
 */
export function previewImport(list: PriceList, csv: string): PriceListImportPreview {
  // The header and maxRows item rows, and one more if the file has it.
  const rows = parseCsvField(csv, 'csv', { maxRows: PRICE_LIST_LIMITS.maxRows + 1 }).filter((r) =>
    r.some((c) => c.trim() !== ''),
  );
  const problems = problemList();
  const changes: PriceListImportPreview['changes'] = [];
  let unchanged = 0;
  const head = rows[0]?.map((h) => h.trim()) ?? [];
  const refuse = (line: number, message: string) => ({ changes: [], unchanged: 0, errors: [{ line, message }] });
  if (head[0]?.toLowerCase() !== 'sku' || head[1]?.toLowerCase() !== 'name') {
    return refuse(1, 'the first row must be the columns sku, name, base, then a price level per column');
  }
  const itemRows = rows.length - 1;
  if (itemRows > PRICE_LIST_LIMITS.maxRows) {
    const most = PRICE_LIST_LIMITS.maxRows.toLocaleString('en-US');
    return refuse(1, `the file has more than ${most} item rows; a price list holds at most ${most}`);
  }
  const levelColumns: { index: number; level: PriceList['levels'][number] }[] = [];
  const levelsByName = new Map(list.levels.map((l) => [l.name.toLowerCase(), l]));
  head.slice(3).forEach((name, k) => {
    const level = levelsByName.get(name.toLowerCase());
    if (!level) problems.add(1, `there is no price level "${clip(name)}"`);
    else if (levelColumns.some((c) => c.level.id === level.id))
      problems.add(1, `the price level "${clip(name)}" has two columns; only the first is read`);
    else levelColumns.push({ index: k + 3, level });
  });
  if (itemRows * levelColumns.length > PRICE_LIST_LIMITS.maxCells) {
    return refuse(
      1,
      `${(itemRows * levelColumns.length).toLocaleString('en-US')} prices in one file; at most ${PRICE_LIST_LIMITS.maxCells.toLocaleString('en-US')}: import it in parts`,
    );
  }
  const bySku = new Map(list.items.filter((i) => i.sku !== '').map((i) => [i.sku.toLowerCase(), i]));
  const byName = new Map(list.items.map((i) => [i.name.toLowerCase(), i]));
  rows.slice(1).forEach((row, k) => {
    const line = k + 2;
    const sku = (row[0] ?? '').trim().replace(/^'/, '');
    const name = (row[1] ?? '').trim().replace(/^'/, '');
    const item = sku ? bySku.get(sku.toLowerCase()) : byName.get(name.toLowerCase());
    if (!item) {
      problems.add(line, sku ? `no item has the SKU "${clip(sku)}"` : `no item is called "${clip(name)}"`);
      return;
    }
    for (const { index, level } of levelColumns) {
      const price = priceOf(row[index] ?? '');
      if (price === undefined) {
        problems.add(line, `"${clip(row[index] ?? '')}" under ${level.name} is not a price (e.g. 12.50)`);
        continue;
      }
      const old = item.prices[String(level.id)]?.ownCents ?? null;
      if (old === price) {
        unchanged += 1;
        continue;
      }
      changes.push({
        itemId: item.id,
        levelId: level.id,
        priceCents: price,
        itemName: item.name,
        levelName: level.name,
        oldCents: old,
      });
    }
  });
  return { changes, errors: problems.done(), unchanged };
}

/** Writes the changes in one transaction: a price of its own, or none (null). */
async function applyChanges(db: Db, companyId: number, changes: PriceListChange[]): Promise<void> {
  const [items, levels] = await Promise.all([
    db.selectFrom('items').select('id').where('company_id', '=', companyId).execute(),
    db.selectFrom('price_levels').select('id').where('company_id', '=', companyId).execute(),
  ]);
  const knownItems = new Set(items.map((i) => i.id));
  const knownLevels = new Set(levels.map((l) => l.id));
  changes.forEach((c, i) => {
    if (!knownItems.has(c.itemId)) throw fieldProblem(`changes.${i}.itemId`, 'choose one of the options');
    if (!knownLevels.has(c.levelId)) throw fieldProblem(`changes.${i}.levelId`, 'choose one of the options');
  });
  await db.transaction().execute(async (trx) => {
    for (const c of changes) await setItemLevelPrice(trx, companyId, c);
  });
}

/** `/api/backoffice/price_lists`: every item's price at every level; bulk changes; CSV out and in. */
export function priceListsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));

  router.get('/', async (_req, res) => {
    noStore(res).json(await loadPriceList(db, merchantOf(res).companyId));
  });

  router.get('/export', async (req, res) => {
    const list = await loadPriceList(db, merchantOf(res).companyId);
    const money = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
    const columns = [
      { header: 'sku', value: (i: PriceList['items'][number]) => i.sku },
      { header: 'name', value: (i: PriceList['items'][number]) => i.name },
      { header: 'base', value: (i: PriceList['items'][number]) => money(i.baseCents), decimal: true },
      ...list.levels.map((l) => ({
        header: l.name,
        value: (i: PriceList['items'][number]) => money(i.prices[String(l.id)]?.ownCents ?? null),
        decimal: true,
      })),
    ];
    const { timeZone } = await exportSetting(db, req, res);
    sendCsv(res, 'price-list', toCsv(columns, list.items, csvDelimiterOf(req)), ctx.now(), timeZone);
  });

  router.post('/import', async (req, res) => {
    const { csv } = parseOrThrow(priceListImportSchema, req.body);
    const list = await loadPriceList(db, merchantOf(res).companyId);
    noStore(res).json(previewImport(list, csv));
  });

  router.put('/', async (req, res) => {
    const { changes } = parseOrThrow(priceListChangesSchema, req.body);
    const { companyId } = merchantOf(res);
    await applyChanges(db, companyId, changes);
    noStore(res).json(await loadPriceList(db, companyId));
  });

  return router;
}
