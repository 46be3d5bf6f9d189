import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Vendor } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const vendor = (id: number, name: string, extra: Partial<Vendor> = {}): Vendor => ({
  id,
  name,
  contactName: '',
  email: '',
  phone: '',
  address: '',
  note: '',
  active: true,
  items: [],
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});
const ROWS = [
  vendor(1, 'Fresh Farms', {
    contactName: 'Ana',
    email: 'orders@freshfarms.test',
    items: [{ itemId: 5, itemName: 'Milk', sku: 'MILK', vendorSku: 'FF-1', cost: 0.8 }],
  }),
];
const OPTIONS = {
  warehouses: [],
  vendors: [],
  items: [
    { id: 5, name: 'Milk', sku: 'MILK', cost: 0.9 },
    { id: 6, name: 'Bread', sku: 'BREAD', cost: 1.2 },
  ],
};

function renderVendors(path = '/vendors', routes: FakeRoute[] = []) {
  return renderInShell(<App />, {
    path,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/inventory/vendors', { rows: ROWS }),
      on('GET', '/api/backoffice/inventory/vendors/options', OPTIONS),
    ],
  });
}

describe('Inventory › Vendors', () => {
  it('lists vendors with their contact and item count', async () => {
    await renderVendors();
    const row = await screen.findByRole('row', { name: /Fresh Farms/ });
    expect(row).toHaveTextContent('Ana');
    expect(row).toHaveTextContent('orders@freshfarms.test');
    expect(row).toHaveTextContent('Active');
  });

  it('an empty list says what to do first', async () => {
    await renderInShell(<App />, {
      path: '/vendors',
      routes: [on('GET', '/api/backoffice/inventory/vendors', { rows: [] })],
    });
    expect(await screen.findByText('No vendors yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New vendor' }).length).toBeGreaterThan(0);
  });

  it('editing: items with their cost; a bad e-mail and a missing cost stop the save', async () => {
    const user = userEvent.setup();
    const { calls } = await renderVendors('/vendors?edit=1', [
      on('GET', '/api/backoffice/inventory/vendors/1', ROWS[0]),
      on('PUT', '/api/backoffice/inventory/vendors/1', ROWS[0]),
    ]);
    const line1 = await screen.findByRole('group', { name: 'Line 1' });
    expect(within(line1).getByRole('textbox', { name: /^Cost/ })).toHaveValue('0.80');
    const email = screen.getByRole('textbox', { name: /^E-mail/ });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const line2 = screen.getByRole('group', { name: 'Line 2' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(email).toHaveAccessibleDescription(/Enter a valid email address/);
    expect(within(line2).getByRole('combobox', { name: /^Item/ })).toHaveAccessibleDescription(
      /Choose one of the options\./,
    );
    expect(calls.some((c) => c.method === 'put')).toBe(false);

    await user.clear(email);
    await user.type(email, 'buy@freshfarms.test');
    // Choosing the item fills in its cost.
    await user.selectOptions(within(line2).getByRole('combobox', { name: /^Item/ }), 'Bread (BREAD)');
    expect(within(line2).getByRole('textbox', { name: /^Cost/ })).toHaveValue('1.20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.method === 'put')!.data));
    expect(body.email).toBe('buy@freshfarms.test');
    expect(body.items).toEqual([
      { itemId: 5, cost: 0.8, vendorSku: 'FF-1' },
      { itemId: 6, cost: 1.2, vendorSku: '' },
    ]);
  });
});
