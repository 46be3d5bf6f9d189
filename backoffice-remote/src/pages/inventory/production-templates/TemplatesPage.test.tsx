import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductionTemplate } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const MUFFINS: ProductionTemplate = {
  id: 1,
  name: 'Muffins',
  outputItemId: 7,
  outputItemName: 'Muffin',
  outputQuantity: 12,
  note: '',
  active: true,
  ingredients: [{ itemId: 8, itemName: 'Flour', quantity: 2, unitCost: 1 }],
  batchCost: 2,
  unitCost: 0.17,
  createdAt: 0,
  updatedAt: 0,
};
const OPTIONS = {
  warehouses: [],
  vendors: [],
  items: [
    { id: 7, name: 'Muffin', sku: '', cost: 0.17 },
    { id: 8, name: 'Flour', sku: '', cost: 1 },
  ],
};
const API = '/api/backoffice/inventory/production_templates';

function renderTemplates(path = '/production_templates', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [...routes, on('GET', API, { rows: [MUFFINS] }), on('GET', `${API}/options`, OPTIONS)],
  });
}

describe('Inventory › Production templates', () => {
  it('lists templates with what a batch makes, its ingredients and unit cost', async () => {
    await renderTemplates();
    const row = await screen.findByRole('row', { name: /Muffins/ });
    expect(row).toHaveTextContent('12 × Muffin');
    expect(row).toHaveTextContent('2 × Flour');
    expect(row).toHaveTextContent('$0.17');
  });

  it('the item made cannot be its own ingredient; deleting asks first', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTemplates('/production_templates?edit=new');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Bread');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Makes the item/ }), 'Muffin');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.selectOptions(within(line).getByRole('combobox', { name: /^Item/ }), 'Muffin');
    await user.type(within(line).getByRole('textbox', { name: /^Quantity per batch/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The item it makes cannot be one of its ingredients.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('delete is confirmed and calls the endpoint', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTemplates('/production_templates', [on('DELETE', `${API}/1`, null, 204)]);
    await user.click(await screen.findByRole('button', { name: 'Delete Muffins' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this template?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'delete' && c.url === `${API}/1`)).toBe(true));
  });
});
