import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import {
  CsvParseError,
  detectDelimiter,
  parseCsv,
  parseCsvField,
  toCsv,
  type CsvColumn,
} from './';
import { HttpError } from '../../platform/http';

/*
 * CSV in and out (issue 33): what spreadsheet apps save must import (BOM, CRLF, quoted line
 * breaks, Excel's semicolons in Spanish locales), a broken file is a 400 naming row and column,
 * and exports open cleanly (BOM, CRLF, quoting, no formulas, decimal comma with semicolons).
 */

const columns: CsvColumn<string[]>[] = [
  { header: 'name', value: (r) => r[0] },
  { header: 'price', value: (r) => r[1], decimal: true },
];

describe('CSV import', () => {
  it('reads a BOM, CRLF and LF line ends and quoted cells with line breaks, quotes and commas', () => {
    const text = '\ufeffsku,name\r\nA-1,"Two\r\nlines"\nB-2,"say ""hi"", ok"\r\n';
    assert.deepEqual(parseCsv(text), [
      ['sku', 'name'],
      ['A-1', 'Two\r\nlines'],
      ['B-2', 'say "hi", ok'],
    ]);
  });

  it('reads the semicolon files Excel saves in Spanish locales (detected from the header line)', () => {
    const text = '\ufeffsku;name;base\r\nA-1;Café, con leche;12,50\r\n';
    assert.equal(detectDelimiter(text), ';');
    assert.deepEqual(parseCsv(text), [
      ['sku', 'name', 'base'],
      ['A-1', 'Café, con leche', '12,50'],
    ]);
    // A header with a comma inside quotes is still a semicolon file; a plain one a comma file.
    assert.equal(detectDelimiter('"a,b";c;d\n1;2;3'), ';');
    assert.equal(detectDelimiter('sku,name\n1;2;3;4'), ',');
  });

  it('a broken row is a CsvParseError naming its row and column, and a 400 on a body field', () => {
    assert.throws(
      () => parseCsv('sku,name\r\nA-1,ok\r\nB-2,"open\r\n'),
      (e: unknown) => e instanceof CsvParseError && e.row === 3 && e.column === 2,
    );
    assert.throws(
      () => parseCsv('sku,name\nA-1,x"y\n'),
      (e: unknown) => e instanceof CsvParseError && e.row === 2 && e.column === 2,
    );
    assert.throws(
      () => parseCsvField('sku,name\nA-1,"a"b\n', 'csv'),
      (e: unknown) =>
        e instanceof HttpError &&
        e.status === 400 &&
        /^csv: row 2, column 2: /.test(String((e.body as { message: string }).message)),
    );
  });
});

describe('CSV export', () => {
  it('writes a BOM, the header, CRLF line ends and quotes what needs quoting', () => {
    const text = toCsv(columns, [
      ['Plain', '1.50'],
      ['Comma, "quoted"', '2.00'],
      ['Two\nlines', '3.00'],
    ]);
    assert.equal(text, '\ufeffname,price\r\nPlain,1.50\r\n"Comma, ""quoted""",2.00\r\n"Two\nlines",3.00\r\n');
  });

  it('neutralises cells a spreadsheet would run as formulas, not plain negative amounts', () => {
    const text = toCsv(
      [{ header: 'cell', value: (r: unknown) => r }],
      ['=HYPERLINK("x")', '+1+2', '-2+3', '@SUM(A1)', '-12.50', -3],
    );
    assert.deepEqual(parseCsv(text).slice(1).flat(), [
      '\'=HYPERLINK("x")',
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      '-12.50',
      '-3',
    ]);
  });

  it('with semicolons (Excel in Spanish), decimals get a comma and text keeps its points', () => {
    const text = toCsv(columns, [['v1.2; beta', '12.50']], ';');
    assert.equal(text, '\ufeffname;price\r\n"v1.2; beta";12,50\r\n');
    assert.equal(toCsv([{ header: 'n', value: (r: number) => r }], [0.5], ';'), '\ufeffn\r\n0,5\r\n');
  });

  it('round-trips any cells: what toCsv writes, parseCsv reads back (comma and semicolon)', () => {
    // Text a formula guard leaves alone (the guard is tested above), so the round trip is exact.
    const cell = fc.string({ unit: 'grapheme', maxLength: 20 }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    const row = fc.array(cell, { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.constantFrom(',', ';'), (rows, delimiter) => {
        const width = Math.max(...rows.map((r) => r.length));
        const cols = Array.from({ length: width }, (_, i) => ({ header: `c${i}`, value: (r: string[]) => r[i] ?? '' }));
        const text = toCsv(cols, rows, delimiter as ',' | ';');
        const back = parse(text, { bom: true, delimiter, relax_column_count: true }) as string[][];
        assert.deepEqual(back, [cols.map((c) => c.header), ...rows.map((r) => cols.map((c) => c.value(r)))]);
        // The detection finds the separator the export used (the header has more than one column).
        if (width > 1) assert.deepEqual(parseCsv(text), back);
      }),
      { numRuns: 300 },
    );
  });
});
