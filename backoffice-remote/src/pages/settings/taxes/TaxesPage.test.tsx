import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListResponse } from '@hive/shared/schemas/backoffice';
import type { TaxRate } from '@hive/shared/schemas/backoffice/settings';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const rate = (id: number, name: string, extra: Partial<TaxRate> = {}): TaxRate => ({
  id,
  name,
  rate: 8,
  type: 'added',
  appliesToNewItems: false,
  archived: false,
  itemCount: 0,
  updatedAt: 0,
  ...extra,
});
const page = (rows: TaxRate[]): ListResponse<TaxRate> => ({ rows, total: rows.length, page: 1, pageSize: 20 });
const ROWS = [
  rate(1, 'Standard rate', { itemCount: 12, appliesToNewItems: true, type: 'included' }),
  rate(2, 'City tax', { rate: 0.5 }),
  rate(3, 'Old VAT', { archived: true, itemCount: 2, rate: 16 }),
];

async function renderTaxes(path = '/taxes', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [...routes, on('GET', '/api/backoffice/tax_rates', page(ROWS))],
  });
}

describe('Settings › Taxes', () => {
  it('lists rates with their type, use and status; a rate in use offers Archive, not Delete', async () => {
    await renderTaxes();
    const table = await screen.findByRole('table', { name: 'Tax rates' });
    const standard = await within(table).findByRole('row', { name: /Standard rate/ });
    expect(standard).toHaveTextContent('Included in the price');
    expect(standard).toHaveTextContent('12');
    expect(within(standard).getByRole('button', { name: 'Archive Standard rate' })).toBeInTheDocument();
    expect(within(standard).queryByRole('button', { name: 'Delete Standard rate' })).toBeNull();
    const unused = within(table).getByRole('row', { name: /City tax/ });
    expect(within(unused).getByRole('button', { name: 'Delete City tax' })).toBeInTheDocument();
    const old = within(table).getByRole('row', { name: /Old VAT/ });
    expect(old).toHaveTextContent('Archived');
    expect(within(old).getByRole('button', { name: 'Restore Old VAT' })).toBeInTheDocument();
    // No CSV export on this short list.
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('archiving asks first (saying how many items it affects), then calls the archive action', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTaxes('/taxes', [
      on('POST', '/api/backoffice/tax_rates/1/archive', rate(1, 'Standard rate', { archived: true })),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Archive Standard rate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive this tax rate?' });
    expect(dialog).toHaveTextContent('“Standard rate” is on 12 items.');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/backoffice/tax_rates/1/archive')).toBe(true));
    expect(await screen.findByText('“Standard rate” was archived: it is no longer charged.')).toBeInTheDocument();
  });

  it('a refused delete says why, with the count from the server', async () => {
    const user = userEvent.setup();
    await renderTaxes('/taxes', [
      on(
        'DELETE',
        '/api/backoffice/tax_rates/2',
        { error: 'tax_rate_in_use', message: '3 items use this tax rate', count: 3 },
        409,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete City tax' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('3 items use this tax rate: archive it instead, or remove it from those items first.'),
    ).toBeInTheDocument();
  });

  it('new rate: messages per field, the example follows the type, nothing sent until valid', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTaxes('/taxes?edit=new', [
      on('POST', '/api/backoffice/tax_rates', rate(9, 'VAT', { rate: 21, type: 'included' }), 201),
    ]);
    const rateField = await screen.findByRole('textbox', { name: /^Rate/ });
    await user.type(rateField, '120');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/This field is required\.$/);
    expect(rateField).toHaveAccessibleDescription(/Enter 100 or less\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'VAT');
    await user.clear(rateField);
    await user.type(rateField, '25');
    expect(screen.getByText(/an item priced \$100\.00 costs \$125\.00, of which \$25\.00 is tax/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Included in the price/ }));
    expect(screen.getByText(/an item priced \$100\.00 costs \$100\.00, of which \$20\.00 is tax/)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Also apply it to every item you have now' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'VAT',
      rate: 25,
      type: 'included',
      appliesToNewItems: false,
      applyToAllItems: true,
    });
  });

  it('editing: no "apply to every item" box; a taken name shows on its field', async () => {
    const user = userEvent.setup();
    await renderTaxes('/taxes?edit=2', [
      on('GET', '/api/backoffice/tax_rates/2', rate(2, 'City tax', { rate: 0.5 })),
      on(
        'PUT',
        '/api/backoffice/tax_rates/2',
        { error: 'conflict', message: 'name: taken', fields: { name: 'another tax rate already has this name' } },
        409,
      ),
    ]);
    expect(await screen.findByRole('textbox', { name: /^Rate/ })).toHaveValue('0.5');
    expect(screen.queryByRole('checkbox', { name: /every item you have now/ })).toBeNull();
    expect(screen.getByRole('radio', { name: /Added to the price/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another tax rate already has this name.')).toBeInTheDocument();
  });

  it('in Spanish a rate takes a decimal comma: "5,5" is sent as 5.5, and a rate is shown with a comma', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTaxes(
      '/taxes?edit=new',
      [on('POST', '/api/backoffice/tax_rates', rate(9, 'IVA reducido', { rate: 5.5 }), 201)],
      'es',
    );
    await user.type(await screen.findByRole('textbox', { name: /^Nombre/ }), 'IVA reducido');
    const rateField = screen.getByRole('textbox', { name: /^Tipo \(%\)/ });
    await user.type(rateField, '5.5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(rateField).toHaveAccessibleDescription(/Usa la coma para los decimales, como 1,80\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(rateField);
    await user.type(rateField, '5,5');
    expect(
      screen.getByText(/un artículo de 100,00.* cuesta 105,50.*, de los que 5,50.* son impuestos/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toMatchObject({ rate: 5.5 });
  });

  it('in English a rate with a decimal comma, or a third decimal, is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTaxes('/taxes?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'VAT');
    const rateField = screen.getByRole('textbox', { name: /^Rate/ });
    await user.type(rateField, '5,5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rateField).toHaveAccessibleDescription(/Use a point for decimals, like 1\.80\.$/);
    await user.clear(rateField);
    await user.type(rateField, '8.255');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(rateField).toHaveAccessibleDescription(/Use at most 2 decimals\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('reads naturally in Spanish', async () => {
    await renderTaxes('/taxes', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Impuestos' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Archivar Standard rate' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Standard rate/ })).toHaveTextContent('Incluido en el precio');
  });
});
