import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bundle, BundleOptions } from '@hive/shared/schemas/backoffice/catalog';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const BASKET: Bundle = {
  id: 40,
  name: 'Breakfast basket',
  sku: 'BUN-001',
  categoryId: null,
  categoryName: null,
  price: 8.99,
  taxIds: [],
  active: true,
  components: [
    { itemId: 1, name: 'Whole milk 1 l', quantity: 2, cost: 0.8, trackStock: true },
    { itemId: 2, name: 'Free-range eggs (12)', quantity: 1, cost: 2.4, trackStock: true },
  ],
  cost: 4,
  margin: 4.99,
  updatedAt: 1,
};
const OPTIONS: BundleOptions = {
  items: [
    { id: 1, name: 'Whole milk 1 l', sku: 'DAI-001', cost: 0.8, trackStock: true },
    { id: 2, name: 'Free-range eggs (12)', sku: 'DAI-005', cost: 2.4, trackStock: true },
  ],
  categories: [{ id: 5, name: 'Dairy' }],
  taxRates: [{ id: 3, name: 'Sales tax' }],
};

function renderBundles(path = '/bundles', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/bundles', { rows: [BASKET] }),
      on('GET', '/api/backoffice/bundles/options', OPTIONS),
    ],
  });
}

describe('Products catalog › Bundles', () => {
  it('lists bundles with their components, price, cost and margin', async () => {
    await renderBundles();
    const table = await screen.findByRole('table', { name: 'Bundles' });
    const row = await within(table).findByRole('row', { name: /Breakfast basket/ });
    expect(row).toHaveTextContent('2 × Whole milk 1 l, 1 × Free-range eggs (12)');
    expect(row).toHaveTextContent('$8.99');
    expect(row).toHaveTextContent('$4.99');
  });

  it('a new bundle: components as groups, the cost follows them, and the body sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderBundles('/bundles?edit=new', [on('POST', '/api/backoffice/bundles', BASKET, 201)]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Breakfast basket');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '8.99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      within(screen.getByRole('group', { name: 'Component 1' })).getByRole('combobox', { name: /^Item/ }),
    ).toHaveAccessibleDescription(/Choose one of the options/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Component 1' })).getByRole('combobox', { name: /^Item/ }),
      'Whole milk 1 l',
    );
    const quantity = within(screen.getByRole('group', { name: 'Component 1' })).getByRole('textbox', {
      name: /^Quantity/,
    });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add a component' }));
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Component 2' })).getByRole('combobox', { name: /^Item/ }),
      'Free-range eggs (12)',
    );
    expect(screen.getByText('The components cost $4.00; the margin is $4.99.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Bundle “Breakfast basket” was added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Breakfast basket',
      sku: '',
      categoryId: null,
      price: 8.99,
      taxIds: [],
      active: true,
      components: [
        { itemId: 1, quantity: 2 },
        { itemId: 2, quantity: 1 },
      ],
    });
  });

  it('deletes a bundle after a confirmation that says what it removes', async () => {
    const user = userEvent.setup();
    const { calls } = await renderBundles('/bundles', [on('DELETE', '/api/backoffice/bundles/40', null, 204)]);
    const row = await screen.findByRole('row', { name: /Breakfast basket/ });
    await user.click(within(row).getByRole('button', { name: /Delete/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this bundle?' });
    expect(dialog).toHaveTextContent('Past receipts keep their lines.');
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Bundle “Breakfast basket” was deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete' && c.url === '/api/backoffice/bundles/40')).toBe(true);
  });

  it('in Spanish the price takes a decimal comma: "8,99" is sent as 8.99, not 899', async () => {
    const user = userEvent.setup();
    const { calls } = await renderBundles(
      '/bundles?edit=new',
      [on('POST', '/api/backoffice/bundles', BASKET, 201)],
      'es',
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Cesta de desayuno');
    const price = screen.getByRole('textbox', { name: /^Precio/ });
    await user.type(price, '8.99');
    const component = within(screen.getByRole('group', { name: 'Componente 1' }));
    await user.selectOptions(component.getByRole('combobox', { name: /^Artículo/ }), 'Whole milk 1 l');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    // The English separator is not guessed at: it is refused on its field.
    expect(price).toHaveAccessibleDescription(/Introduce un número, como 1\.234,56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(price);
    await user.type(price, '8,99');
    expect(screen.getByText(/^Los componentes cuestan .*0,80.*; el margen es .*8,19/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({
      price: 8.99,
      components: [{ itemId: 1, quantity: 1 }],
    });
  });

  it('in English a decimal comma is refused on its field, and a bundle is shown with a point', async () => {
    const user = userEvent.setup();
    const { calls } = await renderBundles('/bundles?edit=40', [on('GET', '/api/backoffice/bundles/40', BASKET)]);
    const price = await screen.findByRole('textbox', { name: /^Price/ });
    expect(price).toHaveValue('8.99');
    await user.clear(price);
    await user.type(price, '8,99');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(price).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('reads in Spanish', async () => {
    await renderBundles('/bundles', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Paquetes' })).toBeInTheDocument();
  });
});
