import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { planImport, type ImportContext } from './itemImport';
import { api, assertValidation, companyId, db, parseCsv, signedIn, type ApiResult } from '../../../test/admin-helpers';
import { databaseTargets, ONCE, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * Items from a spreadsheet (issue 43, item 8): a CSV file read by the server into a preview (what
 * it creates and changes, problems by row and column) that writes nothing; the import writes it
 * all in one transaction, stock through inventory's adjustments; en and es files (`;`, decimal
 * commas, Spanish headers); the export's headers are the import's, so an exported file imports
 * back unchanged; the limits of the price list import; companies only ever match their own items.
 */

const P = '/api/backoffice/items/import';
const csvOf = (rows: string[][], delimiter = ',') =>
  rows.map((r) => r.map((c) => (/[",;\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(delimiter)).join('\r\n');

for (const target of databaseTargets()) {
  describe(`items import [${target.name}]`, () => {
    let server: TestServer;
    let grocer: Client; // owner@greenleaf.test: Retail with Inventory
    let grocerId: number;
    let warehouse: { id: number; name: string };
    let tax: string;
    let milk: { id: number; sku: string; price_cents: number };

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const preview = async (client: Client, csv: string) => {
      const answer = await api(client, 'POST', P, { csv, dryRun: true });
      ok(answer);
      return answer.body;
    };
    const onHand = async (itemId: number, warehouseId: number) =>
      Number(
        (
          await db(server)
            .selectFrom('stock_levels')
            .select('on_hand')
            .where('item_id', '=', itemId)
            .where('warehouse_id', '=', warehouseId)
            .executeTakeFirst()
        )?.on_hand ?? 0,
      );

    before(async () => {
      server = await startTestServer(target);
      grocer = await signedIn(server, 'owner@greenleaf.test');
      grocerId = await companyId(server, 'green-leaf-grocers');
      warehouse = await db(server)
        .selectFrom('warehouses')
        .select(['id', 'name'])
        .where('company_id', '=', grocerId)
        .where('active', '=', 1)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      tax = (
        await db(server)
          .selectFrom('tax_rates')
          .select('name')
          .where('company_id', '=', grocerId)
          .where('archived_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).name;
      milk = await db(server)
        .selectFrom('items')
        .select(['id', 'sku', 'price_cents'])
        .where('company_id', '=', grocerId)
        .where('sku', '<>', '')
        .where('track_stock', '=', 1)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('bundle_components as b')
                .select('b.bundle_item_id')
                .whereRef('b.bundle_item_id', '=', 'items.id'),
            ),
          ),
        )
        .orderBy('id')
        .executeTakeFirstOrThrow();
    });
    after(async () => {
      await server?.close();
    });

    it('the preview writes nothing; the import creates and updates in one go, stock through an adjustment', async () => {
      const stockColumn = `On hand: ${warehouse.name}`;
      const csv = csvOf([
        ['Name', 'SKU', 'Category', 'Price', 'Cost', 'Taxes', 'Barcode', stockColumn, 'Notes'],
        ['', milk.sku, '', '9.99', '', '', '', '42', 'left out'],
        ['Imported oat milk', 'IMP-OAT-1', 'Imported drinks', '2.49', '1.10', tax, '8412345678901', '7', ''],
      ]);
      const items = () =>
        db(server)
          .selectFrom('items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('company_id', '=', grocerId)
          .executeTakeFirstOrThrow();
      const countBefore = Number((await items()).n);
      const stockBefore = await onHand(milk.id, warehouse.id);
      const adjustments = async () =>
        Number(
          (
            await db(server)
              .selectFrom('adjustments')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('company_id', '=', grocerId)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const adjustmentsBefore = await adjustments();

      const seen = await preview(grocer, csv);
      assert.deepEqual(seen.errors, []);
      assert.deepEqual([seen.creates, seen.updates, seen.unchanged], [1, 1, 0]);
      assert.deepEqual(seen.newCategories, ['Imported drinks']);
      assert.deepEqual(seen.stockColumns, [{ column: stockColumn, warehouse: warehouse.name }]);
      assert.deepEqual(seen.ignoredColumns, ['Notes']);
      const update = seen.rows.find((r: Json) => r.row === 2);
      assert.equal(update.action, 'update');
      assert.equal(update.itemId, milk.id);
      assert.deepEqual(
        update.changes.map((c: Json) => [c.field, c.old, c.new]),
        [
          ['price', milk.price_cents, 999],
          ['stock', stockBefore, 42],
        ],
      );
      const create = seen.rows.find((r: Json) => r.row === 3);
      assert.equal(create.action, 'create');
      assert.deepEqual(
        Object.fromEntries(create.changes.map((c: Json) => [c.warehouse ? `stock:${c.warehouse}` : c.field, c.new])),
        {
          name: 'Imported oat milk',
          sku: 'IMP-OAT-1',
          category: 'Imported drinks',
          price: 249,
          cost: 110,
          taxes: [tax],
          barcode: '8412345678901',
          trackStock: true,
          active: true,
          [`stock:${warehouse.name}`]: 7,
        },
      );
      // Nothing written by the preview.
      assert.equal(Number((await items()).n), countBefore);
      const still = await db(server)
        .selectFrom('items')
        .select('price_cents')
        .where('id', '=', milk.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(still.price_cents), milk.price_cents);
      assert.equal(await onHand(milk.id, warehouse.id), stockBefore);
      assert.equal(await adjustments(), adjustmentsBefore);
      assert.equal(
        await db(server).selectFrom('categories').select('id').where('name', '=', 'Imported drinks').executeTakeFirst(),
        undefined,
      );

      const done = await api(grocer, 'POST', P, {
        csv,
        dryRun: false,
        fileName: 'items.csv',
        expected: seen.fingerprint,
      });
      ok(done);
      assert.deepEqual(done.body, { created: 1, updated: 1, unchanged: 0, categoriesCreated: 1, adjustments: 1 });
      const oat = await db(server)
        .selectFrom('items as i')
        .innerJoin('categories as c', 'c.id', 'i.category_id')
        .select(['i.id', 'i.price_cents', 'i.cost_cents', 'i.barcode', 'i.track_stock', 'c.name as category'])
        .where('i.company_id', '=', grocerId)
        .where('i.sku', '=', 'IMP-OAT-1')
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [Number(oat.price_cents), Number(oat.cost_cents), oat.barcode, Number(oat.track_stock), oat.category],
        [249, 110, '8412345678901', 1, 'Imported drinks'],
      );
      const taxes = await db(server)
        .selectFrom('item_taxes as t')
        .innerJoin('tax_rates as r', 'r.id', 't.tax_rate_id')
        .select('r.name')
        .where('t.item_id', '=', oat.id)
        .execute();
      assert.deepEqual(
        taxes.map((t) => t.name),
        [tax],
      );
      const updated = await db(server)
        .selectFrom('items')
        .select('price_cents')
        .where('id', '=', milk.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(updated.price_cents), 999);
      assert.equal(await onHand(milk.id, warehouse.id), 42);
      assert.equal(await onHand(oat.id, warehouse.id), 7);
      // The stock moved as an ordinary adjustment (reason, note, lines) and its ledger rows.
      const adjustment = await db(server)
        .selectFrom('adjustments')
        .selectAll()
        .where('company_id', '=', grocerId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [adjustment.reason, adjustment.note, adjustment.warehouse_id],
        ['correction', 'items.csv', warehouse.id],
      );
      const ledger = await db(server)
        .selectFrom('stock_ledger')
        .select(['item_id', 'quantity', 'reason'])
        .where('document_type', '=', 'adjustment')
        .where('document_id', '=', adjustment.id)
        .orderBy('item_id')
        .execute();
      assert.deepEqual(
        ledger.map((l) => [l.item_id, Number(l.quantity), l.reason]),
        [
          [milk.id, 42 - stockBefore, 'correction'],
          [oat.id, 7, 'correction'],
        ].sort((a, b) => Number(a[0]) - Number(b[0])),
      );

      // The same file again changes nothing.
      const again = await preview(grocer, csv);
      assert.deepEqual([again.creates, again.updates, again.unchanged], [0, 0, 2]);
      // A file that now does other than its preview said is refused, with the new preview.
      const changed = await api(grocer, 'POST', P, { csv, dryRun: false, expected: seen.fingerprint });
      assert.equal(changed.status, 409);
      assert.equal(changed.body.error, 'import_changed');
      assert.equal(changed.body.preview.unchanged, 2);
    });

    it('problems by row and column; a file with any is not imported at all', async () => {
      const csv = csvOf([
        ['Name', 'SKU', 'Price', 'Cost', 'Taxes', 'On hand: No such place'],
        ['Good row', 'IMP-GOOD-1', '1.00', '', '', ''],
        ['Bad price', 'IMP-BAD-1', 'cheap', '1,5', '', ''],
        ['Bad tax', 'IMP-BAD-2', '1.00', '', 'No such tax', ''],
        ['', 'IMP-BAD-3', '1.00', '', '', ''],
        ['Twice', 'IMP-GOOD-1', '1.00', '', '', ''],
        ['Bad cost', 'IMP-BAD-4', '1.00', '-2', '', ''],
      ]);
      const seen = await preview(grocer, csv);
      assert.deepEqual(
        seen.errors.map((e: Json) => [e.row, e.column, e.code]),
        [
          [1, 'On hand: No such place', 'unknownWarehouse'],
          [3, 'Price', 'notNumber'],
          [3, 'Cost', 'otherSeparator'],
          [4, 'Taxes', 'unknownTax'],
          [5, 'Name', 'required'],
          [6, 'SKU', 'skuInFile'],
          [7, 'Cost', 'negative'],
        ],
      );
      assert.equal(seen.errors[1].message, 'Row 3, Price: not a number ("cheap")');
      const refused = await api(grocer, 'POST', P, { csv, dryRun: false });
      assertValidation(refused, 'csv');
      assert.equal(refused.body.preview.errors.length, 7);
      const written = await db(server)
        .selectFrom('items')
        .select('id')
        .where('sku', 'like', 'IMP-%-_')
        .where('sku', '<>', 'IMP-OAT-1')
        .execute();
      assert.deepEqual(written, [], 'nothing of the file was written');
      // Not CSV at all: a 400 naming row and column; no Name column: the first row is the problem.
      assertValidation(await api(grocer, 'POST', P, { csv: 'Name,SKU\n"open', dryRun: true }), 'csv');
      const headless = await preview(grocer, 'Price,SKU\n1.00,X');
      assert.deepEqual(
        headless.errors.map((e: Json) => [e.row, e.code]),
        [[1, 'missingName']],
      );
      assertValidation(await api(grocer, 'POST', P, { csv: 'Name\nx' }), 'dryRun');
    });

    it('a Spanish file: Spanish headers, `;` and decimal commas; its export imports back unchanged', async () => {
      const lucia = await signedIn(server, 'lucia@cornermarket.test');
      const exported = await lucia.request('/api/backoffice/items/export?delimiter=semicolon');
      assert.equal(exported.status, 200);
      const text = await exported.text();
      const rows = parseCsv(text);
      assert.deepEqual(rows[0]!.slice(0, 9), [
        'Nombre',
        'SKU',
        'Categoría',
        'Precio',
        'Coste',
        'Impuestos',
        'Código de barras',
        'Controlar stock',
        'Activo',
      ]);
      assert.ok(
        rows[0]!.slice(9).length > 0 && rows[0]!.slice(9).every((h) => h.startsWith('Existencias: ')),
        rows[0]!.join('|'),
      );
      assert.match(rows[1]![3]!, /^\d+,\d\d$/, 'decimal commas');
      assert.ok(rows.slice(1).some((r) => r[7] === 'sí'));
      const back = await preview(lucia, text);
      assert.deepEqual(back.errors, []);
      assert.deepEqual([back.creates, back.updates], [0, 0], 'an export imports back unchanged');
      assert.equal(back.unchanged, rows.length - 1);

      const csv = csvOf(
        [
          ['Nombre', 'SKU', 'Categoría', 'Precio', 'Coste', 'Activo'],
          ['Café con leche', 'CAFE-IMP-1', 'Bebidas calientes', '1,80', '0,50', 'sí'],
          ['Tostada', 'TOST-IMP-1', '', '1.234,50', '0', 'no'],
          ['Zumo', 'ZUMO-IMP-1', '', '1.80', '1.800', ''],
        ],
        ';',
      );
      const seen = await preview(lucia, csv);
      assert.deepEqual(
        seen.errors.map((e: Json) => [e.row, e.column, e.code]),
        [
          [4, 'Precio', 'otherSeparator'],
          [4, 'Coste', 'ambiguous'],
        ],
      );
      const fixed = csv.replace('1.80;1.800', '2,10;1,2');
      const good = await preview(lucia, fixed);
      assert.deepEqual(good.errors, []);
      const prices = Object.fromEntries(
        good.rows.map((r: Json) => [r.sku, r.changes.find((c: Json) => c.field === 'price').new]),
      );
      assert.deepEqual(prices, { 'CAFE-IMP-1': 180, 'TOST-IMP-1': 123450, 'ZUMO-IMP-1': 210 });
      ok(await api(lucia, 'POST', P, { csv: fixed, dryRun: false, expected: good.fingerprint }));
      const cafe = await db(server)
        .selectFrom('items')
        .select(['price_cents', 'cost_cents', 'active'])
        .where('sku', '=', 'CAFE-IMP-1')
        .executeTakeFirstOrThrow();
      assert.deepEqual([Number(cafe.price_cents), Number(cafe.cost_cents), Number(cafe.active)], [180, 50, 1]);
    });

    it('the English export: its headers, a column per warehouse, read back unchanged', async () => {
      const response = await grocer.request('/api/backoffice/items/export');
      const rows = parseCsv(await response.text());
      assert.deepEqual(rows[0]!.slice(0, 9), [
        'Name',
        'SKU',
        'Category',
        'Price',
        'Cost',
        'Taxes',
        'Barcode',
        'Track stock',
        'Active',
      ]);
      assert.ok(rows[0]!.includes(`On hand: ${warehouse.name}`));
      const oat = rows.find((r) => r[1] === 'IMP-OAT-1')!;
      assert.equal(oat[rows[0]!.indexOf(`On hand: ${warehouse.name}`)], '7');
      const csv = rows
        .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
        .join('\r\n');
      const back = await preview(grocer, csv);
      assert.deepEqual(back.errors, []);
      assert.deepEqual([back.creates, back.updates], [0, 0]);
      // ?lang= when the page says it.
      const es = parseCsv(await (await grocer.request('/api/backoffice/items/export?lang=es')).text());
      assert.equal(es[0]![0], 'Nombre');
    });

    it('limits: 1 MB of CSV (a 413 naming the body limit past it), 5,000 rows, imports per account and company', async () => {
      const big = ['Name,SKU,Price', ...Array.from({ length: 5_001 }, (_, n) => `Item ${n},BIG-${n},1.00`)].join('\n');
      const tooMany = await preview(grocer, big);
      assert.deepEqual(
        tooMany.errors.map((e: Json) => [e.row, e.code]),
        [[1, 'tooManyRows']],
      );
      const fine = await preview(
        grocer,
        ['Name,SKU,Price', ...Array.from({ length: 1_600 }, (_, n) => `Item ${n},OK-${n},1.00`)].join('\n'),
      );
      assert.equal(fine.creates, 1_600, 'past the shared 32 kB body limit');
      assertValidation(await api(grocer, 'POST', P, { csv: `Name\n${'x'.repeat(1_100_000)}`, dryRun: true }), 'csv');
      const huge = await api(grocer, 'POST', P, { csv: 'x'.repeat(2_200_000), dryRun: true });
      assert.equal(huge.status, 413);
      assert.equal(huge.body.limitBytes, 2 * 1_000_000 + 4096);

      // Blue Door: 30 reads an hour per account, 50 per company.
      const owner = await signedIn(server, 'owner@bluedoor.test');
      const manager = await signedIn(server, 'manager@bluedoor.test');
      const small = { csv: 'Name,Price\nTea,1.00', dryRun: true };
      for (let n = 0; n < 30; n += 1) ok(await api(owner, 'POST', P, small));
      const account = await api(owner, 'POST', P, small);
      assert.equal(account.status, 429);
      assert.match(account.body.message, /from this account/);
      for (let n = 0; n < 20; n += 1) ok(await api(manager, 'POST', P, small));
      const company = await api(manager, 'POST', P, small);
      assert.equal(company.status, 429);
      assert.match(company.body.message, /for this company/);
      assert.ok(Number(company.headers.get('retry-after')) > 0);
    });

    it('an item keeps a barcode of its own: unique within the company, kept when a save leaves it out', async () => {
      const item = {
        name: 'Scanned tea',
        sku: '',
        categoryId: null,
        price: 1,
        cost: 0,
        taxIds: [],
        trackStock: false,
        active: true,
      };
      const first = await api(grocer, 'POST', '/api/backoffice/items', { ...item, barcode: '5000000000017' });
      ok(first, 201);
      assert.equal(first.body.barcode, '5000000000017');
      const second = await api(grocer, 'POST', '/api/backoffice/items', {
        ...item,
        name: 'Other tea',
        barcode: '5000000000017',
      });
      assert.equal(second.status, 409);
      assert.equal(typeof second.body.fields.barcode, 'string');
      // A save without the field (an older client) leaves it as it is.
      const saved = await api(grocer, 'PUT', `/api/backoffice/items/${first.body.id}`, { ...item, price: 2 });
      ok(saved);
      assert.equal(saved.body.barcode, '5000000000017');
      const atlas = await signedIn(server, 'owner@atlas.test');
      ok(await api(atlas, 'POST', '/api/backoffice/items', { ...item, barcode: '5000000000017' }), 201);
      // The import refuses it for another item.
      const taken = await preview(grocer, 'Name,Price,Barcode\nYet another tea,1.00,5000000000017');
      assert.deepEqual(
        taken.errors.map((e: Json) => [e.row, e.column, e.code]),
        [[2, 'Barcode', 'barcodeTaken']],
      );
    });

    it("another company's SKU is never matched, nor its stock columns without Inventory; a clerk gets 403", async () => {
      const corner = await companyId(server, 'corner-market');
      const theirs = await db(server)
        .selectFrom('items')
        .select(['id', 'sku', 'name', 'price_cents'])
        .where('company_id', '=', corner)
        .where('sku', '<>', '')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const atlas = await signedIn(server, 'owner@atlas.test');
      const csv = csvOf([
        ['Name', 'SKU', 'Price'],
        ['Look-alike', theirs.sku, '0.01'],
      ]);
      const seen = await preview(atlas, csv);
      assert.deepEqual(
        seen.rows.map((r: Json) => [r.action, r.itemId]),
        [['create', null]],
      );
      ok(await api(atlas, 'POST', P, { csv, dryRun: false }));
      const still = await db(server)
        .selectFrom('items')
        .select(['name', 'price_cents'])
        .where('id', '=', theirs.id)
        .executeTakeFirstOrThrow();
      assert.deepEqual([still.name, Number(still.price_cents)], [theirs.name, Number(theirs.price_cents)]);
      const stock = await preview(atlas, 'Name,Price,On hand: Main\nTea,1.00,3');
      assert.deepEqual(
        stock.errors.map((e: Json) => [e.row, e.code]),
        [[1, 'noInventory']],
      );
      const clerk = await signedIn(server, 'clerk@cornermarket.test');
      assert.equal((await api(clerk, 'POST', P, { csv, dryRun: true })).status, 403);
    });
  });
}

describe('items import: the file read on its own', ONCE, () => {
  const context = (items: number): ImportContext => ({
    items: Array.from({ length: items }, (_, k) => ({
      id: k + 1,
      name: `Item ${k + 1}`,
      sku: `S-${k + 1}`,
      barcode: '',
      categoryId: null,
      priceCents: 100,
      costCents: 0,
      trackStock: false,
      active: true,
      bundle: false,
      taxIds: [],
    })),
    categories: [],
    taxes: [{ id: 1, name: 'IVA 10%', archived: false }],
    newItemTaxIds: [1],
    warehouses: null,
    stock: new Map(),
  });

  it('a company may reach at most 10,000 items by importing', () => {
    const file = 'Name,Price\nOne,1.00\nTwo,1.00';
    assert.deepEqual(planImport(context(9_998), file).preview.errors, []);
    assert.deepEqual(
      planImport(context(9_999), file).preview.errors.map((e) => [e.row, e.code]),
      [[1, 'tooManyItems']],
    );
  });

  it('a new item without taxes in the file gets the rates for new items; an empty cell keeps the old values', () => {
    const plan = planImport(context(1), 'Name,SKU,Price,Cost\nNew,,2.00,\n,S-1,,0.40');
    assert.deepEqual(
      plan.items.map((i) => [i.itemId, i.taxIds, i.priceCents, i.costCents, i.name]),
      [
        [null, [1], 200, 0, 'New'],
        [1, null, 100, 40, 'Item 1'],
      ],
    );
  });

  it('lists at most 100 problems and counts the rest', () => {
    const file = ['Name,Price', ...Array.from({ length: 150 }, (_, n) => `Item x${n},cheap`)].join('\n');
    const { preview } = planImport(context(0), file);
    assert.equal(preview.errors.length, 100);
    assert.equal(preview.errorsNotListed, 50);
  });
});
