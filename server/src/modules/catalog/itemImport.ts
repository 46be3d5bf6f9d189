import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  ITEM_IMPORT_LIMITS,
  MAX_ITEM_TAXES,
  type ItemImportChange,
  type ItemImportError,
  type ItemImportPreview,
  type ItemImportProblem,
  type ItemImportRow,
} from '@hive/shared/schemas/backoffice/catalog';
import { LIMITS, hasControlChars } from '@hive/shared/schemas/backoffice/common';
import { detectDelimiter, parseCsvField, type CsvDelimiter, type Db } from '../merchant';
import { ITEM_COLUMNS, readHeader, readNumber, readYesNo, textCell } from './itemsCsv';

/*
 * The items import, read and checked (nothing written here): each row of the file becomes the
 * item it creates or the changes it makes to the item with its SKU (or, without a SKU, the one
 * item with its name), every problem named by row and column. The preview and the import read
 * the file the same way, on the server: what the page shows is never what gets written.
 */

const SKU = /^[A-Za-z0-9._-]*$/;

export interface ExistingItem {
  id: number;
  name: string;
  sku: string;
  barcode: string;
  categoryId: number | null;
  priceCents: number;
  costCents: number;
  trackStock: boolean;
  active: boolean;
  bundle: boolean;
  taxIds: number[];
}

/** The company's data an import is checked against. */
export interface ImportContext {
  items: ExistingItem[];
  categories: { id: number; name: string }[];
  taxes: { id: number; name: string; archived: boolean }[];
  /** The rates a new item starts with when the file says none (Settings › Taxes). */
  newItemTaxIds: number[];
  /** Active warehouses; null when the company (or the user) has no inventory. */
  warehouses: { id: number; name: string }[] | null;
  /** On hand by `item:warehouse`. */
  stock: Map<string, number>;
}

/** An item as the import leaves it. */
export interface PlannedItem {
  row: number;
  itemId: number | null;
  name: string;
  sku: string;
  barcode: string;
  /** An existing category, or a new one by name (created by the import). */
  category: { id: number } | { name: string } | null;
  priceCents: number;
  costCents: number;
  /** null: as they are. */
  taxIds: number[] | null;
  trackStock: boolean;
  active: boolean;
  /** New on-hand quantities by warehouse (only those that change). */
  stock: { warehouseId: number; onHand: number }[];
  changed: boolean;
}

export interface ImportPlan {
  preview: ItemImportPreview;
  items: PlannedItem[];
  newCategories: string[];
}

export async function loadImportContext(db: Db, companyId: number, withStock: boolean): Promise<ImportContext> {
  const [items, categories, taxes, itemTaxes, warehouses] = await Promise.all([
    db
      .selectFrom('items')
      .select([
        'id',
        'name',
        'sku',
        'barcode',
        'category_id',
        'price_cents',
        'cost_cents',
        'track_stock',
        'active',
        sql<number>`(select count(*) from bundle_components b where b.company_id = items.company_id and b.bundle_item_id = items.id)`.as(
          'components',
        ),
      ])
      .where('company_id', '=', companyId)
      .execute(),
    db.selectFrom('categories').select(['id', 'name']).where('company_id', '=', companyId).execute(),
    db
      .selectFrom('tax_rates')
      .select(['id', 'name', 'archived_at', 'applies_to_new_items'])
      .where('company_id', '=', companyId)
      .execute(),
    db.selectFrom('item_taxes').select(['item_id', 'tax_rate_id']).where('company_id', '=', companyId).execute(),
    // inventory's tables, read as data only (a module after this one, like the items list's on-hand).
    withStock
      ? db
          .selectFrom('warehouses')
          .select(['id', 'name'])
          .where('company_id', '=', companyId)
          .where('active', '=', 1)
          .orderBy('is_default', 'desc')
          .orderBy('name')
          .orderBy('id')
          .execute()
      : Promise.resolve(null),
  ]);
  const stock = new Map<string, number>();
  if (withStock) {
    const levels = await db
      .selectFrom('stock_levels')
      .select(['item_id', 'warehouse_id', 'on_hand'])
      .where('company_id', '=', companyId)
      .execute();
    for (const l of levels) stock.set(`${l.item_id}:${l.warehouse_id}`, Number(l.on_hand));
  }
  const taxesOf = new Map<number, number[]>();
  for (const t of itemTaxes) taxesOf.set(t.item_id, [...(taxesOf.get(t.item_id) ?? []), t.tax_rate_id]);
  return {
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      sku: i.sku,
      barcode: i.barcode,
      categoryId: i.category_id,
      priceCents: Number(i.price_cents),
      costCents: Number(i.cost_cents),
      trackStock: Number(i.track_stock) === 1,
      active: Number(i.active) === 1,
      bundle: Number(i.components) > 0,
      taxIds: (taxesOf.get(i.id) ?? []).sort((a, b) => a - b),
    })),
    categories,
    taxes: taxes.map((t) => ({ id: t.id, name: t.name, archived: t.archived_at !== null })),
    newItemTaxIds: taxes
      .filter((t) => t.archived_at === null && Number(t.applies_to_new_items) === 1)
      .map((t) => t.id)
      .sort((a, b) => a - b),
    warehouses,
    stock,
  };
}

