import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, parseCsv, signedIn } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * The lists that had no CSV (issue 33): vendors, warehouses, positions, discounts, promotions,
 * gift cards and invoices. Each export holds exactly the rows its list shows to the company asking
 * (never another company's), says its encoding and file name, and gift cards only as masked numbers.
 */

const B = '/api/backoffice';
const EXPORTS: { list: string; file: string; owner: string; key: (row: Json) => string }[] = [
  { list: '/inventory/vendors', file: 'vendors', owner: 'owner@cornermarket.test', key: (r) => r.name },
  { list: '/inventory/warehouses', file: 'warehouses', owner: 'owner@cornermarket.test', key: (r) => r.name },
  { list: '/team/positions', file: 'positions', owner: 'owner@bluedoor.test', key: (r) => r.name },
  { list: '/discounts', file: 'discounts', owner: 'owner@bluedoor.test', key: (r) => r.name },
  { list: '/promotions', file: 'promotions', owner: 'owner@bluedoor.test', key: (r) => r.name },
  { list: '/giftcards', file: 'gift-cards', owner: 'owner@bluedoor.test', key: (r) => `•••• ${r.last4}` },
  { list: '/customer_invoices', file: 'invoices', owner: 'owner@atlas.test', key: (r) => String(r.number ?? '') },
];
const OWNERS = ['owner@cornermarket.test', 'owner@bluedoor.test', 'owner@atlas.test'];

for (const target of databaseTargets()) {
  describe(`CSV exports of every list [${target.name}]`, () => {
    let server: TestServer;
    const clients = new Map<string, Client>();

    before(async () => {
      server = await startTestServer(target);
      for (const email of OWNERS) clients.set(email, await signedIn(server, email));
    });
    after(async () => {
      await server?.close();
    });

    for (const { list, file, owner, key } of EXPORTS) {
      it(`${list}/export: the list's rows as CSV, the company's own only`, async () => {
        const client = clients.get(owner)!;
        const rows: Json[] = (await api(client, 'GET', `${B}${list}?pageSize=100`)).body.rows;
        assert.ok(rows.length > 0, `${owner} has ${list} in the demo`);
        const response = await client.request(`${B}${list}/export`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'text/csv; charset=utf-8');
        assert.match(
          response.headers.get('content-disposition') ?? '',
          new RegExp(`^attachment; filename="${file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
        );
        const bytes = new Uint8Array(await response.arrayBuffer());
        assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 BOM');
        const text = new TextDecoder().decode(bytes);
        assert.match(text, /\r\n$/);
        const csv = parseCsv(text);
        assert.deepEqual(
          csv
            .slice(1)
            .map((r) => r[0]!.replace(/^'/, ''))
            .sort(),
          rows.map(key).sort(),
        );
        // Another company's rows are not in it (whatever they may share by name).
        for (const other of OWNERS.filter((e) => e !== owner)) {
          const theirs = await api(clients.get(other)!, 'GET', `${B}${list}?pageSize=100`);
          if (theirs.status !== 200) continue;
          const mine = new Set(rows.map(key));
          for (const row of theirs.body.rows as Json[]) {
            if (mine.has(key(row))) continue;
            assert.ok(!csv.some((r) => r[0] === key(row)), `${other}'s ${key(row)} is not in ${owner}'s export`);
          }
        }
        if (file === 'gift-cards') assert.doesNotMatch(text, /\d{8}/, 'no full card number');
      });
    }

    it('the price list import reads what Spanish Excel saves (semicolons, decimal comma); a broken file is a 400 naming row and column', async () => {
      const client = clients.get('owner@bluedoor.test')!;
      const out = await client.request(`${B}/price_lists/export?delimiter=semicolon`);
      const rows = parseCsv(await out.text());
      assert.deepEqual(rows[0]!.slice(0, 3), ['sku', 'name', 'base']);
      const item = rows.slice(1).find((r) => r[0] !== '')!;
      assert.ok(rows[0]!.length > 3, 'a price level to set');
      assert.match(item[2]!, /^\d+,\d{2}$/, 'the base price with a decimal comma');
      const edited = [rows[0]!, [item[0]!, item[1]!, item[2]!, '7,25']]
        .map((r) => r.map((c) => (/[";\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';'))
        .join('\r\n');
      const preview = await api(client, 'POST', `${B}/price_lists/import`, { csv: `\ufeff${edited}\r\n` });
      assert.equal(preview.status, 200, JSON.stringify(preview.body));
      assert.deepEqual(preview.body.errors, []);
      assert.equal(preview.body.changes[0].priceCents, 725);
      const broken = await api(client, 'POST', `${B}/price_lists/import`, {
        csv: 'sku;name;base\r\nA-1;"open;1,00\r\n',
      });
      assert.equal(broken.status, 400);
      assert.match(broken.body.fields.csv, /^row 2, column 2: /);
    });

    it('?delimiter=semicolon writes semicolons and decimal commas; anything else is a 400', async () => {
      const client = clients.get('owner@atlas.test')!;
      const text = await (await client.request(`${B}/customer_invoices/export?delimiter=semicolon`)).text();
      const [head, first] = parseCsv(text);
      assert.equal(head![0], 'Number');
      assert.ok(head!.includes('Total'));
      assert.match(first![head!.indexOf('Total')]!, /^\d+,\d{2}$/);
      const bad = await api(client, 'GET', `${B}/customer_invoices/export?delimiter=tab`);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.fields.delimiter, 'must be comma or semicolon');
    });

    /** The header row of an export (`query` after the `?`). */
    const headerOf = async (client: Client, list: string, query = '') => {
      const response = await client.request(`${B}${list}/export${query ? `?${query}` : ''}`);
      assert.equal(response.status, 200, `${list}/export?${query}`);
      return parseCsv(await response.text())[0]!;
    };
    const LISTS: [string, string][] = [
      ...EXPORTS.map(({ list, owner }) => [list, owner] as [string, string]),
      ['/inventory/stock', 'owner@cornermarket.test'],
      ['/customers', 'owner@bluedoor.test'],
      ['/locations', 'owner@cornermarket.test'],
      ['/categories', 'owner@cornermarket.test'],
    ];

    it('headers name the same data alike in every export, in words (issue 43: "On hand" vs track_stock)', async () => {
      const cornerMarket = clients.get('owner@cornermarket.test')!;
      assert.deepEqual(await headerOf(cornerMarket, '/inventory/stock'), [
        'Item',
        'SKU',
        'Warehouse',
        'On hand',
        'Low stock at',
        'Average cost',
        'Value',
      ]);
      const byList = new Map<string, string[]>();
      for (const [list, owner] of LISTS) {
        const head = await headerOf(clients.get(owner)!, list);
        byList.set(list, head);
        for (const header of head) assert.match(header, /^[A-Z][^_]*$/, `${list}: "${header}" is a word, not a code`);
      }
      // A phone, an e-mail, a name are headed the same wherever they are.
      for (const list of ['/customers', '/inventory/vendors', '/locations'])
        assert.ok(byList.get(list)!.includes('Phone'), list);
      for (const list of ['/customers', '/inventory/vendors']) assert.ok(byList.get(list)!.includes('Email'), list);
      for (const [list, head] of byList)
        if (list !== '/giftcards' && list !== '/customer_invoices')
          assert.equal(head[0], list === '/inventory/stock' ? 'Item' : 'Name');
    });

    it('a Spanish export has Spanish headers: asked with ?lang=es, or the account is in Spanish', async () => {
      const cornerMarket = clients.get('owner@cornermarket.test')!;
      assert.deepEqual(await headerOf(cornerMarket, '/inventory/stock', 'lang=es&delimiter=semicolon'), [
        'Artículo',
        'SKU',
        'Almacén',
        'Existencias',
        'Stock bajo en',
        'Coste medio',
        'Valor',
      ]);
      for (const [list, owner] of LISTS) {
        const english = await headerOf(clients.get(owner)!, list);
        const spanish = await headerOf(clients.get(owner)!, list, 'lang=es');
        assert.equal(spanish.length, english.length, list);
        const same = spanish.filter((h, i) => h === english[i]);
        // Only what both languages write alike (SKU, Total, Color, Subtotal) stays.
        for (const h of same)
          assert.ok(['SKU', 'Total', 'Color', 'Subtotal'].includes(h), `${list}: "${h}" in Spanish`);
      }
      const lucia = await signedIn(server, 'lucia@cornermarket.test');
      assert.equal((await headerOf(lucia, '/inventory/stock'))[3], 'Existencias');
      assert.equal((await headerOf(lucia, '/inventory/stock', 'lang=en'))[3], 'On hand');
    });

    it("names the file with the business's date, not UTC's (8:30 pm in Chicago is already tomorrow in UTC)", async () => {
      const client = clients.get('owner@cornermarket.test')!;
      const offset = server.clock.offsetMs;
      // 02:30 UTC on 10 March is 21:30 on 9 March in Chicago (the business's zone).
      server.clock.offsetMs = Date.parse('2026-03-10T02:30:00Z') - Date.now();
      try {
        for (const list of ['/inventory/stock', '/inventory/vendors', '/locations', '/items']) {
          const response = await client.request(`${B}${list}/export`);
          assert.match(response.headers.get('content-disposition') ?? '', /-2026-03-09\.csv"$/, list);
        }
      } finally {
        server.clock.offsetMs = offset;
      }
    });
  });
}
