import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Customer, ListResponse } from '@hive/shared/schemas/backoffice';
import App from '../../App';
import { on, renderInShell } from '../../testing/harness';

const ANA: Customer = {
  id: 5,
  name: 'Ana Brooks',
  email: 'ana.brooks@example.com',
  phone: '+1 555-0111',
  notes: 'Prefers paper receipts.',
  points: 225,
  totalSpent: 207.35,
  updatedAt: 0,
};
const LIST: ListResponse<Customer> = { rows: [ANA], total: 1, page: 1, pageSize: 20 };

describe('customers page', () => {
  it('lists points and total spent; total spent sorts on the server', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/customer',
      routes: [on('GET', '/api/backoffice/customers', LIST)],
    });
    const row = (await screen.findByRole('cell', { name: 'Ana Brooks' })).closest('tr')!;
    expect(row).toHaveTextContent('$207.35');
    expect(row).toHaveTextContent('225');
    await user.click(screen.getByRole('button', { name: /^Total spent/ }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/backoffice/customers').at(-1)?.params).toMatchObject({
        sort: 'totalSpent',
        dir: 'asc',
      }),
    );
  });

  it('on a phone each customer reads as a card: the name, how to reach them, what they spent, the actions', async () => {
    await renderInShell(<App />, {
      path: '/customer',
      routes: [on('GET', '/api/backoffice/customers', LIST)],
      language: 'es',
    });
    const name = await screen.findByRole('cell', { name: 'Ana Brooks' });
    expect(name).toHaveAttribute('data-card', 'title');
    const row = name.closest('tr')!;
    const keys = [...row.querySelectorAll('[data-card="key"]')].map((c) => c.getAttribute('data-label'));
    expect(keys).toEqual(['Correo electrónico', 'Teléfono', 'Puntos', 'Total gastado', null]);
    expect(within(row).getByRole('cell', { name: 'Prefers paper receipts.' })).not.toHaveAttribute('data-card');
  });

  it('edit: e-mail and phone are checked in the browser; total spent is shown, not edited', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/customer?edit=5',
      routes: [
        on('GET', '/api/backoffice/customers/5', ANA),
        on('PUT', '/api/backoffice/customers/5', { ...ANA, points: 300 }),
        on('GET', '/api/backoffice/customers', LIST),
      ],
    });
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    expect(screen.getByRole('textbox', { name: /^Total spent/ })).toHaveAttribute('readonly');
    await user.clear(email);
    await user.type(email, 'ana@');
    await user.clear(screen.getByRole('textbox', { name: /^Phone/ }));
    await user.type(screen.getByRole('textbox', { name: /^Phone/ }), 'ask Ana');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number: digits, spaces and + ( ) - only.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'put')).toBe(false);

    await user.clear(email);
    await user.clear(screen.getByRole('textbox', { name: /^Phone/ }));
    const points = screen.getByRole('textbox', { name: /^Points/ });
    await user.clear(points);
    await user.type(points, '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      name: 'Ana Brooks',
      email: '',
      phone: '',
      notes: 'Prefers paper receipts.',
      points: 300,
    });
    expect(await screen.findByText('“Ana Brooks” was saved.')).toBeInTheDocument();
    expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('in Spanish the points are read the Spanish way: "12.000" is twelve thousand, "2,5" is refused', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/customer?edit=5',
      language: 'es',
      routes: [
        on('GET', '/api/backoffice/customers/5', ANA),
        on('PUT', '/api/backoffice/customers/5', { ...ANA, points: 12_000 }),
        on('GET', '/api/backoffice/customers', LIST),
      ],
    });
    const points = await screen.findByRole('textbox', { name: /^Puntos/ });
    expect(points).toHaveValue('225');
    await user.clear(points);
    await user.type(points, '2,5');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(points).toHaveAccessibleDescription(/Introduce un número entero\.$/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.clear(points);
    await user.type(points, '12.000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'put')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toMatchObject({ points: 12_000 });
  });

  it('in English a decimal comma in the points is refused on its field, with how to write it', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/customer?edit=5',
      routes: [on('GET', '/api/backoffice/customers/5', ANA), on('GET', '/api/backoffice/customers', LIST)],
    });
    const points = await screen.findByRole('textbox', { name: /^Points/ });
    await user.clear(points);
    await user.type(points, '1,80');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(points).toHaveAccessibleDescription(/Use a point for decimals, like 1\.80\.$/);
    expect(calls.some((c) => c.method === 'put')).toBe(false);
  });
});
