import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StockCount, StockCountSummary, StockList, StockRow } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const row = (itemId: number, itemName: string, extra: Partial<StockRow> = {}): StockRow => ({
  itemId,
  itemName,
  sku: '',
  warehouseId: 1,
  warehouseName: 'Main Street',
  onHand: 10,
  lowStock: null,
  low: false,
  averageCost: 1,
  value: 10,
  ...extra,
});
const ROWS = [
  row(5, 'Milk', { onHand: 3, lowStock: 5, low: true, averageCost: 0.8, value: 2.4 }),
  row(6, 'Bread', { onHand: 20, averageCost: 1.2, value: 24 }),
];
const LIST: StockList = { rows: ROWS, totals: { units: 23, value: 26.4, lowCount: 1 } };
const OPTIONS = {
  warehouses: [{ id: 1, name: 'Main Street', locationId: 1, isDefault: true }],
  vendors: [],
  items: [],
};

const COUNT: StockCount = {
  id: 7,
  number: 2,
  warehouseId: 1,
  warehouseName: 'Main Street',
  note: 'Month end',
  lines: [
    { itemId: 5, itemName: 'Milk', expected: 3, counted: 5, difference: 2 },
    { itemId: 6, itemName: 'Bread', expected: 20, counted: 19, difference: -1 },
  ],
  valueDifference: 0.4,
  createdBy: 'owner@cornermarket.test',
  createdAt: Date.UTC(2025, 4, 31, 18, 0),
};
const { lines: _lines, ...countSummary } = COUNT;
const PAST: { rows: StockCountSummary[] } = { rows: [{ ...countSummary, itemCount: 2, unitsDifference: 1 }] };

function renderStock(path = '/stock', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/inventory/stock', LIST),
      on('GET', '/api/backoffice/inventory/stock/options', OPTIONS),
      on('GET', '/api/backoffice/inventory/settings', { allowNegativeStock: false }),
    ],
  });
}

const location = () => screen.getByTestId('location').textContent;

