import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Adjustment } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const ADJ: Adjustment = {
  id: 7,
  number: 3,
  warehouseId: 1,
  warehouseName: 'Main Street',
  reason: 'damage',
  note: 'Dropped a crate',
  lines: [{ itemId: 5, itemName: 'Milk', quantity: -2, unitCost: 0.8 }],
  createdBy: 'owner@cornermarket.test',
  createdAt: Date.UTC(2027, 2, 1, 10),
};
const OPTIONS = {
  warehouses: [{ id: 1, name: 'Main Street', locationId: 1, isDefault: true }],
  vendors: [],
  items: [
    { id: 5, name: 'Milk', sku: 'MILK', cost: 0.8 },
    { id: 6, name: 'Bread', sku: '', cost: 1.2 },
  ],
};

function renderAdjustments(path = '/adjustment', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/inventory/adjustments', { rows: [ADJ] }),
      on('GET', '/api/backoffice/inventory/adjustments/options', OPTIONS),
      on('GET', '/api/backoffice/inventory/adjustments/7', ADJ),
    ],
  });
}

const post = (calls: { method?: string }[]) => calls.some((c) => c.method === 'post');

describe('Inventory › Adjustments', () => {
  it('lists adjustments with reason and change; one opens read-only', async () => {
    const user = userEvent.setup();
    await renderAdjustments();
    const row = await screen.findByRole('row', { name: /#3/ });
    expect(row).toHaveTextContent('Damage');
    expect(row).toHaveTextContent('-2');
    expect(within(row).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(row).getByRole('link', { name: 'Open #3' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Adjustment #3' })).toBeInTheDocument();
    expect(screen.getByText('Dropped a crate')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('new: every field checked before sending; a zero change is refused here', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAdjustments('/adjustment?edit=new');
    const line = await screen.findByRole('group', { name: 'Line 1' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('combobox', { name: /^Warehouse/ })).toHaveAccessibleDescription(
      /Choose one of the options\./,
    );
    expect(screen.getByRole('combobox', { name: /^Reason/ })).toHaveAccessibleDescription(
      /Choose one of the options\./,
    );
    expect(within(line).getByRole('textbox', { name: /^Change/ })).toHaveAccessibleDescription(
      /This field is required\./,
    );
    await user.type(within(line).getByRole('textbox', { name: /^Change/ }), '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(line).getByRole('textbox', { name: /^Change/ })).toHaveAccessibleDescription(/Enter 1 or more\./);
    expect(post(calls)).toBe(false);
  });

  it('a cost is asked only for goods received without a PO, and sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAdjustments('/adjustment?edit=new', [
      on('POST', '/api/backoffice/inventory/adjustments', { ...ADJ, id: 8, number: 4 }, 201),
    ]);
    const line = await screen.findByRole('group', { name: 'Line 1' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Warehouse/ }), 'Main Street');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Reason/ }), 'Damage');
    expect(within(line).queryByRole('textbox', { name: /^Cost/ })).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Reason/ }), 'Received without a PO');
    await user.selectOptions(within(line).getByRole('combobox', { name: /^Item/ }), 'Bread');
    await user.type(within(line).getByRole('textbox', { name: /^Change/ }), '12');
    await user.type(within(line).getByRole('textbox', { name: /^Cost/ }), '0.95');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post(calls)).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      warehouseId: 1,
      reason: 'received_without_po',
      note: '',
      lines: [{ itemId: 6, quantity: 12, cost: 0.95 }],
    });
    expect(await screen.findByText('Adjustment #4 was applied.')).toBeInTheDocument();
  });

  it('taking out more than is there lists what is short', async () => {
    const user = userEvent.setup();
    await renderAdjustments('/adjustment?edit=new', [
      on(
        'POST',
        '/api/backoffice/inventory/adjustments',
        {
          error: 'insufficient_stock',
          message: 'Not enough stock',
          shortages: [{ itemId: 5, warehouseId: 1, onHand: 1, needed: 4 }],
        },
        409,
      ),
    ]);
    const line = await screen.findByRole('group', { name: 'Line 1' });
    await user.selectOptions(screen.getByRole('combobox', { name: /^Warehouse/ }), 'Main Street');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Reason/ }), 'Loss');
    await user.selectOptions(within(line).getByRole('combobox', { name: /^Item/ }), 'Milk (MILK)');
    await user.type(within(line).getByRole('textbox', { name: /^Change/ }), '-4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const list = await screen.findByRole('list', { name: 'Items short' });
    expect(list).toHaveTextContent('Milk at Main Street: needs 4, 1 on hand');
  });
});
