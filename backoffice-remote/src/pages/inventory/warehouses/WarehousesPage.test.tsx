import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Warehouse } from '@hive/shared/schemas/backoffice/inventory';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const warehouse = (id: number, name: string, extra: Partial<Warehouse> = {}): Warehouse => ({
  id,
  name,
  locationId: null,
  locationName: null,
  isDefault: false,
  active: true,
  units: 0,
  value: 0,
  createdAt: 0,
  updatedAt: 0,
  ...extra,
});
const ROWS = [
  warehouse(1, 'Main Street', {
    locationId: 1,
    locationName: 'Main Street',
    isDefault: true,
    units: 420,
    value: 1234.5,
  }),
  warehouse(2, 'Back room', { units: 12, value: 30 }),
];
const OPTIONS = { locations: [{ id: 1, name: 'Main Street', active: true }] };

function renderWarehouses(path = '/warehouses', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/inventory/warehouses', { rows: ROWS }),
      on('GET', '/api/backoffice/inventory/warehouses/options', OPTIONS),
    ],
  });
}

describe('Inventory › Warehouses', () => {
  it('lists warehouses with units and value; the location’s own offers no Delete; search filters here', async () => {
    const user = userEvent.setup();
    await renderWarehouses();
    expect(await screen.findByRole('heading', { level: 1, name: 'Warehouses' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Warehouses' });
    const main = await within(table).findByRole('row', { name: /Main Street/ });
    expect(main).toHaveTextContent('Location’s own');
    expect(main).toHaveTextContent('420');
    expect(main).toHaveTextContent('$1,234.50');
    expect(within(main).queryByRole('button', { name: 'Delete Main Street' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Delete Back room' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search warehouses' }), 'back');
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Main Street/ })).toBeNull());
    expect(within(table).getByRole('row', { name: /Back room/ })).toBeInTheDocument();
  });

  it('a warehouse with history is not deleted: the refusal says to make it inactive', async () => {
    const user = userEvent.setup();
    const { calls } = await renderWarehouses('/warehouses', [
      on('DELETE', '/api/backoffice/inventory/warehouses/2', { error: 'warehouse_in_use', message: 'x' }, 409),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Delete Back room' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this warehouse?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('This warehouse has stock history or documents: make it inactive instead.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete')).toBe(true);
  });

  it('new warehouse: a missing name is refused here, a taken one shows on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderWarehouses('/warehouses?edit=new', [
      on(
        'POST',
        '/api/backoffice/inventory/warehouses',
        { error: 'conflict', message: 'name', fields: { name: 'another warehouse already has this name' } },
        409,
      ),
    ]);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription(/This field is required\./);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.type(name, 'Back room');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Location/ }), 'Main Street');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Another warehouse already has this name.')).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'post')!.data))).toEqual({
      name: 'Back room',
      locationId: 1,
      active: true,
    });
  });

  it('reads naturally in Spanish', async () => {
    await renderWarehouses('/warehouses', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Almacenes' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /Main Street/ })).toHaveTextContent('Del local');
  });
});