describe('Inventory › Stock', () => {
  it('shows on hand, value at average cost and totals; the low-stock filter asks the server', async () => {
    const user = userEvent.setup();
    const { calls } = await renderStock();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeInTheDocument();
    const milk = await screen.findByRole('row', { name: /Milk/ });
    expect(milk).toHaveTextContent('Low');
    expect(milk).toHaveTextContent('$2.40');
    expect(screen.getByLabelText('Totals')).toHaveTextContent('$26.40');
    await user.click(screen.getByRole('checkbox', { name: 'Only items running low' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/backoffice/inventory/stock' && c.params?.low === 'true')).toBe(true),
    );
  });

  it('a low-stock alert is checked here, then saved', async () => {
    const user = userEvent.setup();
    const { calls } = await renderStock('/stock', [on('PUT', '/api/backoffice/inventory/stock/threshold', ROWS[1])]);
    await user.click(await screen.findByRole('button', { name: 'Low-stock alert for Bread at Main Street' }));
    const dialog = screen.getByRole('dialog', { name: 'Low-stock alert: Bread at Main Street' });
    const field = within(dialog).getByRole('textbox', { name: /^Alert at or below/ });
    await user.type(field, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription(/Enter 0 or more\./);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.clear(field);
    await user.type(field, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      itemId: 6,
      warehouseId: 1,
      lowStock: 4,
    });
  });

  it('a count sends only the items counted, once confirmed with how many items change and by how much', async () => {
    const user = userEvent.setup();
    const { calls } = await renderStock('/stock?count=1', [
      on('POST', '/api/backoffice/inventory/counts', { id: 1, number: 2, lines: [{}, {}] }, 201),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Apply the count' }));
    expect(await screen.findByText('Enter the counted quantity of at least one item.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.type(await screen.findByRole('textbox', { name: 'Counted Milk' }), '4');
    await user.type(screen.getByRole('textbox', { name: 'Counted Bread' }), '20');
    await user.click(screen.getByRole('button', { name: 'Apply the count' }));

    // Nothing is sent before the confirmation, which says what will change.
    const dialog = await screen.findByRole('alertdialog', { name: 'Apply this count?' });
    expect(dialog).toHaveAccessibleDescription(
      'The counted quantities will replace the stock on hand at Main Street. ' +
        '1 item will change: +1 unit in all, +$0.80 at average cost. ' +
        'Milk: 3 → 4 (+1) ' +
        '1 counted item already matches what is on hand.',
    );
    expect(within(within(dialog).getByRole('list', { name: 'Changes' })).getAllByRole('listitem')).toHaveLength(1);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Back to the count' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Apply the count' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Apply this count?' })).getByRole('button', {
        name: 'Apply the count',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      warehouseId: 1,
      note: '',
      lines: [
        { itemId: 5, counted: 4 },
        { itemId: 6, counted: 20 },
      ],
    });
    expect(await screen.findByText('Count #2 applied to 2 items.')).toBeInTheDocument();
  });

  it('the confirmation of a count that changes several items sums them up (Spanish)', async () => {
    const user = userEvent.setup();
    await renderStock('/stock?count=1', [], 'es');
    await user.type(await screen.findByRole('textbox', { name: 'Contado de Milk' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Contado de Bread' }), '25');
    await user.click(screen.getByRole('button', { name: 'Aplicar el recuento' }));
    const dialog = await screen.findByRole('alertdialog', { name: '¿Aplicar este recuento?' });
    // Milk −3 at 0.80, Bread +5 at 1.20: +2 units, +3.60.
    expect(dialog).toHaveTextContent('Cambiarán 2 artículos: +2 unidades en total, +3,60 US$ a coste medio.');
    expect(within(dialog).getByRole('list', { name: 'Cambios' })).toHaveTextContent(
      'Milk: 3 → 0 (-3)Bread: 20 → 25 (+5)',
    );
  });

  it('the confirmation says so when a count changes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = await renderStock('/stock?count=1');
    await user.type(await screen.findByRole('textbox', { name: 'Counted Milk' }), '3');
    await user.click(screen.getByRole('button', { name: 'Apply the count' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Apply this count?' });
    expect(dialog).toHaveTextContent(
      'Every counted quantity already matches what is on hand: nothing will change, but the count will be recorded.',
    );
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('"Allow negative stock" is explained and saved as soon as it is changed', async () => {
    const user = userEvent.setup();
    const { calls } = await renderStock('/stock', [
      on('PUT', '/api/backoffice/inventory/settings', { allowNegativeStock: true }),
    ]);
    const settings = await screen.findByRole('region', { name: 'Stock settings' });
    const box = await within(settings).findByRole('checkbox', { name: 'Allow negative stock' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /production orders, transfers and adjustments may take an item below zero.*Sales at the register are never refused/,
    );
    await user.click(box);
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const put = calls.find((c) => c.method === 'put')!;
    expect(put.url).toBe('/api/backoffice/inventory/settings');
    expect(JSON.parse(String(put.data))).toEqual({ allowNegativeStock: true });
    expect(await screen.findByText('Negative stock is now allowed.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('"Allow negative stock" reads naturally in Spanish, and is not shown to a user the server refuses', async () => {
    const first = await renderStock(
      '/stock',
      [on('GET', '/api/backoffice/inventory/settings', { allowNegativeStock: true })],
      'es',
    );
    expect(await screen.findByRole('checkbox', { name: 'Permitir stock negativo' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Permitir stock negativo' })).toHaveAccessibleDescription(
      /Las ventas en caja nunca se rechazan/,
    );
    first.unmount();
    await renderStock('/stock', [on('GET', '/api/backoffice/inventory/settings', { error: 'forbidden' }, 403)]);
    expect(await screen.findByRole('row', { name: /Milk/ })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Allow negative stock' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Stock settings' })).not.toBeInTheDocument();
  });

  it('past counts: the list (date, warehouse, who, items, difference) and one count read-only', async () => {
    const user = userEvent.setup();
    await renderStock('/stock?warehouse=1', [
      on('GET', '/api/backoffice/inventory/counts', PAST),
      on('GET', '/api/backoffice/inventory/counts/7', COUNT),
    ]);
    await user.click(await screen.findByRole('link', { name: 'Past counts' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Past counts' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Counts applied, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'No.',
      'Date',
      'Warehouse',
      'Counted by',
      'Items',
      'Difference',
      'Difference at cost',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: /#2/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(2, 7)).toEqual(['Main Street', 'owner@cornermarket.test', '2', '+1', '+$0.40']);
    expect(cells[1]).toMatch(/2025/);

    await user.click(within(row).getByRole('link', { name: 'Open Count #2' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Count #2' })).toBeInTheDocument();
    expect(location()).toBe('/stock?warehouse=1&counts=7');
    const lines = screen.getByRole('table', { name: 'Items of count #2' });
    expect(
      within(lines)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ItemExpectedCountedDifference', 'Milk35+2', 'Bread2019-1']);
    expect(within(lines).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByText('Month end')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply the count' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Back to past counts' }));
    await user.click(await screen.findByRole('link', { name: 'Back to stock' }));
    expect(location()).toBe('/stock?warehouse=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stock' })).toBeInTheDocument();
  });

  it('the search, warehouse and low-stock filters live in the URL: a shared link shows them, typing updates it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderStock('/stock?q=bread&warehouse=1&low=1');
    const box = await screen.findByRole('searchbox', { name: 'Search items' });
    expect(box).toHaveValue('bread');
    // The warehouse shows once the choices are loaded.
    expect(await screen.findByRole('option', { name: 'Main Street' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Warehouse' })).toHaveValue('1');
    expect(screen.getByRole('checkbox', { name: 'Only items running low' })).toBeChecked();
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url === '/api/backoffice/inventory/stock' &&
            c.params?.search === 'bread' &&
            c.params?.warehouseId === 1 &&
            c.params?.low === 'true',
        ),
      ).toBe(true),
    );

    await user.clear(box);
    await user.type(box, 'milk');
    await waitFor(() => expect(location()).toBe('/stock?q=milk&warehouse=1&low=1'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/backoffice/inventory/stock' && c.params?.search === 'milk')).toBe(true),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Only items running low' }));
    expect(location()).toBe('/stock?q=milk&warehouse=1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Warehouse' }), '');
    expect(location()).toBe('/stock?q=milk');
    await user.clear(box);
    await waitFor(() => expect(location()).toBe('/stock'));
  });
});
