import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transfer } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const none = { by: null, at: null };
const transfer = (id: number, number: number, extra: Partial<Transfer> = {}): Transfer => ({
  id,
  number,
  fromWarehouseId: 2,
  fromWarehouseName: 'Back room',
  toWarehouseId: 1,
  toWarehouseName: 'Main Street',
  status: 'draft',
  note: '',
  lines: [{ id: 21, itemId: 5, itemName: 'Milk', quantity: 6, unitCost: null }],
  created: none,
  updated: none,
  sent: none,
  received: none,
  cancelled: none,
  ...extra,
});
const DRAFT = transfer(1, 2);
const IN_TRANSIT = transfer(2, 1, { status: 'in_transit', sent: { by: 'owner@cornermarket.test', at: 1 } });
const OPTIONS = {
  warehouses: [
    { id: 1, name: 'Main Street', locationId: 1, isDefault: true },
    { id: 2, name: 'Back room', locationId: null, isDefault: false },
  ],
  vendors: [],
  items: [{ id: 5, name: 'Milk', sku: 'MILK', cost: 0.8 }],
};
const API = '/api/backoffice/inventory/transfers';

function renderTransfers(path = '/transfers', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [
      ...routes,
      on('GET', API, { rows: [IN_TRANSIT, DRAFT] }),
      on('GET', `${API}/options`, OPTIONS),
      on('GET', `${API}/1`, DRAFT),
      on('GET', `${API}/2`, IN_TRANSIT),
    ],
  });
}

describe('Inventory › Transfers', () => {
  it('lists transfers with their status', async () => {
    await renderTransfers();
    const draft = await screen.findByRole('row', { name: /#2/ });
    expect(draft).toHaveTextContent('Draft');
    expect(screen.getByRole('row', { name: /#1/ })).toHaveTextContent('In transit');
  });

  it('new: the same warehouse at both ends is refused here', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTransfers('/transfers?edit=new');
    await screen.findAllByRole('option', { name: 'Back room' });
    await user.selectOptions(await screen.findByRole('combobox', { name: /^From/ }), 'Main Street');
    await user.selectOptions(screen.getByRole('combobox', { name: /^To/ }), 'Main Street');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.selectOptions(within(line).getByRole('combobox', { name: /^Item/ }), 'Milk (MILK)');
    await user.type(within(line).getByRole('textbox', { name: /^Quantity/ }), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('combobox', { name: /^To/ })).toHaveAccessibleDescription(
      /Choose another warehouse than the one it leaves\./,
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it('sending a draft calls send; a shortage is listed', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTransfers('/transfers?edit=1', [
      on(
        'POST',
        `${API}/1/send`,
        { error: 'insufficient_stock', message: 'x', shortages: [{ itemId: 5, warehouseId: 2, onHand: 2, needed: 6 }] },
        409,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${API}/1/send`)).toBe(true));
    expect(await screen.findByRole('list', { name: 'Items short' })).toHaveTextContent(
      'Milk at Back room: needs 6, 2 on hand',
    );
  });

  it('a transfer in transit is received with its button and is not edited', async () => {
    const user = userEvent.setup();
    const { calls } = await renderTransfers('/transfers?edit=2', [
      on('POST', `${API}/2/receive`, { ...IN_TRANSIT, status: 'received' }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer #1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    // Who did what and when: only what happened (sent), not an empty "Received".
    expect(screen.getByText('Sent').nextElementSibling).toHaveTextContent(/^owner@cornermarket\.test · /);
    expect(screen.queryByText('Received', { selector: 'dt' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${API}/2/receive`)).toBe(true));
    expect(await screen.findByText('Transfer #1 was received: the stock has arrived.')).toBeInTheDocument();
  });
});
