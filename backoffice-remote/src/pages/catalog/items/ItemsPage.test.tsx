import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item, ListResponse } from '@hive/shared/schemas/backoffice';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const item = (id: number, name: string, extra: Partial<Item> = {}): Item => ({
  id,
  name,
  sku: `SKU-${id}`,
  barcode: '',
  categoryId: 1,
  categoryName: 'Dairy',
  price: 1.5,
  cost: 0.5,
  taxes: [{ id: 7, name: 'Reduced rate', rate: 2.5, type: 'included', archived: false }],
  trackStock: true,
  onHand: 1234,
  active: true,
  updatedAt: 0,
  ...extra,
});

const page = (rows: Item[], total = rows.length, pageNumber = 1): ListResponse<Item> => ({
  rows,
  total,
  page: pageNumber,
  pageSize: 20,
});
const OPTIONS = {
  categories: [
    { id: 1, name: 'Dairy' },
    { id: 2, name: 'Bakery' },
  ],
  taxes: [
    { id: 7, name: 'Reduced rate', rate: 2.5, type: 'included', archived: false, appliesToNewItems: false },
    { id: 8, name: 'Standard rate', rate: 8, type: 'included', archived: false, appliesToNewItems: true },
    { id: 9, name: 'City tax', rate: 0.5, type: 'added', archived: false, appliesToNewItems: false },
  ],
};
const listCalls = (calls: { url?: string; method?: string; params?: Record<string, unknown> }[]) =>
  calls.filter((c) => c.url === '/api/backoffice/items' && c.method === 'get').map((c) => c.params);

async function renderItems(path = '/items', routes: FakeRoute[] = []) {
  const view = await renderInShell(<App />, {
    path,
    routes: [
      ...routes,
      on(
        'GET',
        '/api/backoffice/items',
        page(
          [
            item(1, 'Whole milk 1 l'),
            item(2, 'Butter croissant', {
              categoryName: null,
              categoryId: null,
              active: false,
              trackStock: false,
              onHand: null,
            }),
          ],
          45,
        ),
      ),
      on('GET', '/api/backoffice/items/options', OPTIONS),
    ],
  });
  return view;
}

