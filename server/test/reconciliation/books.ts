import assert from 'node:assert/strict';
import { parseCsv } from '../admin-helpers';
import type { Json } from '../helpers';
import { B, get, type Differences } from './differences';
import { journal } from './expected';
import { ACCOUNTS, QB, type Fixture } from './fixture';
import type { LedgerReceipt } from './generator';

/*
 * The books outside the reports: stock on hand (the list, its CSV, the stock movements) and the
 * QuickBooks sales journal (CSV, IIF, preview), against the receipts.
 */

export async function checkStock(
  d: Differences,
  fixture: Fixture,
  receipts: readonly LedgerReceipt[],
  period: string,
): Promise<void> {
  const tracked = fixture.catalog.items.filter((i) => i.trackStock);
  const want = new Map<string, { sold: number; refunded: number }>();
  for (const item of tracked) {
    for (const location of fixture.locations) want.set(`${item.id}@${location.warehouseId}`, { sold: 0, refunded: 0 });
  }
  for (const r of receipts) {
    for (const l of r.lines) {
      // A bundle moves its components' stock: its quantity times each component's.
      const item = fixture.catalog.items.find((i) => i.id === l.itemId);
      const moves = item?.components ?? [{ itemId: l.itemId, quantity: 1 }];
      for (const m of moves) {
        const row = want.get(`${m.itemId}@${fixture.locations[r.location]!.warehouseId}`);
        if (!row) continue;
        if (r.kind === 'sale') row.sold += l.quantity * m.quantity;
        else row.refunded += l.quantity * m.quantity;
      }
    }
  }
  const stock = await get(fixture, '/inventory/stock');
  for (const [key, w] of want) {
    const [itemId, warehouseId] = key.split('@').map(Number);
    const row = (stock.rows as Json[]).find((s) => s.itemId === itemId && s.warehouseId === warehouseId);
    d.eq(`stock.onHand[${key}]`, row?.onHand ?? 0, w.refunded - w.sold);
  }
  // The stock list's CSV says the same (by item and warehouse name).
  const csv = await fixture.owner.request(`${B}/inventory/stock/export`);
  assert.equal(csv.status, 200, 'stock CSV');
  const [head, ...lines] = parseCsv(await csv.text());
  for (const [key, w] of want) {
    const [itemId, warehouseId] = key.split('@').map(Number);
    const item = fixture.catalog.items.find((i) => i.id === itemId)!.name;
    const warehouse = (stock.rows as Json[]).find((s) => s.warehouseId === warehouseId)?.warehouseName;
    const line = lines.find((l) => l[head!.indexOf('Item')] === item && l[head!.indexOf('Warehouse')] === warehouse);
    if (warehouse === undefined && w.refunded === w.sold) continue;
    d.eq(`stockCsv.onHand[${key}]`, line && Number(line[head!.indexOf('On hand')]), w.refunded - w.sold);
  }
  const movements = await get(fixture, `/reports/stock_movements?${period}`);
  for (const [key, w] of want) {
    const [itemId, warehouseId] = key.split('@').map(Number);
    const row = (movements.summary as Json[]).find((s) => s.itemId === itemId && s.warehouseId === warehouseId);
    if (w.sold === 0 && w.refunded === 0 && !row) continue;
    d.eq(`stockMovements[${key}]`, row && { sold: row.sold, refunded: row.refunded, closing: row.closing }, {
      sold: w.sold,
      refunded: w.refunded,
      closing: w.refunded - w.sold,
    });
  }
}

export async function checkQuickBooks(
  d: Differences,
  fixture: Fixture,
  receipts: readonly LedgerReceipt[],
  period: { from: string; to: string },
): Promise<void> {
  const query = `kind=sales&format=csv&from=${period.from}&to=${period.to}`;
  const response = await fixture.owner.request(`${B}/quickbooks/export?${query}`);
  assert.equal(response.status, 200, 'QuickBooks export');
  const [header, ...rows] = parseCsv(await response.text());
  const col = (name: string) => header!.indexOf(name);
  const money = (text: string) => (text === '' ? 0 : Math.round(Number(text.replace(/,/g, '')) * 100));
  const entries = new Map<string, Map<string, number>>();
  for (const row of rows) {
    if (row.length < header!.length) continue;
    const day = row[col('JournalNo')]!.replace('SALES-', '');
    const e = entries.get(day) ?? new Map<string, number>();
    const account = row[col('AccountName')]!;
    e.set(account, (e.get(account) ?? 0) + money(row[col('Debits')]!) - money(row[col('Credits')]!));
    entries.set(day, e);
  }
  for (const [day, e] of entries) {
    d.eq(
      `quickbooks[${day}].balance`,
      [...e.values()].reduce((s, x) => s + x, 0),
      0,
    );
  }
  // The IIF file: each transaction's splits add up to zero; the preview's debits equal its credits.
  const iif = await fixture.owner.request(`${B}/quickbooks/export?${query.replace('csv', 'iif')}`);
  assert.equal(iif.status, 200, 'QuickBooks IIF');
  let block = 0;
  let blocks = 0;
  for (const line of (await iif.text()).split('\r\n')) {
    const cells = line.split('\t');
    if (cells[0] === 'TRNS' || cells[0] === 'SPL') block += money(cells[6]!);
    if (cells[0] === 'ENDTRNS') {
      d.eq(`quickbooksIif.transaction[${blocks}].balance`, block, 0);
      block = 0;
      blocks += 1;
    }
  }
  d.eq('quickbooksIif.transactions', blocks, entries.size);
  const preview = await get(fixture, `/quickbooks/preview?${query}`);
  const totals = Object.fromEntries((preview.totals as Json[]).map((t) => [t.label, t.cents]));
  const debits = [...entries.values()].flatMap((e) => [...e.values()]).filter((x) => x > 0);
  d.eq('quickbooksPreview.totals', totals, {
    debits: debits.reduce((s, x) => s + x, 0),
    credits: debits.reduce((s, x) => s + x, 0),
  });
  const want = journal(receipts, {
    payment: (typeId) =>
      typeId === fixture.catalog.cash.id
        ? ACCOUNTS.cash
        : typeId === fixture.catalog.card.id
          ? ACCOUNTS.card
          : QB.otherPayments,
    income: QB.income,
    tax: QB.taxPayable,
    tips: QB.tipsPayable,
  });
  const asObject = (m: Map<string, Map<string, number>>) =>
    Object.fromEntries([...m.entries()].sort().map(([day, e]) => [day, Object.fromEntries([...e.entries()].sort())]));
  d.eq('quickbooks.journal', asObject(entries), asObject(want));
}
