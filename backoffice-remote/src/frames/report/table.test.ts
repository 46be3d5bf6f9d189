import { table, tablesToCsv, type ReportTableSpec } from './table';

type Row = { name: string; cents: number; share: number | null };

const spec = (extra: Partial<ReportTableSpec<Row>> = {}) =>
  table<Row>({
    id: 'items',
    title: 'Items',
    empty: 'None',
    columns: [
      { id: 'name', header: 'Item', kind: 'text', value: (r) => r.name },
      { id: 'net', header: 'Net sales', kind: 'money', value: (r) => r.cents },
      { id: 'share', header: 'Margin', kind: 'percent', value: (r) => r.share },
    ],
    rows: [
      { name: 'Bread, white', cents: 123456, share: 0.4567 },
      { name: '=HYPERLINK("x")', cents: -300, share: null },
    ],
    ...extra,
  });

describe('report CSV', () => {
  it('writes the columns on screen, money in units, fractions in percent, quoting and formula guards', () => {
    expect(tablesToCsv([spec()])).toBe(
      '\ufeffItem,Net sales,Margin\r\n"Bread, white",1234.56,45.7\r\n"\'=HYPERLINK(""x"")",-3.00,\r\n',
    );
  });

  it('several tables: each under its title, a blank line apart; the totals row last', () => {
    const totals = spec({ id: 'b', title: 'Totals', rows: [], footer: { name: 'Total', cents: 5, share: 1 } });
    expect(tablesToCsv([spec({ rows: [] }), totals])).toBe(
      '\ufeffItems\r\nItem,Net sales,Margin\r\n\r\nTotals\r\nItem,Net sales,Margin\r\nTotal,0.05,100.0\r\n',
    );
  });
});

describe('report CSV with semicolons (Excel in Spanish)', () => {
  it('splits on ; and writes decimal commas; text with a ; is quoted', () => {
    const semicolon = spec({ rows: [{ name: 'Pan; blanco', cents: 123456, share: 0.4567 }] });
    expect(tablesToCsv([semicolon], ';')).toBe('\ufeffItem;Net sales;Margin\r\n"Pan; blanco";1234,56;45,7\r\n');
  });
});