/** A cell quoted in a message, cut to a readable length (a cell may be most of a 1 MB file). */
const clip = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text);
const lower = (text: string) => text.toLocaleLowerCase('en-US');

const MESSAGES: Record<ItemImportProblem, string> = {
  noHeader: 'the file has no header row',
  missingName: 'the first row must name the columns, with a Name column',
  duplicateColumn: 'this column appears twice',
  tooManyRows: `a file may have at most ${ITEM_IMPORT_LIMITS.maxRows.toLocaleString('en-US')} item rows: import it in parts`,
  tooManyItems: `a catalog may hold at most ${ITEM_IMPORT_LIMITS.maxItems.toLocaleString('en-US')} items`,
  required: 'required for a new item',
  missingPrice: 'a new item needs a price, and the file has no Price column',
  tooLong: 'too long',
  controlChars: 'holds control characters',
  invalidSku: 'use letters, digits and - _ . only',
  skuInFile: 'another row has this SKU',
  nameInFile: 'another row without a SKU has this name',
  barcodeInFile: 'another row has this barcode',
  barcodeTaken: 'another item has this barcode',
  sameName: 'several items have this name: give the row a SKU',
  notNumber: 'not a number',
  otherSeparator: 'the other decimal separator than the file uses (a ; file writes 1,80, a , file 1.80)',
  ambiguous: 'could be a thousand or a decimal: write 1800 or 1,8',
  decimals: 'too many decimals',
  negative: 'must not be negative',
  tooLarge: 'too large',
  notQuantity: 'not a whole number',
  notYesNo: 'write yes or no',
  unknownTax: 'no tax rate has this name (Settings › Taxes)',
  archivedTax: 'this tax rate is archived',
  tooManyTaxes: `at most ${MAX_ITEM_TAXES} tax rates per item`,
  bundleStock: "a bundle has no stock of its own (its components' is used)",
  stockNotTracked: 'stock given for an item whose stock is not tracked',
  unknownWarehouse: 'no active warehouse has this name',
  noInventory: 'stock columns need the Inventory add-on',
};

function problems() {
  const listed: ItemImportError[] = [];
  let more = 0;
  return {
    add(row: number, column: string | null, code: ItemImportProblem, value?: string) {
      if (listed.length >= ITEM_IMPORT_LIMITS.maxErrors) {
        more += 1;
        return;
      }
      const where = column === null ? `Row ${row}` : `Row ${row}, ${column}`;
      const quoted = value === undefined || value === '' ? '' : ` ("${clip(value)}")`;
      listed.push({
        row,
        column,
        code,
        ...(value !== undefined && { value: clip(value) }),
        message: `${where}: ${MESSAGES[code]}${quoted}`,
      });
    },
    get count() {
      return listed.length + more;
    },
    listed,
    more: () => more,
  };
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id, k) => id === b[k]);

