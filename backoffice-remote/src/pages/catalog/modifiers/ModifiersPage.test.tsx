import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ModifierGroup, ModifierGroupOptions } from '@hive/shared/schemas/backoffice/catalog';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const MILK: ModifierGroup = {
  id: 7,
  name: 'Milk',
  minChoices: 1,
  maxChoices: 1,
  modifiers: [
    { id: 71, name: 'Whole milk', price: 0 },
    { id: 72, name: 'Oat milk', price: 0.5 },
  ],
  items: [
    { id: 1, name: 'Cappuccino' },
    { id: 2, name: 'Flat white' },
  ],
  soldLast30Days: 412,
  updatedAt: 1,
};
const OPTIONS: ModifierGroupOptions = {
  items: [
    { id: 1, name: 'Cappuccino', sku: 'COF-02', categoryName: 'Coffee', active: true },
    { id: 2, name: 'Flat white', sku: 'COF-03', categoryName: 'Coffee', active: true },
    { id: 3, name: 'Blue Door burger', sku: 'MAI-01', categoryName: 'Mains', active: true },
  ],
};

function renderModifiers(path = '/modifiers', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/modifier_groups', { rows: [MILK] }),
      on('GET', '/api/backoffice/modifier_groups/options', OPTIONS),
      on('GET', '/api/backoffice/modifier_groups/7', MILK),
    ],
  });
}

describe('Products catalog › Modifiers', () => {
  it('lists the groups with their rule, modifiers, items and sales', async () => {
    await renderModifiers();
    const table = await screen.findByRole('table', { name: 'Modifier groups' });
    const row = await within(table).findByRole('row', { name: /Milk/ });
    expect(row).toHaveTextContent('Choose 1');
    expect(row).toHaveTextContent('Whole milk, Oat milk (+$0.50)');
    expect(row).toHaveTextContent('Cappuccino, Flat white');
    expect(row).toHaveTextContent('412');
  });

  it('a new group: per-field messages, the rule as customers see it, items found by name, and the body sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderModifiers('/modifiers?edit=new', [
      on('POST', '/api/backoffice/modifier_groups', MILK, 201),
    ]);
    const max = await screen.findByRole('textbox', { name: /^Most choices/ });
    await user.clear(max);
    await user.type(max, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Group name/ })).toHaveAccessibleDescription(/This field is required/);
    expect(max).toHaveAccessibleDescription(/Enter 1 or less/);
    expect(
      within(screen.getByRole('group', { name: 'Modifier 1' })).getByRole('textbox', { name: /^Modifier/ }),
    ).toHaveAccessibleDescription(/This field is required/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Group name/ }), 'Milk');
    const first = within(screen.getByRole('group', { name: 'Modifier 1' }));
    await user.type(first.getByRole('textbox', { name: /^Modifier/ }), 'Whole milk');
    await user.click(screen.getByRole('button', { name: 'Add a modifier' }));
    const second = within(screen.getByRole('group', { name: 'Modifier 2' }));
    await user.type(second.getByRole('textbox', { name: /^Modifier/ }), 'Oat milk');
    const price = second.getByRole('textbox', { name: /^Price/ });
    await user.clear(price);
    await user.type(price, '0.50');
    const min = screen.getByRole('textbox', { name: /^Fewest choices/ });
    await user.clear(min);
    await user.type(min, '1');
    await user.clear(max);
    await user.type(max, '1');
    expect(screen.getByText('Customers see: Choose 1.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Find items' }), 'capp');
    const items = screen.getByRole('group', { name: 'Items that carry it' });
    expect(within(items).queryByRole('checkbox', { name: 'Blue Door burger' })).not.toBeInTheDocument();
    await user.click(within(items).getByRole('checkbox', { name: 'Cappuccino' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Modifier group “Milk” was added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Milk',
      minChoices: 1,
      maxChoices: 1,
      modifiers: [
        { id: null, name: 'Whole milk', price: 0 },
        { id: null, name: 'Oat milk', price: 0.5 },
      ],
      itemIds: [1],
    });
  });

  it('an edit keeps the ids of the modifiers, in the order set', async () => {
    const user = userEvent.setup();
    const { calls } = await renderModifiers('/modifiers?edit=7', [
      on('PUT', '/api/backoffice/modifier_groups/7', MILK),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Move modifier 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Modifier group “Milk” was saved.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data)).modifiers).toEqual([
      { id: 72, name: 'Oat milk', price: 0.5 },
      { id: 71, name: 'Whole milk', price: 0 },
    ]);
  });

  it('in Spanish a price takes a decimal comma ("0,50" is sent as 0.5) and is shown with one', async () => {
    const user = userEvent.setup();
    const { calls } = await renderModifiers(
      '/modifiers?edit=new',
      [on('POST', '/api/backoffice/modifier_groups', MILK, 201)],
      'es',
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nombre del grupo/ }), 'Leche');
    const first = within(screen.getByRole('group', { name: 'Modificador 1' }));
    await user.type(first.getByRole('textbox', { name: /^Modificador/ }), 'Leche de avena');
    const price = first.getByRole('textbox', { name: /^Precio/ });
    expect(price).toHaveValue('0,00');
    await user.clear(price);
    await user.type(price, '0.50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(price).toHaveAccessibleDescription(/Introduce un número, como 1\.234,56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(price);
    await user.type(price, '0,50');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data)).modifiers).toEqual([
      { id: null, name: 'Leche de avena', price: 0.5 },
    ]);
  });

  it('in English a decimal comma in a price is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderModifiers('/modifiers?edit=7', [
      on('PUT', '/api/backoffice/modifier_groups/7', MILK),
    ]);
    const second = within(await screen.findByRole('group', { name: 'Modifier 2' }));
    const price = second.getByRole('textbox', { name: /^Price/ });
    expect(price).toHaveValue('0.50');
    await user.clear(price);
    await user.type(price, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(price).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });

  it('reads in Spanish', async () => {
    await renderModifiers('/modifiers', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Modificadores' })).toBeInTheDocument();
    expect(await screen.findByText('Elige 1')).toBeInTheDocument();
  });
});
