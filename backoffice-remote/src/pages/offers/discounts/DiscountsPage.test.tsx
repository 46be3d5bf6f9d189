import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Discount } from '@hive/shared/schemas/backoffice/offers';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const discount = (id: number, name: string, extra: Partial<Discount> = {}): Discount => ({
  id,
  name,
  type: 'percent',
  percentBp: 2000,
  amountCents: null,
  scope: 'receipt',
  itemIds: [],
  categoryIds: [],
  restricted: false,
  active: true,
  uses30d: 0,
  amount30dCents: 0,
  updatedAt: 0,
  ...extra,
});
const ROWS = [
  discount(1, 'Staff 20%', { restricted: true, uses30d: 12, amount30dCents: 4580 }),
  discount(2, '5.00 off', { type: 'amount', percentBp: null, amountCents: 500, active: false }),
];
const OPTIONS = {
  items: [{ id: 11, name: 'Espresso' }],
  categories: [
    { id: 21, name: 'Drinks' },
    { id: 22, name: 'Desserts' },
  ],
  currency: 'USD',
};

function renderDiscounts(path = '/discounts', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/discounts', { rows: ROWS }),
      on('GET', '/api/backoffice/discounts/options', OPTIONS),
      on('GET', '/api/backoffice/discounts/1', ROWS[0]),
    ],
  });
}

describe('Offers and rewards › Discounts', () => {
  it('lists discounts with their value, who may give them, and their use over 30 days', async () => {
    await renderDiscounts();
    const table = await screen.findByRole('table', { name: 'Discounts' });
    const staff = await within(table).findByRole('row', { name: /Staff 20%/ });
    expect(staff).toHaveTextContent('20 %');
    expect(staff).toHaveTextContent('Manager');
    expect(staff).toHaveTextContent('12');
    expect(staff).toHaveTextContent('$45.80');
    const off = within(table).getByRole('row', { name: /5.00 off/ });
    expect(off).toHaveTextContent('$5.00');
    expect(off).toHaveTextContent('Off');
  });

  it('a new item discount needs an item or a category; it is sent in basis points with its targets', async () => {
    const user = userEvent.setup();
    const { calls } = await renderDiscounts('/discounts?edit=new', [
      on('POST', '/api/backoffice/discounts', discount(3, 'Dessert 12.5%'), 201),
    ]);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Dessert 12.5%');
    await user.type(screen.getByRole('textbox', { name: /^Percentage/ }), '12.5');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Applies to/ }), 'Some items and categories');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one item or category.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Desserts' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Discount “Dessert 12.5%” was added.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Dessert 12.5%',
      type: 'percent',
      percentBp: 1250,
      amountCents: null,
      scope: 'items',
      itemIds: [],
      categoryIds: [22],
      restricted: false,
      active: true,
    });
  });

  it('an amount discount takes the amount in the currency; a bad one is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderDiscounts('/discounts?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Two off');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Kind/ }), 'Amount off');
    const amount = screen.getByRole('textbox', { name: /^Amount/ });
    await user.type(amount, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(/Enter a number/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('in Spanish a percentage takes a decimal comma: "12,5" is sent as 1250 basis points', async () => {
    const user = userEvent.setup();
    const { calls } = await renderDiscounts(
      '/discounts?edit=new',
      [on('POST', '/api/backoffice/discounts', discount(3, 'Postres 12,5%'), 201)],
      'es',
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'Postres 12,5%');
    const percent = screen.getByRole('textbox', { name: /^Porcentaje/ });
    await user.type(percent, '12.5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(percent).toHaveAccessibleDescription(/Introduce un número, como 1\.234,56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(percent);
    await user.type(percent, '12,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({
      type: 'percent',
      percentBp: 1250,
      amountCents: null,
    });
  });

  it('in English an amount with a decimal comma is refused on its field; a third decimal is not rounded', async () => {
    const user = userEvent.setup();
    const { calls } = await renderDiscounts('/discounts?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Small off');
    const percent = screen.getByRole('textbox', { name: /^Percentage/ });
    await user.type(percent, '12.555');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(percent).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    await user.selectOptions(screen.getByRole('combobox', { name: /^Kind/ }), 'Amount off');
    const amount = screen.getByRole('textbox', { name: /^Amount/ });
    await user.type(amount, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(amount).toHaveAccessibleDescription(/Enter a number, like 1,234\.56\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('reads in Spanish', async () => {
    await renderDiscounts('/discounts', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Descuentos' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Descuentos' })).toHaveTextContent('Encargado');
  });
});