/** Reads the file against the company's data (see above). Never writes. */
export function planImport(context: ImportContext, csv: string): ImportPlan {
  const delimiter: CsvDelimiter = detectDelimiter(csv);
  const records = parseCsvField(csv, 'csv', { maxRows: ITEM_IMPORT_LIMITS.maxRows + 1 });
  const errors = problems();
  const empty = (extra: Partial<ItemImportPreview> = {}): ImportPlan => ({
    preview: {
      rows: [],
      rowsNotListed: 0,
      creates: 0,
      updates: 0,
      unchanged: 0,
      newCategories: [],
      stockColumns: [],
      ignoredColumns: [],
      errors: errors.listed,
      errorsNotListed: errors.more(),
      fingerprint: '',
      ...extra,
    },
    items: [],
    newCategories: [],
  });
  const header = records[0];
  if (!header || header.every((h) => h.trim() === '')) {
    errors.add(1, null, 'noHeader');
    return empty();
  }

  // The columns: item fields, stock by warehouse, and the rest left out.
  const columns = new Map<string, number>();
  const stockColumns: { index: number; column: string; warehouseId: number; warehouse: string }[] = [];
  const ignoredColumns: string[] = [];
  const warehousesByName = new Map((context.warehouses ?? []).map((w) => [lower(w.name), w]));
  header.forEach((raw, index) => {
    const text = raw.trim().replace(/^\ufeff/, '');
    if (text === '') return;
    const meaning = readHeader(text);
    const bare = warehousesByName.get(lower(text));
    if (meaning.kind === 'item') {
      if (columns.has(meaning.column)) errors.add(1, clip(text), 'duplicateColumn');
      else columns.set(meaning.column, index);
    } else if (meaning.kind === 'stock' || bare) {
      const name = meaning.kind === 'stock' ? meaning.warehouse : text;
      const warehouse = warehousesByName.get(lower(name));
      if (context.warehouses === null) errors.add(1, clip(text), 'noInventory');
      else if (!warehouse) errors.add(1, clip(text), 'unknownWarehouse', name);
      else if (stockColumns.some((c) => c.warehouseId === warehouse.id)) errors.add(1, clip(text), 'duplicateColumn');
      else stockColumns.push({ index, column: text, warehouseId: warehouse.id, warehouse: warehouse.name });
    } else {
      ignoredColumns.push(clip(text));
    }
  });
  const names = {
    stockColumns: stockColumns.map((c) => ({ column: c.column, warehouse: c.warehouse })),
    ignoredColumns,
  };
  if (!columns.has('name')) {
    errors.add(1, null, 'missingName');
    return empty(names);
  }
  const dataRows = records.length - 1;
  if (dataRows > ITEM_IMPORT_LIMITS.maxRows) {
    errors.add(1, null, 'tooManyRows');
    return empty(names);
  }
  const title = (column: (typeof ITEM_COLUMNS)[number]) => clip(header[columns.get(column)!]!.trim());
  const cellOf = (record: string[], column: (typeof ITEM_COLUMNS)[number]) => {
    const index = columns.get(column);
    return index === undefined ? undefined : textCell(record[index]);
  };

  const bySku = new Map(context.items.filter((i) => i.sku !== '').map((i) => [i.sku, i]));
  const byName = new Map<string, ExistingItem[]>();
  for (const i of context.items) byName.set(lower(i.name), [...(byName.get(lower(i.name)) ?? []), i]);
  const byBarcode = new Map(context.items.filter((i) => i.barcode !== '').map((i) => [i.barcode, i]));
  const categories = new Map(context.categories.map((c) => [lower(c.name), c]));
  const taxes = new Map(context.taxes.map((t) => [lower(t.name), t]));
  const newCategories = new Map<string, string>();
  const seenSkus = new Set<string>();
  const seenNames = new Set<string>();
  const seenBarcodes = new Set<string>();
  const planned: PlannedItem[] = [];
  const rows: ItemImportRow[] = [];
  const counts = { creates: 0, updates: 0, unchanged: 0 };

  records.slice(1).forEach((record, k) => {
    const row = k + 2;
    if (record.every((c) => c.trim() === '')) return;
    const before = errors.count;
    const bad = (column: (typeof ITEM_COLUMNS)[number] | null, code: ItemImportProblem, value?: string) =>
      errors.add(row, column === null ? null : title(column), code, value);

    const text = (column: 'name' | 'category', max: number) => {
      const value = cellOf(record, column) ?? '';
      if (value.length > max) bad(column, 'tooLong', value);
      else if (hasControlChars(value)) bad(column, 'controlChars');
      return value;
    };
    const code = (column: 'sku' | 'barcode') => {
      const value = cellOf(record, column) ?? '';
      if (value.length > LIMITS.skuMax) bad(column, 'tooLong', value);
      else if (!SKU.test(value)) bad(column, 'invalidSku', value);
      return value;
    };
    const money = (column: 'price' | 'cost') => {
      const cell = cellOf(record, column);
      if (cell === undefined || cell === '') return undefined;
      const read = readNumber(cell, delimiter, 2);
      if (!read.ok) return void bad(column, read.problem, cell);
      if (read.value > LIMITS.moneyMax * 100) return void bad(column, 'tooLarge', cell);
      return read.value;
    };
    const flag = (column: 'trackStock' | 'active') => {
      const cell = cellOf(record, column);
      if (cell === undefined || cell === '') return undefined;
      const value = readYesNo(cell);
      if (value === undefined) bad(column, 'notYesNo', cell);
      return value;
    };

    const name = text('name', LIMITS.nameMax);
    const sku = code('sku');
    const barcode = code('barcode');
    const categoryName = text('category', LIMITS.nameMax);
    const price = money('price');
    const cost = money('cost');
    const track = flag('trackStock');
    const active = flag('active');

    // The item: by SKU; without one, the one item with the name.
    let existing: ExistingItem | undefined;
    if (sku !== '') {
      existing = bySku.get(sku);
      if (seenSkus.has(sku)) bad('sku', 'skuInFile', sku);
      seenSkus.add(sku);
    } else if (name !== '') {
      const named = byName.get(lower(name)) ?? [];
      if (named.length > 1) bad('name', 'sameName', name);
      existing = named.length === 1 ? named[0] : undefined;
      if (seenNames.has(lower(name))) bad('name', 'nameInFile', name);
      seenNames.add(lower(name));
    }
    if (!existing && name === '') bad('name', 'required');
    if (!existing && !columns.has('price')) bad(null, 'missingPrice');
    else if (!existing && cellOf(record, 'price') === '') bad('price', 'required');
    if (barcode !== '') {
      const holder = byBarcode.get(barcode);
      if (holder && holder.id !== existing?.id) bad('barcode', 'barcodeTaken', barcode);
      if (seenBarcodes.has(barcode)) bad('barcode', 'barcodeInFile', barcode);
      seenBarcodes.add(barcode);
    }

    // Taxes by name, separated by ; or |; an empty cell keeps them (a new item: the default ones).
    let taxIds: number[] | null = null;
    const taxCell = cellOf(record, 'taxes');
    if (taxCell) {
      const ids = new Set<number>();
      for (const part of taxCell
        .split(/[;|]/)
        .map((p) => p.trim())
        .filter(Boolean)) {
        const tax = taxes.get(lower(part));
        if (!tax) bad('taxes', 'unknownTax', part);
        else if (tax.archived && !existing?.taxIds.includes(tax.id)) bad('taxes', 'archivedTax', part);
        else ids.add(tax.id);
      }
      if (ids.size > MAX_ITEM_TAXES) bad('taxes', 'tooManyTaxes', taxCell);
      taxIds = [...ids].sort((a, b) => a - b);
    }

    // Stock: whole units on hand per warehouse; an empty cell leaves it as it is.
    const stock: { warehouseId: number; warehouse: string; onHand: number }[] = [];
    for (const c of stockColumns) {
      const cell = textCell(record[c.index]);
      if (cell === '') continue;
      const read = readNumber(cell, delimiter, 0);
      const column = clip(c.column);
      if (!read.ok) errors.add(row, column, read.problem === 'decimals' ? 'notQuantity' : read.problem, cell);
      else if (read.value > ITEM_IMPORT_LIMITS.maxQuantity) errors.add(row, column, 'tooLarge', cell);
      else stock.push({ warehouseId: c.warehouseId, warehouse: c.warehouse, onHand: read.value });
    }
    const trackStock = track ?? (stock.length > 0 ? true : (existing?.trackStock ?? false));
    if (stock.length > 0 && existing?.bundle) bad(null, 'bundleStock');
    else if (stock.length > 0 && !trackStock) bad('trackStock', 'stockNotTracked');

    if (errors.count > before) return;

    // The category: an existing one by name, else a new one (created once, as first written).
    let category: PlannedItem['category'] = existing?.categoryId ? { id: existing.categoryId } : null;
    if (categoryName !== '') {
      const found = categories.get(lower(categoryName));
      if (found) category = { id: found.id };
      else {
        if (!newCategories.has(lower(categoryName))) newCategories.set(lower(categoryName), categoryName);
        category = { name: newCategories.get(lower(categoryName))! };
      }
    }
    const item: PlannedItem = {
      row,
      itemId: existing?.id ?? null,
      name: name || existing!.name,
      sku: sku || (existing?.sku ?? ''),
      barcode: barcode || (existing?.barcode ?? ''),
      category,
      priceCents: price ?? existing?.priceCents ?? 0,
      costCents: cost ?? existing?.costCents ?? 0,
      taxIds: taxIds ?? (existing ? null : context.newItemTaxIds),
      trackStock,
      active: active ?? existing?.active ?? true,
      stock: stock
        .filter((s) => !existing || (context.stock.get(`${existing.id}:${s.warehouseId}`) ?? 0) !== s.onHand)
        .map(({ warehouseId, onHand }) => ({ warehouseId, onHand })),
      changed: true,
    };
    const changes = describe(context, existing, item, stock);
    item.changed = changes.length > 0;
    const action = !existing ? 'create' : changes.length > 0 ? 'update' : 'unchanged';
    counts[action === 'create' ? 'creates' : action === 'update' ? 'updates' : 'unchanged'] += 1;
    planned.push(item);
    if (rows.length < ITEM_IMPORT_LIMITS.maxRowsListed) {
      rows.push({ row, action, itemId: item.itemId, name: item.name, sku: item.sku, changes });
    }
  });

  if (context.items.length + counts.creates > ITEM_IMPORT_LIMITS.maxItems) errors.add(1, null, 'tooManyItems');
  const creating = [...newCategories.values()];
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([planned, creating]))
    .digest('hex')
    .slice(0, 32);
  return {
    preview: {
      rows,
      rowsNotListed: planned.length - rows.length,
      ...counts,
      newCategories: creating,
      ...names,
      errors: errors.listed,
      errorsNotListed: errors.more(),
      fingerprint,
    },
    items: planned,
    newCategories: creating,
  };
}

