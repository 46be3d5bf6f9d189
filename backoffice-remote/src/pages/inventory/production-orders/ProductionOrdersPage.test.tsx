import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductionOrder, ProductionTemplate } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const TEMPLATE: ProductionTemplate = {
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
const ORDER: ProductionOrder = {
  id: 3,
  number: 5,
  templateId: 1,
  templateName: 'Muffins',
  warehouseId: 1,
  warehouseName: 'Main Street',
  batches: 2,
  outputItemId: 7,
  outputItemName: 'Muffin',
  outputQuantity: 24,
  outputUnitCost: 0.17,
  note: '',
  createdBy: 'owner@cornermarket.test',
  createdAt: 0,
};
const OPTIONS = {
  warehouses: [{ id: 1, name: 'Main Street', locationId: 1, isDefault: true }],
  vendors: [],
  items: [
    { id: 7, name: 'Muffin', sku: '', cost: 0.17 },
    { id: 8, name: 'Flour', sku: '', cost: 1 },
  ],
  templates: [TEMPLATE],
};
const API = '/api/backoffice/inventory/production_orders';

function renderOrders(path = '/production_orders', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [...routes, on('GET', API, { rows: [ORDER] }), on('GET', `${API}/options`, OPTIONS)],
  });
}

describe('Inventory › Production orders', () => {
  it('lists what each order made', async () => {
    await renderOrders();
    const row = await screen.findByRole('row', { name: /#5/ });
    expect(row).toHaveTextContent('24 × Muffin');
    expect(row).toHaveTextContent('Main Street');
  });

  it('batches are checked here; the preview follows them; a 409 lists the ingredients short', async () => {
    const user = userEvent.setup();
    const { calls } = await renderOrders('/production_orders?edit=new', [
      on(
        'POST',
        API,
        { error: 'insufficient_stock', message: 'x', shortages: [{ itemId: 8, warehouseId: 1, onHand: 1, needed: 6 }] },
        409,
      ),
    ]);
    await user.selectOptions(await screen.findByRole('combobox', { name: /^Template/ }), 'Muffins');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Warehouse/ }), 'Main Street');
    const batches = screen.getByRole('textbox', { name: /^Batches/ });
    await user.clear(batches);
    await user.type(batches, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(batches).toHaveAccessibleDescription(/Enter 1 or more\./);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.clear(batches);
    await user.type(batches, '3');
    expect(screen.getByText('Makes 36 × Muffin; uses 6 × Flour.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      templateId: 1,
      warehouseId: 1,
      batches: 3,
      note: '',
    });
    const list = await screen.findByRole('list', { name: 'Items short' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Flour at Main Street: needs 6, 1 on hand');
  });
});