describe('items page: list', () => {
  it('lists the rows of the server page with formatted values', async () => {
    await renderItems();
    expect(await screen.findByRole('heading', { level: 1, name: 'Items' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Items' });
    await within(table).findByRole('cell', { name: 'Whole milk 1 l' });
    expect(within(table).getAllByRole('cell', { name: '$1.50' })).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: 'No category' })).toBeInTheDocument();
    expect(screen.getByText('1–20 of 45')).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent?.replace('/', '').trim())).toEqual(['Home', 'Products catalog', 'Items']);
  });

  it('shows the quantity on hand, "—" for an untracked item, and sorts by it on the server', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems();
    const table = await screen.findByRole('table', { name: 'Items' });
    const milk = await within(table).findByRole('row', { name: /Whole milk/ });
    expect(within(milk).getByRole('cell', { name: '1,234' })).toBeInTheDocument();
    const croissant = within(table).getByRole('row', { name: /Butter croissant/ });
    expect(within(croissant).getByRole('cell', { name: '— stock not tracked' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^On hand/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'onHand', dir: 'asc' }));
  });

  it('search waits 300 ms after typing, then asks the server for page 1', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems('/items?page=2');
    await screen.findByRole('cell', { name: 'Whole milk 1 l' });
    expect(listCalls(calls).at(-1)).toMatchObject({ page: 2, sort: 'name', dir: 'asc' });
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'milk');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ search: 'milk', page: 1 }));
    // One request for the settled text, not one per key.
    expect(listCalls(calls).filter((p) => p?.search)).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/items?q=milk');
  });

  it('sorting by a column asks the server, and again for the other direction', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems();
    await screen.findByRole('cell', { name: 'Whole milk 1 l' });
    await user.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'price', dir: 'asc' }));
    expect(screen.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ sort: 'price', dir: 'desc' }));
  });

  it('pages through the server results', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems();
    await screen.findByRole('cell', { name: 'Whole milk 1 l' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: 2, pageSize: 20 }));
    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ page: 1, pageSize: 50 }));
  });

  it('delete asks first, then deletes and reloads', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems('/items', [on('DELETE', '/api/backoffice/items/1', null, 204)]);
    await screen.findByRole('cell', { name: 'Whole milk 1 l' });
    const before = listCalls(calls).length;
    await user.click(screen.getByRole('button', { name: 'Delete Whole milk 1 l' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'delete')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete Whole milk 1 l' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'delete' && c.url === '/api/backoffice/items/1')).toBe(true),
    );
    expect(await screen.findByText('“Whole milk 1 l” was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('shows a clear error with "Try again" when the list cannot load', async () => {
    await renderInShell(<App />, {
      path: '/items',
      routes: [on('GET', '/api/backoffice/items', { error: 'internal_error' }, 500)],
    });
    expect(
      await screen.findByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('an empty catalog invites to create the first item', async () => {
    await renderInShell(<App />, { path: '/items', routes: [on('GET', '/api/backoffice/items', page([], 0))] });
    expect(await screen.findByRole('heading', { name: 'No items yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});

describe('items page: form', () => {
  it('New item: per-field messages for bad input, and nothing is sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems();
    await user.click(await screen.findByRole('link', { name: 'New item' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New item' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: /^SKU/ }), 'bad sku!');
    await user.type(screen.getByRole('textbox', { name: /^Cost/ }), '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This field is required.', {
        selector: `#${screen.getByRole('textbox', { name: /^Name/ }).id}-error`,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Use letters, digits and - _ . only.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Price/ })).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByRole('textbox', { name: /^Cost/ })).toHaveAccessibleDescription('Enter 0 or more.');
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('New item: saves, says so and returns to the list', async () => {
    const user = userEvent.setup();
    const created = item(9, 'Oat milk');
    const { calls } = await renderItems('/items?edit=new', [on('POST', '/api/backoffice/items', created, 201)]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Oat milk');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Bakery');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '2.49');
    await user.type(screen.getByRole('textbox', { name: /^Cost/ }), '1');
    // The rate that applies to new items is ticked already; add another one.
    const taxes = screen.getByRole('group', { name: 'Taxes' });
    expect(within(taxes).getByRole('checkbox', { name: 'Standard rate 8% (included in the price)' })).toBeChecked();
    expect(
      within(taxes).getByRole('checkbox', { name: 'Reduced rate 2.5% (included in the price)' }),
    ).not.toBeChecked();
    await user.click(within(taxes).getByRole('checkbox', { name: 'City tax 0.5% (added to the price)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'post')!.data));
    expect(body).toEqual({
      name: 'Oat milk',
      sku: '',
      barcode: '',
      categoryId: 2,
      price: 2.49,
      cost: 1,
      taxIds: [8, 9],
      trackStock: false,
      active: true,
    });
    expect(await screen.findByText('“Oat milk” was added.')).toBeInTheDocument();
    // Router navigations run in a transition: wait for the URL.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/items$/));
  });

  it('Edit item: loads the record, shows the server conflict on its field (translated)', async () => {
    const user = userEvent.setup();
    await renderItems('/items?edit=1', [
      on('GET', '/api/backoffice/items/1', item(1, 'Whole milk 1 l')),
      on(
        'PUT',
        '/api/backoffice/items/1',
        { error: 'conflict', message: 'sku: already used', fields: { sku: 'already used by another item' } },
        409,
      ),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit item' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Whole milk 1 l');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: /^Price/ })).toHaveValue('1.50');
    // The item's own rates, not the defaults for new items.
    expect(screen.getByRole('checkbox', { name: /^Reduced rate/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Standard rate/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another item already has this SKU.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^SKU/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('Cancel goes back to the list with its search and sort', async () => {
    const user = userEvent.setup();
    await renderItems('/items?q=milk&sort=price&edit=new');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/items?q=milk&sort=price'));
  });

  it('a tax rate the server refuses shows its message on the taxes', async () => {
    const user = userEvent.setup();
    await renderItems('/items?edit=new', [
      on(
        'POST',
        '/api/backoffice/items',
        {
          error: 'validation_error',
          message: 'taxIds: choose tax rates from your list',
          fields: { taxIds: 'choose tax rates from your list' },
        },
        400,
      ),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Tea');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '2');
    await user.type(screen.getByRole('textbox', { name: /^Cost/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = await screen.findByRole('group', { name: 'Taxes' });
    expect(group).toHaveAccessibleDescription(/Choose tax rates from your list\.$/);
    expect(group).toHaveAttribute('aria-invalid', 'true');
  });

  it('without tax rates, the form says so and links to Settings › Taxes', async () => {
    await renderInShell(<App />, {
      path: '/items?edit=new',
      routes: [on('GET', '/api/backoffice/items/options', { categories: [], taxes: [] })],
    });
    expect(await screen.findByText(/No tax rates yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add tax rates' })).toHaveAttribute('href', '/taxes');
  });

  it('an item that no longer exists says so', async () => {
    await renderItems('/items?edit=77', [on('GET', '/api/backoffice/items/77', { error: 'not_found' }, 404)]);
    expect(await screen.findByText('This item no longer exists.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the list' })).toBeInTheDocument();
  });

  it('validation messages follow the language', async () => {
    const user = userEvent.setup();
    await renderInShell(<App />, {
      path: '/items?edit=new',
      language: 'es',
      routes: [on('GET', '/api/backoffice/items/options', OPTIONS)],
    });
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    expect((await screen.findAllByText('Este campo es obligatorio.')).length).toBeGreaterThanOrEqual(3);
  });

  it('a price typed with a decimal comma in Spanish is 1.80, not 180 (and is shown back with a comma)', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/items?edit=new',
      language: 'es',
      routes: [
        on('GET', '/api/backoffice/items/options', OPTIONS),
        on('POST', '/api/backoffice/items', item(9, 'Café con leche'), 201),
      ],
    });
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Café con leche');
    await user.type(screen.getByRole('textbox', { name: /^Precio/ }), '1.80');
    await user.type(screen.getByRole('textbox', { name: /^Coste/ }), '1.800');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    // The English separator, or a lone thousands point, is refused on its field: never guessed.
    expect(await screen.findByRole('textbox', { name: /^Precio/ })).toHaveAccessibleDescription(
      'Usa la coma para los decimales, como 1,80.',
    );
    expect(screen.getByRole('textbox', { name: /^Coste/ })).toHaveAccessibleDescription(/^¿1800 o 1,8\?/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(screen.getByRole('textbox', { name: /^Precio/ }));
    await user.type(screen.getByRole('textbox', { name: /^Precio/ }), '1,80');
    await user.clear(screen.getByRole('textbox', { name: /^Coste/ }));
    await user.type(screen.getByRole('textbox', { name: /^Coste/ }), '0,50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({ price: 1.8, cost: 0.5 });
  });

  it('an English price with a decimal comma, or three decimals, is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderItems('/items?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Tea');
    await user.type(screen.getByRole('textbox', { name: /^Price/ }), '1,80');
    await user.type(screen.getByRole('textbox', { name: /^Cost/ }), '0.505');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: /^Price/ })).toHaveAccessibleDescription(
      'Use a point for decimals, like 1.80.',
    );
    expect(screen.getByRole('textbox', { name: /^Cost/ })).toHaveAccessibleDescription(/at most 2 decimals/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });
});