/** What a row changes, field by field (everything, for a new item). */
function describe(
  context: ImportContext,
  existing: ExistingItem | undefined,
  item: PlannedItem,
  stock: { warehouseId: number; warehouse: string; onHand: number }[],
): ItemImportChange[] {
  const changes: ItemImportChange[] = [];
  const categoryName = (c: PlannedItem['category']) =>
    c === null ? null : 'name' in c ? c.name : (context.categories.find((x) => x.id === c.id)?.name ?? null);
  const taxNames = (ids: number[]) => ids.map((id) => context.taxes.find((t) => t.id === id)?.name ?? String(id));
  const put = (field: ItemImportChange['field'], old: ItemImportChange['old'], next: ItemImportChange['new']) => {
    const blank = next === '' || next === null || (Array.isArray(next) && next.length === 0);
    if (existing ? JSON.stringify(old) !== JSON.stringify(next) : !blank) changes.push({ field, old, new: next });
  };
  put('name', existing?.name ?? null, item.name);
  if (!existing || item.sku !== existing.sku) put('sku', existing?.sku ?? null, item.sku);
  put(
    'category',
    existing ? categoryName(existing.categoryId === null ? null : { id: existing.categoryId }) : null,
    categoryName(item.category),
  );
  put('price', existing?.priceCents ?? null, item.priceCents);
  put('cost', existing?.costCents ?? null, item.costCents);
  if (item.taxIds !== null && (!existing || !sameIds(existing.taxIds, item.taxIds))) {
    put('taxes', existing ? taxNames(existing.taxIds) : null, taxNames(item.taxIds));
  }
  put('barcode', existing?.barcode ?? null, item.barcode);
  put('trackStock', existing?.trackStock ?? null, item.trackStock);
  put('active', existing?.active ?? null, item.active);
  for (const s of stock) {
    const old = existing ? (context.stock.get(`${existing.id}:${s.warehouseId}`) ?? 0) : null;
    if (old !== s.onHand) changes.push({ field: 'stock', warehouse: s.warehouse, old, new: s.onHand });
  }
  return changes;
}
