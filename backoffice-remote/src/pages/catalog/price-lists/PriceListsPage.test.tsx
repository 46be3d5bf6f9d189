import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PriceList, PriceListImportPreview } from '@hive/shared/schemas/backoffice/catalog';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const LIST: PriceList = {
  levels: [{ id: 3, name: 'Happy hour', active: true }],
  items: [
    {
      id: 1,
      name: 'Espresso',
      sku: 'COF-01',
      categoryName: 'Coffee',
      baseCents: 280,
      prices: { '3': { ownCents: 250, effectiveCents: 250 } },
    },
    {
      id: 2,
      name: 'Latte',
      sku: 'COF-02',
      categoryName: 'Coffee',
      baseCents: 399,
      prices: { '3': { ownCents: null, effectiveCents: 399 } },
    },
  ],
};
const IMPORTED: PriceListImportPreview = {
  changes: [{ itemId: 2, levelId: 3, priceCents: 350, itemName: 'Latte', levelName: 'Happy hour', oldCents: null }],
  errors: [{ line: 4, message: 'no item has the SKU "X"' }],
  unchanged: 1,
};

function renderPrices(routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path: '/price_hive_items',
    language,
    routes: [...routes, on('GET', '/api/backoffice/price_lists', LIST)],
  });
}

describe('Products catalog › Price lists', () => {
  it('shows each item at each level: its own price, or the base price in grey', async () => {
    await renderPrices();
    const table = await screen.findByRole('table', { name: 'Prices by level' });
    expect(within(table).getByRole('row', { name: /Espresso/ })).toHaveTextContent('$2.80$2.50');
    expect(within(table).getByRole('row', { name: /Latte/ })).toHaveTextContent('$3.99$3.99');
  });

  it('a rule over the items shown is previewed (old -> new, to the nearest .99) and applied in cents', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPrices([on('PUT', '/api/backoffice/price_lists', LIST)]);
    await user.type(await screen.findByRole('textbox', { name: /^Percentage/ }), '-10');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Rounding/ }), 'Ending in .99');
    await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
    const changes = screen.getByRole('table', { name: 'The changes' });
    expect(within(changes).getByRole('row', { name: /Espresso/ })).toHaveTextContent('$2.50$2.99');
    expect(within(changes).getByRole('row', { name: /Latte/ })).toHaveTextContent('Base price$3.99');
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    expect(await screen.findByText('2 prices were changed.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      changes: [
        { itemId: 1, levelId: 3, priceCents: 299 },
        { itemId: 2, levelId: 3, priceCents: 399 },
      ],
    });
  });

  it('a CSV file is previewed with the rows left out by line, and applies only when asked', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPrices([on('POST', '/api/backoffice/price_lists/import', IMPORTED)]);
    await screen.findByRole('table', { name: 'Prices by level' });
    const file = new File(['sku,name,base,Happy hour\r\nCOF-02,Latte,3.99,3.50\r\n'], 'prices.csv', {
      type: 'text/csv',
    });
    await user.upload(screen.getByLabelText('Import CSV'), file);
    expect(await screen.findByText('Line 4: no item has the SKU "X"')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'The changes' })).getByRole('row', { name: /Latte/ }),
    ).toHaveTextContent('$3.50');
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data)).csv).toContain('COF-02,Latte,3.99,3.50');
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('says how large a CSV file may be, beside the import (the server takes up to 1 MB)', async () => {
    await renderPrices();
    await screen.findByRole('table', { name: 'Prices by level' });
    expect(screen.getByLabelText('Import CSV')).toHaveAccessibleDescription(
      'A CSV file of up to 1 MB (Export CSV gives one to edit).',
    );
  });

  it('in Spanish a set price takes a decimal comma: "2,75" is 275 cents, not 27500', async () => {
    const user = userEvent.setup();
    await renderPrices([], 'es');
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Regla/ }), 'Poner un precio');
    const price = screen.getByRole('textbox', { name: /^Nuevo precio/ });
    await user.type(price, '2.75');
    await user.click(screen.getByRole('button', { name: 'Ver los cambios' }));
    expect(price).toHaveAccessibleDescription(/Usa la coma para los decimales, como 1,80\.$/);
    expect(screen.queryByRole('table', { name: 'Los cambios' })).toBeNull();
    await user.clear(price);
    await user.type(price, '2,75');
    await user.click(screen.getByRole('button', { name: 'Ver los cambios' }));
    const changes = screen.getByRole('table', { name: 'Los cambios' });
    expect(within(changes).getByRole('row', { name: /Espresso/ })).toHaveTextContent(/2,50.*2,75/);
  });

  it('a percentage is read to the basis point ("-12.5" is -1250), never rounded; an English comma is refused', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPrices([on('PUT', '/api/backoffice/price_lists', LIST)]);
    const percent = await screen.findByRole('textbox', { name: /^Percentage/ });
    await user.type(percent, '-12,5');
    await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
    expect(percent).toHaveAccessibleDescription(/Use a point for decimals, like 1\.80\.$/);
    await user.clear(percent);
    await user.type(percent, '-12.555');
    await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
    expect(percent).toHaveAccessibleDescription(/Use at most 2 decimals\.$/);
    expect(screen.queryByRole('table', { name: 'The changes' })).toBeNull();
    await user.clear(percent);
    await user.type(percent, '-12.5');
    await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
    await user.click(screen.getByRole('button', { name: 'Apply 2 changes' }));
    expect(await screen.findByText('2 prices were changed.')).toBeInTheDocument();
    // 280 and 399 cents less 12.5 %, to the cent: 245 and 349.
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      changes: [
        { itemId: 1, levelId: 3, priceCents: 245 },
        { itemId: 2, levelId: 3, priceCents: 349 },
      ],
    });
  });

  it('reads in Spanish', async () => {
    await renderPrices([], 'es');
    expect(await screen.findByRole('heading', { level: 2, name: 'Precios por nivel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Importar CSV')).toHaveAccessibleDescription(
      'Un archivo CSV de hasta 1 MB (Exportar CSV da uno para editar).',
    );
  });
});
